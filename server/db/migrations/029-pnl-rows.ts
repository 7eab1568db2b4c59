// The profit and loss report's rows kept for a reader of every warehouse without a period (issue 31
// item 7): each B/L's and each downstream contract's figures in base-currency cents, ordered by the
// size of the difference in an index, so the report's first page is one LIMITed query; and the
// (currency, month) rates each row converted with, so a change of rates counts again only its rows.
// Filled by the function every write counts its rows with (server/routes/trading/pnl-rows.ts).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres.js';
import { fillPnlRows } from '../../routes/trading/pnl-rows.js';

export async function up(db: Kysely<any>): Promise<void> {
  // the report's order is by key in code-point order after the difference: "C" on PostgreSQL, as SQLite's binary order
  const key = isPostgres(db) ? sql`text collate "C"` : 'text';
  let table = db.schema
    .createTable('pnlRows')
    .addColumn('grouping', 'text', (c) => c.notNull())
    .addColumn('rowKey', key, (c) => c.notNull())
    .addColumn('commodity', 'text')
    .addColumn('deliveredMilli', 'bigint', (c) => c.notNull());
  for (const figure of ['revenue', 'purchaseCost', 'freight', 'miscCharges', 'serviceFees', 'otherCosts', 'recordedProfit']) table = table.addColumn(figure, 'bigint');
  await table
    .addColumn('hasProfitRecord', 'integer', (c) => c.notNull())
    .addColumn('missingRates', 'text', (c) => c.notNull())
    .addColumn('sortKey', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pnlRows_pk', ['grouping', 'rowKey'])
    .execute();
  await db.schema.createIndex('pnlRows_order').on('pnlRows').columns(['grouping', 'sortKey desc', 'rowKey']).execute();
  await db.schema.createIndex('pnlRows_commodity').on('pnlRows').columns(['grouping', 'commodity']).execute();
  await db.schema
    .createTable('pnlRowRates')
    .addColumn('grouping', 'text', (c) => c.notNull())
    .addColumn('rowKey', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pnlRowRates_pk', ['grouping', 'rowKey', 'currency', 'month'])
    .execute();
  await db.schema.createIndex('pnlRowRates_rate').on('pnlRowRates').columns(['currency', 'month']).execute();
  await fillPnlRows(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pnlRowRates').execute();
  await db.schema.dropTable('pnlRows').execute();
}
