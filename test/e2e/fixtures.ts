// Each spec file has a service of its own (a fresh data folder, a free port), started by the worker
// that runs it: the files run two at a time and none sees another's records or settings.
// 00-shell.spec.ts registers the first (admin) account through the UI; the other specs call
// signInAsAdmin, which registers it through the API.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type Locator, type Page, type Request } from '@playwright/test';
import { startServer } from '../../server/start.js';

/** The service of the spec file the worker runs now; the one of the file before is closed first. */
class FileServices {
  private current?: { file: string; url: string; close: () => Promise<void> };
  async urlFor(file: string): Promise<string> {
    if (this.current?.file === file) return this.current.url;
    await this.close();
    const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-e2e-'));
    const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', dailyBackup: false }); // no backup timer under test
    this.current = {
      file,
      url: server.url,
      close: async () => {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    return server.url;
  }
  async close() {
    await this.current?.close();
    this.current = undefined;
  }
}

export const test = base.extend<object, { services: FileServices }>({
  services: [
    async ({}, use) => {
      const services = new FileServices();
      await use(services);
      await services.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ services }, use, testInfo) => {
    await use(await services.urlFor(testInfo.file));
  },
});
export { expect };

export const ADMIN = { username: 'admin', password: 'admin-password-1', displayName: 'Wang Fang' };
export const CLERK = { username: 'li.wei', password: 'clerk-password-1', displayName: 'Li Wei' };

let adminToken = '';

/** The admin's sign-in was refused: on a new service, before signInAsAdmin registered it. */
class AdminSignInRefused extends Error {}
/**
 * Sets up data through the API as the admin (signed in once, again when the token has lapsed); throws
 * the service's message on a refusal. `multipart`: the data is sent as a form (an upload's fields and files).
 */
export async function adminApi<T = Record<string, string>>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, multipart = false): Promise<T> {
  const payload = multipart ? { multipart: data as Record<string, string | { name: string; mimeType: string; buffer: Buffer }> } : { data };
  const send = () => page.request.fetch(`/api${path}`, { method, ...payload, headers: { authorization: `Bearer ${adminToken}` } });
  let res = adminToken ? await send() : null;
  if (!res || res.status() === 401) {
    const login = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
    if (!login.ok()) throw new AdminSignInRefused(`could not sign the admin in: ${login.status()}`);
    adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    res = await send();
  }
  const body = (await res.json()) as { success: boolean; message: string; data: T };
  if (!body.success) throw new Error(`${method} ${path}: ${body.message}`);
  return body.data;
}

/** Signs in; unless `refused`, waits until the shell shows the user. */
export async function login(page: Page, user: { username: string; password: string }, refused = false) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!refused) await expect(page.getByTestId('current-user')).toBeVisible();
}

