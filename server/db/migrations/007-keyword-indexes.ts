// Keyword filters answered from a trigram index instead of reading every row (server/db/search.ts).
// A migration is frozen: the column lists and the index's SQL are written out here, not imported,
// so a later change to the live lists cannot make new and old databases differ silently.
// SQLite's FTS5 tables are SQLite-only: on PostgreSQL the same question is answered by a pg_trgm
// GIN index per column (ILIKE '%keyword%' reads them).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres.js';

const INDEXED: Record<string, readonly string[]> = {
  contracts: ['name', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'blNumber'],
  inboundOrders: ['inboundNumber', 'blNumber', 'commodity', 'owner', 'contractNumber'],
  outboundOrders: ['outboundNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity'],
  pickupRequests: ['orderNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity', 'deliveryAddress'],
};

const indexOf = (table: string) => `${table}_keyword`;

/** Creates the keyword index of `table` over `columns`, kept in step by triggers, and fills it. */
async function createKeywordIndex(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const index = sql.table(indexOf(table));
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const values = (prefix: 'new' | 'old') => sql.join(columns.map((c) => sql.ref(`${prefix}.${c}`)));
  const name = (suffix: string) => sql.ref(`${indexOf(table)}_${suffix}`);
  await sql`create virtual table ${index} using fts5(${cols}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin
    insert into ${index}(rowid, ${cols}) values (new.id, ${values('new')}); end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin
    insert into ${index}(${index}, rowid, ${cols}) values ('delete', old.id, ${values('old')}); end`.execute(db);
  await sql`create trigger ${name('update')} after update on ${sql.table(table)} begin
    insert into ${index}(${index}, rowid, ${cols}) values ('delete', old.id, ${values('old')});
    insert into ${index}(rowid, ${cols}) values (new.id, ${values('new')}); end`.execute(db);
  await sql`insert into ${index}(${index}) values ('rebuild')`.execute(db);
}

async function createTrigramIndexes(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  for (const column of columns) {
    await sql`create index ${sql.ref(`${indexOf(table)}_${column}`)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const [table, columns] of Object.entries(INDEXED)) await createTrigramIndexes(db, table, columns);
    return;
  }
  for (const [table, columns] of Object.entries(INDEXED)) await createKeywordIndex(db, table, columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [table, columns] of Object.entries(INDEXED)) for (const column of columns) await db.schema.dropIndex(`${indexOf(table)}_${column}`).execute();
    return;
  }
  for (const table of Object.keys(INDEXED)) {
    for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.ref(`${table}_keyword_${suffix}`)}`.execute(db);
    await sql`drop table ${sql.table(`${table}_keyword`)}`.execute(db);
  }
}
