// Progress on a long import (issue 18): the import dialog's bar moves from the upload through the
// service's phases (reading, checking, writing with row counts) until the rows are imported.
import ExcelJS from 'exceljs';
import { ADMIN, expect, signInAsAdmin, test } from './fixtures.js';

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = `PG-${U}`;
const ROWS = 8000;

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('data');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a long inbound import shows a progress bar that moves, then the rows are imported', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const login = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  expect((await page.request.post('/api/inventory/warehouses', { data: { code: WH, name: `Progress ${U}` }, headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  const bytes = await workbook([['warehouse', 'commodity', 'inboundWeight', 'inboundDate'], ...Array.from({ length: ROWS }, (_, i) => [WH, `Zinc ${U}`, i + 1, '2026-11-01'])]);

  await page.goto('/warehouse/inbound-orders');
  await page.getByRole('button', { name: 'upload Import' }).click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[type=file]').setInputFiles([{ name: 'inbound.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes }]);
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  // every value the bar shows, read until the rows are imported
  const bar = modal.getByTestId('work-progress');
  const imported = page.getByText(`${ROWS} rows imported`);
  const seen: string[] = [];
  const deadline = Date.now() + 150_000;
  while (!(await imported.isVisible())) {
    expect(Date.now() < deadline, seen.join(' | ')).toBe(true);
    if (await bar.count()) {
      const value = await bar.innerText({ timeout: 500 }).catch(() => null);
      const phase = await bar.getAttribute('data-phase', { timeout: 500 }).catch(() => null);
      if (value && phase && seen[seen.length - 1] !== `${phase} ${value}`) seen.push(`${phase} ${value}`);
    }
    await page.waitForTimeout(50);
  }

  expect(new Set(seen).size, seen.join(' | ')).toBeGreaterThanOrEqual(2);
  // the service's own phases were shown, with row counts where it has them
  expect(
    seen.some((v) => /^(reading|checking|writing) /.test(v)),
    seen.join(' | '),
  ).toBe(true);
  const total = await page.request.get(`/api/inventory/inbound/list?warehouse=${WH}&pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await total.json()) as { data: { total: number } }).data.total).toBe(ROWS);
});
