// The client on the most common office laptop (1366×768): the side menu stays in view and folds,
// every warehouse list shows the columns a clerk scans without scrolling sideways and nothing covers
// them, column settings are kept, Enter in a date field saves nothing, a filled drawer asks before it
// is thrown away, and a password reset by an admin makes the user choose a new one.
import type { Page } from '@playwright/test';
import { FINANCE_KINDS, FINANCE_PAGES, type FinanceKindFacts, type FinanceKindKey } from '../../shared/finance-kinds.js';
import { hasFinanceField } from '../../shared/finance.js';
import { adminApi, expect, login, PDF, settle, signInAsAdmin, test, visit } from './fixtures.js';

// each test opens several lists: more time than the default minute on a busy machine
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: { width: 1366, height: 768 } });

// evaluate() runs in the browser; the root tsconfig has no DOM types
declare const document: { elementFromPoint(x: number, y: number): { closest(s: string): { cellIndex: number; textContent: string | null } | null } | null };
declare const window: { scrollY: number; scrollTo(x: number, y: number): void; innerHeight: number };

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `PL-${U}`, name: `Laptop ${U}` };
const today = new Date().toISOString().slice(0, 10);

/**
 * Each title's header is on screen and is what the browser finds at its centre (no fixed column
 * over it), and so is the first row's cell under it.
 */
