// `npm run bench` (issue 10): seeds a data folder at realistic volume (test/bench/seed.ts), then
// measures the running service with autocannon, each figure next to a baseline measured in the
// same run: a bare node:http server answering the same query with prepared better-sqlite3
// statements on the same database file (test/bench/bare-server.mjs).
//   BENCH_DATA_DIR=<folder>  keep the seeded folder and reuse it on the next run (skips seeding)
//   BENCH_SCALE=10           a tenth of the volume, for development
//   BENCH_SECONDS=4          autocannon duration of each measurement
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryOf, freePort, startChildService, type ChildService } from '../helpers/child-service.js';
import { LIST_PAGES } from './list-pages.js';
import { DEFAULT_SIZES, seed, type SeedSizes } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const sizes: SeedSizes = Object.fromEntries(
  Object.entries(DEFAULT_SIZES).map(([k, v]) => [k, k === 'warehouses' || k === 'commodities' ? v : Math.round(v / SCALE)]),
) as unknown as SeedSizes;
const log = (line = '') => console.log(line);
const REPO = join(import.meta.dirname, '..', '..');

interface Row {
  figure: string;
  value: number;
  baseline: number;
  unit: string;
  /** ratio = value / baseline; for times and memory lower is better */
  target?: string;
  met?: boolean;
}
const rows: Row[] = [];
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
function record(row: Row) {
  rows.push(row);
  // autocannon's latencies are whole milliseconds: a baseline of 0 ms has no ratio
  const ratio = row.baseline ? (row.value / row.baseline).toFixed(2) : 'n/a';
  log(
    `| ${row.figure} | ${fmt(row.value)} ${row.unit} | ${fmt(row.baseline)} ${row.unit} | ${ratio} | ${row.target ?? ''} | ${row.met === undefined ? '' : row.met ? 'yes' : '**no**'} |`,
  );
}

function startBare(dbFile: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), dbFile, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
}

