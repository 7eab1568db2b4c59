// Failed sign-ins, refused token refreshes and registrations counted in the database, so that every
// instance sharing one database (issue 17) counts them together and a restart does not forget them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttleEvents')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // what is counted: `u:<username>`, `a:<address>`, `r:<address>`, `n:<address>`, `n:*`
    .addColumn('key', 'text', (c) => c.notNull())
    // milliseconds since 1970
    .addColumn('at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttleEvents_key_at').on('throttleEvents').columns(['key', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttleEvents').execute();
}
