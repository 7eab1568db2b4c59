// The client on a phone (issue 28): at 390×844 the gate finds a pickup request by part of its plate
// typed with a dash, "Ship" opens the outbound form filled from it with today's date and its Save
// button on screen, and the printed request carries a QR code that, decoded from a screenshot of it,
// is the request's address, which opens the request after sign-in on a phone that was signed out.
// Every page fits the screen: nothing scrolls sideways at 390 px (English) and 360 px (Chinese). The
// header shows who is signed in and in which role, a long name cut, and reaches every control.
import jsqr from 'jsqr';
import type { Page } from '@playwright/test';
import { FINANCE_PAGES } from '../../shared/finance-kinds.js';
import { accountWith, ADMIN, adminApi, expect, login, settle, signInAsAdmin, storeSession, test, visit } from './fixtures.js';

// evaluate() runs in the browser; the root tsconfig has no DOM types
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { drawImage(image: Image, x: number, y: number): void; getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
}
declare const document: { scrollingElement: { scrollWidth: number } | null; createElement(tag: 'canvas'): Canvas };
declare const window: { innerWidth: number };
/** An element's widths: its content's and its box's. */
interface Box {
  scrollWidth: number;
  clientWidth: number;
}
declare class Image {
  src: string;
  width: number;
  height: number;
  decode(): Promise<void>;
}

// jsqr is CommonJS typed as an ES module: its default import is the module, whose `default` is the decoder
const jsQR = jsqr.default;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const U = Date.now().toString(36).slice(-5).toUpperCase();
const WH = { code: `PH-${U}`, name: `Gate yard ${U}` };
const PLATE = `沪A ${U}`;
const today = new Date().toISOString().slice(0, 10);

/** Every page of the client (the menu's, the account page), each at its address. */
const PAGES = [
  '/',
  '/gate',
  '/contracts',
  '/contracts/archive',
  '/corp-contracts',
  '/company-files',
  '/warehouse/pickup-requests',
  '/warehouse/outbound-orders',
  '/warehouse/warehouses',
  '/warehouse/inbound-orders',
  '/warehouse/stock-summary',
  '/warehouse/stock-ledger',
  '/warehouse/ownership-transfers',
  '/warehouse/lots',
  '/warehouse/bl-trace',
  '/master-data/commodities',
  '/master-data/parties',
  '/reports/stock-movement',
  '/reports/contract-execution',
  ...FINANCE_PAGES.map((p) => p.path),
  '/finance/contract-summary',
  '/admin/users',
  '/admin/audit',
  '/admin/backups',
  '/admin/settings',
  '/account',
];

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${path} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

/** The pixels of a PNG, drawn by the browser on a blank page: `data` as jsQR takes it. */
async function pixelsOf(page: Page, png: Buffer) {
  const blank = await page.context().newPage();
  try {
    const { data, width, height } = await blank.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return { data: Array.from(context.getImageData(0, 0, image.width, image.height).data), width: image.width, height: image.height };
    }, png.toString('base64'));
    return { data: Uint8ClampedArray.from(data), width, height };
  } finally {
    await blank.close();
  }
}

