// PostgreSQL only (issue 30): the list pages within 2× of SQLite. SQLite's schema is unchanged.
//
// Keywords: migration 007 gave each keyword column a pg_trgm GIN index of its own; a keyword looked
// for in five columns was then five index scans OR-ed together, each reading the long posting lists
// of trigrams every row has ("bl0", "000" in every B/L number): 40–120 ms for one B/L number among
// 200,000 orders. One GIN index over the keyword columns joined by a line break answers the same in
// one scan (2–5 ms); server/db/search.ts builds exactly this expression (`keywordText`) and still
// tests the columns one by one on the few rows the index hands out, so a keyword never matches
// across two columns. A table of those texts kept by triggers (SQLite's FTS side) measured the same
// and costs a table and three triggers per list, so the index on the expression was kept.
//
// The ledger by business date: SQLite's index on the date holds the rowid, so a page of a date range
// reads the range's ids from the index alone; PostgreSQL's needs the id beside the date for that.
// A migration is frozen: the column lists and the expression are written out here, not imported.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres.js';

const KEYWORD_COLUMNS: Record<string, readonly string[]> = {
  contracts: ['name', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'blNumber'],
  inboundOrders: ['inboundNumber', 'blNumber', 'commodity', 'owner', 'contractNumber'],
  outboundOrders: ['outboundNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity'],
  pickupRequests: ['orderNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity', 'deliveryAddress'],
};

const keywordText = (columns: readonly string[]) =>
  sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || E'\\n' || `,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(KEYWORD_COLUMNS)) {
    for (const column of columns) await db.schema.dropIndex(`${table}_keyword_${column}`).execute();
    await sql`create index ${sql.ref(`${table}_keyword`)} on ${sql.table(table)} using gin ((${keywordText(columns)}) gin_trgm_ops)`.execute(db);
  }
  await db.schema.createIndex('stockLedger_date_id').on('stockLedger').columns(['businessDate', 'id']).execute();
  await db.schema.dropIndex('stockLedger_date').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.createIndex('stockLedger_date').on('stockLedger').column('businessDate').execute();
  await db.schema.dropIndex('stockLedger_date_id').execute();
  for (const [table, columns] of Object.entries(KEYWORD_COLUMNS)) {
    await db.schema.dropIndex(`${table}_keyword`).execute();
    for (const column of columns) await sql`create index ${sql.ref(`${table}_keyword_${column}`)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
}
