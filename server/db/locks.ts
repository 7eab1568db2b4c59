// Serialising concurrent changes of one stock when several service processes share a PostgreSQL
// database. SQLite needs nothing: Kysely's SQLite dialect runs one transaction at a time on its single
// connection, and one service owns the file. See docs/architecture.md, "Two engines".
import { sql } from 'kysely';
import { isPostgres } from './postgres.js';
import type { Queryable } from './tables.js';

/**
 * Holds, until the caller's transaction ends, the lock of each (warehouse, commodity) stock: a second
 * transaction touching one of them waits here, then reads the balance the first one left. Taken in
 * one sorted order, so two changes of the same two stocks cannot deadlock; an advisory lock rather
 * than a row lock because the balance row of a first inbound does not exist yet.
 */
export async function lockStocks(db: Queryable, stocks: readonly ({ warehouseId: number; commodity: string } | null)[]): Promise<void> {
  if (!isPostgres(db)) return;
  const keys = [...new Map(stocks.filter((s) => s !== null).map((s) => [`${s.warehouseId}\u0000${s.commodity}`, s])).values()];
  keys.sort((a, b) => a.warehouseId - b.warehouseId || (a.commodity < b.commodity ? -1 : a.commodity > b.commodity ? 1 : 0));
  for (const { warehouseId, commodity } of keys) await sql`select pg_advisory_xact_lock(${warehouseId}::int, hashtext(${commodity}))`.execute(db);
}

/**
 * Holds the row `id` of `table` until the caller's transaction ends (`SELECT … FOR UPDATE`): changes
 * that read and rewrite one record's children (a contract's detail lines, numbered from the largest)
 * wait for each other, as they do on SQLite's single connection.
 */
export async function lockRow(db: Queryable, table: 'corpContracts', id: number): Promise<void> {
  if (isPostgres(db)) await db.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * Holds, until the caller's transaction ends, the advisory lock of each `namespace:key` (B/L numbers
 * of the kept per-B/L tables), taken in key order in one statement, so two writers of the same keys
 * cannot deadlock. SQLite: nothing to do.
 */
export async function lockKeys(db: Queryable, namespace: string, keys: readonly string[]): Promise<void> {
  if (!isPostgres(db) || keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await sql`select count(pg_advisory_xact_lock(hashtext(${`${namespace}:`} || s.k))) from (select unnest(${sorted}::text[]) as k order by 1) s`.execute(db);
}
