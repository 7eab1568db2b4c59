// The aggregates of a filtered list (its count, the finance list's totals per currency) read once
// per filter while nothing changes, not once per page view. SQLite counts an index range in its own
// process in a millisecond or two and is left as it is. On PostgreSQL counting the 50,000 pending
// orders costs more than the whole page, so there the rows of each aggregate are remembered with
// the snapshot they were read in (`pg_current_snapshot()`: the oldest running transaction, the next
// transaction id to be handed out, and those running between). While a later statement's snapshot
// is the same, no transaction has started writing or finished since (in any instance), so every
// row version visible then is visible now and the same query reads the same rows: the answer is
// exact, as the API documents `total`. Any write anywhere on the server (other databases' too:
// transaction ids are the server's) starts a new snapshot and the next view counts afresh. Inside a transaction (which sees its own uncommitted writes)
// nothing is remembered.
import { sql, type SelectQueryBuilder } from 'kysely';
import { isPostgres } from './postgres.js';
import type { Queryable } from './tables.js';

/** Aggregates remembered per database; a new snapshot forgets them all (they can never match again). */
const MAX_REMEMBERED = 1_000;
const remembered = new WeakMap<object, { snapshot: string; rows: Map<string, unknown[]> }>();

const snapshotNow = async (db: Queryable) => (await sql<{ snapshot: string }>`select pg_current_snapshot()::text as "snapshot"`.execute(db)).rows[0]!.snapshot;

/** The rows of `query`, an aggregate over a filtered list: remembered on PostgreSQL while the database's snapshot stays the same. */
export async function aggregateRows<DB, TB extends keyof DB, O>(db: Queryable, query: SelectQueryBuilder<DB, TB, O>): Promise<O[]> {
  if (!isPostgres(db) || db.isTransaction) return query.execute();
  const { sql: text, parameters } = query.compile();
  const key = `${text}\u0000${JSON.stringify(parameters)}`;
  let memory = remembered.get(db);
  const now = await snapshotNow(db);
  if (memory?.snapshot !== now) remembered.set(db, (memory = { snapshot: now, rows: new Map() }));
  const known = memory.rows.get(key);
  if (known) return known as O[];
  // the rows and the snapshot they were read in, from one statement
  const read = (await query.select(sql<string>`pg_current_snapshot()::text`.as('readInSnapshot')).execute()) as (O & { readInSnapshot: string })[];
  const rows = read.map(({ readInSnapshot: _, ...row }) => row as O);
  // remembered under the snapshot they were read in (a write may have finished since the check)
  const readIn = read[0]?.readInSnapshot;
  if (readIn !== undefined) {
    if (readIn !== memory.snapshot || memory.rows.size >= MAX_REMEMBERED) remembered.set(db, (memory = { snapshot: readIn, rows: new Map() }));
    memory.rows.set(key, rows);
  }
  return rows;
}
