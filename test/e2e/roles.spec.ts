// The client follows the grants (issue 26): for each preset role, the menu holds exactly the areas
// the default grid lets it read, a pickup request's buttons follow its pickup level, and a page it
// may not read is the 403 page naming what is missing; the admin creates an account with roles and
// warehouses which then signs in (temporary password, then its own); the grants grid saves and
// restores the defaults; a closed registration says so. Accounts are made through the API and
// signed in with stored sessions, to keep it quick.
import { DEFAULT_GRANTS, reaches, type Area, type PresetRole } from '../../shared/permissions.js';
import { accountWith, ADMIN, adminApi, expect, login, signInAsAdmin, storeSession, test } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 768 } });

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `RL-${U}`, name: `Roles ${U}` };
const BL = `BLR${U}`;
const today = new Date().toISOString().slice(0, 10);

/** The side menu's top entries, in order, and the areas any of whose pages puts it there. */
const MENU: [string, Area[]][] = [
  ['Gate', ['pickup']],
  ['Contracts', ['contracts', 'corpContracts']],
  ['Company files', ['companyFiles']],
  ['Warehouse', ['pickup', 'warehouse', 'stock']],
  ['Master data', ['catalogs']],
  ['Reports', ['stock']],
  ['Finance', ['finance', 'profit']],
  // the admin group holds only the audit log for a non-admin reader of it: shown as that one page
  ['Audit log', ['audit']],
];

const menuEntries = (page: Page) => page.getByTestId('sider').locator('.ant-menu-root > li').allInnerTexts();

/** A row's action names: its buttons and, behind "More", the menu's entries. */
async function actionsOf(page: Page, row: Locator): Promise<string[]> {
  const names = (await row.getByRole('button').allInnerTexts()).map((n) => n.trim()).filter(Boolean);
  if (!names.includes('More')) return names;
  await row.getByRole('button', { name: 'More' }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');
  await expect(menu.first()).toBeVisible();
  names.push(...(await menu.allInnerTexts()).map((n) => n.trim()));
  await page.keyboard.press('Escape');
  return names.filter((n) => n !== 'More');
}

test('set up: a warehouse with a pending pickup request the admin asked for', async ({ page }) => {
  await signInAsAdmin(page);
  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH.code, name: WH.name });
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: `Copper ${U}`, inboundWeight: 100, inboundDate: today, blNumber: BL });
  await adminApi(page, 'POST', '/apply-delivery', {
    blNumber: BL,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 5,
    unit: 't',
    deliveryDate: today,
    licensePlate: `沪A${U}`,
  });
});

for (const role of ['manager', 'trader', 'warehouse', 'finance', 'viewer'] as const satisfies readonly PresetRole[]) {
  test(`a ${role} sees the menu and the buttons its grants allow, and a 403 page where it may not read`, async ({ page }) => {
    const grants = DEFAULT_GRANTS[role];
    const may = (area: Area, level: 'read' | 'write' | 'approve' = 'read') => reaches(grants[area], level);
    await signInAsAdmin(page);
    const user = await accountWith(page, `${role}.${U}`.toLowerCase(), [role]);
    await storeSession(page, user);
    await expect(page.getByTestId('current-user')).toContainText(
      role === 'warehouse' ? 'Warehouse clerk' : role === 'finance' ? 'Finance clerk' : role[0]!.toUpperCase() + role.slice(1),
    );

    expect(await menuEntries(page)).toEqual(['Home', ...MENU.filter(([, areas]) => areas.some((a) => may(a))).map(([label]) => label)]);

    // pickup requests: New and Import with write, Approve with approve, Print with read
    await page.goto(`/warehouse/pickup-requests?blNumber=${BL}`);
    const row = page.getByRole('row').filter({ hasText: BL });
    await expect(row).toBeVisible();
    const actions = await actionsOf(page, row);
    expect(actions.includes('Approve')).toBe(may('pickup', 'approve'));
    expect(actions.includes('Edit')).toBe(may('pickup', 'write'));
    expect(actions.includes('Delete')).toBe(may('pickup', 'write'));
    expect(actions).toContain('Print');
    await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveCount(may('pickup', 'write') ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(may('pickup', 'write') ? 1 : 0);
    if (may('pickup', 'write')) await expect(page.getByTestId('read-only')).toHaveCount(0);
    else await expect(page.getByTestId('read-only')).toHaveText('You can read this page; changes need write access to pickup requests.');

    // profit records: the 403 page without profit: read
    await page.goto('/finance/profit-records');
    if (may('profit')) {
      await expect(page.getByRole('button', { name: 'New', exact: true })).toBeVisible();
    } else {
      await expect(page.getByTestId('forbidden')).toBeVisible();
      await expect(page.getByTestId('forbidden-reason')).toHaveText('You need read access to profit.');
      // the address still names the page it is
      await expect(page.getByTestId('breadcrumbs')).toHaveText(/Finance\s*\/\s*Profit records/);
    }
  });
}

test('a second person approves: the creator is refused as the service says, another approver is not', async ({ page }) => {
  await signInAsAdmin(page);
  await adminApi(page, 'PUT', '/settings', { secondPersonApproves: true });
  const manager = await accountWith(page, `boss.${U}`.toLowerCase(), ['manager']);
  // the manager asks for a pickup (through the API), then tries to approve it on the page
  const signedIn = await page.request.post('/api/auth/login', { data: manager });
  const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
  // the request's B/L is received: approving reserves in its lot (issue 27)
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: `Copper ${U}`, inboundWeight: 2, inboundDate: today, blNumber: `BLS${U}` });
  const asked = await page.request.post('/api/apply-delivery', {
    data: { blNumber: `BLS${U}`, warehouse: WH.code, commodity: `Copper ${U}`, quantity: 2, unit: 't', deliveryDate: today },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(asked.status()).toBe(200);
  await storeSession(page, manager);
  await page.goto(`/warehouse/pickup-requests?blNumber=BLS${U}`);
  const own = page.getByRole('row').filter({ hasText: `BLS${U}` });
  await own.getByRole('button', { name: 'Approve' }).click();
  // the dialog says what is available before approving (issue 27)
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/was created by you: another user must approve it/)).toBeVisible();

  // the admin approves it; its details then say who and when
  await storeSession(page, ADMIN);
  await page.goto(`/warehouse/pickup-requests?blNumber=BLS${U}`);
  const row = page.getByRole('row').filter({ hasText: `BLS${U}` });
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('admin');
  await adminApi(page, 'PUT', '/settings', { secondPersonApproves: false });
});

