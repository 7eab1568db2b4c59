// `npm run bench` (issue 17): the big lists of service.bench.ts on PostgreSQL beside SQLite. Seeds the
// same data (test/bench/seed.ts) into a fresh SQLite data folder and into a fresh PostgreSQL database
// (made on TEST_PG_URL as the tests make theirs, dropped afterwards), starts one service process on
// each, and measures the same filtered pages on both, one engine at a time.
//   BENCH_SCALE=10    a tenth of the volume
//   BENCH_SECONDS=4   autocannon duration of each measurement
//   `npm run bench -- postgres` runs only this script.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildService, type ChildService } from '../helpers/child-service.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';
import { LIST_PAGES } from './list-pages.js';
import { DEFAULT_SIZES, seed, type SeedSizes } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const sizes: SeedSizes = Object.fromEntries(
  Object.entries(DEFAULT_SIZES).map(([k, v]) => [k, k === 'warehouses' || k === 'commodities' ? v : Math.round(v / SCALE)]),
) as unknown as SeedSizes;
const log = (line = '') => console.log(line);
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function cannon(url: string, connections: number, headers: Record<string, string>) {
  const result = await autocannon({ url, connections, duration: SECONDS, headers, timeout: 30 });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Registers the bench account and signs in: the authorization header. */
async function signIn(url: string): Promise<Record<string, string>> {
  const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const account = { username: 'bench', password: 'bench-password-1' };
  await post('/api/auth/register', account);
  const login = (await (await post('/api/auth/login', account)).json()) as { data: { token: string } };
  return { authorization: `Bearer ${login.data.token}` };
}

async function main() {
  const started = performance.now();
  log(`${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${load()}`);
  const sqliteDir = await mkdtemp(join(tmpdir(), 'cargodesk-bench-sqlite-'));
  const postgresDir = await mkdtemp(join(tmpdir(), 'cargodesk-bench-postgres-'));
  let database: TestDatabase | undefined;
  const services: ChildService[] = [];
  try {
    database = await createTestDatabase();
    log(`seeding ${JSON.stringify(sizes)}`);
    for (const [engine, run] of [
      ['SQLite', () => seed(sqliteDir, sizes, () => undefined)],
      ['PostgreSQL', () => seed(postgresDir, sizes, () => undefined, database!.url)],
    ] as const) {
      const t = performance.now();
      await run();
      log(`  ${engine} seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
    const sqlite = await startChildService(sqliteDir);
    services.push(sqlite);
    const postgres = await startChildService(postgresDir, { DATABASE_URL: database.url });
    services.push(postgres);
    const engines = [
      { service: sqlite, auth: await signIn(sqlite.url) },
      { service: postgres, auth: await signIn(postgres.url) },
    ];

    log('\n| list page | connections | SQLite req/s | PostgreSQL req/s | PG / SQLite | SQLite p50 / p99 ms | PostgreSQL p50 / p99 ms |\n|---|---:|---:|---:|---:|---:|---:|');
    for (const [label, path] of LIST_PAGES) {
      for (const { service, auth } of engines) for (let i = 0; i < 3; i++) await (await fetch(service.url + path, { headers: auth })).arrayBuffer();
      for (const connections of [1, 10, 50]) {
        const [a, b] = [await cannon(sqlite.url + path, connections, engines[0]!.auth), await cannon(postgres.url + path, connections, engines[1]!.auth)];
        log(`| ${label} | ${connections} | ${fmt(a.rps)} | ${fmt(b.rps)} | ${(b.rps / a.rps).toFixed(2)} | ${a.p50} / ${a.p99} | ${b.p50} / ${b.p99} |`);
      }
    }
  } finally {
    for (const s of services) await s.stop();
    await database?.drop();
    await rm(sqliteDir, { recursive: true, force: true });
    await rm(postgresDir, { recursive: true, force: true });
  }
  log(`\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
