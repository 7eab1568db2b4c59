// Takes the README's screenshots (1366×768, light layout) of the client against a real service on
// a temp data folder: `npx tsx scripts/screenshots.ts` (builds the client first when needed).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.js';
import { startServer } from '../server/start.js';
import { ensureClient, REPO } from './client-build.js';

const out = join(REPO, 'docs', 'screenshots');
await ensureClient();
await mkdir(out, { recursive: true });
const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-shots-'));
// six accounts from this one address: more than the default hourly registration limit lets through
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', registrationsPerAddressPerHour: 20 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(server.url + '/api' + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await res.json()) as { data: any }).data;
  };
  await api('POST', '/auth/register', { username: 'admin', password: 'admin-password-1', displayName: 'Wang Fang', email: 'wang.fang@example.com' });
  const { token } = await api('POST', '/auth/login', { username: 'admin', password: 'admin-password-1' });
  const people = [
    ['li.wei', 'Li Wei', 'active'],
    ['zhang.min', 'Zhang Min', 'active'],
    ['chen.jie', 'Chen Jie', 'disabled'],
    ['zhao.lei', 'Zhao Lei', 'pending'],
    ['sun.hui', 'Sun Hui', 'pending'],
  ] as const;
  for (const [username, displayName, status] of people) {
    const user = await api('POST', '/auth/register', { username, password: 'clerk-password-1', displayName, email: `${username}@example.com` });
    if (status !== 'pending') await api('PUT', `/users/${user.id}`, { status: 'active' }, token);
    if (status === 'disabled') await api('PUT', `/users/${user.id}`, { status: 'disabled' }, token);
  }

  for (const language of ['en-US', 'zh-CN'] as const) {
    const suffix = language === 'en-US' ? '' : '-zh';
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: language, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(server.url + '/login');
    await page.getByRole('button').last().waitFor();
    await page.screenshot({ path: join(out, `login${suffix}.png`) });

    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('admin-password-1');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('current-user').waitFor();
    await page.goto(server.url + '/admin/users');
    await page.getByRole('row').filter({ hasText: 'sun.hui' }).waitFor();
    await page.screenshot({ path: join(out, `users${suffix}.png`) });

    await page.goto(server.url + '/admin/audit');
    // the newest status change: chen.jie disabled, shown before and after
    const row = page
      .locator('tr.ant-table-row')
      .filter({ has: page.locator('.ant-tag-purple') })
      .first();
    await row.waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `audit${suffix}.png`) });
    await context.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