test('the admin creates an account with roles and warehouses; it signs in with the temporary password and must choose its own', async ({ page }) => {
  await signInAsAdmin(page);
  const username = `new.${U}`.toLowerCase();
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Username').fill(username);
  await drawer.getByLabel('Display name').fill('Zhao Min');
  await drawer.getByLabel('Roles').click();
  await page.getByTitle('Trader', { exact: true }).click();
  await page.getByTitle('Warehouse clerk', { exact: true }).click();
  // a multi-select stays open after a pick: a click on the drawer's title closes it
  const title = drawer.getByText('New user', { exact: true });
  await title.click();
  await drawer.getByLabel('Warehouses').click();
  await page.getByTitle(`${WH.name} (${WH.code})`).click();
  await title.click();
  await drawer.getByLabel('Temporary password').fill('temporary-pass-1');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Trader');
  await expect(row).toContainText('Warehouse clerk');
  await expect(row).toContainText(WH.code);
  // never signed in: it may be deleted (offered here, not done)
  expect(await actionsOf(page, row)).toContain('Delete');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await login(page, { username, password: 'temporary-pass-1' });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('must-change')).toBeVisible();
  await page.getByLabel('Current password').fill('temporary-pass-1');
  await page.getByLabel('New password', { exact: true }).fill('zhao-own-password-1');
  await page.getByLabel('Repeat the new password').fill('zhao-own-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, { username, password: 'zhao-own-password-1' });
  const header = page.getByTestId('current-user');
  await expect(header).toContainText('Trader');
  await expect(header).toContainText('Warehouse clerk');
  // trader and warehouse clerk together: the highest of each (contracts from trader, no audit log)
  expect(await menuEntries(page)).toEqual(['Home', 'Gate', 'Contracts', 'Company files', 'Warehouse', 'Master data', 'Reports', 'Finance']);
});

test('the grants grid saves a change and restores the defaults; a closed registration says so', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const cell = page.getByTestId('grant-viewer-finance');
  await expect(cell).toContainText('None');
  await cell.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Read', { exact: true }).click();
  await page.getByRole('button', { name: 'Save grants' }).click();
  await expect(page.getByText('Grants saved: they apply from each user’s next request')).toBeVisible();
  expect((await adminApi<{ grants: typeof DEFAULT_GRANTS }>(page, 'GET', '/settings/grants')).grants.viewer.finance).toBe('read');

  // the grants card's own (Settings has the document kinds' Restore defaults too)
  await page.getByTestId('grants').getByRole('button', { name: 'Restore defaults' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Default grants restored')).toBeVisible();
  await expect(cell).toContainText('None');
  expect((await adminApi<{ grants: typeof DEFAULT_GRANTS }>(page, 'GET', '/settings/grants')).grants).toEqual(DEFAULT_GRANTS);

  // self-registration closed: the register page says so instead of making an account
  await page
    .locator('form[id=settings] label')
    .filter({ hasText: /^Closed$/ })
    .click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  try {
    await page.goto('/register');
    await page.getByLabel('Username').fill(`late.${U}`.toLowerCase());
    await page.getByLabel('Password', { exact: true }).fill('late-password-1');
    await page.getByLabel('Repeat the password').fill('late-password-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByTestId('registration-closed')).toContainText('Registration is closed');
    await expect(page.getByTestId('registration-closed')).toContainText('registration is closed: ask an admin to create your account');
  } finally {
    await adminApi(page, 'PUT', '/settings', { selfRegistration: 'open' });
  }
});
