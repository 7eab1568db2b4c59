// The warehouse area in the browser: a warehouse, goods coming in (summary and ledger follow),
// a pickup request walked through its statuses, an outbound order against it with its receipt and
// print page, the stock rule, an ownership transfer with a PDF attachment, and the dashboard.
import { expect, signInAsAdmin, test } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `WH-${U}`, name: `Pudong ${U}` };
const WH_OPTION = `${WH.name} (${WH.code})`;
const COMMODITY = `Copper ${U}`;
const BL = `COSU${U}`;

/** Chooses an option of an antd select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function fillDate(scope: Locator, label: string, date: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

async function save(page: Page) {
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page)).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('creates, edits a warehouse; duplicate codes are refused next to the field', async ({ page }) => {
  await page.goto('/warehouse/warehouses');
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await d.getByLabel('Code').fill(WH.code);
  await d.getByLabel('Name').fill(WH.name);
  await d.getByLabel('Address').fill('Shanghai, Pudong');
  await d.getByLabel('Contact person').fill('Wang Qiang');
  await save(page);
  await expect(row(page, WH.code)).toContainText('Active');

  // the same code again: the server's refusal lands next to the field
  await page.getByRole('button', { name: 'New' }).click();
  await d.getByLabel('Code').fill(WH.code);
  await d.getByLabel('Name').fill(`${WH.name} bis`);
  await d.getByRole('button', { name: 'Save' }).click();
  await expect(d.getByText(`a warehouse with code "${WH.code}" already exists; choose another code`)).toBeVisible();
  await d.getByRole('button', { name: 'Cancel' }).click();

  await row(page, WH.code).getByRole('button', { name: 'Edit' }).click();
  await d.getByLabel('Contact phone').fill('13800000000');
  await save(page);
  await expect(row(page, WH.code)).toContainText('13800000000');

  // a throwaway warehouse without movements can be deleted
  await page.getByRole('button', { name: 'New' }).click();
  await d.getByLabel('Code').fill(`TMP-${U}`);
  await d.getByLabel('Name').fill(`Temp ${U}`);
  await save(page);
  await row(page, `TMP-${U}`).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Deleted')).toBeVisible();
  await expect(row(page, `TMP-${U}`)).toHaveCount(0);
});

test('an inbound order puts stock in the summary and the ledger; the weight difference shows', async ({ page }) => {
  await page.goto('/warehouse/inbound-orders');
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await choose(page, d, 'Warehouse', WH_OPTION);
  await d.getByLabel('Commodity', { exact: true }).fill(COMMODITY);
  await d.getByLabel('B/L no.').fill(BL);
  await d.getByLabel('B/L weight').fill('100.5');
  await d.getByLabel('Inbound weight').fill('100.25');
  await expect(d.getByTestId('weight-difference')).toHaveText('-0.25');
  await fillDate(d, 'Inbound date', '2026-11-20');
  await d.getByLabel('Owner').fill('Jia Trading');
  await save(page);
  const inbound = row(page, COMMODITY);
  await expect(inbound).toContainText('100.25');
  await expect(inbound).toContainText('-0.25');
  await expect(inbound).toContainText(/IB\d{8}-\d{4}/);

  await page.goto('/warehouse/stock-summary');
  await choose(page, page.locator('form'), 'Warehouse', WH_OPTION);
  await page.getByRole('button', { name: 'Search' }).click();
  const stock = row(page, COMMODITY);
  await expect(stock).toContainText(WH.name);
  await expect(stock.getByRole('cell').nth(5)).toHaveText('100.25');

  await stock.getByRole('button', { name: 'Ledger' }).click();
  await expect(page).toHaveURL(/stock-ledger\?warehouse=/);
  const entry = row(page, COMMODITY);
  await expect(entry).toContainText('Inbound');
  await expect(entry).toContainText('+100.25');
});
