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

/** The class (first key) of each namespace's advisory locks: negative, as locks.ts's stocks use warehouse ids there. */
const KEY_CLASSES = { blStatus: -30_010, lotWeights: -30_011, pnl: -30_012 } as const;
/**
 * The keys of one namespace share this many advisory locks, so a transaction holds at most this many
 * of a namespace however many keys it writes. PostgreSQL's lock table, shared by every session, holds
 * some 12,000 locks with its default settings: a lock per key made an import of 20,000 B/Ls (three
 * namespaces) fail with "out of shared memory". Two keys in one bucket only make their writers wait
 * for each other.
 */
export const KEY_LOCK_BUCKETS = 1024;

/** The bucket of `key` (FNV-1a over its UTF-16 code units): the same on every instance. */
export function keyBucket(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % KEY_LOCK_BUCKETS;
}

/**
 * Holds, until the caller's transaction ends, the advisory locks of the buckets of `keys` (B/L
 * numbers and contract codes of the kept per-key tables) in `namespace`, taken in bucket order in one
 * statement, so two writers cannot deadlock on them: a caller locks all its keys of a namespace in one
 * call. SQLite: nothing to do.
 */
export async function lockKeys(db: Queryable, namespace: keyof typeof KEY_CLASSES, keys: readonly string[]): Promise<void> {
  if (!isPostgres(db) || keys.length === 0) return;
  const buckets = [...new Set(keys.map(keyBucket))].sort((a, b) => a - b);
  await sql`select count(pg_advisory_xact_lock(${KEY_CLASSES[namespace]}::int, s.b)) from (select unnest(${buckets}::int[]) as b order by 1) s`.execute(db);
}
