// Master data in the browser: a commodity added on its catalog page is offered while typing in a
// warehouse form and fills its default unit; an outbound order started from an open pickup request
// takes its warehouse, commodity, B/L number, plate, driver and the quantity left, and the pickup list
// then shows what is shipped and what remains.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, expect, openFromMenu, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const COMMODITY = `Nickel Plate ${U}`;
const WH = { code: `MD-${U}`, name: `Master ${U}` };
const BL = `MDBL${U}`;

const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

async function save(page: Page) {
  await drawer(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(drawer(page)).toBeHidden();
}

async function fillDate(scope: Locator, label: string, date: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

async function apiAs(request: APIRequestContext) {
  const login = await (await request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } })).json();
  const headers = { authorization: `Bearer ${login.data.token as string}` };
  return async (method: 'post' | 'put', path: string, data: Record<string, unknown>) => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()).data as Record<string, unknown>;
  };
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('a commodity of the catalog is offered while typing and fills its default unit', async ({ page }) => {
  await openFromMenu(page, 'Master data', 'Commodities', /\/master-data\/commodities/);
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await d.getByLabel('Name').fill(COMMODITY);
  await d.getByLabel('Default unit').fill('kg');
  await save(page);
  await expect(row(page, COMMODITY)).toContainText('kg');
  await expect(row(page, COMMODITY)).toContainText('Active');

  await page.goto('/warehouse/pickup-requests');
  await page.getByRole('button', { name: 'New' }).click();
  await d.getByLabel('Commodity', { exact: true }).fill(`nickel plate ${U.toLowerCase()}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: COMMODITY }).click();
  await expect(d.getByLabel('Commodity', { exact: true })).toHaveValue(COMMODITY);
  await expect(d.getByLabel('Unit', { exact: true })).toHaveValue('kg');
  await d.getByRole('button', { name: 'Cancel' }).click();
});

test('an outbound order starts from an open pickup request; the pickup list shows shipped and remaining', async ({ page }) => {
  const call = await apiAs(page.request);
  const today = new Date().toISOString().slice(0, 10);
  await call('post', '/inventory/warehouses', WH);
  await call('post', '/inventory/inbound', { warehouse: WH.code, commodity: COMMODITY, blNumber: BL, inboundWeight: 100, inboundDate: today });
  const pickup = await call('post', '/apply-delivery', {
    blNumber: BL,
    warehouse: WH.code,
    commodity: COMMODITY,
    quantity: 25,
    unit: 'kg',
    deliveryDate: today,
    licensePlate: `沪M${U}`,
    driverName: 'Chen Gang',
  });
  await call('put', `/apply-delivery/${pickup.id as number}`, { status: 'approved' });
  await call('post', '/delivery-details', { deliveryOrderNumber: pickup.orderNumber, warehouse: WH.code, commodity: COMMODITY, quantity: 10, outboundDate: today });

  await page.goto('/warehouse/outbound-orders');
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await d.getByLabel('Pickup request').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option-content')
    .filter({ hasText: pickup.orderNumber as string })
    .click();
  await expect(d.getByLabel('Commodity', { exact: true })).toHaveValue(COMMODITY);
  await expect(d.getByLabel('B/L no.')).toHaveValue(BL);
  await expect(d.getByLabel('License plate')).toHaveValue(`沪M${U}`);
  await expect(d.getByLabel('Driver', { exact: true })).toHaveValue('Chen Gang');
  await expect(d.getByLabel('Quantity')).toHaveValue('15');
  await expect(d.getByText(`${WH.name} (${WH.code})`)).toBeVisible();
  await fillDate(d, 'Outbound date', today);
  await save(page);

  await page.goto('/warehouse/pickup-requests');
  const r = row(page, pickup.orderNumber as string);
  // the shared test machine can be slow to answer the first list
  await expect(r).toContainText('Completed', { timeout: 30_000 });
  await expect(r).toContainText('25.000 kg');
  await expect(r).toContainText('0.000 kg');
});
