// Measures the client as a phone on a slow link sees it: Lighthouse 12.2.3 (the devDependency, its
// default mobile preset: a Moto G-class screen, 4× CPU slowdown, simulated slow 4G) in Chromium
// (scripts/chromium.ts: Debian's /usr/bin/chromium), on the sign-in page (signed out) and on the
// outbound list (signed in, 20 orders), the median of `--runs` runs (3) of each: performance
// score, FCP, LCP, TBT, speed index, and the JavaScript transferred (compressed, as sent).
//
//   npm run measure:client                     this checkout (builds the client first)
//   npm run measure:client -- --base <dir>     another checkout first, then this one, runs
//                                              alternating, side by side (docs/performance.md)
//   npm run measure:client -- --page list      one page only (`sign-in` or `list`)
//
// Each checkout's own service runs as a child process (`server/main.ts`, its own server code, so a
// checkout without compression is measured without it) on a temp data folder, removed afterwards.
// `--keep <dir>` writes each median run's Lighthouse report (JSON) there. Nothing is asserted.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath } from './chromium.js';
import { REPO } from './client-build.js';
import { startChildService, type ChildService } from '../test/helpers/child-service.js';

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { clear(): void; setItem(key: string, value: string): void };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    base: { type: 'string' },
    keep: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    /** `sign-in` or `list`: measure that page alone (both by default) */
    page: { type: 'string' },
  },
});
const RUNS = Math.max(1, Math.min(15, Number(args.runs) || 3));
const ADMIN = { username: 'admin', password: 'admin-password-1' };
const ORDERS = 20;

interface Target {
  label: string;
  root: string;
  service?: ChildService;
  dataDir?: string;
  tokens?: string;
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** JavaScript as sent (compressed when the service compressed it), bytes */
  js: number;
  /** JavaScript once decoded, bytes */
  jsRaw: number;
  scripts: number;
  /** Lighthouse's measure of the machine's speed at the run (lower on a busy machine); its simulated
   * times scale the CPU time it observed by 4, so a busy machine inflates TBT and LCP */
  benchmarkIndex: number;
  report: string;
}

const ALL_PAGES = [
  { key: 'sign-in', path: '/login', signedIn: false },
  { key: 'outbound list', path: '/warehouse/outbound-orders', signedIn: true },
] as const;
const PAGES = ALL_PAGES.filter((p) => !args.page || p.key.endsWith(args.page));
if (!PAGES.length) throw new Error(`--page: sign-in or list, not ${args.page}`);

function build(root: string) {
  console.log(`building the client of ${root}…`);
  execFileSync(process.execPath, [join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join(root, 'desktop/client/vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

/** An admin, a warehouse, one B/L received, and ORDERS outbound orders shipped against approved pickup requests. */
async function seed(url: string): Promise<string> {
  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; message: string; data: any };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
    return json.data;
  };
  await api('POST', '/auth/register', ADMIN);
  const login = await api('POST', '/auth/login', ADMIN);
  token = login.token;
  await api('PUT', '/settings', { secondPersonApproves: false });
  await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: '上海一号库' });
  const today = new Date().toISOString().slice(0, 10);
  await api('POST', '/inventory/inbound', {
    warehouse: 'WH-SH',
    commodity: '电解铜',
    blNumber: 'COSU6300001',
    blWeight: 1000,
    inboundWeight: 1000,
    owner: '甲公司',
    inboundDate: today,
  });
  for (let i = 0; i < ORDERS; i++) {
    const plate = `沪A${String(10000 + i)}`;
    const pickup = await api('POST', '/apply-delivery', {
      blNumber: 'COSU6300001',
      warehouse: 'WH-SH',
      commodity: '电解铜',
      quantity: 20,
      unit: '吨',
      deliveryDate: today,
      driverName: `司机${i}`,
      licensePlate: plate,
      driverPhone: '13700000000',
    });
    await api('PUT', `/apply-delivery/${pickup.id}`, { status: 'approved' });
    await api('POST', '/delivery-details', {
      deliveryOrderNumber: pickup.orderNumber,
      blNumber: 'COSU6300001',
      warehouse: 'WH-SH',
      commodity: '电解铜',
      quantity: 20,
      unit: '吨',
      outboundDate: today,
      licensePlate: plate,
      driverName: `司机${i}`,
    });
  }
  // the client's stored session (desktop/client/src/api/tokens.ts)
  const fresh = await api('POST', '/auth/login', ADMIN);
  return JSON.stringify({ token: fresh.token, refreshToken: fresh.refreshToken, expiresAt: Date.now() + fresh.expiresIn * 1000 });
}