async function expectKeyColumns(page: Page, titles: string[]) {
  // the list's table: the one with a header (a folder panel beside it is a table without one)
  const firstRow = page
    .locator('.ant-table')
    .filter({ has: page.locator('.ant-table-thead') })
    .first()
    .locator('tr.ant-table-row')
    .first();
  // the machine running the suite may be busy: the first answer of a list can take a while
  await expect(firstRow).toBeVisible({ timeout: 30_000 });
  // the list may still be answering a refresh (the live events of the records made just before):
  // measure once it has settled, and again if a new answer re-drew the rows in between (a row
  // detached, or moved, while it was measured)
  await settle(page);
  await expect(async () => {
    const rowBox = (await firstRow.boundingBox())!;
    expect(rowBox, 'the first row is on screen').not.toBeNull();
    for (const title of titles) {
      const th = page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title.replace(/[/()]/g, '\\$&')}$`) });
      await expect(th, title).toHaveCount(1);
      const box = (await th.boundingBox())!;
      expect(box.x + box.width, `${title} ends inside the window`).toBeLessThanOrEqual(1366);
      const x = box.x + box.width / 2;
      const hit = await page.evaluate(
        ([x, y, rowY]) => {
          const head = document.elementFromPoint(x!, y!)?.closest('th');
          const cell = document.elementFromPoint(x!, rowY!)?.closest('td');
          return { head: head?.textContent?.trim() ?? null, headIndex: head?.cellIndex ?? -1, cellIndex: cell?.cellIndex ?? -2 };
        },
        [x, box.y + box.height / 2, rowBox.y + rowBox.height / 2],
      );
      expect(hit.head, `${title} is not covered`).toBe(title);
      expect(hit.cellIndex, `the first row's ${title} cell is not covered`).toBe(hit.headIndex);
    }
  }).toPass({ timeout: 10_000 });
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the warehouse lists show number, status, date, warehouse, commodity, quantity and party at 1366×768, with row actions beyond two in More', async ({ page }) => {
  await adminApi<Record<string, unknown>>(page, 'POST', '/inventory/warehouses', {
    code: WH.code,
    name: WH.name,
    address: 'No. 1 Very Long Road Name, Pudong New Area, Shanghai, beside the bonded zone gate 3',
    contactPerson: 'Wang Qiang',
  });
  await adminApi<Record<string, unknown>>(page, 'POST', '/inventory/inbound', {
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    blNumber: `BL${U}`,
    blWeight: 250.5,
    inboundWeight: 250.12,
    owner: 'Jiangxi Copper Trading Co., Ltd.',
    contractNumber: 'HT-2026-018',
    operator: 'Li Wei',
    inboundDate: today,
  });
  const pickup = await adminApi<Record<string, unknown>>(page, 'POST', '/apply-delivery', {
    blNumber: `BL${U}`,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 20,
    unit: 't',
    deliveryDate: today,
    driverName: 'Zhang San',
    licensePlate: '沪A12345',
    deliveryAddress: 'Ningbo, Beilun district, harbour road 88, warehouse gate 2',
  });
  // only an approved pickup request ships (issue 20)
  await adminApi<Record<string, unknown>>(page, 'PUT', `/apply-delivery/${pickup.id as number}`, { status: 'approved' });
  await adminApi<Record<string, unknown>>(page, 'POST', '/delivery-details', {
    deliveryOrderNumber: pickup.orderNumber,
    blNumber: `BL${U}`,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 20,
    unit: 't',
    outboundDate: today,
    licensePlate: '沪A12345',
    driverName: 'Zhang San',
    operator: 'Li Wei',
  });
  await adminApi<Record<string, unknown>>(page, 'POST', '/ownership-transfer', {
    transferDate: today,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 10,
    transferor: 'Jiangxi Copper Trading Co., Ltd.',
    transferee: 'Ningbo Metals Ltd.',
    blNumber: `BL${U}`,
  });

  await page.goto(`/warehouse/outbound-orders?warehouse=${encodeURIComponent(WH.name)}`);
  await expectKeyColumns(page, ['Outbound no.', 'Outbound status', 'Outbound date', 'Warehouse', 'Commodity', 'Quantity']);
  const outbound = page.locator('tr.ant-table-row').first();
  await expect(outbound).toContainText('20.000 t');
  // Edit and Confirm receipt show; history, print and delete wait in More
  await expect(outbound.getByRole('button', { name: 'Print' })).toHaveCount(0);
  await outbound.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/warehouse/inbound-orders?warehouse=${encodeURIComponent(WH.name)}`);
  await expectKeyColumns(page, ['Inbound no.', 'Inbound date', 'Warehouse', 'Commodity', 'Inbound weight', 'Owner']);
  await expect(page.locator('tr.ant-table-row').first()).toContainText('250.120');

  await page.goto(`/warehouse/pickup-requests?warehouse=${encodeURIComponent(WH.name)}`);
  await expectKeyColumns(page, ['Pickup order no.', 'Status', 'Pickup date', 'Warehouse', 'Commodity', 'Quantity']);

  await page.goto(`/warehouse/ownership-transfers?warehouse=${encodeURIComponent(WH.name)}`);
  await expectKeyColumns(page, ['Transfer no.', 'Status', 'Transfer date', 'Warehouse', 'Commodity', 'Quantity', 'Transferor', 'Transferee']);

  await page.goto(`/warehouse/warehouses?keyword=${WH.code}`);
  await expectKeyColumns(page, ['Code', 'Name', 'Status', 'Updated']);
});

test('the ledger, stock summary, lots, users and audit lists show their key columns uncovered at 1366×768', async ({ page }) => {
  await page.goto(`/warehouse/stock-ledger?warehouse=${encodeURIComponent(WH.name)}`);
  await expectKeyColumns(page, ['Business date', 'Warehouse', 'Commodity', 'Document no.', 'Change', 'Balance']);
  await page.goto(`/warehouse/stock-summary?warehouse=${encodeURIComponent(WH.name)}`);
  await expectKeyColumns(page, ['Warehouse', 'Commodity', 'Current stock', 'Reserved', 'Available']);
  await page.goto(`/warehouse/lots?warehouse=${encodeURIComponent(WH.code)}`);
  await expectKeyColumns(page, ['Warehouse', 'Commodity', 'B/L no.', 'Current stock', 'Reserved', 'Available']);
  await page.goto('/admin/users');
  await expectKeyColumns(page, ['Username', 'Roles', 'Warehouses', 'Status', 'Registered']);
  await page.goto('/admin/audit');
  await expectKeyColumns(page, ['Time', 'User', 'Action', 'Record type', 'Record']);
});

const pdf = { name: 'scan.pdf', mimeType: 'application/pdf', buffer: PDF };

/** The key columns of each finance kind's list: number, references, party or item, money, date, status. */
const FINANCE_KEYS: Record<FinanceKindKey, string[]> = {
  freightCharges: ['Contract number', 'B/L number', 'Carrier', 'Amount', 'Charge date', 'Payment'],
  miscCharges: ['Contract number', 'B/L number', 'Charge type', 'Amount', 'Charge date', 'Payment'],
  serviceFees: ['Contract number', 'B/L number', 'Service provider', 'Amount', 'Fee date', 'Payment'],
  costBreakdowns: ['Contract number', 'B/L number', 'Cost item', 'Amount'],
  profitRecords: ['Contract number', 'B/L number', 'Commodity', 'Revenue', 'Cost', 'Profit', 'Record date'],
  upstreamInvoices: ['Invoice number', 'Contract number', 'Counterparty', 'Amount', 'Invoice date', 'Status'],
  downstreamInvoices: ['Invoice number', 'Contract number', 'Counterparty', 'Amount', 'Invoice date', 'Status'],
  freightMiscInvoices: ['Invoice number', 'Contract number', 'Counterparty', 'Amount', 'Invoice date', 'Status'],
  settlements: ['Settlement number', 'Contract number', 'Counterparty', 'Amount', 'Settlement date', 'Status'],
  reconciliations: ['Reconciliation number', 'Counterparty', 'Amount', 'Period start', 'Period end', 'Status'],
};

test('the contract, company file, finance and master data lists show their key columns uncovered at 1366×768', async ({ page }) => {
  const party = 'Jiangxi Copper Trading Co., Ltd.';
  await adminApi(
    page,
    'POST',
    '/contract/upload',
    {
      name: `Iron ore purchase ${U}`,
      contractType: '1',
      contractCode: `BC-${U}`,
      buyParty: party,
      sellParty: 'Ningbo Metals Ltd.',
      commodity: 'Iron ore',
      count: '1250.5',
      unitPrice: '820',
      BLNumber: `BL${U}`,
      files: pdf,
    },
    true,
  );
  await page.goto(`/contracts?keyword=BC-${U}`);
  await expectKeyColumns(page, ['Contract number', 'Contract name', 'Contract type', 'Buyer', 'Seller', 'Commodity', 'Quantity', 'Created']);

  const folder = await adminApi<{ id: number }>(page, 'POST', '/corp-contract/folders', { name: `Laptop ${U}`, category: 'upstream' });
  const fields = {
    folderId: String(folder.id),
    contractNumber: `HT-${U}`,
    name: 'Copper cathode supply 2027',
    partyA: party,
    partyB: 'Ningbo Metals Ltd.',
    signDate: today,
    amount: '1250000',
    file: pdf,
  };
  await adminApi(page, 'POST', '/corp-contract/contracts', fields, true);
  await page.goto(`/corp-contracts?folderId=${folder.id}`);
  await expectKeyColumns(page, ['Contract number', 'Category', 'Party A', 'Party B', 'Signed on', 'Amount']);

  const file = { companyName: party, fileCategory: 'Business licence', expireDate: today, description: 'Scanned business licence, renewed every year', files: pdf };
  await adminApi(page, 'POST', '/company/files/upload', file, true);
  await page.goto(`/company-files?companyName=${encodeURIComponent(party)}`);
  await expectKeyColumns(page, ['File', 'Company', 'File category', 'Expires on']);

  await adminApi(page, 'POST', '/commodities', { name: `Copper cathode ${U}`, code: `CU-${U}`, unit: 't', category: 'metals', remark: 'LME grade A' });
  await page.goto(`/master-data/commodities?keyword=${U}`);
  await expectKeyColumns(page, ['Name', 'Code', 'Default unit', 'Category', 'Status']);
  await adminApi(page, 'POST', '/parties', { name: `${party} ${U}`, kind: 'customer', contact: 'Li Wei', phone: '13800000000' });
  await page.goto(`/master-data/parties?keyword=${U}`);
  await expectKeyColumns(page, ['Name', 'Kind', 'Contact', 'Phone', 'Status']);

  // every finance kind, each with a record filled as a clerk would
  const values: Record<string, unknown> = {
    contractNumber: `HT-${U}`,
    blNumber: `BL${U}`,
    carrier: 'COSCO Shipping Lines Co., Ltd.',
    origin: 'Port Hedland',
    destination: 'Ningbo',
    quantity: 1250.5,
    unit: 't',
    unitPrice: 12.5,
    chargeType: 'Port charge',
    payee: 'Ningbo Port Logistics Co., Ltd.',
    serviceProvider: 'Ningbo Port Logistics Co., Ltd.',
    feeType: 'Agency fee',
    costItem: 'Ocean freight',
    commodity: 'Copper cathode',
    revenue: 1250000,
    cost: 1100000,
    counterparty: party,
    amount: 1234567.89,
    taxRate: 0.13,
    currency: 'CNY',
    periodStart: today,
    periodEnd: today,
  };
  for (const kind of FINANCE_KINDS) {
    const body = Object.fromEntries(Object.entries(values).filter(([f]) => hasFinanceField(kind.key, f)));
    const { numberField, dateField }: FinanceKindFacts = kind;
    if (numberField) body[numberField] = `${kind.segment.slice(0, 2).toUpperCase()}-${U}`;
    if (dateField) body[dateField] = today;
    await adminApi(page, 'POST', `/corp-finances/${kind.segment}`, body);
  }
  for (const financePage of FINANCE_PAGES) {
    for (const key of financePage.kinds) {
      const kind = FINANCE_KINDS.find((k) => k.key === key)!;
      // from page to page inside the client, as the menu moves (no reload of the client's code)
      await visit(page, financePage.kinds.length > 1 ? `${financePage.path}?tab=${kind.segment}` : financePage.path);
      await expectKeyColumns(page, FINANCE_KEYS[key]);
    }
  }
});

test("a corporate contract's lines: the toolbar is not covered, and the totals of all the lines show beside the contract's amount, per unit", async ({ page }) => {
  const folder = await adminApi<{ id: number }>(page, 'POST', '/corp-contract/folders', { name: `Lines ${U}`, category: 'downstream' });
  const number = `HL-${U}`;
  const contract = await adminApi<{ id: number }>(
    page,
    'POST',
    '/corp-contract/contracts',
    { folderId: String(folder.id), contractNumber: number, partyA: 'Ningbo Metals Ltd.', amount: '500000', currency: 'USD', file: pdf },
    true,
  );
  // more lines than a page of the grid (50): the totals are the service's, not the page's
  const details = [
    ...Array.from({ length: 52 }, () => ({ commodity: 'Copper cathode', quantity: 1.5, unit: 't', unitPrice: 1000 })),
    ...Array.from({ length: 3 }, () => ({ commodity: 'Copper wire', quantity: 250.25, unit: 'kg', amount: 10.01 })),
  ];
  await adminApi(page, 'POST', '/corp-contract/details/batch', { contractId: contract.id, details });

  await page.goto(`/corp-contracts?folderId=${folder.id}`);
  const row = page.locator('tr.ant-table-row').filter({ hasText: number });
  await row.locator('.ant-table-row-expand-icon').click();
  const lines = page.getByTestId(`lines-${number}`);
  await expect(lines.locator('tr.ant-table-row')).toHaveCount(50);
  // each toolbar button is what the browser finds at its centre: no table header over it
  for (const name of ['Add line', 'Import', 'Export']) {
    const box = (await lines.getByRole('button', { name }).boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent?.trim() ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit, `${name} is not covered`).toBe(name);
  }
  const totals = lines.getByTestId('lines-totals');
  await expect(totals.getByTestId('lines-total-quantity')).toHaveText('Quantity 750.750 kg · 78.000 t');
  await expect(totals.getByTestId('lines-total-amount')).toHaveText('Amount 78,030.03 USD');
  await expect(totals.getByTestId('contract-amount')).toHaveText('Contract amount 500,000.00 USD');
  await expect(totals).toBeInViewport();
  // the lines' own cells: quantities with 3 decimals, amounts with 2
  await expect(lines.locator('tr.ant-table-row').first()).toContainText('1.500');
  await expect(lines.locator('tr.ant-table-row').first()).toContainText('1,500.00');

  // a line added in the grid below a full page shows there, and changes the totals
  await lines.getByRole('button', { name: 'Add line' }).click();
  await expect(lines.locator('tr.ant-table-row')).toHaveCount(51);
  await page.locator('#line_commodity').fill('Samples');
  await page.locator('#line_quantity').fill('2');
  await page.locator('#line_quantity').press('Enter');
  await expect(totals.getByTestId('lines-total-quantity')).toHaveText('Quantity 750.750 kg · 78.000 t · 2.000 (no unit)');
});

test('the side menu stays in view while the page scrolls, and folds to icons, remembered after a reload', async ({ page }) => {
  // a page longer than the window
  for (let i = 0; i < 12; i++)
    await adminApi<Record<string, unknown>>(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: `Lead ${U}`, inboundWeight: i + 1, inboundDate: today });
  await page.goto('/warehouse/inbound-orders?pageSize=50');
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const sider = page.getByTestId('sider');
  await page.evaluate(() => window.scrollTo(0, 100_000));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const box = (await sider.boundingBox())!;
  expect(box.y).toBe(0);
  await expect(page.getByRole('menu').getByText('Warehouse', { exact: true })).toBeInViewport();
  expect(box.width).toBe(232);

  await page.locator('.ant-layout-sider-trigger').click();
  await expect.poll(async () => (await sider.boundingBox())!.width).toBe(80);
  await page.reload();
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  expect((await sider.boundingBox())!.width).toBe(80);
  await page.locator('.ant-layout-sider-trigger').click();
  await expect.poll(async () => (await sider.boundingBox())!.width).toBe(232);
  await expect(page.getByTestId('breadcrumbs')).toHaveText(/Home\s*\/\s*Warehouse\s*\/\s*Inbound orders/);
});

test('column settings hide and order columns and set the density, kept for this user and list', async ({ page }) => {
  await page.goto('/warehouse/inbound-orders');
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const headers = page.locator('.ant-table-thead th');
  await expect(headers.filter({ hasText: /^Operator$/ })).toHaveCount(1);
  await page.getByTestId('column-settings-button').click();
  const settings = page.getByTestId('column-settings');
  await settings.getByRole('checkbox', { name: 'Operator' }).uncheck();
  await settings.getByText('Compact').click();
  await expect(headers.filter({ hasText: /^Operator$/ })).toHaveCount(0);
  await expect(page.locator('.ant-table-small')).toHaveCount(1);

  await page.reload();
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(headers.filter({ hasText: /^Operator$/ })).toHaveCount(0);
  await expect(page.locator('.ant-table-small')).toHaveCount(1);
  // another list keeps its own settings
  await page.goto('/warehouse/outbound-orders');
  await expect(headers.filter({ hasText: /^Operator$/ })).toHaveCount(1);

  await page.goto('/warehouse/inbound-orders');
  await page.getByTestId('column-settings-button').click();
  await settings.getByRole('button', { name: 'Reset' }).click();
  await expect(headers.filter({ hasText: /^Operator$/ })).toHaveCount(1);
});

test('Enter in a date field of the form picks the date and saves nothing', async ({ page }) => {
  await page.goto('/warehouse/inbound-orders');
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/inventory/inbound')) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Commodity', { exact: true }).fill(`Tin ${U}`);
  const date = drawer.getByLabel('Inbound date', { exact: true });
  await date.click();
  await date.fill(today);
  await date.press('Enter');
  await expect(date).toHaveValue(today);
  await expect(drawer).toBeVisible();
  // a refused save would show the rules' messages: nothing was checked, nothing sent
  await expect(drawer.getByText('is required')).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('closing a drawer with unsaved changes asks first; Keep editing keeps them, Discard closes', async ({ page }) => {
  await page.goto('/warehouse/inbound-orders');
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog', { name: 'New inbound order' });
  // untouched: Esc closes at once
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'New' }).click();
  await drawer.getByLabel('Commodity', { exact: true }).fill(`Zinc ${U}`);
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(drawer.getByLabel('Commodity', { exact: true })).toHaveValue(`Zinc ${U}`);

  await drawer.getByRole('button', { name: 'Close' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(drawer.getByLabel('Commodity', { exact: true })).toHaveValue('');
});

test('an admin resets a password; the user must choose a new one, then signs in with it; the bell counts users waiting', async ({ page }) => {
  const name = `pw.${U.toLowerCase()}`;
  const waiting = `wait.${U.toLowerCase()}`;
  const user = (await (await page.request.post('/api/auth/register', { data: { username: name, password: 'first-password-1' } })).json()) as { data: { id: number } };
  await adminApi<Record<string, unknown>>(page, 'PUT', `/users/${user.data.id}`, { status: 'active' });
  await page.request.post('/api/auth/register', { data: { username: waiting, password: 'first-password-1' } });

  await page.goto('/');
  await page.getByTestId('attention').click();
  await expect(page.getByRole('menuitem', { name: /users? awaits? approval/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /users? awaits? approval/ }).click();
  await expect(page).toHaveURL(/\/admin\/users\?status=pending/);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: waiting })).toBeVisible();

  await page.goto(`/admin/users?keyword=${name}`);
  const row = page.locator('tr.ant-table-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  const drawer = page.getByRole('dialog', { name: `Reset the password of ${name}` });
  await drawer.getByLabel('Temporary password').fill('temporary-pass-1');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Password of ${name} reset`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await login(page, { username: name, password: 'temporary-pass-1' });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('must-change')).toBeVisible();
  // other pages lead back here until the password is changed
  await page.goto('/warehouse/inbound-orders');
  await expect(page).toHaveURL(/\/account$/);

  await page.getByLabel('Current password').fill('temporary-pass-1');
  await page.getByLabel('New password', { exact: true }).fill('my-own-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('is required')).toBeVisible(); // the repeat is empty: not "the passwords differ"
  await expect(page.getByText('The two passwords differ')).toHaveCount(0);
  await page.getByLabel('Repeat the new password').fill('my-own-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, { username: name, password: 'my-own-password-2' });
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/warehouse/inbound-orders');
  await expect(page).toHaveURL(/\/warehouse\/inbound-orders$/);
});
