// The warehouse area in the browser: a warehouse, goods coming in (summary and ledger follow),
// a pickup request walked through its statuses, an outbound order against it with its receipt and
// print page, the stock rule, an ownership transfer with a PDF attachment, and the dashboard.
import { ADMIN, expect, rowAction, signInAsAdmin, test } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';

test.describe.configure({ mode: 'serial' });
// with the animations users see by default: a closed drawer once kept its Save button's loading icon
// half-animated, which only shows with motion on
test.use({ reducedMotion: 'no-preference' });

// evaluate() runs in the browser; the root tsconfig has no DOM types
declare const getComputedStyle: (e: unknown) => { borderTopStyle: string };

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
  await drawer(page).getByRole('button', { name: 'Save', exact: true }).click();
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
  // next to the Code field, not above the form
  const codeItem = d.locator('.ant-form-item', { has: page.locator('#edit_code') });
  await expect(codeItem.getByText(`a warehouse with code "${WH.code}" already exists; choose another code`)).toBeVisible();
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
  await rowAction(row(page, `TMP-${U}`), 'Delete');
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
  await expect(d.getByTestId('weight-difference')).toHaveText('-0.250');
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
  await expect(stock.getByRole('cell').nth(5)).toHaveText('100.250');

  await stock.getByRole('button', { name: 'Ledger' }).click();
  await expect(page).toHaveURL(/stock-ledger\?warehouse=/);
  const entry = row(page, COMMODITY);
  await expect(entry).toContainText('Inbound');
  await expect(entry).toContainText('+100.25');
});

const today = (() => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
})();
let pickupNumber = '';
let outboundNumber = '';

/** The buttons of a row's action cell, in order. */
/** Every action of a row: the buttons shown, then the entries of its "More" menu. */
const rowActions = async (r: Locator) => {
  const shown = (await r.locator('td').last().getByRole('button').allInnerTexts()).map((s) => s.trim());
  if (!shown.includes('More')) return shown;
  await r.getByRole('button', { name: 'More' }).click();
  const menu = r.page().locator('.ant-dropdown:visible').getByRole('menuitem');
  await expect(menu.first()).toBeVisible();
  const more = (await menu.allInnerTexts()).map((s) => s.trim());
  await r.page().keyboard.press('Escape');
  await expect(r.page().locator('.ant-dropdown:visible')).toHaveCount(0);
  return [...shown.filter((s) => s !== 'More'), ...more];
};

test('a pickup request moves only along its allowed statuses', async ({ page }) => {
  await page.goto('/warehouse/pickup-requests');
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await d.getByLabel('B/L no.').fill(BL);
  await choose(page, d, 'Warehouse', WH_OPTION);
  await d.getByLabel('Commodity', { exact: true }).fill(COMMODITY);
  await d.getByLabel('Quantity').fill('30');
  await d.getByLabel('Unit').fill('t');
  await fillDate(d, 'Pickup date', today);
  await d.getByLabel('Driver', { exact: true }).fill('Zhang Wei');
  await save(page);

  const r = row(page, BL);
  await expect(r).toContainText('Pending');
  pickupNumber = /PU\d{8}-\d{4}/.exec((await r.textContent()) ?? '')![0];
  await expect.poll(() => rowActions(r)).toEqual(['Edit', 'Approve', 'Cancel request', 'Print', 'Delete']);

  await r.getByRole('button', { name: 'Edit' }).click();
  await d.getByLabel('License plate').fill('沪A12345');
  await save(page);
  await expect(r).toContainText('沪A12345');

  // a pending request's details say what approving it would find available (issue 27)
  await r.locator('.ant-table-row-expand-icon').click();
  const details = page.getByTestId('pickup-details');
  await expect(details).toContainText('Available when approved');
  await expect(details.getByTestId('availability')).toContainText('100.250 available');
  await r.locator('.ant-table-row-expand-icon').click();
  await expect(details).toBeHidden();

  await rowAction(r, 'Approve');
  // approving reserves: the dialog says what is available first (issue 27)
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.getByTestId('availability')).toContainText('100.250 available');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(r).toContainText('Approved');
  await expect.poll(() => rowActions(r)).toEqual(['Edit', 'Start pickup', 'Cancel request', 'Print', 'Delete']);

  await rowAction(r, 'Start pickup');
  await expect(r).toContainText('In progress');
  await expect.poll(() => rowActions(r)).toEqual(['Edit', 'Complete', 'Cancel request', 'Print', 'Delete']);

  await rowAction(r, 'Complete');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(r).toContainText('Completed');
  await expect(page.getByText(`Pickup request ${pickupNumber}: Completed`)).toBeVisible();
  await expect.poll(() => rowActions(r)).toEqual(['Print', 'Delete']);

  // the status filter is sent to the server
  await page.getByLabel('Status').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Cancelled').click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(row(page, BL)).toHaveCount(0);
});

