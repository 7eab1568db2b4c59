// The trading desk, part 2, in the browser, in English and Chinese: the exchange-rates page (a refusal
// beside its field, then a save), the profit and loss page with the disagreeing profit record first,
// the B/L trace's document set taking a file dropped on its kind, and the missing-documents report.
import type { Page } from '@playwright/test';
import { adminApi, expect, openFromMenu, PDF, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const BL = [`TDA${U}`, `TDB${U}`] as const;
const WH = `TD-${U}`;
const COMMODITY = `Cobalt ${U}`;

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { setItem(key: string, value: string): void };

async function contract(page: Page, type: string, price: number, bl: string) {
  await adminApi(
    page,
    'POST',
    '/contract/upload',
    {
      name: `${COMMODITY} ${type}`,
      contractType: type,
      contractCode: `TD-${type}-${bl}`,
      buyParty: 'Cargodesk Trading Ltd',
      sellParty: 'Katanga Mining',
      commodity: COMMODITY,
      count: '100',
      unitPrice: String(price),
      BLNumber: bl,
      files: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
    true,
  );
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('seeded: two B/Ls bought, sold and partly delivered, one profit record typed wrong', async ({ page }) => {
  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH, name: `Trading ${WH}` });
  for (const [i, bl] of BL.entries()) {
    await contract(page, '1', 100, bl);
    await contract(page, '3', 130, bl);
    await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH, commodity: COMMODITY, blNumber: bl, inboundWeight: 100, inboundDate: '2026-11-02' });
    await adminApi(page, 'POST', '/delivery-details', { warehouse: WH, commodity: COMMODITY, blNumber: bl, quantity: 40, outboundDate: '2026-11-10' });
    // 40 × (130 − 100) = 1,200 derived; the second B/L's record says 3,200
    await adminApi(page, 'POST', '/corp-finances/profit-records', { blNumber: bl, revenue: 5200, cost: i === 1 ? 2000 : 4000, recordDate: '2026-11-30' });
  }
  // freight in GBP, a currency without any rate
  await adminApi(page, 'POST', '/corp-finances/freight-charges', { blNumber: BL[0], amount: 10, currency: 'GBP', chargeDate: '2026-11-03' });
});

test('the exchange-rates page refuses a rate that is not positive beside its field, then saves', async ({ page }) => {
  await openFromMenu(page, 'Administration', 'Exchange rates', /\/admin\/exchange-rates/);
  await page.getByRole('button', { name: 'Add a rate' }).click();
  const row = page.getByTestId('rate-row').last();
  await row.getByLabel('Currency').fill('EUR');
  await row.getByLabel('Rate').fill('-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('rates-refusal')).toContainText('must be a positive number');
  await expect(row.locator('.ant-form-item-explain-error')).toContainText('must be a positive number');
  await row.getByLabel('Rate').fill('7.64');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Exchange rates saved')).toBeVisible();
  const saved = await adminApi<{ rates: { currency: string; rate: number }[] }>(page, 'GET', '/settings/exchange-rates');
  expect(saved.rates).toContainEqual(expect.objectContaining({ currency: 'EUR', rate: 7.64 }));
});

test('the profit and loss page puts the disagreeing record first and names the missing rate, in both languages', async ({ page }) => {
  await openFromMenu(page, 'Reports', 'Profit and loss', /\/reports\/pnl/);
  await page.getByLabel('Commodity').fill(COMMODITY);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('pnl-table').locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(BL[1]);
  await expect(rows.first()).toContainText('-2,000.00');
  await expect(rows.nth(1)).toContainText(BL[0]);
  await expect(rows.nth(1)).toContainText('GBP 2026-11');

  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '利润表' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '差额' })).toBeVisible();
  await expect(rows.first()).toContainText(BL[1]);
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});

test('a file dropped on a kind of the B/L trace joins its document set; the missing-documents report follows', async ({ page }) => {
  await page.goto(`/reports/missing-documents?blNumber=${BL[0]}`);
  const missing = page.getByTestId('missing-documents-table').locator('tr.ant-table-row');
  await expect(missing).toHaveCount(1);
  await expect(missing.first()).toContainText('Bill of lading');
  await missing.first().getByTestId('bl-link').click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/bl-trace\\?bl=${BL[0]}`));

  const set = page.getByTestId('bl-documents');
  await expect(set).toContainText('Incomplete');
  const billOfLading = set.locator('tr.ant-table-row').filter({ hasText: 'Bill of lading' });
  await expect(billOfLading).toContainText('Missing');
  await set.getByTestId('drop-billOfLading').locator('input[type=file]').setInputFiles({ name: 'original-bl.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(billOfLading).toContainText('Received');
  await expect(billOfLading).toContainText('original-bl.pdf');
  // a program is refused by the service, as every upload is, and nothing is attached
  await set
    .getByTestId('drop-packingList')
    .locator('input[type=file]')
    .setInputFiles({ name: 'list.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0]) });
  await expect(page.getByText(/is a program/)).toBeVisible();
  await expect(set.locator('tr.ant-table-row').filter({ hasText: 'Packing list' })).toContainText('Missing');

  await page.goto(`/reports/missing-documents?blNumber=${BL[0]}`);
  await expect(missing.first()).not.toContainText('Bill of lading');
  await expect(missing.first()).toContainText('Packing list');

  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '缺少单据' })).toBeVisible();
  await expect(missing.first()).toContainText('装箱单');
  await page.goto(`/warehouse/bl-trace?bl=${BL[0]}`);
  await expect(page.getByTestId('bl-documents')).toContainText('已收到');
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});
