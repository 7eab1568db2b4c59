// `npm run bench -- gate` (issue 28): the gate's plate search at 200,000 pickup requests, on SQLite and
// on PostgreSQL, one request at a time through the service (median and p95 of 30), beside two
// baselines measured in the same run on the same database: the same question answered by scanning
// the plates' keys (`plateKey LIKE '%…%'`, page and count, straight SQL on the service's connection:
// what the normalized column without its trigram index would cost), and the list's keyword filter
// (the trigram machinery over the raw columns, which cannot ignore spaces and dashes).
// Seeds test/bench/seed.ts with 200,000 requests (100,000 plates typed four ways) and little else.
//   BENCH_SCALE=10   a tenth of the requests
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { plateKey } from '../../shared/names.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { newDataDir } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';
import { seed } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = 30;
const SIZES = { ledgerEntries: 5_000, warehouses: 20, commodities: 50, pickups: Math.round(200_000 / SCALE), outbound: 1_000, contracts: 10, finance: 100 };
const log = (line = '') => console.log(line);

/** Median and p95 of RUNS calls, in ms. */
async function timed(run: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, p95: times[Math.floor(RUNS * 0.95)]! };
}

async function signIn(url: string): Promise<string> {
  const account = { username: 'bench', password: 'bench-password-1' };
  const post = (path: string) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  await post('/api/auth/register');
  return ((await (await post('/api/auth/login')).json()) as { data: { token: string } }).data.token;
}

async function measure(engine: string, server: RunningServer) {
  const token = await signIn(server.url);
  const get = async (query: string) => {
    const res = await fetch(`${server.url}/api/apply-delivery?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { success: boolean; message: string; data: { total: number } };
    if (!body.success) throw new Error(`${query}: ${body.message}`);
    return body.data.total;
  };
  /** the plates' keys scanned: one page and the count, as the list would ask them without the index (`|| ''`: no index answers the expression) */
  const scan = async (typed: string) => {
    const like = `%${plateKey(typed)}%`;
    const page = await sql`select * from "pickupRequests" where ("plateKey" || '') like ${like} order by "id" desc limit 20`.execute(server.db);
    const count = await sql<{ n: number }>`select count(*) as n from "pickupRequests" where ("plateKey" || '') like ${like}`.execute(server.db);
    return [page.rows.length, Number(count.rows[0]!.n)];
  };
  const rows: [string, string, () => Promise<unknown>, () => Promise<number>][] = [
    ['plate, part with a dash', 'plate=b-0012', () => get('plate=b-0012'), () => get('plate=b-0012')],
    ['plate + shippable (the gate)', 'plate=b-0012&shippable=true', () => get('plate=b-0012&shippable=true'), () => get('plate=b-0012&shippable=true')],
    ['plate, 2 characters', 'plate=77', () => get('plate=77'), () => get('plate=77')],
    ['shippable alone', 'shippable=true', () => get('shippable=true'), () => get('shippable=true')],
    [
      'order number + shippable (the gate)',
      'orderNumber=PU20250301&shippable=true',
      () => get('orderNumber=PU20250301&shippable=true'),
      () => get('orderNumber=PU20250301&shippable=true'),
    ],
    ['baseline: keyword filter (raw columns)', 'keyword=B0012', () => get('keyword=B0012'), () => get('keyword=B0012')],
    // last: a run of SQL only leaves the HTTP connection idle past the server's keep-alive
    ['baseline: plateKey scanned (SQL)', "(plateKey || '') LIKE '%b0012%'", () => scan('b-0012'), async () => (await scan('b-0012'))[1]!],
  ];
  for (const [label, query, run, total] of rows) {
    const { median, p95 } = await timed(run);
    log(`| ${engine} | ${label} | \`${query}\` | ${await total()} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`);
  }
}

const started = performance.now();
log(
  `${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
log(`seeding ${JSON.stringify(SIZES)} on each engine`);
const sqliteDir = await newDataDir();
const postgresDir = await newDataDir();
let database: TestDatabase | undefined;
try {
  database = await createTestDatabase();
  await seed(sqliteDir, SIZES, () => undefined);
  await seed(postgresDir, SIZES, () => undefined, database.url);
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  log();
  log('| engine | search | query | matches | median ms | p95 ms |');
  log('| --- | --- | --- | ---: | ---: | ---: |');
  for (const [engine, options] of [
    ['SQLite', { dataDir: sqliteDir }],
    ['PostgreSQL', { dataDir: postgresDir, databaseUrl: database.url }],
  ] as const) {
    const server = await startServer({ ...options, port: 0, host: '127.0.0.1', logLevel: 'warn', dailyBackup: false });
    try {
      // the planner's statistics, as autovacuum gathers them after 200,000 inserts
      if (engine === 'PostgreSQL') await sql`analyze`.execute(server.db);
      await measure(engine, server);
    } finally {
      await server.close();
    }
  }
  log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
} finally {
  await database?.drop();
  for (const dir of [sqliteDir, postgresDir]) await rm(dir, { recursive: true, force: true });
}