test('an outbound order against the pickup: receipt, history, print, and the stock rule', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));

  // the request above was completed by hand and takes no shipment: a second one, approved, does
  const login = await (await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } })).json();
  const headers = { authorization: `Bearer ${login.data.token as string}` };
  const created = await (
    await page.request.post('/api/apply-delivery', {
      headers,
      data: { blNumber: BL, warehouse: WH.code, commodity: COMMODITY, quantity: 40, unit: 't', deliveryDate: today, driverName: 'Zhang Wei' },
    })
  ).json();
  expect((await page.request.put(`/api/apply-delivery/${created.data.id as number}`, { headers, data: { status: 'approved' } })).ok()).toBe(true);
  pickupNumber = created.data.orderNumber as string;

  await page.goto('/warehouse/outbound-orders');
  await page.getByRole('button', { name: 'New' }).click();
  const d = drawer(page);
  await d.getByLabel('Pickup request').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').filter({ hasText: pickupNumber }).click();
  // the order's fields come from the pickup request, the quantity being what is left to ship
  await expect(d.getByLabel('Commodity', { exact: true })).toHaveValue(COMMODITY);
  await expect(d.getByLabel('Quantity')).toHaveValue('40');
  await d.getByLabel('Quantity').fill('40');
  await fillDate(d, 'Outbound date', today);
  await save(page);
  const r = row(page, pickupNumber);
  await expect(r).toContainText('Shipped');
  await expect(r).toContainText('Unconfirmed');
  outboundNumber = /OB\d{8}-\d{4}/.exec((await r.textContent()) ?? '')![0];

  await rowAction(r, 'Confirm receipt');
  await expect(d.getByLabel('Received quantity')).toHaveValue('40');
  await d.getByLabel('Receiver').fill('Zhao Min');
  await save(page);
  await expect(page.getByText(`Receipt of ${outboundNumber} confirmed`)).toBeVisible();
  await expect(r).toContainText('Confirmed');

  await rowAction(r, 'Receipt history');
  const history = row(page, 'Zhao Min');
  await expect(history).toContainText('40');
  await expect(history).toContainText('admin');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  const popupProblems: string[] = [];
  const popupPromise = page.waitForEvent('popup');
  await rowAction(r, 'Print');
  const popup = await popupPromise;
  popup.on('console', (m) => m.type() === 'error' && popupProblems.push(m.text()));
  await expect(popup.locator('h1')).toHaveText('出库单');
  await expect(popup.locator('body')).toContainText(outboundNumber);
  await expect(popup.locator('body')).toContainText(COMMODITY);
  // the inline styles of the page apply (A4 table with borders)
  expect(
    await popup
      .locator('th')
      .first()
      .evaluate((e) => getComputedStyle(e).borderTopStyle),
  ).toBe('solid');
  await popup.close();

  // edit: for the admin (approve) a posted order's edit is "Correct…" (issue 27)
  await r.getByRole('button', { name: 'Correct…' }).click();
  await d.getByLabel('Remark').fill('second truck follows');
  await save(page);
  await expect(r).toContainText(outboundNumber);

  // more than the stock: the server's message above the form
  await page.getByRole('button', { name: 'New' }).click();
  await choose(page, d, 'Warehouse', WH_OPTION);
  await d.getByLabel('Commodity', { exact: true }).fill(COMMODITY);
  await d.getByLabel('Quantity').fill('1000');
  await fillDate(d, 'Outbound date', today);
  await d.getByRole('button', { name: 'Save' }).click();
  await expect(d.getByRole('alert')).toContainText(`insufficient stock: 60.25 available of ${COMMODITY} in ${WH.name}; 1000 requested`);
  await d.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/warehouse/stock-summary');
  await expect(row(page, COMMODITY).getByRole('cell').nth(5)).toHaveText('60.250');

  // an inbound order whose goods went out cannot be deleted (a posted document: Delete… asks the reason first)
  await page.goto('/warehouse/inbound-orders');
  await rowAction(row(page, COMMODITY), 'Delete…');
  await d.getByLabel('Reason').fill('entered by mistake');
  await d.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(d.getByRole('alert')).toContainText(/insufficient stock: .* as much has already gone out/);
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, COMMODITY)).toHaveCount(1);
  expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
  expect(popupProblems).toEqual([]);
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('ownership transfers: from a stock row, and with a PDF attachment previewed, downloaded, edited, deleted', async ({ page }) => {
  // from the stock summary
  await page.goto('/warehouse/stock-summary');
  await row(page, COMMODITY).getByRole('button', { name: 'Transfer ownership' }).click();
  const d = drawer(page);
  await expect(d).toContainText(`Transfer ${COMMODITY} in ${WH.name} (in stock: 60.250)`);
  await d.getByLabel('Quantity').fill('0.25');
  await d.getByLabel('Transferor').fill('Jia Trading');
  await d.getByLabel('Transferee').fill(`Yi Metals ${U}`);
  await save(page);
  await expect(page.getByText('Ownership transfer created')).toBeVisible();
  await expect(row(page, COMMODITY).getByRole('cell').nth(4)).toHaveText('0.250');
  await expect(row(page, COMMODITY).getByRole('cell').nth(5)).toHaveText('60.000');

  // with an attachment
  await page.goto('/warehouse/ownership-transfers');
  await expect(row(page, `Yi Metals ${U}`)).toContainText('Completed');
  await page.getByRole('button', { name: 'New' }).click();
  await fillDate(d, 'Transfer date', today);
  await choose(page, d, 'Warehouse', WH_OPTION);
  await d.getByLabel('Commodity', { exact: true }).fill(COMMODITY);
  await d.getByLabel('Quantity').fill('10');
  await d.getByLabel('Transferor').fill('Jia Trading');
  await d.getByLabel('Transferee').fill(`Bing Steel ${U}`);
  await d.getByLabel('B/L no.').fill(BL);
  await d.locator('input[type=file]').setInputFiles({ name: 'release-note.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(d.getByText('release-note.pdf')).toBeVisible();
  await save(page);
  const r = row(page, `Bing Steel ${U}`);
  await expect(r).toContainText('1 attached');
  await expect(r).toContainText(/OT\d{8}-\d{4}/);

  await rowAction(r, 'Details');
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(`Bing Steel ${U}`);
  await detail.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await page.getByRole('dialog', { name: 'release-note.pdf' }).getByRole('button', { name: 'Close' }).click();
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('release-note.pdf');
  await detail.getByRole('button', { name: 'Close' }).first().click();

  // edit: cancelled gives the quantity back; the attachment is removed
  await r.getByRole('button', { name: 'Correct…' }).click();
  await choose(page, d, 'Status', 'Cancelled');
  await d.getByRole('button', { name: 'Remove' }).click();
  await save(page);
  await expect(r).toContainText('Cancelled');
  await expect(r).not.toContainText('attached');

  // the status filter
  await page.getByLabel('Status').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Cancelled').click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(row(page, `Yi Metals ${U}`)).toHaveCount(0);

  await rowAction(r, 'Delete…');
  await drawer(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(r).toHaveCount(0);
});

test('the dashboard shows the stock bar and today’s pickup counts, in English and in Chinese', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByTestId('stock-bar').filter({ hasText: COMMODITY });
  await expect(bar).toContainText('60');
  const completed = page.getByTestId('pickup-completed');
  await expect(completed).toContainText('Completed');
  await expect.poll(async () => Number((await completed.locator('.ant-statistic-content').textContent())?.trim())).toBeGreaterThanOrEqual(1);
  await expect(page.getByText('Licences expiring within 30 days')).toBeVisible();
  await expect(page.getByText('Recent activity')).toBeVisible();

  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(page.getByText(/今日提货申请/)).toBeVisible();
  await expect(completed).toContainText('已完成');
  await page.getByTestId('language-switch').click();
  await page.getByTitle('English').click();
  await expect(completed).toContainText('Completed');
});

test('deletes the outbound order, then the pickup request it referred to', async ({ page }) => {
  await page.goto('/warehouse/pickup-requests');
  // refused while an outbound order refers to it
  await rowAction(row(page, pickupNumber), 'Delete');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`pickup request ${pickupNumber} is referred to by outbound order ${outboundNumber}`, { exact: false })).toBeVisible();

  await page.goto('/warehouse/outbound-orders');
  await rowAction(row(page, outboundNumber), 'Delete…');
  await drawer(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(row(page, outboundNumber)).toHaveCount(0);

  await page.goto('/warehouse/pickup-requests');
  await rowAction(row(page, pickupNumber), 'Delete');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row(page, pickupNumber)).toHaveCount(0);

  // the goods came back: 100.25 in, 0.25 transferred
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  await expect(row(page, COMMODITY).getByRole('cell').nth(5)).toHaveText('100.000');
});

test('a warehouse with movements cannot be deleted: the refusal is shown', async ({ page }) => {
  await page.goto('/warehouse/warehouses');
  await rowAction(row(page, WH.code), 'Delete');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`warehouse "${WH.name}" has movements and cannot be deleted; set its status to inactive instead`)).toBeVisible();
  await expect(row(page, WH.code)).toHaveCount(1);
});