let request: { id: number; orderNumber: string };

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the gate: a partial plate with a dash finds the request; Ship fills the outbound form with today’s date; Save is on screen', async ({ page }) => {
  await adminApi(page, 'POST', '/inventory/warehouses', { code: WH.code, name: WH.name });
  // the request names B/L BLG…, which its outbound order ships from: that lot must hold it (issue 27)
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: WH.code, commodity: `Copper ${U}`, blNumber: `BLG${U}`, inboundWeight: 100, inboundDate: today });
  request = await adminApi<{ id: number; orderNumber: string }>(page, 'POST', '/apply-delivery', {
    blNumber: `BLG${U}`,
    warehouse: WH.code,
    commodity: `Copper ${U}`,
    quantity: 30,
    unit: 't',
    deliveryDate: today,
    licensePlate: PLATE,
    driverName: 'Zhang Jianguo',
    driverIdCard: '310101198805121234',
    driverPhone: '13900000001',
  });
  await adminApi(page, 'PUT', `/apply-delivery/${request.id}`, { status: 'approved' });

  // from the menu drawer: Gate is its first entry after Home
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-drawer').getByText('Gate', { exact: true }).click();
  await expect(page).toHaveURL(/\/gate$/);
  await expect(page.getByTestId('menu-drawer')).toBeHidden();

  await page
    .getByTestId('gate-search')
    .locator('input')
    .fill(`沪a-${U.slice(0, 3).toLowerCase()}`);
  const card = page.getByTestId('gate-card').filter({ hasText: request.orderNumber });
  await expect(card).toBeVisible();
  for (const text of [PLATE, 'Approved', 'Zhang Jianguo', '310101198805121234', '13900000001', `BLG${U}`, WH.name, `Copper ${U}`, '30.000 t'])
    await expect(card).toContainText(text);
  await expect(card.getByTestId('gate-remaining')).toHaveText('30.000 t');
  await expectNoSidewaysScroll(page, '/gate');

  await card.getByRole('button', { name: 'Ship' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Outbound date', { exact: true })).toHaveValue(today);
  await expect(form.locator('.ant-form-item', { has: page.locator('#edit_warehouse') })).toContainText(WH.name);
  await expect(form.locator('.ant-form-item', { has: page.locator('#edit_deliveryOrderNumber') })).toContainText(request.orderNumber);
  await expect(form.getByLabel('Quantity', { exact: true })).toHaveValue('30');
  await expect(form.getByLabel('License plate', { exact: true })).toHaveValue(PLATE);
  await expect(form.getByLabel('Driver', { exact: true })).toHaveValue('Zhang Jianguo');
  // the drawer fills the screen and its Save stays on it
  const box = (await form.boundingBox())!;
  expect(box.width).toBe(390);
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeInViewport({ ratio: 1 });
  await form.getByLabel('Quantity', { exact: true }).fill('12');
  await save.click();
  await expect(page.getByText(/^Outbound order OB\d{8}-\d{4} saved$/)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(card.getByTestId('gate-remaining')).toHaveText('18.000 t');
  await expect(card).toContainText('In progress');

  // the order number finds it too, lower case and all
  await page.getByTestId('gate-search').locator('input').fill(request.orderNumber.toLowerCase());
  await expect(page.getByTestId('gate-card')).toHaveCount(1);
  await expect(page.getByTestId('gate-card')).toContainText(PLATE);
});

test('the printed request’s QR code decodes to its address, which opens it on a signed-out phone after sign-in', async ({ page, browser, baseURL }) => {
  await page.goto(`/gate?q=${encodeURIComponent(request.orderNumber)}`);
  const card = page.getByTestId('gate-card').filter({ hasText: request.orderNumber });
  const popupPromise = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Print' }).click();
  const popup = await popupPromise;
  await expect(popup.locator('h1')).toHaveText('提货单');
  const qr = popup.locator('figure.qr svg');
  await expect(qr).toBeVisible();
  const { data, width, height } = await pixelsOf(page, await qr.screenshot());
  const decoded = jsQR(data, width, height)?.data;
  const address = `${baseURL}/warehouse/pickup-requests?orderNumber=${request.orderNumber}`;
  expect(decoded).toBe(address);
  await expect(popup.locator('figure.qr .address')).toHaveText(address);
  await popup.close();

  // a phone that has never signed in scans it: the sign-in page, then the request
  const phone = await browser.newContext({ ...PHONE, baseURL, locale: 'en-US', reducedMotion: 'reduce' });
  const scanned = await phone.newPage();
  await scanned.goto(decoded!);
  await expect(scanned).toHaveURL(/\/login$/);
  await scanned.getByLabel('Username').fill(ADMIN.username);
  await scanned.getByLabel('Password').fill(ADMIN.password);
  await scanned.getByRole('button', { name: 'Sign in' }).click();
  await expect(scanned).toHaveURL(address.slice(baseURL!.length));
  const cards = scanned.getByTestId('list-card');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(request.orderNumber);
  await expect(cards).toContainText(PLATE);
  await expect(cards).toContainText('18.000');
  await phone.close();
});

test('the header fits: the menu button, the bell, the language and the user, above the breadcrumbs', async ({ page }) => {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/warehouse/pickup-requests');
    const user = (await page.getByTestId('current-user').boundingBox())!;
    const header = (await page.locator('.ant-layout-header').boundingBox())!;
    const crumbs = (await page.getByTestId('breadcrumbs').boundingBox())!;
    expect(user.x + user.width).toBeLessThanOrEqual(width);
    expect(user.y + user.height).toBeLessThanOrEqual(header.y + header.height);
    expect(crumbs.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(page.getByTestId('sider')).toHaveCount(0);
    await expect(page.getByTestId('menu-button')).toBeInViewport();
  }
});

// the gate clerk signed in on a phone sees who and in which role; a long name is cut in the header
// and whole in the user's menu, with every role
test('the header says who is signed in and in which role, a long name too, in both languages at 390 and 360 px', async ({ page }) => {
  const name = 'Alexandra Konstantinopoulou';
  const clerk = await accountWith(page, `gate.${U}`.toLowerCase(), ['warehouse', 'finance']);
  const { items } = await adminApi<{ items: { id: number }[] }>(page, 'GET', `/users?keyword=${clerk.username}`);
  await adminApi(page, 'PUT', `/users/${items[0]!.id}`, { displayName: name });
  await storeSession(page, clerk);
  for (const [language, roles, changePassword, signOut] of [
    ['en-US', ['Warehouse clerk', 'Finance clerk'], 'Change password', 'Sign out'],
    ['zh-CN', ['仓管员', '财务'], '修改密码', '退出登录'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('cargodesk.language', l), language);
    for (const width of [390, 360]) {
      const where = `${language} at ${width} px`;
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/gate');
      const header = page.locator('.ant-layout-header');
      const user = page.getByTestId('current-user');
      await expect(user).toBeVisible();
      const { scrollWidth, clientWidth } = await header.evaluate((e) => {
        const box = e as unknown as Box;
        return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
      });
      expect(scrollWidth, `${where}: the header is ${scrollWidth} px wide in ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
      await expectNoSidewaysScroll(page, where);
      for (const control of ['menu-button', 'attention', 'language-switch', 'current-user'])
        await expect(page.getByTestId(control), `${where}: ${control}`).toBeInViewport({ ratio: 1 });
      // the name's visible part (its box, which cuts it) holds more than its first letters; the first role's tag under it
      const shown = user.locator('.ant-typography', { hasText: name });
      await expect(shown, where).toBeInViewport({ ratio: 1 });
      expect((await shown.boundingBox())!.width, where).toBeGreaterThanOrEqual(80);
      await expect(user.getByText(roles[0], { exact: true }), where).toBeInViewport({ ratio: 1 });

      await user.click();
      const menu = page.getByRole('menu');
      await expect(menu, where).toBeInViewport({ ratio: 1 });
      await expect(menu.getByText(name, { exact: true }), where).toBeVisible();
      for (const role of roles) await expect(menu.getByText(role, { exact: true }), where).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: changePassword }), where).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: signOut }), where).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
  }
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
});

for (const [language, width, height] of [
  ['en-US', 390, 844],
  ['zh-CN', 360, 740],
] as const) {
  test(`no page scrolls sideways at ${width} px (${language})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.evaluate((l) => localStorage.setItem('cargodesk.language', l), language);
    // loaded once in the language; then from page to page inside the client, as its menu moves
    await settle(page, () => page.goto('/'));
    for (const path of PAGES) {
      await visit(page, path);
      await expect(page.getByTestId('current-user')).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }
    await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
  });
}

// index.html draws the layout's frame, the breadcrumbs and the page's title before the client's
// JavaScript has arrived (shared/boot-shell.ts); the client draws the same title in the same place
// and removes the skeleton, leaving one h1; in both languages, on a phone and on a computer
test('before its JavaScript arrives, a page shows its title where the client then draws it, in the stored language', async ({ page }) => {
  const title = (from: string) => page.locator(`${from} h1`);
  for (const [language, words, viewport] of [
    ['en-US', ['Home', 'Warehouse', 'Outbound orders'], PHONE.viewport],
    ['zh-CN', ['首页', '仓储', '出库单'], { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate((l) => localStorage.setItem('cargodesk.language', l), language);
    // the client's scripts held back until the skeleton has been looked at
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/warehouse/outbound-orders', { waitUntil: 'commit' });
    await expect(title('#boot')).toHaveText(words[2]);
    await expect(page.locator('#boot ol')).toHaveText(words.join('/'));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const before = (await title('#boot').boundingBox())!;
    release();
    await expect(title('.ant-layout')).toHaveText(words[2]);
    await expect(page.locator('#boot')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await title('.ant-layout').boundingBox()).toEqual(before);
    await page.unrouteAll();
  }
  await page.setViewportSize(PHONE.viewport);
  await page.evaluate(() => localStorage.setItem('cargodesk.language', 'en-US'));
  // signed out: no skeleton, the sign-in page
  await page.evaluate(() => localStorage.removeItem('cargodesk.tokens'));
  await page.goto('/warehouse/outbound-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Cargodesk' })).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
});

test('the sign-in and registration pages fit a phone too', async ({ page }) => {
  await page.evaluate(() => localStorage.clear());
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, path);
  }
  await login(page, ADMIN);
});
