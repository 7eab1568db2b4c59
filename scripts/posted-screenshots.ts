// Screenshots of posted documents and reservations (issue 27), in English and Chinese, at 1366×768
// and 390×844: a warehouse clerk's edit drawer of a posted outbound order with its stock fields
// locked, the outbound form showing what is available and what an order would take, the stock
// summary and the lots with their reserved and available columns (and cards on a phone), and the
// dashboard's stock panel: docs/screenshots/posted-<shot>[-phone][-zh].png. These were taken by
// test/e2e/posted.spec.ts on every run until the tests stopped writing tracked files.
// Usage: node --import tsx scripts/posted-screenshots.ts
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { takeScreenshots } from './screenshot-service.js';

const WH = { code: 'WH-NB', name: 'Ningbo Beilun yard' };
const COMMODITY = 'Nickel cathode';
const BL = 'COSU6300451';
const OLD = 'COSU6300170';
const CLERK = { username: 'zhao.min', password: 'clerk-password-1' };
const today = new Date().toISOString().slice(0, 10);
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let outboundNumber = '';

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { removeItem(key: string): void };

const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

await takeScreenshots(
  async ({ api, url }) => {
    await api('POST', '/inventory/warehouses', WH);
    await api('POST', '/inventory/inbound', { warehouse: WH.code, commodity: COMMODITY, blNumber: OLD, inboundWeight: 10, inboundDate: '2026-11-01' });
    await api('POST', '/inventory/inbound', { warehouse: WH.code, commodity: COMMODITY, blNumber: BL, inboundWeight: 100, inboundDate: '2026-11-02' });
    const order = await api('POST', '/delivery-details', { warehouse: WH.code, commodity: COMMODITY, blNumber: BL, quantity: 10, unit: 't', outboundDate: today });
    outboundNumber = order.outboundNumber;
    // posted at once; corrected by the admin (approve) with a reason, as the audit log keeps it
    await api('PUT', `/delivery-details/${order.id}`, { quantity: 8, reason: 'weighbridge slip says 8 t' });
    // a request approved for 30 t of B/L BL: reserved
    const request = await api('POST', '/apply-delivery', { warehouse: WH.code, commodity: COMMODITY, blNumber: BL, quantity: 30, unit: 't', deliveryDate: today });
    await api('PUT', `/apply-delivery/${request.id}`, { status: 'approved' });
    // a warehouse clerk who has replaced the temporary password, as at the first sign-in
    const clerk = await api('POST', '/users', { username: CLERK.username, password: 'temporary-pass-1', displayName: 'Zhao Min', roles: ['warehouse'] });
    const signedIn = await fetch(url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: CLERK.username, password: 'temporary-pass-1' }),
    });
    const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
    await fetch(`${url}/api/users/${clerk.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: 'temporary-pass-1', password: CLERK.password }),
    });
  },
  async (page, language, { url, out, signIn }) => {
    const zh = language === 'zh-CN';
    const shoot = async (shot: string, size: typeof DESKTOP) => {
      await page.setViewportSize(size);
      await page.mouse.move(1, 1);
      await page.screenshot({ path: join(out, `posted-${shot}${size === PHONE ? '-phone' : ''}${zh ? '-zh' : ''}.png`) });
    };
    const drawer = page.getByRole('dialog');

    // the clerk: a posted order's stock fields locked
    await page.goto(url + '/login');
    await page.locator('#username').fill(CLERK.username);
    await page.locator('#password').fill(CLERK.password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('current-user').waitFor();
    await page.goto(`${url}/warehouse/outbound-orders?outboundNumber=${outboundNumber}`);
    await row(page, outboundNumber)
      .getByRole('button', { name: zh ? /^编\s*辑$/ : 'Edit' })
      .click();
    await drawer.getByTestId('locked-quantity').waitFor();
    await page.locator('.ant-drawer .anticon-lock').first().waitFor();
    await shoot('locked', DESKTOP);
    await shoot('locked', PHONE);
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.removeItem('cargodesk.tokens'));

    // the admin: what the outbound form would take
    await signIn(page);
    await page.goto(url + '/warehouse/outbound-orders');
    await page.getByRole('button', { name: zh ? /^新\s*建$/ : 'New' }).click();
    await drawer.getByLabel(zh ? '仓库' : 'Warehouse').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${WH.name} (${WH.code})`, { exact: true }).click();
    await drawer.getByLabel(zh ? '货物' : 'Commodity', { exact: true }).fill(COMMODITY);
    await drawer.getByLabel(zh ? '数量' : 'Quantity').fill('15');
    const available = drawer.getByTestId('availability');
    await available.filter({ hasText: OLD }).waitFor();
    await shoot('available', DESKTOP);
    if (!zh) {
      await drawer.getByLabel('B/L no.').fill(BL);
      await available.filter({ hasText: `B/L ${BL}` }).waitFor();
    }
    await shoot('available', PHONE);
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');

    // reserved and available: the stock summary and the lots, on the desktop and as a phone's cards
    await page.goto(`${url}/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
    await row(page, COMMODITY).waitFor();
    await shoot('reserved-summary', DESKTOP);
    await page.goto(`${url}/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}`);
    await row(page, BL).waitFor();
    await shoot('reserved-lots', DESKTOP);
    await page.setViewportSize(PHONE);
    await page.goto(`${url}/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
    await page.getByTestId('list-card').first().waitFor();
    await shoot('reserved-summary', PHONE);
    await page.goto(`${url}/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}&blNumber=${BL}`);
    await page.getByTestId('list-card').first().waitFor();
    await shoot('reserved-lots', PHONE);
    if (zh) return;

    // the dashboard's stock panel (English)
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(url + '/');
      const panel = page.locator('.ant-card').filter({ has: page.getByTestId('stock-bar') });
      await panel.getByTestId('stock-available').first().waitFor();
      await panel.screenshot({ path: join(out, `posted-reserved-dashboard${size === PHONE ? '-phone' : ''}.png`) });
    }
  },
);
