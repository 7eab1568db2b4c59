// Indexes found missing by `npm run bench` (docs/performance.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // a finance list filtered by its status: count, page in id order (the implicit rowid) and totals
  // read the matching rows only, instead of every record of the kind
  await db.schema.createIndex('financeRecords_kind_status').on('financeRecords').columns(['kind', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('financeRecords_kind_status').execute();
}
