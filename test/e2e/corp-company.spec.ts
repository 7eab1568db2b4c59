// Corporate contracts (folders, a contract with its file, detail lines edited in the grid,
// spreadsheet export and import with row errors) and company files (folders, upload with an
// expiry date, the "expiring within" filter, download).
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, openFromMenu, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });
// many steps on a machine shared with other runs
test.setTimeout(120_000);

const run = Date.now().toString(36);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('details');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Answers Yes to the open confirmation and waits until it has gone. */
async function confirm(page: Page) {
  const yes = page.getByRole('button', { name: 'Yes', exact: true });
  await yes.click();
  await expect(yes).toHaveCount(0);
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click();
  await page.getByTitle(option, { exact: true }).click();
}

test('corporate contracts: folder, contract with its file, detail lines, export and import', async ({ page }) => {
  const folder = `Upstream ${run}`;
  const number = `HT-${run}`;
  await signInAsAdmin(page);
  await openFromMenu(page, 'Contracts', 'Corporate contracts', /\/corp-contracts/);

  // a folder with its category; the new folder is selected
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByLabel('Folder name').fill(folder);
  await pickOption(page, 'Category', 'Upstream');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/folderId=\d+/);
  const folderRow = page.locator(`[data-folder="${folder}"]`);
  await expect(folderRow).toContainText('0');

  // a contract with its file, in the selected folder
  await page.getByRole('button', { name: 'New contract' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(folder)).toBeVisible();
  await drawer.getByLabel('Contract number').fill(number);
  await drawer.getByLabel('Party A').fill('Xinghai Trading');
  await drawer.getByLabel('Amount').fill('1250000');
  await drawer.locator('input[type=file]').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF });
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  // the contract's own row (its expanded lines are a row of their own)
  const row = page.locator('tr[data-row-key]').filter({ hasText: number });
  await expect(row).toContainText('Upstream');
  await expect(row).toContainText('contract.pdf');
  await expect(row).toContainText('1,250,000.00 CNY');
  await expect(folderRow).toContainText('1');

  // the file in the window
  await row.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // edit the contract's fields
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Party B').fill('Harbour Logistics');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row).toContainText('Harbour Logistics');

  // detail lines in the grid: two added, one edited; amounts computed
  await row.getByRole('button', { name: /expand/i }).click();
  const lines = page.getByTestId(`lines-${number}`);
  await expect(lines).toContainText('No lines yet');
  await lines.getByRole('button', { name: 'Add line' }).click();
  await page.locator('#line_commodity').fill('Copper cathode');
  await page.locator('#line_quantity').fill('25.5');
  await page.locator('#line_unit').fill('t');
  await page.locator('#line_unitPrice').fill('68000');
  await expect(page.locator('#line_amount')).toHaveAttribute('placeholder', '1,734,000');
  await lines.getByRole('button', { name: 'Save' }).click();
  await expect(lines.getByRole('row').filter({ hasText: 'Copper cathode' })).toContainText('1,734,000');
  await lines.getByRole('button', { name: 'Add line' }).click();
  await page.locator('#line_commodity').fill('Zinc ingot');
  await page.locator('#line_quantity').fill('10');
  await page.locator('#line_unitPrice').fill('21000');
  await page.locator('#line_unitPrice').press('Enter');
  const zinc = lines.getByRole('row').filter({ hasText: 'Zinc ingot' });
  await expect(zinc).toContainText('210,000');
  await zinc.getByRole('button', { name: 'Edit' }).click();
  await page.locator('#line_quantity').fill('12');
  await lines.getByRole('button', { name: 'Save' }).click();
  await expect(zinc).toContainText('252,000');
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

  // export under <contractNumber>-details.xlsx
  const download = page.waitForEvent('download');
  await lines.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe(`${number}-details.xlsx`);

  // an import with a bad row: the row error is listed and nothing is imported
  await lines.getByRole('button', { name: 'Import' }).click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[type=file]').setInputFiles({
    name: 'bad.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      ['commodity', 'quantity', 'unitPrice'],
      ['Nickel', 3, 120000],
      ['Tin', 'abc', 200000],
    ]),
  });
  await modal.getByRole('button', { name: 'Import' }).click();
  await expect(modal.getByTestId('import-error')).toContainText('Nothing was imported');
  const errorRow = modal.getByTestId('import-errors').getByRole('row').filter({ hasText: 'Quantity (quantity)' });
  await expect(errorRow).toContainText('3');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(lines.getByRole('row').filter({ hasText: 'Nickel' })).toHaveCount(0);

  // a good workbook (Chinese headers) is appended
  await lines.getByRole('button', { name: 'Import' }).click();
  await modal.locator('input[type=file]').setInputFiles({
    name: 'good.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      ['品名', '数量', '单价'],
      ['Nickel', 3, 120000],
      ['Tin', 2, 200000],
    ]),
  });
  await modal.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('2 line(s) imported, 0 removed')).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: 'Nickel' })).toContainText('360,000');
  await expect(lines.getByRole('row').filter({ hasText: 'Tin' })).toContainText('4');

  // delete a line
  await lines.getByRole('row').filter({ hasText: 'Tin' }).getByRole('button', { name: 'Delete' }).click();
  await confirm(page);
  await expect(lines.getByRole('row').filter({ hasText: 'Tin' })).toHaveCount(0);

  // a folder that holds a contract cannot be deleted; the refusal is shown
  await folderRow.getByRole('button', { name: 'Delete folder' }).click();
  await confirm(page);
  await expect(page.getByText('folder is not empty: it holds 1 contract(s)')).toBeVisible();

  // delete the contract, then the folder
  await row.getByRole('button', { name: 'Delete' }).first().click();
  await confirm(page);
  await expect(row).toHaveCount(0);
  await folderRow.getByRole('button', { name: 'Delete folder' }).click();
  await confirm(page);
  await expect(folderRow).toHaveCount(0);
});

