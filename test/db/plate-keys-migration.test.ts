// Migration 019 on a database written before it: every pickup request gets its plate's key (more
// requests than one batch of the fill), a request without a plate none, and the service then finds
// them by any part of the plate. On the run's engine (PostgreSQL in the PostgreSQL pass).
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plateKey } from '../../shared/names.js';
import { migrations } from '../../server/db/migrations/index.js';
import { postgresDialect } from '../../server/db/postgres.js';
import { newDataDir, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';

const T = '2026-10-01T08:00:00.000Z';
const PLATES = ['沪A 12345', '苏E-77881', '浙Ｂ·１２３４５', null];
const COUNT = 1203;

let dir: string;
let database: TestDatabase | undefined;
let app: TestApp;
let token: string;

beforeAll(async () => {
  dir = await newDataDir();
  database = onPostgres ? await createTestDatabase() : undefined;
  const db = new Kysely<any>({ dialect: database ? postgresDialect(database.url) : new SqliteDialect({ database: new SQLite(join(dir, 'cargodesk.sqlite')) }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('013-settings')).error).toBeUndefined();
  await db.insertInto('warehouses').values({ code: 'WH-SH', name: '上海仓', status: 'active', createTime: T, updateTime: T }).execute();
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    orderNumber: `PU20261001-${String(i + 1).padStart(4, '0')}`,
    blNumber: 'BL1',
    licensePlate: PLATES[i % PLATES.length],
    commodity: 'copper',
    quantityMilli: 1000,
    deliveryDate: '2026-10-01',
    warehouseId: 1,
    status: 'approved',
    createTime: T,
    updateTime: T,
  }));
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto('pickupRequests')
      .values(rows.slice(i, i + 400))
      .execute();
  await db.destroy();
  app = await startTestApp({ dataDir: dir, config: database ? { databaseUrl: database.url } : {} });
  token = (await signInAdmin(app)).token;
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('migration 019 (plate keys)', () => {
  it('gives every existing request its plate key', async () => {
    const keys = await app.server.db.selectFrom('pickupRequests').select(['licensePlate', 'plateKey']).orderBy('id').execute();
    expect(keys).toHaveLength(COUNT);
    keys.forEach((row, i) => {
      const plate = PLATES[i % PLATES.length] ?? null;
      expect(row).toEqual({ licensePlate: plate, plateKey: plate === null ? null : plateKey(plate) });
    });
    expect(plateKey('浙Ｂ·１２３４５')).toBe('浙b12345');
  });

  it('lets the service find them by any part of the plate', async () => {
    const total = async (plate: string) => (await app.request('GET', `/api/apply-delivery?plate=${encodeURIComponent(plate)}`, { token })).body.data.total;
    // 1,203 requests over four plates: 301 each of the first three
    expect(await total('a-123')).toBe(301);
    expect(await total('2345')).toBe(602);
    expect(await total('E 7788')).toBe(301);
  });
});
