import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('usernameKey', 'text', (c) => c.notNull().unique())
    .addColumn('displayName', 'text')
    .addColumn('email', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .addColumn('lastLoginTime', 'text')
    .execute();

  await db.schema
    .createTable('refreshTokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refreshTokens_userId').on('refreshTokens').column('userId').execute();

  await db.schema
    .createTable('auditLog')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('userId', 'integer')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entityId', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('auditLog_entity').on('auditLog').columns(['entity', 'entityId']).execute();
  await db.schema.createIndex('auditLog_time').on('auditLog').column('time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auditLog').execute();
  await db.schema.dropTable('refreshTokens').execute();
  await db.schema.dropTable('users').execute();
}
