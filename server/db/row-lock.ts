// Locking the row a check reads inside a write transaction. SQLite has no row locks: the service's one
// connection runs one transaction at a time, so a read inside it cannot be overtaken. Dialects with row
// locks (PostgreSQL) get `SELECT ... FOR UPDATE`, so two transactions that check the same row take turns.
import { SqliteAdapter, type SelectQueryBuilder } from 'kysely';
import type { Queryable } from './tables.js';

export function forUpdate<DB, TB extends keyof DB, O>(db: Queryable, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate();
}
