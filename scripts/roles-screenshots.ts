// Screenshots of the client following the grants (issue 26), in English and Chinese, at 1366×768 and
// on a 390×844 phone: the Users page with its create drawer and the Settings page's rules and grants
// grid (as the admin), a page a viewer may only read, and the 403 page of a page it may not read:
// docs/screenshots/roles-<shot>[-zh][-phone].png.
// Usage: node --import tsx scripts/roles-screenshots.ts
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { takeScreenshots } from './screenshot-service.js';

const VIEWER = { username: 'chen.jing', password: 'viewer-password-1' };
const today = new Date().toISOString().slice(0, 10);

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { removeItem(key: string): void };

async function signInAs(page: Page, url: string, user: { username: string; password: string }) {
  await page.goto(url + '/login');
  await page.locator('#username').fill(user.username);
  await page.locator('#password').fill(user.password);
  await page.locator('button[type=submit]').click();
  await page.getByTestId('current-user').waitFor();
}

await takeScreenshots(
  async ({ api, url }) => {
    const sh = await api('POST', '/inventory/warehouses', { code: 'WH-SH', name: 'Shanghai bonded yard' });
    await api('POST', '/inventory/warehouses', { code: 'WH-NB', name: 'Ningbo Beilun yard' });
    await api('POST', '/inventory/inbound', { warehouse: sh.code, commodity: 'Copper cathode', blNumber: 'COSU6300001', inboundWeight: 500, inboundDate: today });
    await api('POST', '/apply-delivery', {
      blNumber: 'COSU6300001',
      warehouse: sh.code,
      commodity: 'Copper cathode',
      quantity: 40,
      unit: 't',
      deliveryDate: today,
      licensePlate: '沪A12345',
      driverName: 'Zhang Wei',
    });
    await api('POST', '/users', { username: 'li.wei', password: 'temporary-pass-1', displayName: 'Li Wei', roles: ['trader'] });
    await api('POST', '/users', { username: 'zhao.min', password: 'temporary-pass-1', displayName: 'Zhao Min', roles: ['warehouse'], warehouses: ['WH-SH'] });
    await api('POST', '/users', { username: 'sun.li', password: 'temporary-pass-1', displayName: 'Sun Li', roles: ['finance', 'viewer'] });
    // as a new office has it (the screenshot service switches it off for its other scripts)
    await api('PUT', '/settings', { secondPersonApproves: true });
    const viewer = await api('POST', '/users', { username: VIEWER.username, password: 'temporary-pass-1', displayName: 'Chen Jing', roles: ['viewer'] });
    // the viewer replaces its temporary password, as at its first sign-in
    const signedIn = await fetch(url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: VIEWER.username, password: 'temporary-pass-1' }),
    });
    const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
    await fetch(`${url}/api/users/${viewer.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: 'temporary-pass-1', password: VIEWER.password }),
    });
  },
  async (page, language, { url, out, signIn }, screen) => {
    const name = (shot: string) => join(out, `roles-${shot}${language === 'zh-CN' ? '-zh' : ''}${screen.width < 768 ? '-phone' : ''}.png`);
    await signIn(page);

    await page.goto(url + '/admin/users');
    await page.locator('.ant-table-row, [data-testid="list-card"]').first().waitFor();
    await page.getByRole('button', { name: /New user|新建用户/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.locator('#edit_username').fill('wu.hao');
    await drawer.locator('#edit_displayName').fill('Wu Hao');
    await drawer.locator('#edit_roles').click();
    await page.getByTitle(/^(Trader|业务员)$/).click();
    await drawer.locator('.ant-drawer-title').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('users-create') });
    await page.keyboard.press('Escape');

    await page.goto(url + '/admin/settings');
    await page.getByTestId('grant-viewer-finance').waitFor();
    await page.mouse.move(1, 1);
    await page.screenshot({ path: name('settings'), fullPage: true });

    await page.evaluate(() => localStorage.removeItem('cargodesk.tokens'));
    await signInAs(page, url, VIEWER);
    await page.goto(url + '/warehouse/pickup-requests');
    await page.getByTestId('read-only').waitFor();
    await page.locator('.ant-table-row, [data-testid="list-card"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
    await page.mouse.move(1, 1);
    await page.screenshot({ path: name('read-only') });

    await page.goto(url + '/finance/profit-records');
    await page.getByTestId('forbidden').waitFor();
    await page.screenshot({ path: name('forbidden') });
  },
  {
    screens: [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ],
  },
);
