// Cargo by bill of lading in the browser: a B/L landed in two warehouses, partly picked up and
// transferred; its lot on the lots page, its trace (documents, timeline, balance chart) reached from
// the inbound list's link, and the stock movement report with its totals and charts.
import type { Page } from '@playwright/test';
import { ADMIN, expect, openFromMenu, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const BL = `RPT${U}`;
const WH = [`RA-${U}`, `RB-${U}`];
const COMMODITY = `Nickel ${U}`;
const today = new Date().toISOString().slice(0, 10);

async function seed(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  };
  for (const code of WH) await post('/inventory/warehouses', { code, name: `Report ${code}` });
  await post('/inventory/inbound', { warehouse: WH[0], commodity: COMMODITY, blNumber: BL, inboundWeight: 100, inboundDate: today });
  await post('/inventory/inbound', { warehouse: WH[1], commodity: COMMODITY, blNumber: BL, inboundWeight: 40, inboundDate: today });
  await post('/delivery-details', { warehouse: WH[0], commodity: COMMODITY, blNumber: BL, quantity: 30, outboundDate: today });
  await post('/ownership-transfer', { warehouse: WH[1], commodity: COMMODITY, blNumber: BL, quantity: 15, transferDate: today, transferor: 'A', transferee: 'B' });
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the lots page lists the B/L per warehouse, and its link opens the trace with timeline and balance chart', async ({ page }) => {
  await seed(page);
  await openFromMenu(page, 'Warehouse', 'Lots by B/L', /\/warehouse\/lots/);
  await page.getByLabel('B/L no.').fill(BL);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Report ${WH[0]}` })).toContainText('70');
  await expect(rows.filter({ hasText: `Report ${WH[1]}` })).toContainText('25');

  // the inbound list's B/L number is a link to the trace
  await page.goto(`/warehouse/inbound-orders?blNumber=${BL}`);
  await page.getByTestId('bl-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/bl-trace\\?bl=${BL}`));
  const timeline = page.getByTestId('trace-timeline');
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(4);
  // each entry's balance is its own lot's (warehouse and commodity), as the lots page shows them
  await expect(timeline.locator('.ant-timeline-item').nth(2)).toContainText('lot balance 70.000');
  await expect(timeline.locator('.ant-timeline-item').nth(3)).toContainText('lot balance 25.000');
  await expect(page.getByTestId('chart').locator('canvas').first()).toBeVisible();
  await page.getByRole('tab', { name: /Outbound orders \(1\)/ }).click();
  await expect(page.getByRole('tabpanel').locator('tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByRole('tabpanel')).toContainText('30');
});

test('the stock movement report shows the period with totals and draws its charts', async ({ page }) => {
  await openFromMenu(page, 'Reports', 'Stock movement', /\/reports\/stock-movement/);
  await page.goto(`/reports/stock-movement?startDate=${today}&endDate=${today}&commodity=${encodeURIComponent(COMMODITY)}`);
  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('movement-totals')).toContainText('140');
  await expect(page.getByTestId('movement-totals')).toContainText('95');
  await expect(page.getByTestId('chart')).toHaveCount(2);
  await expect(page.getByTestId('chart').nth(1).locator('canvas').first()).toBeVisible();
});

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the stock movement report and the dashboard chart one commodity at a time, with totals per commodity, never across them', async ({ page }) => {
    // iron ore beside the nickel in the first warehouse
    const ore = `Iron ore ${U}`;
    const login = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const res = await page.request.post('/api/inventory/inbound', {
      data: { warehouse: WH[0], commodity: ore, inboundWeight: 1000, inboundDate: today },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBe(true);

    await page.goto(`/reports/stock-movement?startDate=${today}&endDate=${today}&warehouse=${encodeURIComponent(`Report ${WH[0]}`)}`);
    await expect(page.locator('tr.ant-table-row')).toHaveCount(2);
    const totals = page.getByTestId('movement-totals');
    await expect(totals).toHaveCount(2);
    await expect(totals.filter({ hasText: COMMODITY })).toContainText('70.000');
    await expect(totals.filter({ hasText: ore })).toContainText('1,000.000');
    // no figure adds the two: 1,070 appears nowhere
    await expect(page.locator('main')).not.toContainText('1,070');
    const picker = page.getByTestId('chart-commodity');
    await expect(picker.getByText(COMMODITY)).toBeVisible();
    await expect(picker.getByText(ore)).toBeVisible();
    await picker.getByText(COMMODITY).click();
    await expect(page.getByText(`Closing stock of ${COMMODITY} by warehouse`)).toBeVisible();
    await picker.getByText(ore).click();
    await expect(page.getByText(`Closing stock of ${ore} by warehouse`)).toBeVisible();
    await expect(page.getByText(`Movements of ${ore} by warehouse`)).toBeVisible();
    await expect(page.getByTestId('chart').first().locator('canvas').first()).toBeVisible();

    await page.goto('/');
    const dashboardPicker = page.getByTestId('chart-commodity');
    await expect(dashboardPicker.getByText(ore)).toBeVisible();
    await dashboardPicker.getByText(ore).click();
    await expect(page.getByText(`Stock of ${ore} by warehouse`)).toBeVisible();
    await expect(page.getByText(`${ore}: inbound and outbound, last 12 months`)).toBeVisible();
  });
});
