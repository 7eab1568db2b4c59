// A database made by the last release (migrations 001–013 and 019, shipped before 014–018 were
// numbered) opens with this one: the missing migrations run, its admin signs in with the roles
// of migration 014, and a pickup request it held is found by plate. On the run's engine.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.js';
import { postgresDialect } from '../../server/db/postgres.js';
import { newDataDir, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';

const T = '2026-10-01T08:00:00.000Z';
const lastRelease = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '013' || name.startsWith('019-')));

let dir: string;
let database: TestDatabase | undefined;
let app: TestApp;

beforeAll(async () => {
  dir = await newDataDir();
  database = onPostgres ? await createTestDatabase() : undefined;
  const db = new Kysely<any>({ dialect: database ? postgresDialect(database.url) : new SqliteDialect({ database: new SQLite(join(dir, 'cargodesk.sqlite')) }) });
  expect((await new Migrator({ db, provider: { getMigrations: async () => lastRelease } }).migrateToLatest()).error).toBeUndefined();
  await db.insertInto('warehouses').values({ code: 'WH-SH', name: '上海仓', status: 'active', createTime: T, updateTime: T }).execute();
  await db
    .insertInto('pickupRequests')
    .values({
      orderNumber: 'PU20261001-0001',
      blNumber: 'BL1',
      licensePlate: '沪A 12345',
      plateKey: 'A12345',
      commodity: 'copper',
      quantityMilli: 1000,
      deliveryDate: '2026-10-01',
      warehouseId: 1,
      status: 'approved',
      createTime: T,
      updateTime: T,
    })
    .execute();
  await db.destroy();
  app = await startTestApp({ dataDir: dir, config: database ? { databaseUrl: database.url } : {} });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('a database of the last release (001–013 and 019)', () => {
  it('opens: every migration is applied, the admin has its roles, the request is found by plate', async () => {
    const applied = await app.server.db
      .selectFrom('kysely_migration' as any)
      .select('name')
      .orderBy('name')
      .execute();
    expect(applied.map((m: any) => m.name)).toEqual(Object.keys(migrations).sort());
    const { token } = await signInAdmin(app);
    const me = await app.request('GET', '/api/auth/me', { token });
    expect(me.body.data.roles).toEqual(['admin']);
    const found = await app.request('GET', '/api/apply-delivery?plate=a12', { token });
    expect(found.body.data.items.map((r: any) => r.orderNumber)).toEqual(['PU20261001-0001']);
  });
});
