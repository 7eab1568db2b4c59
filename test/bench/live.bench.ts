// `npm run bench -- live` (issue 28 item 5): the list pages with live-refresh streams open beside
// them, side by side with the same pages without. Both phases run against one service on one seeded
// folder, with the same background writes (an inbound order every 500 ms, as clerks posting), and
// alternate per page (without, with, with, without; each figure the mean of its two) so the shared
// machine's load falls on both alike. The figure that counts is the
// ratio with streams / without.
//   BENCH_DATA_DIR=<folder>  keep the seeded folder and reuse it (skips seeding)
//   BENCH_SCALE=10           the fraction of service.bench.ts's volume (default 10: a tenth)
//   BENCH_SECONDS=4          autocannon duration of each measurement
//   LIVE_STREAMS=50          streams open in the second phase (a user may hold 10: 5 users × 10 tabs)
//   LIVE_RATE=20             requests a second of the fixed-rate measurement (the service's CPU time a second)
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildService, type ChildService } from '../helpers/child-service.js';
import { LIST_PAGES } from './list-pages.js';
import { DEFAULT_SIZES, seed, warehouseCode, type SeedSizes } from './seed.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const STREAMS = Number(process.env.LIVE_STREAMS ?? 50);
const sizes = Object.fromEntries(Object.entries(DEFAULT_SIZES).map(([k, v]) => [k, k === 'warehouses' || k === 'commodities' ? v : Math.round(v / SCALE)])) as unknown as SeedSizes;
const log = (line = '') => console.log(line);
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** CPU time (user + system) the process has used so far, in ms (Linux: /proc/<pid>/stat, 100 ticks a second). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * 10 connections for SECONDS: as fast as they go (`rate` absent: requests/s, p99), or at a fixed
 * `rate` of requests a second (the same work in both phases: the service's CPU time a second and p50).
 */
async function cannon(url: string, headers: Record<string, string>, pid: number, rate?: number) {
  const cpu = await cpuMs(pid);
  const result = await autocannon({ url, connections: 10, duration: SECONDS, headers, timeout: 30, ...(rate ? { overallRate: rate } : {}) });
  const cpuPerSecond = ((await cpuMs(pid)) - cpu) / SECONDS;
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu: cpuPerSecond };
}
const RATE = Number(process.env.LIVE_RATE ?? 20);

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'cargodesk-bench-live-')));
  log(
    `${new Date().toISOString()}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (!existsSync(join(dataDir, 'cargodesk.sqlite'))) {
    log(`seeding ${dataDir}: ${JSON.stringify(sizes)}`);
    await seed(dataDir, sizes, log);
  }
  let service: ChildService | undefined;
  const streams: AbortController[] = [];
  let writing = true;
  try {
    service = await startChildService(dataDir, { BACKUP_DAILY: 'off', EVENT_STREAMS_PER_USER: String(STREAMS), EVENT_STREAMS_TOTAL: String(STREAMS) });
    const url = service.url;
    const post = async (path: string, body: unknown, token?: string) =>
      (await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as { data: Record<string, string> };
    const account = { username: 'bench', password: 'bench-password-1' };
    await post('/api/auth/register', account);
    const token = (await post('/api/auth/login', account)).data.token!;
    const auth = { authorization: `Bearer ${token}` };

    // the clerks: an inbound order every 500 ms in both phases; each publishes warehouse, stock and audit
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await post('/api/inventory/inbound', { warehouse: warehouseCode(1), commodity: 'commodity-1', inboundWeight: 1, inboundDate: '2026-11-20' }, token);
        written++;
        await new Promise((r) => setTimeout(r, 500));
      }
    })();

    let received = 0;
    const openStreams = async () => {
      for (let i = 0; i < STREAMS; i++) {
        const ticket = (await post('/api/events/ticket', {}, token)).data.ticket!;
        const abort = new AbortController();
        const res = await fetch(`${url}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal });
        if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`);
        streams.push(abort);
        void (async () => {
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              received += decoder.decode(value).split('event: change').length - 1;
            }
          } catch {
            // closed
          }
        })();
      }
    };
    const closeStreams = () => {
      for (const s of streams.splice(0)) s.abort();
    };

    log(`\n${STREAMS} streams open vs none, 10 connections, ${SECONDS} s each, an inbound order every 500 ms throughout\n`);
    const pid = service.pid;
    const mean = (xs: number[]) => xs.reduce((t, x) => t + x, 0) / xs.length;
    /** without, with, with, without: a drift of the machine's load during the page falls on both alike */
    const abba = async (path: string, rate?: number) => {
      const a1 = await cannon(url + path, auth, pid, rate);
      await openStreams();
      const b1 = await cannon(url + path, auth, pid, rate);
      const b2 = await cannon(url + path, auth, pid, rate);
      closeStreams();
      const a2 = await cannon(url + path, auth, pid, rate);
      const both = (x: typeof a1, y: typeof a1) => ({ rps: mean([x.rps, y.rps]), p50: mean([x.p50, y.p50]), p99: mean([x.p99, y.p99]), cpu: mean([x.cpu, y.cpu]) });
      return { without: both(a1, a2), with: both(b1, b2) };
    };
    const ratio = (x: number, y: number) => (y ? (x / y).toFixed(2) : 'n/a');
    const sums = { rps: [0, 0], p99: [0, 0], cpu: [0, 0], p50: [0, 0] };
    log(`| list page | req/s without | with | ratio | p99 without | with | ratio | CPU ms/s at ${RATE} req/s without | with | ratio | p50 at ${RATE} req/s without | with |`);
    log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [label, path] of LIST_PAGES) {
      for (let i = 0; i < 3; i++) await (await fetch(url + path, { headers: auth })).arrayBuffer();
      const full = await abba(path);
      const fixed = await abba(path, RATE);
      for (const [k, i] of [
        ['without', 0],
        ['with', 1],
      ] as const) {
        sums.rps[i]! += full[k].rps;
        sums.p99[i]! += full[k].p99;
        sums.cpu[i]! += fixed[k].cpu;
        sums.p50[i]! += fixed[k].p50;
      }
      log(
        `| ${label} | ${fmt(full.without.rps)} | ${fmt(full.with.rps)} | ${ratio(full.with.rps, full.without.rps)} | ${fmt(full.without.p99)} ms | ${fmt(full.with.p99)} ms | ${ratio(full.with.p99, full.without.p99)} | ${fmt(fixed.without.cpu)} | ${fmt(fixed.with.cpu)} | ${ratio(fixed.with.cpu, fixed.without.cpu)} | ${fmt(fixed.without.p50)} ms | ${fmt(fixed.with.p50)} ms |`,
      );
    }
    const n = LIST_PAGES.length;
    log(
      `| mean of the pages | ${fmt(sums.rps[0]! / n)} | ${fmt(sums.rps[1]! / n)} | ${ratio(sums.rps[1]!, sums.rps[0]!)} | ${fmt(sums.p99[0]! / n)} ms | ${fmt(sums.p99[1]! / n)} ms | ${ratio(sums.p99[1]!, sums.p99[0]!)} | ${fmt(sums.cpu[0]! / n)} | ${fmt(sums.cpu[1]! / n)} | ${ratio(sums.cpu[1]!, sums.cpu[0]!)} | ${fmt(sums.p50[0]! / n)} ms | ${fmt(sums.p50[1]! / n)} ms |`,
    );
    writing = false;
    await writer;
    log(`\n${written} inbound orders written; ${received} change events received by the streams`);
  } finally {
    writing = false;
    for (const s of streams) s.abort();
    await service?.stop();
    if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
