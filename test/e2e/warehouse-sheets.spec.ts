// Spreadsheets on a warehouse list page: the template, an import with a bad row (the row is named,
// nothing is imported), the corrected import, and the export of what the list shows.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { ADMIN, expect, signInAsAdmin, test } from './fixtures.js';
import type { Page } from '@playwright/test';

test.describe.configure({ mode: 'serial' });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = `WS-${U}`;
const COMMODITY = `Nickel ${U}`;

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('data');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function rowsOf(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

async function importSheet(page: Page, bytes: Buffer) {
  await page.getByRole('button', { name: 'upload Import' }).click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[type=file]').setInputFiles([{ name: 'inbound.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes }]);
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  return modal;
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('inbound orders: template, an import refused for one bad row, the corrected import, the export', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await page.request.post('/api/inventory/warehouses', { data: { code: WH, name: `Sheet test ${U}` }, headers: { authorization: `Bearer ${token}` } });
  expect(created.ok()).toBe(true);

  await page.goto('/warehouse/inbound-orders');
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Template' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('inbound-orders-template.xlsx');
  const header = (await rowsOf(await template.path()))[0];
  expect(header).toEqual(expect.arrayContaining(['Warehouse', 'Commodity', 'Inbound weight', 'Inbound date']));

  const head = ['warehouse', 'commodity', 'inboundWeight', 'inboundDate'];
  const bad = await importSheet(page, await workbook([head, [WH, COMMODITY, 5, '2026-11-01'], [WH, COMMODITY, 7, '2026-02-30']]));
  await expect(bad.getByRole('alert')).toBeVisible();
  const errorRow = bad.locator('tr').filter({ hasText: 'inboundDate' });
  await expect(errorRow).toContainText('3');
  await expect(errorRow).toContainText('is not a real calendar date');
  await bad.getByRole('button', { name: 'Cancel' }).click();
  const none = await page.request.get(`/api/inventory/inbound?warehouse=${WH}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await none.json()) as { data: { total: number } }).data.total).toBe(0);

  await importSheet(page, await workbook([head, [WH, COMMODITY, 5, '2026-11-01'], [WH, COMMODITY, 7, '2026-11-02']]));
  await expect(page.getByText('2 rows imported')).toBeVisible();
  await expect(page.locator('tr.ant-table-row').filter({ hasText: COMMODITY })).toHaveCount(2);

  await page.goto(`/warehouse/inbound-orders?warehouse=${WH}`);
  const exportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const exported = await rowsOf(await (await exportDownload).path());
  expect(exported).toHaveLength(3);
  expect(exported.slice(1).every((r) => r.includes(COMMODITY))).toBe(true);
});
