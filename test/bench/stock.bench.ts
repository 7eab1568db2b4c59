// Benchmark of the stock area at scale: seeds BENCH_ENTRIES ledger entries (default 1,000,000)
// through the area's own data layer (the same create functions the routes call, in batches inside
// transactions), then times the stock summary and filtered list pages over HTTP.
//   npx tsx test/bench/stock.bench.ts          (BENCH_ENTRIES=100000 for a quick run)
// BENCH_DATA_DIR=<folder> keeps the seeded data there and reuses it on the next run.
import { rm } from 'node:fs/promises';
import { startServer } from '../../server/start.js';
import { createInbound } from '../../server/routes/inventory/inbound.service.js';
import { createOutbound } from '../../server/routes/pickup/outbound.service.js';
import { createPickup } from '../../server/routes/pickup/pickup.service.js';
import { inboundBody, outboundBody, pickupBody } from '../../shared/warehouse.js';
import { newDataDir } from '../helpers/app.js';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const WAREHOUSES = 20;
const COMMODITIES = 50;
const BATCH = 5000;
const RUNS = 30;

const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? (await newDataDir());
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'warn' });
const db = server.db;
const log = (...args: unknown[]) => console.log(...args);

async function get(path: string, token: string) {
  return fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
}

async function signIn(): Promise<string> {
  const account = { username: 'bench', password: 'bench-password-1' };
  const post = (path: string) =>
    fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  await post('/api/auth/register');
  const login = await post('/api/auth/login');
  return ((await login.json()) as { data: { token: string } }).data.token;
}

