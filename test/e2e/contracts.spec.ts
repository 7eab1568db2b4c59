// Business contracts and the contract archive in the browser: create a contract with a PDF and a
// PNG, preview, edit, add and remove files, delete; refusals shown; batch upload; the archive's
// folders and batches.
import type { Locator, Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const NAME = `Iron ore purchase ${RUN}`;

// a one-page PDF and a 1x1 PNG, as bytes
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** Answers the open confirmation with Yes and waits until it has closed. */
async function confirm(page: Page) {
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByRole('button', { name: /Yes/ })).toHaveCount(0);
}

async function fillContract(drawer: Locator, page: Page, fields: { name: string; code: string; bl: string }) {
  await drawer.getByLabel('Contract name').fill(fields.name);
  await drawer.getByLabel('Contract type').click();
  await page.getByTitle('Purchase').last().click();
  await drawer.getByLabel('Contract number').fill(fields.code);
  await drawer.getByLabel('Buyer').fill('Cargodesk Trading Ltd');
  await drawer.getByLabel('Seller').fill('Pilbara Minerals Pty');
  await drawer.getByLabel('Commodity').fill('iron ore fines 62%');
  await drawer.getByLabel('Quantity').fill('50000');
  await drawer.getByLabel('Unit price').fill('108.5');
  await drawer.getByLabel('B/L numbers').fill(fields.bl);
}

