// A new office's first steps in the browser: the first admin, a clerk who waits for approval,
// the admin approving the clerk, the language switch and signing out.
import { ADMIN, CLERK, expect, leaveClient, login, openFromMenu, register, test } from './fixtures.js';

test.describe.configure({ mode: 'serial' });

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };

test('registers the first admin, who can sign in at once', async ({ page }) => {
  // the Content-Security-Policy must not block anything the client needs
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await register(page, ADMIN);
  await expect(page.getByText(`Account "${ADMIN.username}" is the first one: it is an admin and can sign in now.`)).toBeVisible();

  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByTestId('current-user');
  await expect(header).toContainText(ADMIN.displayName);
  await expect(header).toContainText('Admin');
  // the user's menu opens from the keyboard too
  await header.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeHidden();
  const menu = page.getByRole('menu');
  for (const group of ['Contracts', 'Company files', 'Warehouse', 'Finance', 'Administration']) await expect(menu.getByText(group, { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test('shows client validation from the shared schemas before sending', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('x');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('must be 3 to 32 letters, digits, _ . or -')).toBeVisible();
  await expect(page.getByText('must be at least 8 characters')).toBeVisible();

  // what only the server knows is shown as the server says it, next to the field it is about
  await register(page, { username: ADMIN.username, password: 'another-password-1' });
  const usernameItem = page.locator('.ant-form-item', { has: page.locator('#username') });
  await expect(usernameItem.getByText('username "admin" is already taken; choose another')).toBeVisible();
});

test('a second account awaits approval; the admin approves it on the Users page; then it signs in', async ({ page }) => {
  await register(page, CLERK);
  await expect(page.getByText('Your account awaits approval')).toBeVisible();
  await expect(page.getByText(`Account "${CLERK.username}" was created. An admin must approve it before you can sign in.`)).toBeVisible();

  await login(page, CLERK, true);
  await expect(page.getByTestId('login-error')).toContainText('account is awaiting approval by an admin');

  await login(page, ADMIN);
  await openFromMenu(page, 'Administration', 'Users', /\/admin\/users/);
  const row = page.getByRole('row').filter({ hasText: CLERK.username });
  await expect(row).toContainText('Awaiting approval');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`User ${CLERK.username} updated`)).toBeVisible();
  await expect(row).toContainText('Active');

  // the status filter goes to the server and into the address
  await page.getByLabel('Status').click();
  await page.getByTitle('Awaiting approval').click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('row').filter({ hasText: CLERK.username })).toHaveCount(0);

  await page.getByTestId('current-user').waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await login(page, CLERK);
  await expect(page.getByTestId('current-user')).toContainText(CLERK.displayName);
  // the header shows the roles: a self-registered account is a viewer until the admin gives it others
  await expect(page.getByTestId('current-user')).toContainText('Viewer');
  await expect(page.getByRole('menu').getByText('Administration')).toHaveCount(0);
});

