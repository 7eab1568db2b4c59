// Monthly exchange rates into the base currency (CNY), for the profit and loss report.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchangeRates')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('rate', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchangeRates_pk', ['currency', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exchangeRates').execute();
}
