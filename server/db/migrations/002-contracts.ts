import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contracts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contractType', 'text', (c) => c.notNull())
    .addColumn('contractCode', 'text', (c) => c.notNull())
    .addColumn('buyParty', 'text', (c) => c.notNull())
    .addColumn('sellParty', 'text', (c) => c.notNull())
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('count', 'double precision', (c) => c.notNull())
    .addColumn('unitPrice', 'double precision', (c) => c.notNull())
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addColumn('deliveryTime', 'text')
    .addColumn('pickUpTime', 'text')
    .addColumn('packaging', 'text')
    .addColumn('remarks', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contracts_contractType').on('contracts').column('contractType').execute();

  await db.schema
    .createTable('contractFiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contractFiles_contractId').on('contractFiles').column('contractId').execute();

  await db.schema
    .createTable('archiveFolders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('nameKey', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('archiveBatches')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('folderId', 'integer', (c) => c.notNull().references('archiveFolders.id'))
    .addColumn('batchName', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('archiveBatches_folderId').on('archiveBatches').column('folderId').execute();

  await db.schema
    .createTable('archiveFiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('batchId', 'integer', (c) => c.notNull().references('archiveBatches.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('archiveFiles_batchId').on('archiveFiles').column('batchId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archiveFiles').execute();
  await db.schema.dropTable('archiveBatches').execute();
  await db.schema.dropTable('archiveFolders').execute();
  await db.schema.dropTable('contractFiles').execute();
  await db.schema.dropTable('contracts').execute();
}
