// Posted documents and reservations in the browser (issue 27): a warehouse clerk sees the stock fields
// of a posted outbound order locked ("posted") and changes the others; a manager corrects the
// quantity with a reason, which the audit log shows; the outbound form shows what is available for
// the warehouse, commodity and B/L chosen, and what an order without a B/L would take, before saving.
// The stock summary, the lots and the dashboard show what is reserved and available (a phone card too).
// The screenshots of these pages are taken by scripts/posted-screenshots.ts: tests write no tracked file.
import type { Page } from '@playwright/test';
import { accountWith, adminApi, expect, rowAction, signInAsAdmin, storeSession, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `PD-${U}`, name: `Posted ${U}` };
const COMMODITY = `Nickel ${U}`;
const BL = `PBL${U}`;
const OLD = `POLD${U}`;
const today = new Date().toISOString().slice(0, 10);
let outboundNumber = '';
let clerk = { username: '', password: '' };

const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH.code, name: WH.name });
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: COMMODITY, blNumber: OLD, inboundWeight: 10, inboundDate: '2026-11-01' });
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: COMMODITY, blNumber: BL, inboundWeight: 100, inboundDate: '2026-11-02' });
  const order = await adminApi<{ outboundNumber: string }>(page, 'POST', '/delivery-details', {
    warehouse: WH.code,
    commodity: COMMODITY,
    blNumber: BL,
    quantity: 10,
    unit: 't',
    outboundDate: today,
  });
  outboundNumber = order.outboundNumber;
  // a request approved for 30 t of B/L BL: reserved
  const request = await adminApi<{ id: number }>(page, 'POST', '/apply-delivery', {
    warehouse: WH.code,
    commodity: COMMODITY,
    blNumber: BL,
    quantity: 30,
    unit: 't',
    deliveryDate: today,
  });
  await adminApi(page, 'PUT', `/apply-delivery/${request.id}`, { status: 'approved' });
  clerk = await accountWith(page, `clerk.${U}`.toLowerCase(), ['warehouse']);
  await page.close();
});

test('a warehouse clerk sees the stock fields of a posted order locked and changes the others', async ({ page }) => {
  await signInAsAdmin(page);
  await storeSession(page, clerk);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/warehouse/outbound-orders?outboundNumber=${outboundNumber}`);
  const r = row(page, outboundNumber);
  await r.getByRole('button', { name: 'Edit' }).click();
  const d = drawer(page);
  for (const field of ['warehouse', 'commodity', 'blNumber', 'quantity', 'outboundDate', 'outboundStatus']) {
    const locked = d.getByTestId(`locked-${field}`);
    await expect(locked).toBeDisabled();
  }
  await expect(d.getByTestId('locked-quantity')).toHaveValue('10');
  await expect(d.locator('.ant-input-affix-wrapper-disabled').first()).toContainText('posted');
  await expect(d.locator('.anticon-lock').first()).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await d.getByLabel('Remark').fill('gate pass checked');
  await d.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(d).toBeHidden();
  await expect(page.getByText('Correct…')).toHaveCount(0);
  // cancelling and deleting a posted order need approve: the clerk is not offered them
  await r.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Cancel…|Delete/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // in Chinese: 已过账
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'zh-CN'));
  await page.goto(`/warehouse/outbound-orders?outboundNumber=${outboundNumber}`);
  await row(page, outboundNumber).getByRole('button', { name: '编辑' }).click();
  await expect(drawer(page).locator('.ant-input-affix-wrapper-disabled').first()).toContainText('已过账');
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});

// evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { setItem(key: string, value: string): void };

test('a manager corrects the quantity with a reason; the audit log shows the reason', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/warehouse/outbound-orders?outboundNumber=${outboundNumber}`);
  const r = row(page, outboundNumber);
  await r.getByRole('button', { name: 'Correct…' }).click();
  const d = drawer(page);
  await expect(d).toContainText(`Correct posted ${outboundNumber}`);
  await d.getByLabel('Quantity').fill('8');
  await d.getByLabel('Reason').fill('weighbridge slip says 8 t');
  await d.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(d).toBeHidden();
  await expect(r).toContainText('8.000');

  await page.goto('/admin/audit?entity=outboundOrder');
  const entry = page.locator('tr.ant-table-row').first();
  await entry.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('audit-reason').first()).toContainText('weighbridge slip says 8 t');
});

