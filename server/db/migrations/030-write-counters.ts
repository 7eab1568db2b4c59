// PostgreSQL only: a write counter per table, so that a remembered count or total is forgotten by a
// write to a table it reads and by nothing else (server/db/aggregates.ts, issue 30 item 3). Each
// table gets a sequence `<table>_writes` and a statement-level trigger after every insert, update,
// delete and truncate that first takes a shared advisory lock of the table (held until the writing
// transaction ends: readers see who is writing the table in pg_locks) and then bumps the sequence.
// Neither waits for another writer: shared advisory locks do not conflict with each other and
// `nextval` is not transactional. The sequences keep CACHE 1 (the default): a bump must show in
// `pg_sequence_last_value` at once. A table made by a later migration gets its counter the same way
// (`addWriteCounter`); test/db/aggregates.test.ts checks that every table has one.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres.js';

/** The advisory locks' first key (negative: `locks.ts` uses warehouse ids there) and, as the second, `hashtext(<table>)`. */
export const WRITE_LOCK_CLASS = -30_003;

/** The counter of one table: its sequence and its trigger (PostgreSQL). */
export async function addWriteCounter(db: Kysely<any>, table: string): Promise<void> {
  const sequence = `${table}_writes`;
  await sql`create sequence ${sql.id(sequence)} cache 1`.execute(db);
  await sql`create trigger ${sql.id(sequence)} after insert or update or delete or truncate on ${sql.table(table)}
    for each statement execute function "countWrite"()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function "countWrite"() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock_shared(${sql.lit(WRITE_LOCK_CLASS)}, hashtext(tg_table_name));
      perform nextval(format('%I', tg_table_name || '_writes')::regclass);
      return null;
    end $$`.execute(db);
  // the versions of `tables` (the sequences' last values, null for a table without a counter) read
  // first, then whether a transaction writing one of them is under way (only when they differ from
  // `known`: a count is read only then)
  await sql`create function "writeVersions"(tables text[], known bigint[]) returns table(versions bigint[], writing boolean)
    language plpgsql volatile as $$
    declare
      found bigint[] := '{}';
      t text;
      s regclass;
    begin
      foreach t in array tables loop
        s := to_regclass(format('%I', t || '_writes'));
        if s is null then
          return query select null::bigint[], true;
          return;
        end if;
        found := found || coalesce(pg_sequence_last_value(s), 0);
      end loop;
      if found is not distinct from known then
        return query select found, false;
        return;
      end if;
      return query select found, exists(
        select from pg_locks
        where locktype = 'advisory' and objsubid = 2 and granted
          and database = (select oid from pg_database where datname = current_database())
          and classid::bigint = (${sql.lit(WRITE_LOCK_CLASS)}::bigint & 4294967295)
          and objid::bigint = any(select hashtext(w)::bigint & 4294967295 from unnest(tables) as w));
    end $$`.execute(db);
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`.execute(db);
  for (const { name } of tables.rows) await addWriteCounter(db, name);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`.execute(db);
  for (const { name } of tables.rows) {
    await sql`drop trigger if exists ${sql.id(`${name}_writes`)} on ${sql.table(name)}`.execute(db);
    await sql`drop sequence if exists ${sql.id(`${name}_writes`)}`.execute(db);
  }
  await sql`drop function "writeVersions"(text[], bigint[])`.execute(db);
  await sql`drop function "countWrite"()`.execute(db);
}