async function cannon(url: string, connections: number, headers: Record<string, string> = {}, seconds = SECONDS) {
  const result = await autocannon({ url, connections, duration: seconds, headers, timeout: 30 });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Time from spawning `command` to the first 200 of /health. */
async function coldStart(command: string[], env: Record<string, string>, port: number): Promise<number> {
  const start = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited ${child.exitCode}: ${errors}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - start) / 1000;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    // npm exits before the service it started has closed (a first close after seeding checkpoints a
    // large WAL); the next start on the folder must wait until the whole group is gone.
    const groupAlive = () => {
      try {
        process.kill(-child.pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (groupAlive()) await new Promise((r) => setTimeout(r, 20));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'cargodesk-bench-')));
  const dbFile = join(dataDir, 'cargodesk.sqlite');
  const started = performance.now();
  log(
    `${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (existsSync(dbFile)) log(`reusing the seeded folder ${dataDir}`);
  else {
    log(`seeding ${dataDir}: ${JSON.stringify(sizes)}`);
    const t = performance.now();
    await seed(dataDir, sizes, log);
    log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }

  let service: ChildService | undefined;
  let bare: ChildProcess | undefined;
  try {
    // Cold start first, while nothing else of ours runs: npm start to a healthy answer, 3 times each.
    log('\n| figure | Cargodesk | baseline | ratio | target | met? |\n|---|---:|---:|---:|---|---|');
    const bareStart = (dir: string) => [process.execPath, join(import.meta.dirname, 'bare-server.mjs'), join(dir, 'cargodesk.sqlite')];
    const npm = ['npm', 'start', '--silent'];
    // one start not counted: rebuilds the server bundle if a source changed, fills the OS file cache
    const warmDir = await mkdtemp(join(tmpdir(), 'cargodesk-bench-warm-'));
    await coldStart(npm, { DATA_DIR: warmDir }, await freePort());
    await rm(warmDir, { recursive: true, force: true });
    const emptyDir = await mkdtemp(join(tmpdir(), 'cargodesk-bench-empty-'));
    for (const [label, dir] of [
      ['empty', emptyDir],
      ['seeded', dataDir],
    ] as const) {
      const ours: number[] = [];
      const base: number[] = [];
      for (let i = 0; i < 3; i++) {
        const port = await freePort();
        ours.push(await coldStart(npm, { DATA_DIR: dir }, port));
        if (label === 'empty' && i === 0) continue; // the first start on an empty folder creates the database
        const bport = await freePort();
        base.push(await coldStart([...bareStart(dir), String(bport)], {}, bport));
      }
      const value = label === 'empty' ? ours[0]! : median(ours);
      record({
        figure: `cold start, ${label} folder (npm start → /health 200${label === 'seeded' ? ', median of 3' : ', first start'})`,
        value,
        baseline: median(base),
        unit: 's',
        target: label === 'seeded' ? '< 2 s' : undefined,
        met: label === 'seeded' ? value < 2 : undefined,
      });
    }
    await rm(emptyDir, { recursive: true, force: true });

    // no daily backup: at the first start on a folder it would copy the whole database while the pages are measured
    service = await startChildService(dataDir, { BACKUP_DAILY: 'off' });
    const barePort = await freePort();
    bare = await startBare(dbFile, barePort);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const account = { username: 'bench', password: 'bench-password-1' };
    const post = (path: string, body: unknown, token?: string) =>
      fetch(service!.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    await post('/api/auth/register', account); // refused when the folder is reused: the account exists
    const login = (await (await post('/api/auth/login', account)).json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${login.data.token}` };

    // A 10 MB upload, first, on a fresh process: seconds and resident memory it adds.
    const invoice = (await (await fetch(`${service.url}/api/corp-finances/upstream-invoices?pageSize=1`, { headers: auth })).json()) as { data: { items: { id: number }[] } };
    const recordId = invoice.data.items[0]!.id;
    const tenMb = Buffer.alloc(10 * 1024 * 1024, 0x41);
    tenMb.write('%PDF-1.4\n');
    const uploadOnce = async (url: string, pid: number, multipart: boolean) => {
      const before = await memoryOf(pid);
      const t = performance.now();
      const body = multipart
        ? (() => {
            const f = new FormData();
            f.append('files', new Blob([tenMb], { type: 'application/pdf' }), 'scan.pdf');
            return f;
          })()
        : tenMb;
      const res = await fetch(url, { method: 'POST', headers: multipart ? auth : {}, body });
      const json = (await res.json()) as { data: unknown };
      if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
      const seconds = (performance.now() - t) / 1000;
      const after = await memoryOf(pid);
      return { seconds, added: after.peakMb - before.rssMb, json };
    };
    const ours = await uploadOnce(`${service.url}/api/corp-finances/upstream-invoices/${recordId}/upload`, service.pid, true);
    const theirs = await uploadOnce(`${bareUrl}/upload`, bare.pid!, false);
    // remove the stored file again so that the seeded folder stays as seeded
    const files = ((ours.json as { files?: { id: number }[] }).files ?? []).slice(-1);
    for (const f of files) await fetch(`${service.url}/api/corp-finances/upstream-invoices/${recordId}/files/${f.id}`, { method: 'DELETE', headers: auth });
    record({ figure: '10 MB upload (multipart, stored with its record): seconds', value: ours.seconds, baseline: theirs.seconds, unit: 's' });
    record({ figure: '10 MB upload: peak RSS above RSS before', value: ours.added, baseline: theirs.added, unit: 'MB', target: '< 20 MB', met: ours.added < 20 });

    // Single-connection latency of the stock summary and one stock's ledger.
    const warm = async (url: string, headers = {}) => {
      for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
    };
    const latency = async (label: string, path: string, barePath: string) => {
      await warm(service!.url + path, auth);
      await warm(bareUrl + barePath);
      const a = await cannon(service!.url + path, 1, auth);
      const b = await cannon(bareUrl + barePath, 1);
      record({ figure: `${label}: p50`, value: a.p50, baseline: b.p50, unit: 'ms' });
      record({ figure: `${label}: p99`, value: a.p99, baseline: b.p99, unit: 'ms', target: '< 50 ms', met: a.p99 < 50 });
    };
    await latency(`stock summary (${sizes.warehouses * sizes.commodities} stocks, 1 connection)`, '/api/inventory/summary', '/summary');
    await latency(
      'ledger of one warehouse and commodity (1 connection)',
      '/api/inventory/ledger?warehouse=W3&commodity=commodity-7',
      '/ledger-stock?warehouse=W3&commodity=commodity-7',
    );

    // A filtered page of each big list at 1, 10 and 50 connections.
    for (const [label, path, barePath] of LIST_PAGES) {
      await warm(service.url + path, auth);
      await warm(bareUrl + barePath);
      for (const connections of [1, 10, 50]) {
        const a = await cannon(service.url + path, connections, auth);
        const b = await cannon(bareUrl + barePath, connections);
        const at10 = connections === 10;
        record({
          figure: `${label}, ${connections} conn.: requests/s`,
          value: a.rps,
          baseline: b.rps,
          unit: 'req/s',
          target: at10 ? '≥ 0.60 × baseline' : undefined,
          met: at10 ? a.rps >= 0.6 * b.rps : undefined,
        });
        record({ figure: `${label}, ${connections} conn.: p50`, value: a.p50, baseline: b.p50, unit: 'ms' });
        record({
          figure: `${label}, ${connections} conn.: p99`,
          value: a.p99,
          baseline: b.p99,
          unit: 'ms',
          target: at10 ? '< 25 ms' : undefined,
          met: at10 ? a.p99 < 25 : undefined,
        });
      }
    }
  } finally {
    await service?.stop();
    bare?.kill();
    if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  }
  const missed = rows.filter((r) => r.met === false);
  log(
    `\n${rows.filter((r) => r.met !== undefined).length - missed.length} targets met, ${missed.length} missed${missed.length ? `: ${missed.map((r) => r.figure).join('; ')}` : ''}`,
  );
  log(
    `whole run ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await writeFile(join(tmpdir(), 'cargodesk-bench-last.json'), JSON.stringify(rows, null, 1));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
