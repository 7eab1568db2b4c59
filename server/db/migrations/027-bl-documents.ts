// The document set of a B/L: files attached to a bill of lading by document kind.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blDocuments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blDocuments_bl_kind').on('blDocuments').columns(['blNumber', 'kind']).execute();
  await db.schema.createIndex('blDocuments_kind').on('blDocuments').column('kind').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blDocuments').execute();
}
