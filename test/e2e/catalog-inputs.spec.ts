// Commodity, unit and party inputs outside the warehouse pick from their catalogs: a business
// contract's buyer and commodity, a corporate contract's detail line (its commodity fills the unit),
// and a finance record's counterparty. A name typed by hand stays allowed (the other specs type them).
import type { Page } from '@playwright/test';
import { ADMIN, expect, signInAsAdmin, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const U = Date.now().toString(36).slice(-5).toUpperCase();
const COMMODITY = `Cobalt Bar ${U}`;
const PARTY = `Harbour Metals ${U}`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

async function token(page: Page) {
  const login = await (await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } })).json();
  return { authorization: `Bearer ${login.data.token as string}` };
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the catalogs are offered in contract and finance forms; a commodity fills its unit', async ({ page }) => {
  const headers = await token(page);
  for (const [path, data] of [
    ['/api/commodities', { name: COMMODITY, unit: 'kg' }],
    ['/api/parties', { name: PARTY }],
  ] as const) {
    const res = await page.request.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // a business contract: the buyer and the commodity picked while typing
  await page.goto('/contracts');
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Buyer').fill(`harbour metals ${U.toLowerCase()}`);
  await option(page, PARTY).click();
  await expect(drawer.getByLabel('Buyer')).toHaveValue(PARTY);
  await drawer.getByLabel('Commodity').fill(`cobalt bar ${U.toLowerCase()}`);
  await option(page, COMMODITY).click();
  await expect(drawer.getByLabel('Commodity')).toHaveValue(COMMODITY);

  // a corporate contract's detail line: the commodity picked fills its default unit
  const folder = await (await page.request.post('/api/corp-contract/folders', { headers, data: { name: `Catalogs ${U}`, category: 'upstream' } })).json();
  const number = `CAT-${U}`;
  const created = await page.request.post('/api/corp-contract/contracts', {
    headers,
    multipart: { folderId: String(folder.data.id as number), contractNumber: number, file: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto(`/corp-contracts?folderId=${folder.data.id as number}`);
  const row = page.locator('tr[data-row-key]').filter({ hasText: number });
  await row.getByRole('button', { name: /expand/i }).click();
  const lines = page.getByTestId(`lines-${number}`);
  await lines.getByRole('button', { name: 'Add line' }).click();
  await page.locator('#line_commodity').fill(`COBALT bar ${U}`);
  await option(page, COMMODITY).click();
  await expect(page.locator('#line_commodity')).toHaveValue(COMMODITY);
  await expect(page.locator('#line_unit')).toHaveValue('kg');
  await page.locator('#line_quantity').fill('3');
  await lines.getByRole('button', { name: 'Save' }).click();
  await expect(lines.getByRole('row').filter({ hasText: COMMODITY })).toContainText('kg');

  // a settlement's counterparty
  await page.goto('/finance/settlements');
  await page.getByRole('button', { name: 'New' }).click();
  await drawer.getByLabel('Counterparty').fill(`Harbour Metals ${U}`.slice(0, 12));
  await option(page, PARTY).click();
  await expect(drawer.getByLabel('Counterparty')).toHaveValue(PARTY);
});
