// The trading desk in the browser, in English and Chinese: a contract's unit, currency and tolerance
// typed in the form (create and edit: the unit filled from the commodity catalog, the single form's
// messages) and in the batch upload table, shown in the list and its detail; the document kinds
// edited in Settings, followed by a B/L's documents panel and the missing-documents report; the open position of one commodity (its figures, its months, a figure's link to the
// contracts behind it, its chart) and the B/L weights with the lot short beyond its tolerance first.
import type { Locator, Page } from '@playwright/test';
import { adminApi, expect, openFromMenu, PDF, rowAction, signInAsAdmin, test } from './fixtures.js';

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

/** Picks the seeded commodity in a commodity input (the catalog's unit fills the unit when empty). */
async function pickCommodity(page: Page, scope: Locator) {
  await scope.getByLabel('Commodity').fill(COMMODITY.slice(0, 6));
  await page.locator('.ant-select-item-option').filter({ hasText: COMMODITY }).first().click();
}

test('unit, currency and tolerance: the form (create, edit) and the batch table, with the same messages', async ({ page }) => {
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Contract name').fill(`Zinc form ${U}`);
  await drawer.getByLabel('Contract type').click();
  await page.getByTitle('Purchase').last().click();
  await drawer.getByLabel('Contract number').fill(`ZF-${U}`);
  await drawer.getByLabel('Buyer').fill('Us');
  await drawer.getByLabel('Seller').fill('Them');
  await pickCommodity(page, drawer);
  await expect(drawer.getByLabel('Unit', { exact: true })).toHaveValue('t');
  await drawer.getByLabel('Quantity').fill('40');
  await drawer.getByLabel('Unit price').fill('2600');
  await drawer.getByLabel('B/L numbers').fill(`DK${U}F`);
  await drawer.getByLabel('Currency').fill('eur');
  await expect(drawer.getByText('must be a currency code of 3 capital letters, like CNY or USD')).toBeVisible();
  await drawer.getByLabel('Currency').fill('EUR');
  await drawer.getByLabel('Weight tolerance %').fill('150');
  await expect(drawer.getByText('must be a percent from 0 to 100, like 0.5')).toBeVisible();
  await drawer.getByLabel('Weight tolerance %').fill('0.3');
  await drawer.locator('input[type=file]').setInputFiles([{ name: 'zf.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `ZF-${U}` });
  await expect(row).toContainText('40.000 t');
  await expect(row).toContainText('2,600.00 EUR');

  // edit: the drawer starts from the contract's unit, currency and tolerance
  await rowAction(row, 'Edit');
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Unit', { exact: true })).toHaveValue('t');
  await expect(edit.getByLabel('Currency')).toHaveValue('EUR');
  await expect(edit.getByLabel('Weight tolerance %')).toHaveValue('0.3');
  await edit.getByLabel('Unit', { exact: true }).fill('mt');
  await edit.getByLabel('Currency').fill('USD');
  await edit.getByLabel('Weight tolerance %').fill('1');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('40.000 mt');
  await expect(row).toContainText('2,600.00 USD');
  await row.getByRole('button', { name: `Zinc form ${U}` }).click();
  const detail = page.getByRole('dialog').filter({ hasText: `Zinc form ${U}` });
  // the detail's rows: "Unit mt Currency USD", "Weight tolerance % 1 % …"
  await expect(detail.getByRole('row').filter({ hasText: 'Currency' })).toContainText(/Unit\s*mt\s*Currency\s*USD/);
  await expect(detail.getByRole('row').filter({ hasText: 'Weight tolerance' })).toContainText(/Weight tolerance %\s*1 %/);
  await detail.getByRole('button', { name: 'Close' }).first().click();

  // the batch table: the same three columns, the same messages in the cell, the unit from the catalog
  await page.getByRole('button', { name: 'Batch upload' }).click();
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('batch-table') });
  const rows = modal.getByTestId('batch-table').locator('tbody tr.ant-table-row');
  await rows.nth(1).getByRole('button', { name: 'Remove' }).click();
  const cells = rows.first();
  await cells.getByLabel('Contract name').fill(`Zinc batch ${U}`);
  await cells.getByLabel('Contract type').click();
  await page.getByTitle('Downstream').last().click();
  await cells.getByLabel('Contract number').fill(`ZBT-${U}`);
  await cells.getByLabel('Buyer').fill('Them');
  await cells.getByLabel('Seller').fill('Us');
  await pickCommodity(page, cells);
  await expect(cells.getByLabel('Unit', { exact: true })).toHaveValue('t');
  await cells.getByLabel('Quantity').fill('25');
  await cells.getByLabel('Unit price').fill('2750');
  await cells.getByLabel('B/L numbers').fill(`DK${U}G`);
  await cells.getByLabel('Currency').fill('usd');
  await cells.getByLabel('Weight tolerance %').fill('101');
  await cells.locator('input[type=file]').setInputFiles([{ name: 'zb.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await modal.getByRole('button', { name: 'Create 1 contracts' }).click();
  await expect(cells.getByText('must be a currency code of 3 capital letters, like CNY or USD')).toBeVisible();
  await expect(cells.getByText('must be a percent from 0 to 100, like 0.5')).toBeVisible();
  await cells.getByLabel('Currency').fill('USD');
  await cells.getByLabel('Weight tolerance %').fill('0.8');
  await modal.getByRole('button', { name: 'Create 1 contracts' }).click();
  await expect(modal).toBeHidden();
  const made = page.getByRole('row').filter({ hasText: `ZBT-${U}` });
  await expect(made).toContainText('25.000 t');
  await expect(made).toContainText('2,750.00 USD');
  await made.getByRole('button', { name: `Zinc batch ${U}` }).click();
  const batchDetail = page.getByRole('dialog').filter({ hasText: `Zinc batch ${U}` });
  await expect(batchDetail.getByRole('row').filter({ hasText: 'Weight tolerance' })).toContainText(/Weight tolerance %\s*0.8 %/);
});

test('document kinds: renamed, added and removed in Settings; the B/L documents panel and the missing report follow', async ({ page }) => {
  await page.goto('/admin/settings');
  const card = page.getByTestId('document-kinds');
  const kindRow = (code: string) => card.locator('tr.ant-table-row').filter({ hasText: code });
  await expect(card.locator('tr.ant-table-row')).toHaveCount(7);
  await kindRow('weightCertificate').getByLabel('Name').fill('Weighing note');
  await kindRow('insuranceCertificate').getByRole('button', { name: 'Remove' }).click();
  await card.getByRole('button', { name: 'Add a kind' }).click();
  const added = card.locator('tr.ant-table-row').last();
  await added.getByLabel('Code').fill('export licence');
  await expect(added.getByText('must be a code of letters, digits and dashes starting with a letter, at most 40')).toBeVisible();
  await added.getByLabel('Code').fill('exportLicence');
  await added.getByLabel('Name').fill('Export licence');
  await added.getByRole('switch', { name: 'Required' }).click();
  await card.getByRole('button', { name: 'Save document kinds' }).click();
  await expect(page.getByText('Document kinds saved')).toBeVisible();
  await expect(card.locator('tr.ant-table-row')).toHaveCount(7);

  // the B/L's set lists the kinds as saved
  await page.goto(`/warehouse/bl-trace?bl=${BL[0]}`);
  const docs = page.getByTestId('bl-documents');
  await expect(docs).toContainText('Weighing note');
  await expect(docs).toContainText('Export licence');
  await expect(docs).not.toContainText('Insurance certificate');
  await page.goto(`/reports/missing-documents?blNumber=${BL[0]}`);
  await expect(page.getByTestId('missing-documents-table').locator('tr.ant-table-row').filter({ hasText: BL[0]! })).toContainText('Export licence');

  // in Chinese; then the defaults back
  await page.goto('/admin/settings');
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(card.getByRole('columnheader', { name: '必需' })).toBeVisible();
  await expect(kindRow('billOfLading')).toContainText('提单');
  await card.getByRole('button', { name: '恢复默认' }).click();
  await page.getByRole('button', { name: '是', exact: true }).click();
  await expect(card.locator('tr.ant-table-row')).toHaveCount(7);
  await expect(kindRow('insuranceCertificate')).toBeVisible();
  await expect(kindRow('exportLicence')).toHaveCount(0);
});

test('the dashboard: headings in order (axe heading-order) with an expiring licence listed', async ({ page }) => {
  await adminApi(
    page,
    'POST',
    '/company/files/upload',
    { companyName: `Desk ${U}`, fileCategory: 'Business licence', expireDate: today, files: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF } },
    true,
  );
  await page.goto('/');
  await expect(page.getByText(`Desk ${U} · Business licence`)).toBeVisible();
  await expect(page.getByTestId('position-card-row').first()).toBeVisible();
  // loaded: a loading skeleton's title is an h3 of antd's
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  // no heading more than one level below the one before it (the page's h1 first)
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.map((h) => Number((h as unknown as { tagName: string }).tagName[1])));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)).toEqual([]);
});
