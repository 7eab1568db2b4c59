// Latency of every filter of the stock area's lists at scale, one request at a time (the filters
// `npm run bench` does not cover: prefixes, keywords, asOf). Seeds with test/bench/seed.ts (1,000,000
// ledger entries; BENCH_SCALE=10 for a tenth) unless BENCH_DATA_DIR already holds a seeded folder.
//   npx tsx test/bench/stock-filters.ts
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer } from '../../server/start.js';
import { newDataDir } from '../helpers/app.js';
import { DEFAULT_SIZES, seed } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = 30;

const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? (await newDataDir());
if (!existsSync(join(dataDir, 'cargodesk.sqlite'))) {
  const scaled = (n: number) => Math.round(n / SCALE);
  await seed(dataDir, {
    ...DEFAULT_SIZES,
    ledgerEntries: scaled(DEFAULT_SIZES.ledgerEntries),
    pickups: scaled(DEFAULT_SIZES.pickups),
    outbound: scaled(DEFAULT_SIZES.outbound),
    contracts: scaled(DEFAULT_SIZES.contracts),
    finance: scaled(DEFAULT_SIZES.finance),
  });
}
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', logLevel: 'warn' });
const db = server.db;
const log = (...args: unknown[]) => console.log(...args);

async function get(path: string, token: string) {
  return fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
}

async function signIn(): Promise<string> {
  const account = { username: 'bench', password: 'bench-password-1' };
  const post = (path: string) => fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  await post('/api/auth/register');
  const login = await post('/api/auth/login');
  return ((await login.json()) as { data: { token: string } }).data.token;
}

try {
  const ledgerRows = Number(
    (
      await db
        .selectFrom('stockLedger')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const inboundCount = Number(
    (
      await db
        .selectFrom('inboundOrders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const token = await signIn();
  log(`${new Date().toISOString()} on ${(await import('node:os')).cpus().length} cores: ${ledgerRows} ledger entries`);

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
  const someNumber = (
    await db
      .selectFrom('inboundOrders')
      .select('inboundNumber')
      .where('id', '=', (12345 % inboundCount) + 1)
      .executeTakeFirstOrThrow()
  ).inboundNumber;
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
  // prefixes matching many rows (the list is newest first; the number or B/L index gives them in another order)
  await measure('outbound, number prefix: 100 orders of a recent day', '/api/delivery-details?outboundNumber=OB20261122-01');
  await measure('outbound, number prefix: 100 orders of an old day', '/api/delivery-details?outboundNumber=OB20250315-01');
  await measure('outbound, number prefix matching every order', '/api/delivery-details?outboundNumber=OB');
  await measure('outbound, number prefix matching every order, page 100', '/api/delivery-details?outboundNumber=OB&page=100');
  await measure('outbound, number prefix matching the older half (2025)', '/api/delivery-details?outboundNumber=OB2025');
  await measure('outbound, B/L prefix matching every order', '/api/delivery-details?blNumber=BL');
  await measure('pickup, number prefix matching every request', '/api/apply-delivery?orderNumber=PU');
  await measure('pickup, B/L prefix matching every request', '/api/apply-delivery?blNumber=BL');
  await measure('pickup, B/L prefix matching the oldest sixth', '/api/apply-delivery?blNumber=BL000');
  await measure('inbound, number prefix matching every order', '/api/inventory/inbound?inboundNumber=IB');
  await measure('inbound, B/L prefix matching every order', '/api/inventory/inbound?blNumber=BL');
  await measure('pickup, status pending', '/api/apply-delivery/list?status=pending');
  await measure('pickup, B/L prefix', '/api/apply-delivery?blNumber=BL0000');
  await measure('inbound, commodity', '/api/inventory/inbound?commodity=commodity-7');
  await measure('inbound, keyword (any part, trigram index)', '/api/inventory/inbound?keyword=owner%2036');
  await measure('outbound, keyword (any part, trigram index)', '/api/delivery-details?keyword=BL0001234');
  await measure('inbound, unfiltered', '/api/inventory/inbound');
  await measure('ledger, unfiltered', '/api/inventory/ledger');
} finally {
  await server.close();
  if (!keep) await rm(dataDir, { recursive: true, force: true });
}
