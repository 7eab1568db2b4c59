// Migration 010 on a database written before it: the stock of "Copper cathode" and "copper  cathode"
// (two spellings, two stocks before) becomes one stock under the catalog's spelling, the ledger keeps
// what was typed, and the running balances of the joined stock are recomputed. The service then runs
// on the migrated folder.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.js';
import { newDataDir, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';

let dir: string;
let app: TestApp;
let token: string;
let before: { summary: unknown[]; ledger: unknown[] };

const T = (n: number) => `2026-10-0${n}T08:00:00.000Z`;

/** A database migrated up to 009, holding what the service wrote then for three spellings of one commodity. */
async function seedBefore010(file: string) {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('008-token-families')).error).toBeUndefined();
  await db
    .insertInto('warehouses')
    .values({ code: 'WH-SH', name: '上海仓', status: 'active', createTime: T(1), updateTime: T(1) })
    .execute();
  const docs = [
    { n: 'IB20261001-0001', commodity: 'Copper cathode', milli: 100_000, kind: 'inbound', day: 1 },
    { n: 'IB20261002-0001', commodity: 'copper  cathode', milli: 50_000, kind: 'inbound', day: 2 },
    { n: 'OB20261003-0001', commodity: 'Copper cathode', milli: 30_000, kind: 'outbound', day: 3 },
    { n: 'OB20261004-0001', commodity: 'copper  cathode', milli: 20_000, kind: 'outbound', day: 4 },
  ];
  const balances = new Map<string, { inbound: number; outbound: number }>();
  for (const [i, d] of docs.entries()) {
    const date = `2026-10-0${d.day}`;
    if (d.kind === 'inbound')
      await db
        .insertInto('inboundOrders')
        .values({
          inboundNumber: d.n,
          warehouseId: 1,
          commodity: d.commodity,
          inboundWeightMilli: d.milli,
          owner: 'Acme Ltd',
          inboundDate: date,
          createTime: T(d.day),
          updateTime: T(d.day),
        })
        .execute();
    else
      await db
        .insertInto('outboundOrders')
        .values({
          outboundNumber: d.n,
          warehouseId: 1,
          commodity: d.commodity,
          quantityMilli: d.milli,
          outboundDate: date,
          outboundStatus: 'completed',
          receiptStatus: 'unconfirmed',
          createTime: T(d.day),
          updateTime: T(d.day),
        })
        .execute();
    const b = balances.get(d.commodity) ?? { inbound: 0, outbound: 0 };
    b[d.kind as 'inbound' | 'outbound'] += d.milli;
    balances.set(d.commodity, b);
    const change = d.kind === 'inbound' ? d.milli : -d.milli;
    await db
      .insertInto('stockLedger')
      .values({
        entryTime: T(d.day),
        businessDate: date,
        warehouseId: 1,
        commodity: d.commodity,
        kind: d.kind,
        documentType: d.kind === 'inbound' ? 'inboundOrder' : 'outboundOrder',
        documentId: i < 2 ? i + 1 : i - 1,
        documentNumber: d.n,
        quantityChangeMilli: change,
        balanceMilli: b.inbound - b.outbound,
      })
      .execute();
  }
  for (const [commodity, b] of balances)
    await db
      .insertInto('stockBalances')
      .values({ warehouseId: 1, commodity, inboundMilli: b.inbound, outboundMilli: b.outbound, transferredMilli: 0, currentMilli: b.inbound - b.outbound })
      .execute();
  // 009 fills its summing tables from this ledger
  expect((await migrator.migrateTo('009-lots')).error).toBeUndefined();
  const summary = await db.selectFrom('stockBalances').select(['commodity', 'inboundMilli', 'outboundMilli', 'currentMilli']).orderBy('commodity').execute();
  const ledger = await db.selectFrom('stockLedger').select(['commodity', 'quantityChangeMilli', 'balanceMilli']).orderBy('id').execute();
  await db.destroy();
  return { summary, ledger };
}

beforeAll(async () => {
  dir = await newDataDir();
  before = await seedBefore010(join(dir, 'cargodesk.sqlite'));
  // an SQLite data folder of an older version, on the PostgreSQL run too (it migrates this file)
  app = await startTestApp({ dataDir: dir, sqlite: true }); // migrates to the latest
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

describe('migration 010-commodity-catalogs', () => {
  it('before: two spellings were two stocks', () => {
    expect(before.summary).toEqual([
      { commodity: 'Copper cathode', inboundMilli: 100_000, outboundMilli: 30_000, currentMilli: 70_000 },
      { commodity: 'copper  cathode', inboundMilli: 50_000, outboundMilli: 20_000, currentMilli: 30_000 },
    ]);
  });

  it('after: one stock under the first spelling used, as the summary, asOf, lots and the report show it', async () => {
    const summary = await app.request('GET', '/api/inventory/summary', { token });
    expect(summary.body.data).toEqual([
      {
        warehouse: '上海仓',
        warehouseId: 1,
        commodity: 'Copper cathode',
        inboundQuantity: 150,
        outboundQuantity: 50,
        transferredQuantity: 0,
        currentStock: 100,
        reservedQuantity: 0,
        availableQuantity: 100,
      },
    ]);
    const asOf = await app.request('GET', '/api/inventory/summary?asOf=2026-10-02', { token });
    expect(asOf.body.data).toMatchObject([{ commodity: 'Copper cathode', inboundQuantity: 150, currentStock: 150 }]);
    const lots = await app.request('GET', '/api/inventory/lots?inStock=all', { token });
    expect(lots.body.data.items).toMatchObject([{ commodity: 'Copper cathode', blNumber: null, currentStock: 100 }]);
    const report = await app.request('GET', '/api/reports/stock-movement?startDate=2026-10-01&endDate=2026-10-31', { token });
    expect(report.body.data.items).toMatchObject([{ commodity: 'Copper cathode', opening: 0, inbound: 150, outbound: 50, closing: 100 }]);
  });

  it('after: the ledger keeps what was typed, shows the catalog spelling, and its balance runs over the one stock', async () => {
    const ledger = await app.request('GET', '/api/inventory/ledger?commodity=COPPER%20CATHODE', { token });
    expect(ledger.body.data.items.map((e: Record<string, unknown>) => [e.commodity, e.enteredCommodity, e.quantityChange, e.balance])).toEqual([
      ['Copper cathode', 'Copper cathode', 100, 100],
      ['Copper cathode', 'copper  cathode', 50, 150],
      ['Copper cathode', 'Copper cathode', -30, 120],
      ['Copper cathode', 'copper  cathode', -20, 100],
    ]);
    expect(before.ledger.map((e) => (e as { balanceMilli: number }).balanceMilli)).toEqual([100_000, 50_000, 70_000, 30_000]);
  });

  it('after: the catalogs hold the names in use; any spelling ships from the one stock', async () => {
    const commodities = await app.request('GET', '/api/commodities', { token });
    expect(commodities.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Copper cathode']);
    const parties = await app.request('GET', '/api/parties', { token });
    expect(parties.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Acme Ltd']);
    const out = await app.request('POST', '/api/delivery-details', { token, body: { warehouse: 'WH-SH', commodity: 'copper cathode', quantity: 100, outboundDate: '2026-10-05' } });
    expect(out.status, out.body.message).toBe(200);
    const summary = await app.request('GET', '/api/inventory/summary', { token });
    expect(summary.body.data).toMatchObject([{ commodity: 'Copper cathode', currentStock: 0 }]);
  });
});
