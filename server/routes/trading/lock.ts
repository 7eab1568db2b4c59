// Serialising the trading desk's read-then-write changes across service processes on one PostgreSQL
// database (SQLite runs one transaction at a time already): the exchange-rate list replaced whole,
// and a B/L's document set counted before files join it.
import { sql } from 'kysely';
import { isPostgres } from '../../db/postgres.js';
import type { Queryable } from '../../db/tables.js';

/** Holds the named lock until the caller's transaction ends. */
export async function lockNamed(db: Queryable, name: string): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`trading:${name}`}))`.execute(db);
}
