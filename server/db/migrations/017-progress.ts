// Progress of long requests where every instance reads it (issue 30): on PostgreSQL several
// instances behind a round-robin proxy serve one user, and the poll of GET /progress/:id may reach
// another instance than the one doing the work. SQLite (one process) keeps progress in memory and
// leaves this table empty; it exists on both so that both engines have one schema (backups, moves).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('progressEntries')
    // the order entries were started in: a user's oldest beyond the bound goes first
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('progressId', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer')
    .addColumn('finished', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    // milliseconds since 1970 of the last change
    .addColumn('touchedAt', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('progressEntries_user').on('progressEntries').columns(['userId', 'progressId']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('progressEntries').execute();
}