test('a manager deletes a posted inbound order with a reason; the audit log shows the reason', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const extra = await adminApi<{ inboundNumber: string }>(page, 'POST', '/inventory/inbound', {
    warehouse: WH.code,
    commodity: COMMODITY,
    blNumber: `PDEL${U}`,
    inboundWeight: 5,
    inboundDate: today,
  });
  await page.goto(`/warehouse/inbound-orders?inboundNumber=${extra.inboundNumber}`);
  await rowAction(row(page, extra.inboundNumber), 'Delete…');
  const d = drawer(page);
  await expect(d).toContainText(`Delete posted ${extra.inboundNumber}`);
  await d.getByLabel('Reason').fill('entered twice');
  await d.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${extra.inboundNumber} deleted`)).toBeVisible();
  await expect(row(page, extra.inboundNumber)).toHaveCount(0);

  await page.goto('/admin/audit?entity=inboundOrder&action=delete');
  const entry = page.locator('tr.ant-table-row').first();
  await entry.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId('audit-reason').first()).toContainText('entered twice');
});

test('the outbound form shows what is available and what an order without a B/L would take', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/warehouse/outbound-orders');
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await d.getByLabel('Warehouse').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${WH.name} (${WH.code})`, { exact: true }).click();
  await d.getByLabel('Commodity', { exact: true }).fill(COMMODITY);
  await d.getByLabel('Quantity').fill('15');
  // 110 in, 8 out; 30 reserved by the approved request on BL
  const available = d.getByTestId('availability');
  await expect(available).toContainText('In the warehouse: 72.000 available (30.000 reserved)');
  // oldest lot first: OLD's 10, then what BL has unreserved
  await expect(available).toContainText(`Would take: ${OLD} 10.000, ${BL} 5.000`);
  await d.getByLabel('B/L no.').fill(BL);
  await expect(available).toContainText(`B/L ${BL}: 62.000 available (30.000 reserved)`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await d.getByRole('button', { name: 'Cancel' }).click();

  // in Chinese
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'zh-CN'));
  await page.goto('/warehouse/outbound-orders');
  await page.getByRole('button', { name: /^新\s*建$/ }).click();
  await d.getByLabel('仓库').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${WH.name} (${WH.code})`, { exact: true }).click();
  await d.getByLabel('货物', { exact: true }).fill(COMMODITY);
  await d.getByLabel('数量').fill('15');
  await expect(available).toContainText('仓库内：可用 72.000（已预留 30.000）');
  await expect(available).toContainText(`将出库：${OLD} 10.000, ${BL} 5.000`);
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});

test('the stock summary, the lots and the dashboard show what is reserved and what is available; a phone card shows Available', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  // 110 in, 8 out (corrected above): 102 in stock, 30 reserved by the approved request on BL, 72 available
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  const heads = page.locator('.ant-table-thead th');
  await expect(heads.nth(6)).toHaveText('Reserved');
  await expect(heads.nth(7)).toHaveText('Available');
  const stock = row(page, COMMODITY).getByRole('cell');
  await expect(stock.nth(5)).toHaveText('102.000');
  await expect(stock.nth(6)).toHaveText('30.000');
  await expect(stock.nth(7)).toHaveText('72.000');
  // the total: its label spans the warehouse and commodity columns
  await expect(page.getByTestId('summary-total').getByRole('cell').nth(6)).toHaveText('72.000');

  // the lots: BL holds the reservation (92 in stock, 30 reserved, 62 available), OLD none
  await page.goto(`/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}`);
  const lot = row(page, BL).getByRole('cell');
  await expect(lot.nth(6)).toHaveText('92.000');
  await expect(lot.nth(7)).toHaveText('30.000');
  await expect(lot.nth(8)).toHaveText('62.000');
  const old = row(page, OLD).getByRole('cell');
  await expect(old.nth(7)).toHaveText('0.000');
  await expect(old.nth(8)).toHaveText('10.000');

  // as of a date there are no reservations: no such columns
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}&asOf=${today}`);
  await expect(row(page, COMMODITY).getByRole('cell').nth(5)).toHaveText('102.000');
  await expect(page.locator('.ant-table-thead th').filter({ hasText: /^(Reserved|Available)$/ })).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByTestId('stock-bar').filter({ hasText: COMMODITY }).getByTestId('stock-available')).toHaveText('72.000 available · 30.000 reserved');

  // on a phone: the summary's card and the lot's card carry Available
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  const card = page.getByTestId('list-card').filter({ hasText: WH.name });
  await expect(card.locator('[data-field=availableQuantity]')).toHaveText('Available72.000');
  await expect(card.locator('[data-field=reservedQuantity]')).toHaveText('Reserved30.000');
  await page.goto(`/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}&blNumber=${BL}`);
  await expect(page.getByTestId('list-card').filter({ hasText: BL }).locator('[data-field=availableQuantity]')).toHaveText('Available62.000');
  await page.goto('/');
  await expect(page.getByTestId('stock-available')).toHaveText('72.000 available · 30.000 reserved');

  // in Chinese
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'zh-CN'));
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  await expect(card.locator('[data-field=availableQuantity]')).toHaveText('可用72.000');
  await page.goto(`/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}&blNumber=${BL}`);
  await expect(page.getByTestId('list-card').first()).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  await expect(heads.nth(7)).toHaveText('可用');
  await page.goto(`/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}`);
  await expect(row(page, BL).getByRole('cell').nth(8)).toHaveText('62.000');
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});
