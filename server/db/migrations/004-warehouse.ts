import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('warehouses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('address', 'text')
    .addColumn('contactPerson', 'text')
    .addColumn('contactPhone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('pickupRequests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('orderNumber', 'text', (c) => c.notNull().unique())
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addColumn('licensePlate', 'text')
    .addColumn('driverName', 'text')
    .addColumn('driverPhone', 'text')
    .addColumn('driverIdCard', 'text')
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('quantityMilli', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('deliveryDate', 'text', (c) => c.notNull())
    .addColumn('deliveryAddress', 'text')
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('pickupRequests_blNumber').on('pickupRequests').column('blNumber').execute();
  await s.createIndex('pickupRequests_status').on('pickupRequests').columns(['status', 'id']).execute();
  await s.createIndex('pickupRequests_warehouse').on('pickupRequests').columns(['warehouseId', 'id']).execute();
  await s.createIndex('pickupRequests_date').on('pickupRequests').column('deliveryDate').execute();

  await s
    .createTable('outboundOrders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('outboundNumber', 'text', (c) => c.notNull().unique())
    .addColumn('deliveryOrderNumber', 'text')
    .addColumn('blNumber', 'text')
    .addColumn('licensePlate', 'text')
    .addColumn('driverName', 'text')
    .addColumn('driverPhone', 'text')
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('commodityCode', 'text')
    .addColumn('quantityMilli', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('outboundDate', 'text', (c) => c.notNull())
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('operator', 'text')
    .addColumn('outboundStatus', 'text', (c) => c.notNull())
    .addColumn('receiptStatus', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('outboundOrders_blNumber').on('outboundOrders').column('blNumber').execute();
  await s.createIndex('outboundOrders_status').on('outboundOrders').columns(['outboundStatus', 'id']).execute();
  await s.createIndex('outboundOrders_warehouse').on('outboundOrders').columns(['warehouseId', 'commodity', 'id']).execute();
  await s.createIndex('outboundOrders_pickup').on('outboundOrders').column('deliveryOrderNumber').execute();
  await s.createIndex('outboundOrders_date').on('outboundOrders').column('outboundDate').execute();

  await s
    .createTable('outboundReceipts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('outboundId', 'integer', (c) => c.notNull().references('outboundOrders.id').onDelete('cascade'))
    .addColumn('receivedQuantityMilli', 'integer')
    .addColumn('receiver', 'text')
    .addColumn('remark', 'text')
    .addColumn('userId', 'integer')
    .addColumn('username', 'text')
    .addColumn('time', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('outboundReceipts_outbound').on('outboundReceipts').columns(['outboundId', 'id']).execute();

  await s
    .createTable('inboundOrders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('inboundNumber', 'text', (c) => c.notNull().unique())
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('commodityCode', 'text')
    .addColumn('blNumber', 'text')
    .addColumn('blWeightMilli', 'integer')
    .addColumn('inboundWeightMilli', 'integer', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('contractNumber', 'text')
    .addColumn('inboundDate', 'text', (c) => c.notNull())
    .addColumn('operator', 'text')
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('inboundOrders_blNumber').on('inboundOrders').column('blNumber').execute();
  await s.createIndex('inboundOrders_warehouse').on('inboundOrders').columns(['warehouseId', 'commodity', 'id']).execute();
  await s.createIndex('inboundOrders_commodity').on('inboundOrders').columns(['commodity', 'id']).execute();
  await s.createIndex('inboundOrders_date').on('inboundOrders').column('inboundDate').execute();

  await s
    .createTable('ownershipTransfers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('transferNumber', 'text', (c) => c.notNull().unique())
    .addColumn('transferDate', 'text', (c) => c.notNull())
    .addColumn('blNumber', 'text')
    .addColumn('quantityMilli', 'integer', (c) => c.notNull())
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('transferor', 'text', (c) => c.notNull())
    .addColumn('transferee', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('createTime', 'text', (c) => c.notNull())
    .addColumn('updateTime', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('ownershipTransfers_blNumber').on('ownershipTransfers').column('blNumber').execute();
  await s.createIndex('ownershipTransfers_status').on('ownershipTransfers').columns(['status', 'id']).execute();
  await s.createIndex('ownershipTransfers_warehouse').on('ownershipTransfers').columns(['warehouseId', 'commodity', 'id']).execute();
  await s.createIndex('ownershipTransfers_date').on('ownershipTransfers').column('transferDate').execute();

  await s
    .createTable('ownershipFiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('transferId', 'integer', (c) => c.notNull().references('ownershipTransfers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('createTime', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('ownershipFiles_transfer').on('ownershipFiles').column('transferId').execute();

  await s
    .createTable('stockLedger')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('entryTime', 'text', (c) => c.notNull())
    .addColumn('businessDate', 'text', (c) => c.notNull())
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('documentType', 'text', (c) => c.notNull())
    .addColumn('documentId', 'integer', (c) => c.notNull())
    .addColumn('documentNumber', 'text', (c) => c.notNull())
    .addColumn('quantityChangeMilli', 'integer', (c) => c.notNull())
    .addColumn('balanceMilli', 'integer', (c) => c.notNull())
    .execute();
  // (warehouseId, commodity) then rowid: pages of one stock's ledger in entry order
  await s.createIndex('stockLedger_key').on('stockLedger').columns(['warehouseId', 'commodity']).execute();
  // covers the summary asOf a date: read from the index alone, never from the table
  await s.createIndex('stockLedger_stock').on('stockLedger').columns(['warehouseId', 'commodity', 'businessDate', 'kind', 'quantityChangeMilli']).execute();
  await s.createIndex('stockLedger_date').on('stockLedger').column('businessDate').execute();
  await s.createIndex('stockLedger_document').on('stockLedger').column('documentNumber').execute();
  await s.createIndex('stockLedger_commodity').on('stockLedger').column('commodity').execute();

  await s
    .createTable('stockBalances')
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('inboundMilli', 'integer', (c) => c.notNull())
    .addColumn('outboundMilli', 'integer', (c) => c.notNull())
    .addColumn('transferredMilli', 'integer', (c) => c.notNull())
    .addColumn('currentMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stockBalances_pk', ['warehouseId', 'commodity'])
    .execute();

  await s
    .createTable('documentSequences')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('lastValue', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'documentSequences',
    'stockBalances',
    'stockLedger',
    'ownershipFiles',
    'ownershipTransfers',
    'inboundOrders',
    'outboundReceipts',
    'outboundOrders',
    'pickupRequests',
    'warehouses',
  ])
    await db.schema.dropTable(table).execute();
}
