// Printed documents (issue 21, point 6): the admin sets the company name once; inbound orders, pickup
// requests and ownership transfers print like the outbound slip, bilingual, with that name above
// the title, the lists' status words and the print time as a clerk reads it.
import type { Page } from '@playwright/test';
import { adminApi, expect, rowAction, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 1366, height: 768 } });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `PR-${U}`, name: `Print ${U}` };
const COMPANY = `Cargodesk Trading ${U} 有限公司`;
const today = new Date().toISOString().slice(0, 10);

/** Prints the list's first row and checks the page that opens. */
async function printFirstRow(page: Page, list: string, title: string, number: string, words: string[]) {
  await page.goto(`${list}?warehouse=${encodeURIComponent(WH.name)}`);
  const row = page.locator('tr.ant-table-row').filter({ hasText: number });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const popupPromise = page.waitForEvent('popup');
  await rowAction(row, 'Print');
  const popup = await popupPromise;
  await expect(popup.locator('h1')).toHaveText(title);
  await expect(popup.locator('.company')).toHaveText(COMPANY);
  const body = popup.locator('body');
  await expect(body).toContainText(number);
  await expect(body).toContainText(WH.name);
  for (const word of words) await expect(body).toContainText(word);
  await expect(popup.locator('.printed')).toHaveText(/^打印时间 Printed \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await popup.close();
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the admin sets the company name; inbound orders, pickup requests and ownership transfers print with it', async ({ page }) => {
  await page.goto('/admin/settings');
  await expect(page.getByTestId('breadcrumbs')).toHaveText(/Administration\s*\/\s*Settings/);
  const name = page.getByLabel('Company name');
  await expect(name).toBeEditable();
  await name.fill(COMPANY);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue(COMPANY);

  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH.code, name: WH.name });
  const inbound = await adminApi(page, 'POST', '/inventory/inbound', {
    warehouse: WH.code,
    commodity: `Nickel ${U}`,
    inboundWeight: 1234.5,
    owner: 'Jiangxi Copper',
    inboundDate: today,
  });
  const pickup = await adminApi(page, 'POST', '/apply-delivery', {
    blNumber: `BLP${U}`,
    warehouse: WH.code,
    commodity: `Nickel ${U}`,
    quantity: 20,
    unit: 't',
    deliveryDate: today,
  });
  const transfer = await adminApi(page, 'POST', '/ownership-transfer', {
    transferDate: today,
    warehouse: WH.code,
    commodity: `Nickel ${U}`,
    quantity: 10,
    transferor: 'Jiangxi Copper',
    transferee: 'Ningbo Metals',
  });

  await printFirstRow(page, '/warehouse/inbound-orders', '入库单', inbound.inboundNumber!, ['入库重量 Inbound weight', '1,234.500', 'Jiangxi Copper']);
  await printFirstRow(page, '/warehouse/pickup-requests', '提货单', pickup.orderNumber!, ['20.000 t', '待审核 Pending', `BLP${U}`]);
  await printFirstRow(page, '/warehouse/ownership-transfers', '货权转移单', transfer.transferNumber!, ['转出方 Transferor', 'Ningbo Metals', '10.000']);
});
