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
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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

async function cannon(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 10, duration: SECONDS, headers, timeout: 30 });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

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
    log('| list page | req/s without | req/s with streams | ratio | p99 without | p99 with | ratio |\n|---|---:|---:|---:|---:|---:|---:|');
    const totals = { without: { rps: 0, p99: 0 }, with: { rps: 0, p99: 0 } };
    for (const [label, path] of LIST_PAGES) {
      for (let i = 0; i < 3; i++) await (await fetch(url + path, { headers: auth })).arrayBuffer();
      // A B B A: a drift of the machine's load during the page falls on both alike
      const a1 = await cannon(url + path, auth);
      await openStreams();
      const b1 = await cannon(url + path, auth);
      const b2 = await cannon(url + path, auth);
      closeStreams();
      const a2 = await cannon(url + path, auth);
      const without = { rps: (a1.rps + a2.rps) / 2, p99: (a1.p99 + a2.p99) / 2 };
      const withStreams = { rps: (b1.rps + b2.rps) / 2, p99: (b1.p99 + b2.p99) / 2 };
      for (const [k, v] of [
        ['without', without],
        ['with', withStreams],
      ] as const) {
        totals[k].rps += v.rps / LIST_PAGES.length;
        totals[k].p99 += v.p99 / LIST_PAGES.length;
      }
      log(
        `| ${label} | ${fmt(without.rps)} | ${fmt(withStreams.rps)} | ${(withStreams.rps / without.rps).toFixed(2)} | ${fmt(without.p99)} ms | ${fmt(withStreams.p99)} ms | ${(withStreams.p99 / Math.max(without.p99, 1)).toFixed(2)} |`,
      );
    }
    log(
      `| mean of the pages | ${fmt(totals.without.rps)} | ${fmt(totals.with.rps)} | ${(totals.with.rps / totals.without.rps).toFixed(2)} | ${fmt(totals.without.p99)} ms | ${fmt(totals.with.p99)} ms | ${(totals.with.p99 / totals.without.p99).toFixed(2)} |`,
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