try {
  const actor = null;

  const seeded = Number((await db.selectFrom('stockLedger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const time = new Date().toISOString();
  if (!seeded) await db
    .insertInto('warehouses')
    .values(Array.from({ length: WAREHOUSES }, (_, i) => ({ code: `W${i}`, name: `仓库${i}`, address: null, contactPerson: null, contactPhone: null, status: 'active' as const, remark: null, createTime: time, updateTime: time })))
    .execute();
  const commodity = (i: number) => `commodity-${i % COMMODITIES}`;
  const warehouse = (i: number) => `W${Math.floor(i / COMMODITIES) % WAREHOUSES}`;
  const date = (i: number) => {
    const d = new Date(Date.UTC(2025, 0, 1) + (i % 730) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const inboundCount = Math.round(ENTRIES * 0.5);
  const outboundCount = ENTRIES - inboundCount;
  const keys = WAREHOUSES * COMMODITIES;

  const seedStart = performance.now();
  if (!seeded) for (let done = 0; done < inboundCount; done += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(done + BATCH, inboundCount); i++) {
        const key = i % keys;
        await createInbound(trx, actor, inboundBody.parse({
          warehouse: warehouse(key),
          commodity: commodity(key),
          blNumber: `BL${String(i).padStart(8, '0')}`,
          blWeight: 100,
          inboundWeight: 100,
          inboundDate: date(i),
          owner: `owner ${i % 37}`,
        }));
      }
    });
    if ((done / BATCH) % 20 === 0) log(`inbound ${done}/${inboundCount} ${Math.round((performance.now() - seedStart) / 1000)} s`);
  }
  if (!seeded) for (let done = 0; done < outboundCount; done += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(done + BATCH, outboundCount); i++) {
        const key = i % keys;
        await createOutbound(trx, actor, outboundBody.parse({
          warehouse: warehouse(key),
          commodity: commodity(key),
          quantity: 50,
          blNumber: `BL${String(i).padStart(8, '0')}`,
          outboundDate: date(i + 30),
          outboundStatus: i % 4 === 0 ? 'pending' : 'completed',
        }));
      }
    });
    if ((done / BATCH) % 20 === 0) log(`outbound ${done}/${outboundCount} ${Math.round((performance.now() - seedStart) / 1000)} s`);
  }
  if (!seeded) await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 20_000; i++)
      await createPickup(trx, actor, pickupBody.parse({ blNumber: `BL${String(i).padStart(8, '0')}`, commodity: commodity(i), quantity: 10, deliveryDate: date(i), warehouse: warehouse(i % keys) }));
  });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const ledgerRows = Number((await db.selectFrom('stockLedger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const token = await signIn();
  log(`${new Date().toISOString()} on ${(await import('node:os')).cpus().length} cores: seeded ${ledgerRows} ledger entries (${inboundCount} inbound, ${outboundCount} outbound orders, 20000 pickup requests) in ${seedSeconds.toFixed(0)} s`);

  async function measure(label: string, path: string) {
    const first = await get(path, token);
    if (first.status !== 200) throw new Error(`${label}: ${first.status} ${await first.text()}`);
    const body = (await first.json()) as { data: unknown };
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      const res = await get(path, token);
      await res.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!;
    const p95 = times[Math.floor(RUNS * 0.95)]!;
    const size = Array.isArray(body.data) ? `${body.data.length} rows` : `total ${(body.data as { total: number }).total}`;
    log(`| ${label} | \`${path}\` | ${size} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`);
  }

  log('\n| what | request | result | median ms | p95 ms |\n|---|---|---|---|---|');
  await measure('summary, all rows', '/api/inventory/summary');
  await measure('summary, one warehouse', '/api/inventory/summary?warehouse=W3');
  await measure('summary, one commodity', '/api/inventory/summary?commodity=commodity-7');
  await measure('summary asOf, one warehouse and commodity', '/api/inventory/summary?warehouse=W3&commodity=commodity-7&asOf=2025-06-30');
  await measure('summary asOf, one warehouse', '/api/inventory/summary?warehouse=W3&asOf=2025-06-30');
  await measure('summary asOf, everything', '/api/inventory/summary?asOf=2025-06-30');
  await measure('ledger, warehouse + commodity', '/api/inventory/ledger?warehouse=W3&commodity=commodity-7');
  await measure('ledger, warehouse + commodity, page 20', '/api/inventory/ledger?warehouse=W3&commodity=commodity-7&page=20');
  const someNumber = (await db.selectFrom('inboundOrders').select('inboundNumber').where('id', '=', 12345 % inboundCount + 1).executeTakeFirstOrThrow()).inboundNumber;
  await measure('ledger, document number', `/api/inventory/ledger?documentNumber=${someNumber}`);
  await measure('ledger, one business day', '/api/inventory/ledger?startDate=2025-03-01&endDate=2025-03-01');
  await measure('inbound, warehouse + commodity', '/api/inventory/inbound/list?warehouse=W3&commodity=commodity-7');
  await measure('inbound, warehouse', '/api/inventory/inbound?warehouse=W3');
  await measure('inbound, B/L prefix', '/api/inventory/inbound?blNumber=BL000123');
  await measure('inbound, one week', '/api/inventory/inbound?startDate=2025-03-01&endDate=2025-03-07');
  await measure('outbound, status pending', '/api/delivery-details/list?outboundStatus=pending');
  await measure('outbound, warehouse + commodity', '/api/delivery-details?warehouse=W3&commodity=commodity-7');
  const outboundPrefix = (await db.selectFrom('outboundOrders').select('outboundNumber').where('id', '=', 1234).executeTakeFirstOrThrow()).outboundNumber;
  await measure('outbound, number prefix', `/api/delivery-details?outboundNumber=${outboundPrefix}`);
  await measure('outbound, number prefix matching every order', '/api/delivery-details?outboundNumber=OB');
  await measure('pickup, status pending', '/api/apply-delivery/list?status=pending');
  await measure('pickup, B/L prefix', '/api/apply-delivery?blNumber=BL0000');
  await measure('inbound, commodity', '/api/inventory/inbound?commodity=commodity-7');
  await measure('inbound, keyword (any part, full scan)', '/api/inventory/inbound?keyword=owner%2036');
  await measure('outbound, keyword (any part, full scan)', '/api/delivery-details?keyword=BL0001234');
  await measure('inbound, unfiltered', '/api/inventory/inbound');
  await measure('ledger, unfiltered', '/api/inventory/ledger');
} finally {
  await server.close();
  if (!keep) await rm(dataDir, { recursive: true, force: true });
}
