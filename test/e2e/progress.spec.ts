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
  // every value the bar shows, as the page renders it
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const record = () => {
      const bar = document.querySelector('[data-testid="work-progress"]');
      const value = bar && `${bar.getAttribute('data-phase')} ${bar.getAttribute('data-done')} ${bar.textContent}`;
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(`${ROWS} rows imported`)).toBeVisible({ timeout: 150_000 });

  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(new Set(seen).size, seen.join(' | ')).toBeGreaterThanOrEqual(2);
  // the service's own phases were shown, with row counts where it has them
  expect(seen.some((v) => /^(reading|checking|writing) /.test(v)), seen.join(' | ')).toBe(true);
  const total = await page.request.get(`/api/inventory/inbound/list?warehouse=${WH}&pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await total.json()) as { data: { total: number } }).data.total).toBe(ROWS);
});
