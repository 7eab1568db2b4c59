// Refresh-token families (reuse of a rotated token revokes the family) and a per-user token version
// (a password change or a re-enable makes earlier access tokens invalid).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('tokenVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('refreshTokens')
    .addColumn('familyId', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // a rotated token stays, marked used, until it expires: presenting it again is the sign of a theft
  await db.schema.alterTable('refreshTokens').addColumn('usedAt', 'text').execute();
  await sql`update "refreshTokens" set "familyId" = 'legacy-' || "id"`.execute(db);
  await db.schema.createIndex('refreshTokens_familyId').on('refreshTokens').column('familyId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refreshTokens_familyId').execute();
  await db.schema.alterTable('refreshTokens').dropColumn('usedAt').execute();
  await db.schema.alterTable('refreshTokens').dropColumn('familyId').execute();
  await db.schema.alterTable('users').dropColumn('tokenVersion').execute();
}