test('creates a contract with a PDF and a PNG, previews, edits, adds and removes files, deletes it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await fillContract(drawer, page, { name: NAME, code: `PC-${RUN}`, bl: `COSU${RUN}01; COSU${RUN}02` });
  await drawer.locator('input[type=file]').setInputFiles([pdf('采购合同-签字版.pdf'), png('page-2.png')]);
  await expect(drawer.getByText('采购合同-签字版.pdf')).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText(`PC-${RUN}`);
  // a quantity with its 3 decimals, the unit price with at least 2, both grouped by thousands
  await expect(row).toContainText('50,000.000');
  await expect(row).toContainText('108.50');
  await expect(row).toContainText(`COSU${RUN}02`);
  await expect(row.getByTestId('file-count')).toHaveText('2');

  // the type tabs filter on the server
  await page.getByRole('tab', { name: 'Downstream' }).click();
  await expect(page).toHaveURL(/contractType=3/);
  await expect(page.getByRole('row').filter({ hasText: NAME })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Purchase' }).click();
  await expect(row).toBeVisible();
  await page.getByLabel('Keyword').fill(`COSU${RUN}02`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole('row')).toHaveCount(2);

  // detail: preview and download
  await row.getByRole('button', { name: NAME }).click();
  const detail = page.getByRole('dialog').filter({ hasText: `Contract ${NAME}` });
  await expect(detail.getByText('page-2.png')).toBeVisible();
  await expect(detail).toContainText('50,000.000');
  await expect(detail).toContainText('108.50');
  const pngRow = detail.getByRole('row').filter({ hasText: 'page-2.png' });
  await pngRow.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await page.getByRole('dialog').filter({ hasText: 'page-2.png' }).last().getByRole('button', { name: 'Close' }).click();
  const download = page.waitForEvent('download');
  await detail.getByRole('row').filter({ hasText: '采购合同-签字版.pdf' }).getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('采购合同-签字版.pdf');

  // add a file, then remove two; removing the last one is refused by the server
  await detail.locator('input[type=file]').setInputFiles([pdf('annex.pdf')]);
  await detail.getByRole('button', { name: 'Upload the files' }).click();
  await expect(page.getByText('Files added')).toBeVisible();
  await expect(detail.getByRole('row').filter({ hasText: 'annex.pdf' })).toBeVisible();
  await detail.getByRole('row').filter({ hasText: 'page-2.png' }).getByRole('checkbox').check();
  await detail.getByRole('row').filter({ hasText: '采购合同-签字版.pdf' }).getByRole('checkbox').check();
  await detail.getByRole('button', { name: 'Remove the selected files' }).click();
  await confirm(page);
  await expect(page.getByText('Files removed')).toBeVisible();
  await expect(detail.getByRole('row').filter({ hasText: 'page-2.png' })).toHaveCount(0);
  await detail.getByRole('row').filter({ hasText: 'annex.pdf' }).getByRole('checkbox').check();
  await detail.getByRole('button', { name: 'Remove the selected files' }).click();
  await confirm(page);
  await expect(detail.getByText('a contract keeps at least one attachment: add a file before removing the last one')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(row.getByTestId('file-count')).toHaveText('1');

  // edit a field
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Unit price').fill('110.25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('110.25');

  // delete with confirmation
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm(page);
  await expect(page.getByText('Deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: NAME })).toHaveCount(0);
});

test('refusals: 16 B/L numbers checked before sending, a text file renamed .pdf refused by the server, in English and in Chinese', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  const bl16 = Array.from({ length: 16 }, (_, i) => `BL${RUN}${i}`).join(';');
  await fillContract(drawer, page, { name: `Refused ${RUN}`, code: `PC-R-${RUN}`, bl: bl16 });
  await expect(drawer.getByText('holds 16 numbers; at most 15 are allowed')).toBeVisible();
  await drawer.getByLabel('B/L numbers').fill(`BL${RUN}1`);
  await drawer.locator('input[type=file]').setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a scan') }]);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('alert')).toContainText('"notes.pdf" is not a PDF or an image (judged by its content)');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Refused ${RUN}` })).toHaveCount(0);

  // a label of the page in Chinese
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  await expect(page.getByRole('tab', { name: '采购合同' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '提单号' })).toBeVisible();

  // the same refusals in Chinese: the shared schema's check before sending, then the service's answer
  await page.getByRole('button', { name: '新 建' }).click();
  await drawer.getByLabel('合同名称').fill(`拒绝 ${RUN}`);
  await drawer.getByLabel('合同类型').click();
  await page.getByTitle('采购合同').last().click();
  await drawer.getByLabel('合同编号').fill(`PC-Z-${RUN}`);
  await drawer.getByLabel('买方').fill('上海货栈贸易有限公司');
  await drawer.getByLabel('卖方').fill('青岛港矿业公司');
  await drawer.getByLabel('品名').fill('铁矿粉');
  await drawer.getByLabel('数量').fill('100');
  await drawer.getByLabel('单价').fill('9.5');
  await drawer.getByLabel('提单号').fill(bl16);
  await expect(drawer.getByText('有 16 个提单号；最多允许 15 个')).toBeVisible();
  await drawer.getByLabel('提单号').fill(`BL${RUN}2`);
  await drawer.locator('input[type=file]').setInputFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a scan') }]);
  await drawer.getByRole('button', { name: '保 存' }).click();
  await expect(drawer.getByRole('alert')).toContainText('"notes.pdf" 不是 PDF 或图片（按文件内容判断）；请扫描为 PDF、JPEG 或 PNG');
  await drawer.getByRole('button', { name: '取 消' }).click();
  await expect(drawer).toBeHidden();

  await page.getByTestId('language-switch').click();
  await page.getByTitle('English').click();
  await expect(page.getByRole('tab', { name: 'Purchase' })).toBeVisible();
});

test('archive: creates a folder, uploads a batch, sees and previews it, refuses to delete a non-empty folder, deletes the batch and the folder', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/contracts/archive');
  const FOLDER = `2026 Q4 iron ore ${RUN}`;
  await page.getByRole('button', { name: 'New folder' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Folder name').fill(FOLDER);
  await drawer.getByLabel('Description').fill('signed originals');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const folder = page.getByTestId('folder').filter({ hasText: FOLDER });
  await expect(folder).toContainText('0 batches');

  // rename
  await folder.getByRole('button', { name: 'Rename' }).click();
  await drawer.getByLabel('Folder name').fill(`${FOLDER} signed`);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const renamed = page.getByTestId('folder').filter({ hasText: `${FOLDER} signed` });
  await expect(renamed).toBeVisible();
  await expect(page.getByText(`Batches in ${FOLDER} signed`)).toBeVisible();

  await page.getByRole('button', { name: 'Upload a batch' }).click();
  await drawer.getByLabel('Batch name').fill(`November shipments ${RUN}`);
  await drawer.getByLabel('Remark').fill('originals from the port');
  await drawer.locator('input[type=file]').setInputFiles([pdf('提单.pdf')]);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const batch = page.getByRole('row').filter({ hasText: `November shipments ${RUN}` });
  await expect(batch).toContainText('originals from the port');
  await expect(batch).toContainText(`${PDF.length} B`);
  await expect(renamed).toContainText(/1 batch(?!es)/);

  await batch.getByRole('button', { name: `November shipments ${RUN}` }).click();
  const detail = page.getByRole('dialog').filter({ hasText: `Batch November shipments ${RUN}` });
  await detail.getByRole('row').filter({ hasText: '提单.pdf' }).getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await page.getByRole('dialog').filter({ hasText: '提单.pdf' }).last().getByRole('button', { name: 'Close' }).click();
  await detail.getByRole('button', { name: 'Close' }).first().click();

  // a folder holding a batch is refused
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await confirm(page);
  await expect(page.getByText(`folder is not empty: "${FOLDER} signed" holds 1 batch`)).toBeVisible();

  await batch.getByRole('button', { name: 'Delete' }).click();
  await confirm(page);
  await expect(page.getByRole('row').filter({ hasText: `November shipments ${RUN}` })).toHaveCount(0);
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await confirm(page);
  await expect(page.getByTestId('folder').filter({ hasText: FOLDER })).toHaveCount(0);
});

test('batch upload: two contracts with their own files, a wrong row marked, then all created', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'Batch upload' }).click();
  const modal = page.getByRole('dialog');
  const rows = modal.getByTestId('batch-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  for (const [i, row] of [rows.nth(0), rows.nth(1)].entries()) {
    await row.getByLabel('Contract name').fill(`Batch ${RUN} ${i + 1}`);
    await row.getByLabel('Contract type').click();
    await page.getByTitle('Downstream').last().click();
    await row.getByLabel('Contract number').fill(`DC-${RUN}-${i + 1}`);
    await row.getByLabel('Buyer').fill('Harbin Steel');
    await row.getByLabel('Seller').fill('Cargodesk Trading Ltd');
    await row.getByLabel('Commodity').fill('iron ore');
    await row.getByLabel('Quantity').fill(String(1000 * (i + 1)));
    await row.getByLabel('Unit price').fill('112');
    await row.getByLabel('B/L numbers').fill(`BLB${RUN}${i}`);
    await row.locator('input[type=file]').setInputFiles([pdf(`batch-${i + 1}.pdf`)]);
  }
  // the second row's 16 B/L numbers are marked in its cell
  await rows
    .nth(1)
    .getByLabel('B/L numbers')
    .fill(Array.from({ length: 16 }, (_, i) => `X${i}`).join(';'));
  await modal.getByRole('button', { name: 'Create 2 contracts' }).click();
  await expect(rows.nth(1).getByText('holds 16 numbers; at most 15 are allowed')).toBeVisible();
  await expect(rows.nth(0).getByText('holds 16 numbers')).toHaveCount(0);
  await rows.nth(1).getByLabel('B/L numbers').fill(`BLB${RUN}1`);
  await modal.getByRole('button', { name: 'Create 2 contracts' }).click();
  await expect(page.getByText('2 contracts created')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Batch ${RUN} 1` })).toContainText('Downstream');
  await expect(page.getByRole('row').filter({ hasText: `Batch ${RUN} 2` })).toContainText('2,000.000');
});
