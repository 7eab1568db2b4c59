// Who created and who approved a pickup request (decisions.md: a request is approved by someone other
// than the user who created it while the setting `secondPersonApproves` is on): `createdBy` and
// `approvedBy` hold usernames (they never change, and an account that ever did anything is never
// removed, so a name is never reused), `approvedTime` the moment of approval. The creators of older
// requests are read from the audit log's create entries, so the rule covers them too; their approval
// stays unknown (null).
import { sql, type Kysely } from 'kysely';

/** A migration sees the database as it was, not as tables.ts describes it now. */
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  for (const column of ['createdBy', 'approvedBy', 'approvedTime']) await db.schema.alterTable('pickupRequests').addColumn(column, 'text').execute();
  await db
    .updateTable('pickupRequests')
    .set((eb) => ({
      createdBy: eb
        .selectFrom('auditLog as a')
        .select('a.username')
        .where('a.entity', '=', 'pickupRequest')
        .where('a.action', '=', 'create')
        .where('a.entityId', '=', sql.ref('pickupRequests.id'))
        .orderBy('a.id')
        .limit(1),
    }))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['approvedTime', 'approvedBy', 'createdBy']) await db.schema.alterTable('pickupRequests').dropColumn(column).execute();
}
