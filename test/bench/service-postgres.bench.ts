// `npm run bench` (issue 17, issue 30): the big lists of service.bench.ts on PostgreSQL beside SQLite.
// Seeds the same data (test/bench/seed.ts) into a SQLite data folder and into a PostgreSQL database
// (made on TEST_PG_URL as the tests make theirs), starts one service process on each, and measures
// the same filtered pages on both, alternating engines per measurement. Each page is measured twice:
// reads alone (autocannon), and at 1 and 10 connections with a write to a table no list reads before
// every view (`withWrites`: each connection renews its session, a new refresh token, then views the
// page), as in an office where something is written every moment.
//   BENCH_SCALE=10            a tenth of the volume
//   BENCH_SECONDS=4           autocannon duration of each measurement
//   BENCH_CONNECTIONS=1,10    the connection counts (default 1,10,50)
//   BENCH_PAGES=ledger        only the pages whose label contains this text
//   BENCH_WRITES=off          leave out the figures with a write between views (below)
//   BENCH_DATA_DIR=<folder>   keep the seeded data and reuse it next time: the SQLite folder is <folder>
//                             (the one service.bench.ts reuses), the PostgreSQL service's folder
//                             <folder>-postgres, which names the kept database in `database-url`
//   BENCH_BASE_ROOT=<checkout> first measure that checkout's service on the same data ("before"),
//                             then this one's: run it on data its migrations have not passed yet,
//                             since an older checkout refuses a database migrated past it
//   `npm run bench -- postgres` runs only this script; `npm run bench -- service` this and service.bench.ts.
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import { startChildService, type ChildService } from '../helpers/child-service.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';
import { LIST_PAGES } from './list-pages.js';
import { DEFAULT_SIZES, seed, type SeedSizes } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const PAGES = LIST_PAGES.filter(([label]) => label.includes(process.env.BENCH_PAGES ?? ''));
const KEEP = process.env.BENCH_DATA_DIR;
const WRITES = process.env.BENCH_WRITES !== 'off';
const BASE_ROOT = process.env.BENCH_BASE_ROOT;
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

/**
 * Waits until the service is idle again: the requests autocannon gave up on at the end of a
 * measurement (a slow page at 50 connections) still run their queries, which the next measurement
 * would otherwise pay for. Idle = two reads of the signed-in user in a row (each a query through the
 * pool, in every version of the service) answered within 100 ms.
 */
async function settle(url: string, auth: Record<string, string>) {
  for (let quick = 0, deadline = Date.now() + 120_000; quick < 2 && Date.now() < deadline;) {
    const started = performance.now();
    const ok = await fetch(`${url}/api/auth/me`, { headers: auth }).then(
      (r) => r.ok,
      () => false,
    );
    quick = ok && performance.now() - started < 100 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 200));
  }
}

const ACCOUNT = { username: 'bench', password: 'bench-password-1' };
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * `path` viewed on `connections` loops for BENCH_SECONDS, each view after a write to another table:
 * the loop's session renewed (POST /api/auth/refresh: a refresh token written, the one before marked
 * used). The views' rate (connections ÷ the mean time of a view: the writes' own time left out, as
 * the reads-only figures have none) and their latency.
 */
