import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('corpContractFolders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('corpContracts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('folderId', 'integer', (c) => c.notNull().references('corpContractFolders.id'))
    .addColumn('contractNumber', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('partyA', 'text')
    .addColumn('partyB', 'text')
    .addColumn('signDate', 'text')
    .addColumn('amount', 'real')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('fileUrl', 'text', (c) => c.notNull())
    .addColumn('fileSize', 'integer', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('corpContracts_folderId').on('corpContracts').column('folderId').execute();

  await db.schema
    .createTable('corpContractDetails')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('contractId', 'integer', (c) => c.notNull().references('corpContracts.id').onDelete('cascade'))
    .addColumn('lineNo', 'integer', (c) => c.notNull())
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('specification', 'text')
    .addColumn('quantity', 'real', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('unitPrice', 'real')
    .addColumn('amount', 'real')
    .addColumn('deliveryDate', 'text')
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('corpContractDetails_contract_line').on('corpContractDetails').columns(['contractId', 'lineNo']).unique().execute();

  await db.schema
    .createTable('companyFolders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('companyFiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('folderId', 'integer', (c) => c.references('companyFolders.id'))
    .addColumn('companyName', 'text')
    .addColumn('fileCategory', 'text')
    .addColumn('expireDate', 'text')
    .addColumn('description', 'text')
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('fileUrl', 'text', (c) => c.notNull())
    .addColumn('fileSize', 'integer', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('companyFiles_folderId').on('companyFiles').column('folderId').execute();
  await db.schema.createIndex('companyFiles_expireDate').on('companyFiles').column('expireDate').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('companyFiles').execute();
  await db.schema.dropTable('companyFolders').execute();
  await db.schema.dropTable('corpContractDetails').execute();
  await db.schema.dropTable('corpContracts').execute();
  await db.schema.dropTable('corpContractFolders').execute();
}
