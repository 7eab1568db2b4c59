// Between records (issue 21, point 4): document numbers link to their record from the ledger, other
// lists, the audit log and the dashboard; stock totals are per commodity, never across them.
import { adminApi, expect, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 1366, height: 768 } });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `BR-${U}`, name: `Between ${U}` };
const today = new Date().toISOString().slice(0, 10);

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('numbers link to their records and stock totals stay per commodity', async ({ page }) => {
  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH.code, name: WH.name });
  // on the pickup's B/L: approving reserves in its lot (issue 27)
  const inbound = await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: `Copper ${U}`, blNumber: `BLB${U}`, inboundWeight: 100, inboundDate: today });
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: `Iron ore ${U}`, inboundWeight: 5000, inboundDate: today });
  const pickup = await adminApi(page, 'POST', '/apply-delivery', {
    blNumber: `BLB${U}`,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 30,
    unit: 't',
    deliveryDate: today,
  });
  await adminApi(page, 'PUT', `/apply-delivery/${pickup.id}`, { status: 'approved' });
  const outbound = await adminApi(page, 'POST', '/delivery-details', {
    deliveryOrderNumber: pickup.orderNumber,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 10,
    unit: 't',
    outboundDate: today,
  });

  // the stock summary: one total per commodity, copper and iron ore never added together
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  const totals = page.getByTestId('summary-total');
  await expect(totals).toHaveCount(2, { timeout: 30_000 });
  await expect(totals.filter({ hasText: `Copper ${U}` })).toContainText('90.000');
  await expect(totals.filter({ hasText: `Iron ore ${U}` })).toContainText('5,000.000');
  await expect(page.getByText('5,090')).toHaveCount(0);

  // the ledger's document number opens the document
  await page.goto(`/warehouse/stock-ledger?warehouse=${encodeURIComponent(WH.name)}`);
  await page.getByTestId('record-link').filter({ hasText: outbound.outboundNumber! }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/outbound-orders\\?outboundNumber=${outbound.outboundNumber}`));
  const row = page.locator('tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(outbound.outboundNumber!);

  // the outbound order's pickup order number opens the pickup request
  await row.getByTestId('record-link').filter({ hasText: pickup.orderNumber! }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/pickup-requests\\?orderNumber=${pickup.orderNumber}`));
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('tr.ant-table-row')).toContainText(pickup.orderNumber!);

  // the audit log names the record by its number and links to it; the detail has no raw ISO times or ids
  await page.goto('/admin/audit?entity=inboundOrder');
  const entry = page.locator('tr.ant-table-row').filter({ hasText: inbound.inboundNumber! });
  await expect(entry).toHaveCount(1, { timeout: 30_000 });
  await expect(entry.getByRole('cell', { name: 'Inbound order', exact: true })).toBeVisible();
  await expect(entry.getByTestId('audit-record')).toHaveText(inbound.inboundNumber!);
  await entry.locator('.ant-table-row-expand-icon').click();
  const detail = page.locator('tr.ant-table-expanded-row');
  await expect(detail).toContainText('Inbound weight');
  await expect(detail).not.toContainText('warehouseId');
  await expect(detail).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  await expect(detail).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await entry.getByTestId('record-link').click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/inbound-orders\\?inboundNumber=${inbound.inboundNumber}`));

  // the dashboard's activity names records by number too
  await page.goto('/');
  await expect(page.getByTestId('audit-record').filter({ hasText: outbound.outboundNumber! })).toBeVisible({ timeout: 30_000 });
});