async function withWrites(url: string, path: string, connections: number, auth: Record<string, string>): Promise<Figures> {
  const latencies: number[] = [];
  const sessions = await Promise.all(
    Array.from({ length: connections }, async () => ((await (await post(`${url}/api/auth/login`, ACCOUNT)).json()) as { data: { refreshToken: string } }).data.refreshToken),
  );
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    sessions.map(async (first) => {
      let refreshToken = first;
      while (performance.now() < end) {
        const renewed = await post(`${url}/api/auth/refresh`, { refreshToken });
        if (!renewed.ok) throw new Error(`refresh: ${renewed.status}`);
        refreshToken = ((await renewed.json()) as { data: { refreshToken: string } }).data.refreshToken;
        const t = performance.now();
        const res = await fetch(url + path, { headers: auth });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const viewSeconds = latencies.reduce((sum, ms) => sum + ms, 0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: (connections * latencies.length) / viewSeconds, p50: at(0.5), p99: at(0.99) };
}

/** Registers the bench account (refused when the data is reused: it exists) and signs in: the authorization header. */
async function signIn(url: string): Promise<Record<string, string>> {
  await post(`${url}/api/auth/register`, ACCOUNT);
  const login = (await (await post(`${url}/api/auth/login`, ACCOUNT)).json()) as { data: { token: string } };
  return { authorization: `Bearer ${login.data.token}` };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}
type Run = Map<string, { sqlite: Figures; postgres: Figures }>;

/** Starts `root`'s service on both engines, measures every list page and stops them again. */
async function measure(label: string, root: string | undefined, sqliteDir: string, postgresDir: string, databaseUrl: string): Promise<Run> {
  const run: Run = new Map();
  const services: ChildService[] = [];
  try {
    // no daily backup: at the first start on a folder it would copy the whole database while the pages are measured
    const sqlite = await startChildService(sqliteDir, { BACKUP_DAILY: 'off' }, root);
    services.push(sqlite);
    const postgres = await startChildService(postgresDir, { DATABASE_URL: databaseUrl, BACKUP_DAILY: 'off' }, root);
    services.push(postgres);
    const engines = [
      { service: sqlite, auth: await signIn(sqlite.url) },
      { service: postgres, auth: await signIn(postgres.url) },
    ];
    log(`\n${label} (load average ${load()})\n`);
    log('| list page | connections | SQLite req/s | PostgreSQL req/s | PG / SQLite | SQLite p50 / p99 ms | PostgreSQL p50 / p99 ms |\n|---|---:|---:|---:|---:|---:|---:|');
    for (const [page, path] of PAGES) {
      for (const { service, auth } of engines) for (let i = 0; i < 3; i++) await (await fetch(service.url + path, { headers: auth })).arrayBuffer();
      for (const connections of CONNECTIONS) {
        const a = await cannon(sqlite.url + path, connections, engines[0]!.auth);
        await settle(sqlite.url, engines[0]!.auth);
        const b = await cannon(postgres.url + path, connections, engines[1]!.auth);
        await settle(postgres.url, engines[1]!.auth);
        run.set(`${page}|${connections}`, { sqlite: a, postgres: b });
        log(`| ${page} | ${connections} | ${fmt(a.rps)} | ${fmt(b.rps)} | ${(b.rps / a.rps).toFixed(2)} | ${a.p50} / ${a.p99} | ${b.p50} / ${b.p99} |`);
      }
      for (const connections of WRITES ? CONNECTIONS.filter((c) => c <= 10) : []) {
        const a = await withWrites(sqlite.url, path, connections, engines[0]!.auth);
        await settle(sqlite.url, engines[0]!.auth);
        const b = await withWrites(postgres.url, path, connections, engines[1]!.auth);
        await settle(postgres.url, engines[1]!.auth);
        const written = `${page}, a write between views`;
        run.set(`${written}|${connections}`, { sqlite: a, postgres: b });
        log(`| ${written} | ${connections} | ${fmt(a.rps)} | ${fmt(b.rps)} | ${(b.rps / a.rps).toFixed(2)} | ${a.p50} / ${a.p99} | ${b.p50} / ${b.p99} |`);
      }
    }
  } finally {
    for (const s of services) await s.stop();
  }
  return run;
}

/** The seeded SQLite folder and PostgreSQL database: kept ones when BENCH_DATA_DIR names them, else fresh. */
async function seeded(): Promise<{ sqliteDir: string; postgresDir: string; databaseUrl: string; cleanUp(): Promise<void> }> {
  const sqliteDir = KEEP ?? (await mkdtemp(join(tmpdir(), 'cargodesk-bench-sqlite-')));
  const postgresDir = KEEP ? `${KEEP}-postgres` : await mkdtemp(join(tmpdir(), 'cargodesk-bench-postgres-'));
  const urlFile = join(postgresDir, 'database-url');
  let database: TestDatabase | undefined;
  const cleanUp = async () => {
    if (KEEP) return;
    await database?.drop();
    await rm(sqliteDir, { recursive: true, force: true });
    await rm(postgresDir, { recursive: true, force: true });
  };
  try {
    log(`seeding ${JSON.stringify(sizes)}`);
    if (existsSync(join(sqliteDir, 'cargodesk.sqlite'))) log(`  SQLite: reusing ${sqliteDir}`);
    else {
      const t = performance.now();
      await seed(sqliteDir, sizes, () => undefined);
      log(`  SQLite seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
    if (existsSync(urlFile)) {
      log(`  PostgreSQL: reusing the database named in ${urlFile}`);
      return { sqliteDir, postgresDir, databaseUrl: (await readFile(urlFile, 'utf8')).trim(), cleanUp };
    }
    database = await createTestDatabase();
    const t = performance.now();
    await mkdir(postgresDir, { recursive: true });
    await seed(postgresDir, sizes, () => undefined, database.url);
    log(`  PostgreSQL seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    // written last: a kept database is named only once it is whole
    if (KEEP) await writeFile(urlFile, database.url);
    return { sqliteDir, postgresDir, databaseUrl: database.url, cleanUp };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

async function main() {
  const started = performance.now();
  log(`${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${load()}`);
  const data = await seeded();
  try {
    const before = BASE_ROOT ? await measure(`before: ${BASE_ROOT}`, BASE_ROOT, data.sqliteDir, data.postgresDir, data.databaseUrl) : undefined;
    if (BASE_ROOT) {
      // this checkout's migrations, timed apart (the service's start would wait for them)
      for (const [engine, open] of [
        ['SQLite', () => openDatabase(join(data.sqliteDir, 'cargodesk.sqlite'))],
        ['PostgreSQL', () => openPostgresDatabase(data.databaseUrl)],
      ] as const) {
        const t = performance.now();
        await (await open()).db.destroy();
        log(`\nthis checkout's migrations on the ${engine} data: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
    }
    const after = await measure(BASE_ROOT ? 'after: this checkout' : 'this checkout', undefined, data.sqliteDir, data.postgresDir, data.databaseUrl);
    if (before) {
      log('\nbefore → after, requests/s (p50 ms)\n');
      log(
        '| list page | connections | SQLite before | SQLite after | PostgreSQL before | PostgreSQL after | PG / SQLite before | PG / SQLite after |\n|---|---:|---:|---:|---:|---:|---:|---:|',
      );
      for (const [key, a] of after) {
        const b = before.get(key)!;
        const [page, connections] = key.split('|');
        const cell = (f: Figures) => `${fmt(f.rps)} (${f.p50})`;
        log(
          `| ${page} | ${connections} | ${cell(b.sqlite)} | ${cell(a.sqlite)} | ${cell(b.postgres)} | ${cell(a.postgres)} | ${(b.postgres.rps / b.sqlite.rps).toFixed(2)} | ${(a.postgres.rps / a.sqlite.rps).toFixed(2)} |`,
        );
      }
    }
    const missed = [...after].filter(([key, { sqlite, postgres }]) => {
      const connections = Number(key.split('|')[1]);
      if (connections > 10) return false;
      return postgres.rps < 0.5 * sqlite.rps || (connections === 1 && postgres.p50 > 20);
    });
    log(
      `\nissue 30's target (PostgreSQL ≥ 0.5 × SQLite's requests/s at 1 and 10 connections, p50 ≤ 20 ms at 1): ${missed.length ? `missed by ${missed.map(([k]) => k.replace('|', ' at ')).join('; ')}` : 'met by every list'}`,
    );
  } finally {
    await data.cleanUp();
  }
  log(`\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