async function measure(browser: Browser, target: Target, page: (typeof PAGES)[number]): Promise<Run> {
  const tab = await browser.newPage();
  try {
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // the session (or none) is put in place first; Lighthouse then leaves storage alone, and the
    // cache was emptied above, so every run is a first visit of a signed-in (or signed-out) user
    await tab.goto(`${target.service!.url}/favicon.svg`);
    await tab.evaluate(
      (tokens) => {
        localStorage.clear();
        localStorage.setItem('cargodesk.language', 'en-US');
        if (tokens) localStorage.setItem('cargodesk.tokens', tokens);
      },
      page.signedIn ? target.tokens! : '',
    );
    const result = await lighthouse(
      `${target.service!.url}${page.path}`,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      tab as never,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = ((lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] })?.items ?? []).filter(
      (r) => r.resourceType === 'Script',
    );
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      si: numeric('speed-index'),
      cls: numeric('cumulative-layout-shift'),
      js: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      jsRaw: requests.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
      scripts: requests.length,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      report: result.report as string,
    };
  } finally {
    await tab.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const targets: Target[] = [...(args.base ? [{ label: 'base', root: resolve(args.base) }] : []), { label: 'this', root: REPO }];
if (!args['no-build']) for (const t of targets) build(t.root);
const browser = await puppeteer.launch({
  executablePath: await chromiumPath(),
  headless: true,
  args: [...CHROMIUM_ARGS, '--headless=new'],
  env: chromiumEnv() as Record<string, string>,
});
const results = new Map<string, Run[]>();
try {
  for (const t of targets) {
    t.dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-measure-client-'));
    t.service = await startChildService(t.dataDir, { BACKUP_DAILY: 'off' }, t.root);
    t.tokens = await seed(t.service.url);
  }
  // alternating, so a busy moment of the machine falls on both checkouts alike
  for (let run = 0; run < RUNS; run++) {
    for (const page of PAGES) {
      for (const t of targets) {
        const r = await measure(browser, t, page);
        const key = `${t.label}|${page.key}`;
        results.set(key, [...(results.get(key) ?? []), r]);
        console.log(
          `run ${run + 1}/${RUNS} ${t.label} ${page.key}: performance ${r.score}, LCP ${s(r.lcp)}, TBT ${Math.round(r.tbt)} ms, JS ${kb(r.js)} sent, benchmark index ${Math.round(r.benchmarkIndex)}, load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const t of targets) {
    await t.service?.stop();
    if (t.dataDir) await rm(t.dataDir, { recursive: true, force: true });
  }
}

console.log(`\nLighthouse 12.2.3, mobile preset (simulated slow 4G, 4× CPU slowdown), median of ${RUNS}:`);
console.log('| checkout | page | performance | FCP | LCP | TBT | speed index | CLS | JS sent (scripts) | JS decoded | benchmark index |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
if (args.keep) await mkdir(args.keep, { recursive: true });
for (const page of PAGES) {
  for (const t of targets) {
    const runs = results.get(`${t.label}|${page.key}`) ?? [];
    if (!runs.length) continue;
    const m = (f: (r: Run) => number) => median(runs.map(f));
    console.log(
      `| ${t.label} | ${page.key} | ${m((r) => r.score)} | ${s(m((r) => r.fcp))} | ${s(m((r) => r.lcp))} | ${Math.round(m((r) => r.tbt))} ms | ${s(m((r) => r.si))} | ${m((r) => r.cls).toFixed(3)} | ${kb(m((r) => r.js))} (${m((r) => r.scripts)}) | ${kb(m((r) => r.jsRaw))} | ${Math.round(m((r) => r.benchmarkIndex))} |`,
    );
    if (args.keep) {
      const medianRun = runs.find((r) => r.score === m((x) => x.score))!;
      await writeFile(join(args.keep, `${t.label}-${page.key.replace(/\W+/g, '-')}.json`), medianRun.report);
    }
  }
}
