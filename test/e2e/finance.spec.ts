// Finance in the browser: charges with totals per currency that follow edits, an invoice's tax,
// its attachments, a profit record's profit and margin, the contract summary, refused inputs shown
// at their field, deletes, and one look in Chinese.
import type { Locator, Page } from '@playwright/test';
import { expect, rowAction, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).toUpperCase();
const CONTRACT = `PC-E2E-${RUN}`;
const INVOICE = `INV-${RUN}`;

// a one-page PDF, enough for the browser's viewer
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Save' }) });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const totals = (page: Page) => page.getByTestId('finance-totals');

async function openCreate(page: Page, title: string) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(drawer(page).getByText(title, { exact: true })).toBeVisible();
}

async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

async function save(page: Page) {
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page)).toBeHidden();
}

async function filterByContract(page: Page) {
  const search = page.locator('form').first();
  await search.getByLabel('Contract number').fill(CONTRACT);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`contractNumber=${CONTRACT}`));
}

async function deleteRow(page: Page, text: string) {
  await rowAction(row(page, text), 'Delete');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row(page, text)).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('freight and misc charges of one contract: totals per currency follow the filter and an edit', async ({ page }) => {
  await page.goto('/finance/freight-charges');
  await expect(page.getByRole('heading', { name: 'Freight charges' })).toBeVisible();
  await openCreate(page, 'New freight charge');
  await fill(drawer(page), { 'Contract number': CONTRACT, 'B/L number': `BL-${RUN}`, Carrier: 'COSCO Shipping', Amount: '1000.5' });
  await save(page);
  await filterByContract(page);
  await expect(row(page, 'COSCO Shipping')).toContainText('1,000.50 CNY');
  await expect(row(page, 'COSCO Shipping')).toContainText('Unpaid');
  await expect(totals(page)).toContainText('Records in CNY: 1');
  await expect(totals(page)).toContainText('Amount: 1,000.50 CNY');

  // edit the amount and mark it paid: the row and the totals follow
  await row(page, 'COSCO Shipping').getByRole('button', { name: 'Edit' }).click();
  await drawer(page).getByLabel('Amount').fill('1200');
  await drawer(page).getByLabel('Payment').click();
  await page.getByTitle('Paid', { exact: true }).click();
  await save(page);
  await expect(row(page, 'COSCO Shipping')).toContainText('1,200.00 CNY');
  await expect(row(page, 'COSCO Shipping')).toContainText('Paid');
  await expect(totals(page)).toContainText('Amount: 1,200.00 CNY');
  await rowAction(row(page, 'COSCO Shipping'), 'Mark unpaid');
  await expect(row(page, 'COSCO Shipping')).toContainText('Unpaid');
  await rowAction(row(page, 'COSCO Shipping'), 'Mark paid');
  await expect(row(page, 'COSCO Shipping').getByText('Paid', { exact: true })).toBeVisible();

  await page.goto('/finance/misc-charges');
  await openCreate(page, 'New miscellaneous charge');
  // refused inputs are shown next to their field before anything is sent
  await fill(drawer(page), { 'Contract number': CONTRACT, 'Charge type': 'Port handling', Amount: '99.999', Currency: 'XYZ' });
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page).getByText('has more than 2 decimals; amounts are kept to the cent')).toBeVisible();
  await expect(drawer(page).getByText('must be an ISO 4217 currency code like CNY, USD or EUR')).toBeVisible();
  await fill(drawer(page), { Amount: '250', Currency: 'usd' });
  await save(page);
  await openCreate(page, 'New miscellaneous charge');
  await fill(drawer(page), { 'Contract number': CONTRACT, 'Charge type': 'Customs inspection', Amount: '80.25' });
  await save(page);
  await filterByContract(page);
  await expect(row(page, 'Port handling')).toContainText('250.00 USD');
  await expect(page.getByTestId('totals-CNY')).toContainText('Records in CNY: 1');
  await expect(page.getByTestId('totals-CNY')).toContainText('Amount: 80.25 CNY');
  await expect(page.getByTestId('totals-USD')).toContainText('Amount: 250.00 USD');
});

