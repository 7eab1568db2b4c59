// An admin backs up from the Backups page, sees the backup listed, downloads it (a real zip of
// the database and files), and finds the page in Chinese too.
import { readFile } from 'node:fs/promises';
import { expect, openFromMenu, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { setItem(key: string, value: string): void };

test('backs up now, lists the backup and downloads it', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openFromMenu(page, 'Administration', 'Backups', /\/admin\/backups$/);
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();

  const rowsBefore = await page.locator('.ant-table-tbody tr.ant-table-row').count();
  await page.getByRole('button', { name: 'Back up now' }).click();
  const toast = page.getByText(/^Backup written: cargodesk-\d{8}-\d{6}-\d{3}\.zip$/);
  await expect(toast).toBeVisible();
  const name = (await toast.textContent())!.replace('Backup written: ', '');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(rowsBefore + 1);
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText('By hand');
  await expect(row).toContainText(/\d+ KB/);
  await expect(rows.first()).toContainText(name); // newest first

  // what the page looked like, beside the test's results (docs/screenshots holds the published one)
  await page.screenshot({ path: testInfo.outputPath('backups-list.png') });

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes(Buffer.from('cargodesk.sqlite'))).toBe(true);
  expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
});

test('the page speaks Chinese', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'zh-CN'));
  await page.goto('/admin/backups');
  await expect(page.getByRole('heading', { name: '备份' })).toBeVisible();
  await expect(page.getByRole('button', { name: '立即备份' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('手动');
  await expect(page.getByRole('button', { name: '下载' }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('backups-list-zh.png') });
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});
