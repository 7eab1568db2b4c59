// The trading desk in the browser, in English and Chinese: a contract's unit, currency and tolerance
// in its detail; the open position of one commodity (its figures, its months, a figure's link to the
// contracts behind it, its chart) and the B/L weights with the lot short beyond its tolerance first.
import type { Page } from '@playwright/test';
import { adminApi, expect, openFromMenu, PDF, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const COMMODITY = `Zinc ${U}`;
const WH = `DK-${U}`;
const BL = [`DK${U}A`, `DK${U}B`];
const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);
let seeded = false;

async function seed(page: Page) {
  if (seeded) return;
  seeded = true;
  await adminApi(page, 'POST', '/commodities', { name: COMMODITY, unit: 't' });
  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH, name: `Desk ${WH}` });
  const contract = (fields: Record<string, string>) =>
    adminApi(
      page,
      'POST',
      '/contract/upload',
      { buyParty: 'Us', sellParty: 'Them', commodity: COMMODITY, deliveryTime: month, ...fields, files: { name: 'c.pdf', mimeType: 'application/pdf', buffer: PDF } },
      true,
    );
  await contract({
    name: `Zinc buy ${U}`,
    contractType: '1',
    contractCode: `ZB-${U}`,
    count: '100',
    unitPrice: '2500',
    currency: 'USD',
    weightTolerance: '0.5',
    BLNumber: BL.join(';'),
  });
  await contract({ name: `Zinc sell ${U}`, contractType: '3', contractCode: `ZS-${U}`, count: '60', unitPrice: '2700', BLNumber: BL[0]! });
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH, commodity: COMMODITY, blNumber: BL[0], blWeight: 50, inboundWeight: 49, inboundDate: today });
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH, commodity: COMMODITY, blNumber: BL[1], blWeight: 30, inboundWeight: 29.95, inboundDate: today });
  await adminApi(page, 'POST', '/delivery-details', { warehouse: WH, commodity: COMMODITY, blNumber: BL[0], quantity: 20, outboundDate: today });
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
  await seed(page);
});

test('the open position shows the hand-computed figures, the months, the chart and the contracts behind a figure', async ({ page }) => {
  await openFromMenu(page, 'Reports', 'Open position', /\/reports\/position/);
  await page.getByLabel('Commodity').fill(COMMODITY);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('position-table').locator('tr.ant-table-row');
  await expect(row).toHaveCount(1);
  // purchased 100, sold 60, received 49 + 29.95 = 78.95, delivered 20, stock 58.95, open 21.05 and 40, net 40
  for (const figure of ['100.000', '60.000', '78.950', '20.000', '58.950', '21.050', '40.000']) await expect(row).toContainText(figure);
  await expect(page.getByTestId('position-net')).toHaveText('Net position 40.000');
  await expect(page.getByTestId('position-chart').locator('canvas').first()).toBeVisible();
  // the delivery months
  await row.getByRole('button', { name: /expand/i }).click();
  await expect(page.getByTestId('position-months')).toContainText(month);
  // open to deliver → the open downstream contracts of the commodity
  await row.getByRole('link', { name: '40.000' }).first().click();
  await expect(page).toHaveURL(/\/reports\/contract-execution\?.*contractType=3/);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: `ZS-${U}` })).toHaveCount(1);

  await page.goto(`/reports/position?commodity=${encodeURIComponent(COMMODITY)}`);
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(page.getByRole('heading', { name: '头寸' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '净头寸' })).toBeVisible();
  await expect(page.getByTestId('position-net')).toHaveText('净头寸 40.000');
});

test('the weights page puts the lot short beyond its tolerance first; the trace shows the weights', async ({ page }) => {
  await openFromMenu(page, 'Reports', 'B/L weights and claims', /\/reports\/weights/);
  await page.getByLabel('B/L no.').fill(`DK${U}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('weights-table').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  // BL A: 1 t short of 50 (2 %), 0.25 t allowed: claim 0.75 t × 2,500 USD
  await expect(rows.first()).toContainText(BL[0]!);
  await expect(rows.first()).toContainText('Out of tolerance');
  await expect(rows.first()).toContainText('0.750');
  await expect(rows.first()).toContainText('1,875.00 USD');
  await expect(rows.nth(1)).toContainText('Within tolerance');

  await page.goto(`/warehouse/bl-trace?bl=${BL[0]}`);
  await expect(page.getByTestId('trace-weights')).toContainText('49.000');
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(page.getByTestId('trace-weights')).toContainText('超出允差');
  await page.goto('/reports/weights');
  await expect(page.getByRole('heading', { name: '提单重量与索赔' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '索赔金额' })).toBeVisible();
});
