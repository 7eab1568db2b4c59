// The gate's plate search (issue 28): each pickup request keeps its plate's key (shared/names.ts
// `plateKey`: letters and digits only, lower case) in `plateKey`, and a trigram index over it answers
// "contains" from an index, as the keyword filters do (server/db/search.ts): an FTS5 trigram table
// `pickupPlates_keyword` kept by triggers on SQLite, a pg_trgm GIN index on PostgreSQL. The keys of
// existing requests are computed here in TypeScript (the rule has NFKC, which SQLite lacks), a batch
// of ids per statement.
import { sql, type Kysely } from 'kysely';
import { plateKey } from '../../../shared/names.js';
import { isPostgres } from '../postgres.js';

const INDEX = 'pickupPlates_keyword';
const BATCH = 500;

async function fillKeys(db: Kysely<any>): Promise<void> {
  let last = 0;
  for (;;) {
    const rows: { id: number; licensePlate: string }[] = await db
      .selectFrom('pickupRequests')
      .select(['id', 'licensePlate'])
      .where('id', '>', last)
      .where('licensePlate', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    last = Number(rows.at(-1)!.id);
    const cases = sql.join(
      rows.map((r) => sql`when ${Number(r.id)} then ${plateKey(r.licensePlate)}`),
      sql` `,
    );
    await sql`update "pickupRequests" set "plateKey" = case "id" ${cases} end where "id" in (${sql.join(rows.map((r) => Number(r.id)))})`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pickupRequests').addColumn('plateKey', 'text').execute();
  await fillKeys(db);
  if (isPostgres(db)) {
    await sql`create index ${sql.ref(`${INDEX}_plateKey`)} on "pickupRequests" using gin ("plateKey" gin_trgm_ops)`.execute(db);
    return;
  }
  const index = sql.table(INDEX);
  await sql`create virtual table ${index} using fts5("plateKey", content='pickupRequests', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger ${sql.ref(`${INDEX}_insert`)} after insert on "pickupRequests" begin
    insert into ${index}(rowid, "plateKey") values (new."id", new."plateKey"); end`.execute(db);
  await sql`create trigger ${sql.ref(`${INDEX}_delete`)} after delete on "pickupRequests" begin
    insert into ${index}(${index}, rowid, "plateKey") values ('delete', old."id", old."plateKey"); end`.execute(db);
  // only a change of the plate touches the index (status moves are the usual update)
  await sql`create trigger ${sql.ref(`${INDEX}_update`)} after update of "plateKey" on "pickupRequests" begin
    insert into ${index}(${index}, rowid, "plateKey") values ('delete', old."id", old."plateKey");
    insert into ${index}(rowid, "plateKey") values (new."id", new."plateKey"); end`.execute(db);
  await sql`insert into ${index}(${index}) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await db.schema.dropIndex(`${INDEX}_plateKey`).execute();
  else {
    for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.ref(`${INDEX}_${suffix}`)}`.execute(db);
    await sql`drop table ${sql.table(INDEX)}`.execute(db);
  }
  await db.schema.alterTable('pickupRequests').dropColumn('plateKey').execute();
}
