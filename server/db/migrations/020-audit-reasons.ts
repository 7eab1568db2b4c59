// Posted documents (issue 27): a change of a posted inbound order, outbound order or ownership
// transfer that needs `warehouse: approve` may say why; the reason is kept in its audit entry.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auditLog').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auditLog').dropColumn('reason').execute();
}
