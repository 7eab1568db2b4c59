// The B/L weights report's rows kept per lot (`lotWeights`, issue 31 item 7): the B/L weight and the
// outturn of each lot's inbound orders, the contract that lists its B/L and the claim, kept by every
// inbound and contract write (server/db/lot-weights.ts) and filled here from the records already held,
// by the same function; and `blStatus` (per B/L: lots in stock, open contracts), which the
// missing-documents report reads (server/db/bl-status.ts), filled by the same functions too.
import { sql, type Kysely } from 'kysely';
import { fillBlStatus } from '../bl-status.js';
import { fillLotWeights } from '../lot-weights.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lotWeights')
    .addColumn('warehouseId', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('blNumber', 'text', (c) => c.notNull())
    .addColumn('blWeightMilli', 'integer', (c) => c.notNull())
    .addColumn('outturnMilli', 'integer', (c) => c.notNull())
    .addColumn('contractId', 'integer')
    .addColumn('claimMilli', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lotWeights_pk', ['warehouseId', 'commodity', 'blNumber'])
    .execute();
  // the report's order (out of tolerance first: claimMilli > 0, the largest first), and B/L prefixes
  await db.schema.createIndex('lotWeights_order').on('lotWeights').columns(['claimMilli desc', 'warehouseId', 'commodity', 'blNumber']).execute();
  await db.schema.createIndex('lotWeights_bl').on('lotWeights').columns(['blNumber']).execute();
  await fillLotWeights(db);
  // the missing-documents report's candidates: B/Ls with a lot in stock or an open contract
  await db.schema
    .createTable('blStatus')
    .addColumn('blNumber', 'text', (c) => c.primaryKey())
    .addColumn('lotsInStock', 'integer', (c) => c.notNull())
    .addColumn('openContracts', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blStatus_candidates')
    .on('blStatus')
    .column('blNumber')
    .where(sql<boolean>`${sql.ref('lotsInStock')} > 0 or ${sql.ref('openContracts')} > 0`)
    .execute();
  await fillBlStatus(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blStatus').execute();
  await db.schema.dropTable('lotWeights').execute();
}
