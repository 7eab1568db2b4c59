import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('financeRecords')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text')
    .addColumn('contractNumber', 'text')
    .addColumn('blNumber', 'text')
    .addColumn('recordDate', 'text')
    .addColumn('status', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amountCents', 'integer', (c) => c.notNull())
    .addColumn('costCents', 'integer')
    .addColumn('taxCents', 'integer')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('searchText', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('financeRecords_kind_number').on('financeRecords').columns(['kind', 'number']).unique().execute();
  await db.schema.createIndex('financeRecords_kind_contract').on('financeRecords').columns(['kind', 'contractNumber']).execute();
  await db.schema.createIndex('financeRecords_kind_bl').on('financeRecords').columns(['kind', 'blNumber']).execute();
  await db.schema.createIndex('financeRecords_kind_date').on('financeRecords').columns(['kind', 'recordDate']).execute();

  await db.schema
    .createTable('financeFiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('recordId', 'integer', (c) => c.notNull().references('financeRecords.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('financeFiles_recordId').on('financeFiles').column('recordId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('financeFiles').execute();
  await db.schema.dropTable('financeRecords').execute();
}
