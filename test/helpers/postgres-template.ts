// Vitest global setup of the PostgreSQL run: one database migrated to the latest schema, made once per
// run before the test files start; every test app's database is a copy of it (createTestDatabase with
// `migrated`), which is faster than migrating each one. Dropped when the run ends.
import { openPostgresDatabase } from '../../server/db/database.js';
import { createTestDatabase, onPostgres, TEMPLATE_VARIABLE } from './postgres.js';

export default async function setup() {
  if (!onPostgres) return;
  const template = await createTestDatabase();
  const { db } = await openPostgresDatabase(template.url); // migrates it
  await db.destroy(); // a database is copied only while nobody is connected to it
  process.env[TEMPLATE_VARIABLE] = template.name; // the test files' processes start after this, with it
  return () => template.drop();
}