export async function register(page: Page, user: { username: string; password: string; displayName?: string }) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  if (user.displayName) await page.getByLabel('Display name').fill(user.displayName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Repeat the password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const localStorage: { setItem(key: string, value: string): void };
declare const window: { history: { pushState(state: unknown, title: string, url: string): void }; dispatchEvent(event: unknown): void };
declare const PopStateEvent: new (type: string) => unknown;

/**
 * For the area specs: makes sure the admin exists (00-shell.spec.ts registers it first through the
 * UI; a spec run alone registers it through the API) and signs it in with a stored session
 * (storeSession).
 * 00-shell.spec.ts signs in through the form (`login`). The specs are a one-person office: the
 * admin approves the pickup requests it creates itself (secondPersonApproves off).
 */
export async function signInAsAdmin(page: Page) {
  // registered only when a service does not know it yet, and signed in for the API only when the
  // token adminApi holds is missing or lapsed (each registration and sign-in hashes a password)
  const settings = () => adminApi(page, 'PUT', '/settings', { secondPersonApproves: false });
  try {
    await settings();
  } catch (error) {
    if (!(error instanceof AdminSignInRefused)) throw error;
    const res = await page.request.post('/api/auth/register', { data: { username: ADMIN.username, password: ADMIN.password, displayName: ADMIN.displayName } });
    if (!res.ok() && res.status() !== 400) throw new Error(`could not register the admin: ${res.status()}`);
    await settings();
  }
  await storeSession(page, ADMIN);
}

/**
 * Leaves the client for a small answer of the service: localStorage belongs to the origin, so the
 * stored tokens can be changed there while no page of the client runs (a request of a page still
 * loading would otherwise read them halfway, and refresh or sign out in that page).
 */
export const leaveClient = (page: Page) => page.goto('/api/health');

/**
 * Signs `user` in as a reload finds it, the fastest way: a token pair of its own from the API, put
 * where the client keeps it (desktop/client/src/api/tokens.ts), then the home page, waiting until the
 * shell shows the user.
 */
export async function storeSession(page: Page, user: { username: string; password: string }) {
  const signedIn = await page.request.post('/api/auth/login', { data: { username: user.username, password: user.password } });
  if (!signedIn.ok()) throw new Error(`could not sign ${user.username} in: ${signedIn.status()}`);
  const { token, refreshToken, expiresIn } = ((await signedIn.json()) as { data: { token: string; refreshToken: string; expiresIn: number } }).data;
  await leaveClient(page);
  await page.evaluate((tokens) => localStorage.setItem('cargodesk.tokens', tokens), JSON.stringify({ token, refreshToken, expiresAt: Date.now() + expiresIn * 1000 }));
  await page.goto('/');
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/**
 * An account the admin creates through the API with `roles` (and `warehouses`), whose temporary
 * password its user has already replaced (as at the first sign-in): ready for storeSession.
 */
export async function accountWith(page: Page, username: string, roles: string[], warehouses: string[] = []) {
  const temporary = `temporary-${username}-1`;
  const user = { username, password: `own-password-${username}-1` };
  const created = await adminApi<{ id: number }>(page, 'POST', '/users', { username, password: temporary, displayName: username, roles, warehouses });
  const first = await page.request.post('/api/auth/login', { data: { username, password: temporary } });
  const { token } = ((await first.json()) as { data: { token: string } }).data;
  const changed = await page.request.put(`/api/users/${created.id}`, {
    data: { currentPassword: temporary, password: user.password },
    headers: { authorization: `Bearer ${token}` },
  });
  if (!changed.ok()) throw new Error(`could not change the password of ${username}: ${changed.status()}`);
  return user;
}

/**
 * Opens a page from the side menu: the group, then its item. A click that lands while the group is
 * still unfolding can miss, so the item is clicked again until the address changes.
 */
export async function openFromMenu(page: Page, group: string, item: string, url: RegExp) {
  const menu = page.getByRole('menu');
  await menu.getByText(group, { exact: true }).click();
  await expect(async () => {
    await menu.getByText(item, { exact: true }).click();
    await expect(page).toHaveURL(url, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Clicks a row action: its button when shown, else the entry of the row's "More" menu (lists show two actions). */
export async function rowAction(row: Locator, name: string) {
  const button = row.getByRole('button', { name, exact: true });
  const more = row.getByRole('button', { name: 'More' });
  await expect(button.or(more).first()).toBeVisible();
  if (await button.isVisible()) return button.click();
  await more.click();
  await row.page().getByRole('menuitem', { name, exact: true }).click();
}

/** A one-page PDF, for uploads. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Waits until the page has settled: no spinner, and no request of the client under way for 300 ms
 * (the live-refresh event stream aside: it stays open while the page does). `action`, when given,
 * runs once the requests are watched, so what it starts is waited for too.
 */
export async function settle(page: Page, action?: () => Promise<unknown>) {
  let pending = 0;
  let last = Date.now();
  const started = (request: Request) => {
    if (request.resourceType() === 'eventsource') return;
    pending++;
    last = Date.now();
  };
  const ended = (request: Request) => {
    if (request.resourceType() === 'eventsource') return;
    pending = Math.max(0, pending - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action?.();
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    await expect.poll(() => pending === 0 && Date.now() - last > 300, { timeout: 10_000, intervals: [100] }).toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Moves to `path` inside the client (no reload of the client's code), as a link would, and waits
 * until the page has settled.
 */
export async function visit(page: Page, path: string) {
  await settle(page, async () => {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  });
}
