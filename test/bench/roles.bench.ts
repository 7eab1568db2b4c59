// `npm run bench roles` (issue 26, point 8): what the roles cost a list page. The service of the code
// before the roles ("before") and this one ("after") serve the same seeded data side by side in one
// run, on SQLite and on PostgreSQL, and each list page of list-pages.ts is measured on both in turn
// (before, after, before, after, …), as the same kind of user: an older release's staff before, the
// manager it becomes after. Every request is authorized after: the user and the version of the
// grants are read in one query, the route's level is checked; the warehouse lists take the scope.
//   BENCH_SCALE=10            a tenth of the volume (the figures of docs/performance.md)
//   BENCH_SECONDS=4           autocannon duration of each measurement
//   BENCH_ROUNDS=3            measurements of each side per page and connection count, alternated
//   BENCH_BASE_ROOT=<folder>  the "before" checkout; by default the commit before migration 014, taken
//                             with `git archive` into a temp folder that shares this node_modules
// The data is seeded once per engine by the "before" code (its migrations end at 013) and copied; the
// "after" service migrates its copy at start (014–015 add no rows a list reads).
// Then, in this one process and many times over, alternating, what authorizing one request costs:
// the "before" code's authenticate and this one's with the route's level check, on the same database
// and token, beside the work of one list page (the pickup requests' page): a figure the load of a
// shared machine moves far less than requests/s.
import autocannon from 'autocannon';
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startChildService, type ChildService } from '../helpers/child-service.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';
import type { Middleware } from 'koa';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import type { Db } from '../../server/db/tables.js';
import { authenticate, requireLevel } from '../../server/http/auth.js';
import { listPickups } from '../../server/routes/warehouse/pickup-requests/pickup-requests.service.js';
import { pickupListQuery } from '../../shared/warehouse.js';
import { LIST_PAGES } from './list-pages.js';
import { DEFAULT_SIZES, warehouseCode, type SeedSizes } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const sizes = Object.fromEntries(Object.entries(DEFAULT_SIZES).map(([k, v]) => [k, k === 'warehouses' || k === 'commodities' ? v : Math.round(v / SCALE)])) as unknown as SeedSizes;
const REPO = join(import.meta.dirname, '..', '..');
/** every list's requests/s after within 5 % of before (issue 26, point 8) */
const TARGET = 0.95;
const log = (line = '') => console.log(line);
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const temps: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `cargodesk-bench-${name}-`));
  temps.push(dir);
  return dir;
};

/** The checkout before the roles: BENCH_BASE_ROOT, or the parent of the commit that added migration 014. */
async function baseRoot(): Promise<string> {
  if (process.env.BENCH_BASE_ROOT) return process.env.BENCH_BASE_ROOT;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO }).toString().trim();
  const added = git('log', '--format=%H', '--diff-filter=A', '--', 'server/db/migrations/014-roles.ts').split('\n').pop()!;
  const rev = git('rev-parse', `${added}^`);
  const dir = await tempDir('before');
  execFileSync('sh', ['-c', `git archive ${rev} | tar -x -C ${dir}`], { cwd: REPO });
  await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  log(`before: ${rev.slice(0, 7)} (git archive in ${dir})`);
  return dir;
}

/** Seeds `dataDir` (and the database at `url`) with the seed script of the checkout at `root`. */
function seedWith(root: string, dataDir: string, url?: string): void {
  const script = `const { seed } = await import(${JSON.stringify(pathToFileURL(join(root, 'test/bench/seed.ts')).href)});
await seed(${JSON.stringify(dataDir)}, ${JSON.stringify(sizes)}, () => {}, ${JSON.stringify(url)});
process.exit(0);`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`seeding with ${root} failed`);
}

async function cannon(url: string, connections: number, headers: Record<string, string>) {
  const result = await autocannon({ url, connections, duration: SECONDS, headers, timeout: 30 });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result.requests.average;
}

/**
 * The admin (the first account) and a clerk it activates: staff before, a manager after (the body's
 * roles are ignored by the older code, as unknown fields are). `warehouses`: the clerk's scope.
 */