test('company files: folder, a licence expiring in 20 days found under "expiring within 30 days", download, delete', async ({ page }) => {
  const folder = `Licences ${run}`;
  const fileName = `licence-${run}.pdf`;
  const company = `Xinghai Trading ${run}`;
  const in20 = new Date(Date.now() + 20 * 86_400_000);
  const expiry = `${in20.getFullYear()}-${String(in20.getMonth() + 1).padStart(2, '0')}-${String(in20.getDate()).padStart(2, '0')}`;
  await signInAsAdmin(page);
  await page.getByRole('menu').getByText('Company files').click();
  await expect(page).toHaveURL(/\/company-files/);

  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByLabel('Folder name').fill(folder);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const folderRow = page.locator(`[data-folder="${folder}"]`);
  await expect(folderRow).toBeVisible();
  // the new folder is the selected one (its address) before the upload opens
  await expect(page).toHaveURL(/[?&]folderId=\d+/);

  // upload with the record's fields; the selected folder is the default
  await page.getByRole('button', { name: 'Upload files' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await drawer.getByLabel('Company', { exact: true }).fill(company);
  await drawer.getByLabel('File category').fill('licence');
  await expect(drawer.getByText(folder)).toBeVisible();
  await drawer.getByLabel('Expires on').click();
  await drawer.getByLabel('Expires on').fill(expiry);
  // Enter takes the typed date and saves nothing (issue 21: Enter in a date field never submits)
  await drawer.getByLabel('Expires on').press('Enter');
  await expect(drawer.getByLabel('Expires on')).toHaveValue(expiry);
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const row = page.locator('tr[data-row-key]').filter({ hasText: fileName });
  await expect(row).toContainText(company);
  await expect(row).toContainText(`${expiry} · in 20 days`);
  await expect(folderRow).toContainText('1');

  // the "expiring within 30 days" filter finds it
  await page.getByLabel('Expiring within').click();
  await page.getByTitle('30 days', { exact: true }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/expiringWithinDays=30/);
  await expect(page).toHaveURL(/folderId=\d+/);
  await expect(row).toBeVisible();

  // edit the record's fields
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByLabel('Description').fill('Business licence, original');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row).toContainText('Business licence, original');

  // download under the original name, and the preview in the window
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(fileName);
  await row.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // the page in Chinese, then back
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(page.getByRole('columnheader', { name: '公司名称' })).toBeVisible();
  await expect(row).toContainText('20 天后到期');
  await page.getByTestId('language-switch').click();
  await page.getByTitle('English').click();
  await expect(page.getByRole('columnheader', { name: 'Company', exact: true })).toBeVisible();

  // delete the file, then the folder
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm(page);
  await expect(row).toHaveCount(0);
  await folderRow.getByRole('button', { name: 'Delete folder' }).click();
  await confirm(page);
  await expect(folderRow).toHaveCount(0);
});
