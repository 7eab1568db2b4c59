// The open position (issue 31): each contract's B/L numbers one row each (`contractBls`), and what its
// documents moved per warehouse (`contractExecution`), kept by every stock write and contract write
// (server/db/contract-sums.ts), and the open position's groups of them, filled here from the
// documents already recorded.
import type { Kysely } from 'kysely';
import { recountAllContracts } from '../contract-sums.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contractBls')
    .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contractBls_pk', ['contractId', 'blNumber'])
    .execute();
  await db.schema.createIndex('contractBls_blNumber').on('contractBls').column('blNumber').execute();
  await db.schema
    .createTable('contractExecution')
    .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('receivedMilli', 'integer', (c) => c.notNull())
    .addColumn('deliveredMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contractExecution_pk', ['contractId', 'warehouseId'])
    .execute();
  // the open position's groups: contract quantities per (type, commodity as typed, unit, delivery
  // month), and what their documents moved per group and warehouse ('' for no unit or month)
  const group = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    t
      .addColumn('contractType', 'text', (c) => c.notNull())
      .addColumn('commodity', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull());
  await group(db.schema.createTable('positionCounts'))
    .addColumn('countMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('positionCounts_pk', ['contractType', 'commodity', 'unit', 'month'])
    .execute();
  await group(db.schema.createTable('positionExecuted'))
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('receivedMilli', 'integer', (c) => c.notNull())
    .addColumn('deliveredMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('positionExecuted_pk', ['contractType', 'commodity', 'unit', 'month', 'warehouseId'])
    .execute();
  await db.schema.createIndex('contracts_contractCode').on('contracts').column('contractCode').execute();
  await db.schema.createIndex('inboundOrders_contractNumber').on('inboundOrders').column('contractNumber').execute();
  await recountAllContracts(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inboundOrders_contractNumber').execute();
  await db.schema.dropIndex('contracts_contractCode').execute();
  await db.schema.dropTable('positionExecuted').execute();
  await db.schema.dropTable('positionCounts').execute();
  await db.schema.dropTable('contractExecution').execute();
  await db.schema.dropTable('contractBls').execute();
}