test('edits a user in the drawer, validated as the server does, and the audit log shows before and after', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/admin/users');
  const row = page.getByRole('row').filter({ hasText: CLERK.username });
  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Email').fill('not-an-email');
  await expect(drawer.getByText('must be an email address like name@example.com')).toBeVisible();
  await drawer.getByLabel('Email').fill('li.wei@example.com');
  await drawer.getByLabel('Display name').fill('Li Wei (warehouse)');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('Li Wei (warehouse)');
  await expect(row).toContainText('li.wei@example.com');

  await page.goto('/admin/audit');
  const first = page.getByRole('row').filter({ hasText: 'Updated' }).first();
  // the record type and the field names are translated
  await expect(first.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
  await first.getByRole('button', { name: /expand/i }).click();
  await expect(page.getByRole('cell', { name: 'li.wei@example.com', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Email', exact: true })).toBeVisible();
});

test('switches the language: menu and header follow, and the choice is kept', async ({ page }) => {
  await login(page, ADMIN);
  await expect(page.getByRole('menu').getByText('Warehouse')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByTitle('中文').click();
  const menu = page.getByRole('menu');
  for (const group of ['合同', '公司文件', '仓储', '财务', '系统管理']) await expect(menu.getByText(group, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await expect(page.getByTestId('current-user')).toContainText('管理员');

  await page.reload();
  await expect(page.getByRole('menu').getByText('仓储')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByTitle('English').click();
  await expect(page.getByRole('menu').getByText('Warehouse')).toBeVisible();
});

test('signing out returns to the sign-in page, and pages then ask to sign in', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/admin/backups');
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // signing out is not a session that ended
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
});

test('refreshes the token after a 401 and before expiry; signs out when the refresh token is refused', async ({ page }) => {
  await login(page, ADMIN);
  const tokens = () => page.evaluate(() => JSON.parse(localStorage.getItem('cargodesk.tokens') ?? 'null') as { token: string; refreshToken: string; expiresAt: number });
  const before = await tokens();

  // a token the server refuses: the client refreshes once and retries
  await leaveClient(page);
  await page.evaluate(() => {
    const t = JSON.parse(localStorage.getItem('cargodesk.tokens')!);
    localStorage.setItem('cargodesk.tokens', JSON.stringify({ ...t, token: 'not-a-valid-token' }));
  });
  await page.goto('/admin/users');
  await expect(page.getByRole('row').filter({ hasText: CLERK.username })).toBeVisible();
  const afterRetry = await tokens();
  expect(afterRetry.token).not.toBe('not-a-valid-token');
  expect(afterRetry.refreshToken).not.toBe(before.refreshToken);

  // a token about to expire: refreshed before the request is sent
  await leaveClient(page);
  await page.evaluate(() => {
    const t = JSON.parse(localStorage.getItem('cargodesk.tokens')!);
    localStorage.setItem('cargodesk.tokens', JSON.stringify({ ...t, expiresAt: Date.now() + 5_000 }));
  });
  const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/auth/refresh'));
  await page.goto('/admin/users');
  await refreshed;
  await expect(page.getByTestId('current-user')).toBeVisible();
  expect((await tokens()).expiresAt).toBeGreaterThan(Date.now() + 60 * 60 * 1000);

  // both refused: back to the sign-in page
  await leaveClient(page);
  await page.evaluate(() => localStorage.setItem('cargodesk.tokens', JSON.stringify({ token: 'bad', refreshToken: 'bad', expiresAt: Date.now() + 3_600_000 })));
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/login/);
  expect(await tokens()).toBeNull();
  // which says why
  await expect(page.getByTestId('session-ended')).toHaveText('Your session has ended: please sign in again.');
});

test('two tabs whose token is about to expire refresh it once between them, and both stay signed in', async ({ page }) => {
  await login(page, ADMIN);
  const other = await page.context().newPage();
  try {
    await leaveClient(page);
    await page.evaluate(() => {
      const t = JSON.parse(localStorage.getItem('cargodesk.tokens')!);
      localStorage.setItem('cargodesk.tokens', JSON.stringify({ ...t, expiresAt: Date.now() + 5_000 }));
    });
    const refreshes: string[] = [];
    for (const tab of [page, other]) tab.on('request', (r) => void (r.url().endsWith('/api/auth/refresh') && refreshes.push(r.url())));
    // both open at once, each finding the token about to expire: a refresh token works once, and a
    // second exchange of it would revoke the sign-in in both
    await Promise.all([page.goto('/admin/users'), other.goto('/admin/users')]);
    for (const [n, tab] of [page, other].entries())
      await expect(tab.getByTestId('current-user'))
        .toBeVisible()
        // which tab, where it ended and how many exchanges were sent: a signed-out tab (two exchanges) or a slow one
        .catch((err: Error) => {
          throw new Error(`tab ${n + 1} at ${tab.url()} after ${refreshes.length} refresh request(s): ${err.message}`);
        });
    expect(refreshes).toHaveLength(1);
    for (const tab of [page, other]) {
      await tab.reload();
      await expect(tab.getByTestId('current-user')).toBeVisible();
      await expect(tab.getByTestId('session-ended')).toHaveCount(0);
    }
  } finally {
    await other.close();
  }
});