test('an upstream invoice: tax from a rate typed in percent, a PDF uploaded, previewed, downloaded and removed', async ({ page }) => {
  await page.goto('/finance/invoices');
  await expect(page.getByRole('tab', { name: 'Upstream invoices' })).toHaveAttribute('aria-selected', 'true');
  await openCreate(page, 'New upstream invoice');
  // a clerk types 13 for 13 %; the API still receives the fraction 0.13 (the tax below proves it)
  await expect(drawer(page).getByText('In percent: type 13 for 13%')).toBeVisible();
  await fill(drawer(page), { 'Invoice number': INVOICE, 'Contract number': CONTRACT, Counterparty: 'Jiangxi Copper Ltd', Amount: '12345.67', 'Tax rate': '13' });
  await save(page);
  const invoice = row(page, INVOICE);
  await expect(invoice).toContainText('12,345.67 CNY');
  await expect(invoice).toContainText('13.00%');
  await expect(invoice).toContainText('1,604.94 CNY');
  await expect(invoice).toContainText('Received');
  await expect(totals(page)).toContainText('Tax amount');

  // what only the server knows (a number already used) is shown next to its field
  await openCreate(page, 'New upstream invoice');
  await fill(drawer(page), { 'Invoice number': INVOICE, Amount: '10', 'Tax rate': '0' });
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  const numberItem = drawer(page).locator('.ant-form-item', { has: page.locator('#edit_invoiceNumber') });
  await expect(numberItem.getByText(`invoiceNumber "${INVOICE}" is already used by another upstream invoice; numbers must be unique`)).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Cancel' }).click();

  // the saved tax is shown read-only in the drawer
  await invoice.getByRole('button', { name: 'Edit' }).click();
  await expect(drawer(page)).toContainText('1,604.94 CNY');
  await drawer(page).getByRole('button', { name: 'Cancel' }).click();

  // attachments live in the record's detail
  await invoice.getByRole('button', { name: /expand/i }).click();
  const files = page.locator('[data-testid^="files-"]');
  await files.locator('input[type=file]').setInputFiles({ name: 'vat-invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await files.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('1 file(s) attached')).toBeVisible();
  await expect(files.getByRole('row').filter({ hasText: 'vat-invoice.pdf' })).toBeVisible();

  await files.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await page.getByRole('dialog').filter({ hasText: 'vat-invoice.pdf' }).getByRole('button', { name: /close/i }).click();

  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('vat-invoice.pdf');

  await files.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('File removed')).toBeVisible();
  await expect(files.getByText('No files yet')).toBeVisible();

  // the other tabs are other lists
  await page.getByRole('tab', { name: 'Downstream invoices' }).click();
  await expect(page).toHaveURL(/tab=downstream-invoices/);
  await expect(row(page, INVOICE)).toHaveCount(0);
});

test('a profit record shows profit and margin; the contract summary gathers everything of the contract', async ({ page }) => {
  await page.goto('/finance/profit-records');
  await openCreate(page, 'New profit record');
  await fill(drawer(page), { 'Contract number': CONTRACT, Commodity: 'Copper cathode', Revenue: '5000', Cost: '4000.01' });
  await save(page);
  await expect(row(page, 'Copper cathode')).toContainText('999.99 CNY');
  await expect(row(page, 'Copper cathode')).toContainText('20.00%');

  await row(page, 'Copper cathode').getByRole('link', { name: CONTRACT }).click();
  await expect(page).toHaveURL(/\/finance\/contract-summary\?contractNumber=/);
  await expect(page.getByTestId('summary-freight-charges')).toContainText('Records: 1');
  await expect(page.getByTestId('summary-freight-charges')).toContainText('1,200.00 CNY');
  await expect(page.getByTestId('summary-misc-charges')).toContainText('Records: 2');
  await expect(page.getByTestId('summary-misc-charges')).toContainText('250.00 USD');
  await expect(page.getByTestId('summary-profit-records')).toContainText('999.99 CNY');
  await expect(page.getByTestId('summary-upstream-invoices')).toContainText(INVOICE);
  await expect(page.getByTestId('summary-upstream-invoices')).toContainText('1,604.94 CNY');
  await expect(page.getByTestId('summary-settlements')).toContainText('None for this contract');

  // one look in Chinese
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(page.getByRole('heading', { name: '合同汇总' })).toBeVisible();
  await expect(page.getByTestId('summary-freight-charges')).toContainText('运费');
  await page.getByTestId('language-switch').click();
  await page.getByTitle('English').click();
  await expect(page.getByRole('heading', { name: 'Contract summary' })).toBeVisible();
});

test('deletes the records with confirmation; the totals follow', async ({ page }) => {
  await page.goto(`/finance/misc-charges?contractNumber=${CONTRACT}`);
  await deleteRow(page, 'Port handling');
  await expect(page.getByTestId('totals-USD')).toHaveCount(0);
  await deleteRow(page, 'Customs inspection');
  await expect(totals(page)).toContainText('No records match');

  await page.goto(`/finance/freight-charges?contractNumber=${CONTRACT}`);
  await deleteRow(page, 'COSCO Shipping');
  await page.goto(`/finance/profit-records?contractNumber=${CONTRACT}`);
  await deleteRow(page, 'Copper cathode');
  await page.goto(`/finance/invoices?contractNumber=${CONTRACT}`);
  await deleteRow(page, INVOICE);

  await page.goto(`/finance/contract-summary?contractNumber=${CONTRACT}`);
  await expect(page.getByTestId('summary-upstream-invoices')).toContainText('Records: 0');
  await expect(page.getByTestId('summary-freight-charges')).toContainText('None for this contract');
});