async function signInClerk(url: string, name: string, warehouses?: string[]): Promise<Record<string, string>> {
  const call = async (method: string, path: string, body: unknown, token?: string) =>
    (await (
      await fetch(url + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
    ).json()) as { data: { id: number; token: string } };
  const password = 'bench-password-1';
  await call('POST', '/api/auth/register', { username: 'bench-admin', password });
  const admin = (await call('POST', '/api/auth/login', { username: 'bench-admin', password })).data.token;
  const clerk = (await call('POST', '/api/auth/register', { username: name, password })).data;
  await call('PUT', `/api/users/${clerk.id}`, { status: 'active', roles: ['manager'], ...(warehouses ? { warehouses } : {}) }, admin);
  return { authorization: `Bearer ${(await call('POST', '/api/auth/login', { username: name, password })).data.token}` };
}

/**
 * µs per call, in this process: the "before" code's authenticate, this code's authenticate with the
 * level check of GET /apply-delivery, and that route's list work (one page of pending requests), in
 * alternating blocks over the same reader and the same token of the "after" clerk.
 */
async function authorizationCost(engine: string, root: string, db: { db: Db; reader: Db }, dataDir: string, token: string) {
  const older = (await import(pathToFileURL(join(root, 'server/http/auth.ts')).href)) as { authenticate: typeof authenticate };
  const secret = (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim();
  const ctx = () =>
    ({
      header: { authorization: `Bearer ${token}` },
      state: {},
      method: 'GET',
      path: '/api/apply-delivery',
      request: {},
      throw: (status: number) => {
        throw new Error(`refused ${status}`);
      },
    }) as never;
  const done = async () => undefined;
  const [authBefore, authAfter, level] = [older.authenticate(db.reader, secret), authenticate(db.reader, secret), requireLevel('pickup', 'read')] as Middleware[];
  const work = {
    before: () => authBefore!(ctx(), done),
    after: () => {
      const c = ctx();
      return authAfter!(c, () => level!(c, done));
    },
    list: () => listPickups(db.reader, pickupListQuery.parse({ status: 'pending' }), { warehouseIds: null }),
  };
  const total = { before: 0, after: 0, list: 0 };
  const [BLOCKS, PER_BLOCK] = [20, 200];
  for (let block = 0; block < BLOCKS; block++) {
    const order = block % 2 ? (['after', 'list', 'before'] as const) : (['before', 'list', 'after'] as const);
    for (const side of order) {
      const t = performance.now();
      for (let i = 0; i < PER_BLOCK; i++) await work[side]();
      total[side] += performance.now() - t;
    }
  }
  const us = (side: keyof typeof total) => (total[side] * 1000) / (BLOCKS * PER_BLOCK);
  const added = us('after') - us('before');
  log(`\n${engine}, in process (${BLOCKS * PER_BLOCK} calls each, alternating): authorizing a request before ${fmt(us('before'))} µs, after ${fmt(us('after'))} µs`);
  log(
    `  (${added >= 0 ? '+' : '−'}${fmt(Math.abs(added))} µs); one page of pending pickup requests ${fmt(us('list'))} µs: the roles add ${((added / (us('before') + us('list'))) * 100).toFixed(1)} % to authorizing and listing it`,
  );
}

async function engineRun(engine: string, before: ChildService, after: ChildService) {
  const auth = { before: await signInClerk(before.url, 'bench-clerk'), after: await signInClerk(after.url, 'bench-clerk') };
  const scoped = await signInClerk(after.url, 'bench-scoped', [warehouseCode(0)]);
  log(`\n${engine}\n\n| list page | connections | before req/s | after req/s | after / before | target | met? |\n|---|---:|---:|---:|---:|---|---|`);
  const missed: string[] = [];
  for (const [label, path] of LIST_PAGES) {
    for (const [service, headers] of [
      [before, auth.before],
      [after, auth.after],
    ] as const)
      for (let i = 0; i < 3; i++) await (await fetch(service.url + path, { headers })).arrayBuffer();
    for (const connections of [1, 10]) {
      const sums = { before: 0, after: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        // the side measured first alternates too, so neither always follows the other
        const sides = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
        for (const side of sides) sums[side] += await cannon((side === 'before' ? before : after).url + path, connections, auth[side]);
      }
      const ratio = sums.after / sums.before;
      if (ratio < TARGET) missed.push(`${label} at ${connections}`);
      log(`| ${label} | ${connections} | ${fmt(sums.before / ROUNDS)} | ${fmt(sums.after / ROUNDS)} | ${ratio.toFixed(2)} | ≥ ${TARGET} | ${ratio >= TARGET ? 'yes' : '**no**'} |`);
    }
  }
  log(`\nA manager limited to one warehouse (${warehouseCode(0)} of ${sizes.warehouses}), after, 10 connections (a smaller answer: not a comparison):\n`);
  log('| list page | req/s |\n|---|---:|');
  for (const [label, path] of LIST_PAGES.filter(([, p]) => /ledger|apply-delivery|delivery-details\?outbound/.test(p))) {
    await (await fetch(after.url + path, { headers: scoped })).arrayBuffer();
    log(`| ${label} | ${fmt(await cannon(after.url + path, 10, scoped))} |`);
  }
  return { missed, token: auth.after.authorization!.slice('Bearer '.length) };
}

async function main() {
  const started = performance.now();
  log(`${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${load()}, scale 1/${SCALE}`);
  const root = await baseRoot();
  const databases: TestDatabase[] = [];
  const services: ChildService[] = [];
  const missed: string[] = [];
  try {
    // SQLite: seeded by the older code, the folder copied for the newer
    const sqliteBefore = await tempDir('sqlite-before');
    let t = performance.now();
    seedWith(root, sqliteBefore);
    const sqliteAfter = await tempDir('sqlite-after');
    await cp(sqliteBefore, sqliteAfter, { recursive: true });
    log(`SQLite seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    // PostgreSQL: the same, the database copied as a template
    const pgBefore = await createTestDatabase();
    databases.push(pgBefore);
    t = performance.now();
    seedWith(root, await tempDir('pg-before'), pgBefore.url);
    const pgAfter = await createTestDatabase({ copyOf: pgBefore });
    databases.push(pgAfter);
    log(`PostgreSQL seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);

    const start = async (dir: string, code: string | undefined, env: Record<string, string> = {}) => {
      const service = await startChildService(dir, env, code);
      services.push(service);
      return service;
    };
    const sqliteRun = await engineRun('SQLite', await start(sqliteBefore, root), await start(sqliteAfter, REPO));
    missed.push(...sqliteRun.missed.map((m) => `SQLite: ${m}`));
    for (const s of services.splice(0)) await s.stop();
    const pgAfterDir = await tempDir('pg-after-dir');
    const pgServices = [await start(await tempDir('pg-before-dir'), root, { DATABASE_URL: pgBefore.url }), await start(pgAfterDir, REPO, { DATABASE_URL: pgAfter.url })];
    const pgRun = await engineRun('PostgreSQL', pgServices[0]!, pgServices[1]!);
    missed.push(...pgRun.missed.map((m) => `PostgreSQL: ${m}`));
    for (const s of services.splice(0)) await s.stop();

    const sqlite = await openDatabase(join(sqliteAfter, 'cargodesk.sqlite'));
    await authorizationCost('SQLite', root, sqlite, sqliteAfter, sqliteRun.token).finally(() => sqlite.db.destroy());
    const postgres = await openPostgresDatabase(pgAfter.url);
    await authorizationCost('PostgreSQL', root, postgres, pgAfterDir, pgRun.token).finally(() => postgres.db.destroy());
  } finally {
    for (const s of services) await s.stop();
    for (const d of databases) await d.drop();
    for (const dir of temps) await rm(dir, { recursive: true, force: true });
  }
  log(`\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${load()}`);
  log(missed.length ? `below ${TARGET} × before: ${missed.join('; ')}` : `every list within ${Math.round((1 - TARGET) * 100)} % of before`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
