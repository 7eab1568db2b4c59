// Measures how fast a list page shows a 100-row page: 120 inbound orders on a throwaway service,
// then, in Chromium, the time from navigating to /warehouse/inbound-orders?pageSize=100 until the
// 100th row is visible (a cold load with an empty cache, then warm reloads). Prints the figures;
// nothing is asserted. `npx tsx scripts/measure-list.ts` (builds the client first when needed).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath } from './chromium.js';
import { startServer } from '../server/start.js';
import { ensureClient } from './client-build.js';

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { setItem(key: string, value: string): void };
declare const document: { querySelector(selector: string): { textContent: string | null } | null };

const ROWS = 120;
const RUNS = 5;
await ensureClient();
const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-measure-'));
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS, env: chromiumEnv() });
try {
  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + '/api' + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; message: string; data: any };
    if (!json.success) throw new Error(`${method} ${path}: ${json.message}`);
    return json.data;
  };
  await api('POST', '/auth/register', { username: 'admin', password: 'admin-password-1', displayName: 'Wang Fang' });
  const login = await api('POST', '/auth/login', { username: 'admin', password: 'admin-password-1' });
  token = login.token;
  await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: 'Shanghai No. 1' });
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < ROWS; i++)
    await api('POST', '/inventory/inbound', {
      warehouse: 'WH-SH',
      commodity: `copper ${i}`,
      blNumber: `COSU${String(i).padStart(7, '0')}`,
      inboundWeight: 10 + i,
      owner: 'Jia Trading',
      inboundDate: today,
    });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(server.url + '/login');
  await page.evaluate(
    (t) => localStorage.setItem('cargodesk.tokens', JSON.stringify({ token: t.token, refreshToken: t.refreshToken, expiresAt: Date.now() + t.expiresIn * 1000 })),
    login,
  );
  const url = `${server.url}/warehouse/inbound-orders?pageSize=100`;
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const start = Date.now();
    await page.goto(url);
    await page.locator('tbody tr.ant-table-row').nth(99).waitFor({ state: 'visible' });
    times.push(Date.now() - start);
  }
  const [cold, ...warm] = times;
  warm.sort((a, b) => a - b);
  console.log(
    `100-row inbound orders page, navigation to 100th row visible: first load ${cold} ms; reloads ${warm.join(', ')} ms (median ${warm[Math.floor(warm.length / 2)]} ms)`,
  );
  // changing the page of the list (no navigation): from the click to the new page's rows
  const firstRow = page.locator('tbody tr.ant-table-row').first();
  const before = await firstRow.textContent();
  const start = Date.now();
  await page.locator('.ant-pagination-item-2').click();
  await page.waitForFunction((text) => document.querySelector('tbody tr.ant-table-row')?.textContent !== text, before);
  console.log(`next page (rows 101-120) after a click: ${Date.now() - start} ms`);
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
