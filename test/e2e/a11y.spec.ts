// Accessibility (issue 28): axe-core checks every page of the client in both languages, and (in
// English) the dialogs and drawers a page opens (the new and edit drawers, a confirm dialog, the phone's menu and
// filter drawers and its user menu), and fails on any serious or critical violation, printing rule, target and page.
// It also holds the page structure axe only rates moderate: one h1 and one main landmark a page.
// The pages are read from the client's own route table (menu.tsx, App.tsx), so a new page is
// checked without touching this spec. One sign-in; the page moves between routes in the client.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { FINANCE_KINDS, FINANCE_PAGES, type FinanceKindFacts } from '../../shared/finance-kinds.js';
import { hasFinanceField } from '../../shared/finance.js';
import { accountWith, adminApi, expect, PDF, settle, signInAsAdmin, storeSession, test, visit } from './fixtures.js';

// evaluate() runs in the browser; the root tsconfig has no DOM types
declare const axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
interface Element {
  innerText: string;
  outerHTML: string;
  getAttribute(name: string): string | null;
}
declare const document: {
  querySelectorAll(selector: string): ArrayLike<Element>;
  querySelector(selector: string): { textContent: string | null } | null;
  getElementById(id: string): { textContent: string | null } | null;
};
declare const location: { pathname: string };
declare const localStorage: { setItem(key: string, value: string): void };

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const CLIENT = join(import.meta.dirname, '../../desktop/client/src');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every address of the client's route table: each `page(…)` of menu.tsx (a literal path, the
 * account page's constant, or the finance pages' list), and App.tsx's pages outside the shell. A
 * route written some other way fails here, so it cannot go unchecked.
 */
function clientRoutes(): { signedIn: string[]; signedOut: string[] } {
  const menu = readFileSync(join(CLIENT, 'menu.tsx'), 'utf8');
  const app = readFileSync(join(CLIENT, 'App.tsx'), 'utf8');
  const account = /ACCOUNT_PATH = '([^']+)'/.exec(menu)?.[1];
  const signedIn: string[] = [];
  for (const [, arg] of menu.matchAll(/(?<!function )\bpage\(([^,]+),/g)) {
    const literal = /^'([^']+)'$/.exec(arg!.trim());
    if (literal) signedIn.push(literal[1]!);
    else if (arg!.trim() === 'ACCOUNT_PATH' && account) signedIn.push(account);
    else if (arg!.trim() === 'p.path' && menu.includes('FINANCE_PAGES.map((p) => page(p.path')) signedIn.push(...FINANCE_PAGES.map((p) => p.path));
    else throw new Error(`menu.tsx declares a page at ${arg}: teach a11y.spec.ts to read it`);
  }
  const signedOut = [...app.matchAll(/<Route path="(\/[^"]+)" element=\{<(Login|Register)Page/g)].map((m) => m[1]!);
  return { signedIn: [...new Set(signedIn)], signedOut };
}

const ROUTES = clientRoutes();
const U = Date.now().toString(36).slice(-5).toUpperCase();
const today = new Date().toISOString().slice(0, 10);

const LANGUAGES = {
  'en-US': { create: 'New', edit: 'Edit', more: 'More', delete: 'Delete', no: 'No', filter: 'Filter' },
  'zh-CN': { create: '新建', edit: '编辑', more: '更多', delete: '删除', no: '否', filter: '筛选' },
} as const;
type Language = keyof typeof LANGUAGES;
/** A button's name: antd puts a space between the two characters of a Chinese button's text. */
const named = (word: string) => new RegExp(`^${[...word].join('\\s?')}$`);

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}
const findings: Finding[] = [];

/** Runs axe on what the page shows now, keeping every violation under `where`. */
async function check(page: Page, where: string) {
  // the mouse off every control, so what axe sees does not hang on where the last click left it
  // (the hover colours are the theme's too, each 4.5:1 or more)
  await page.mouse.move(0, 0);
  // as a string evaluated by the browser's debugger, so the page's content security policy allows it
  if (!(await page.evaluate(() => typeof axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  for (const v of violations) {
    const targets = v.nodes.map((n) => {
      const colours = n.any.find((a) => (a.data as { contrastRatio?: number } | null)?.contrastRatio)?.data as
        { fgColor: string; bgColor: string; contrastRatio: number } | undefined;
      return colours ? `${n.target.join(' ')} (${colours.fgColor} on ${colours.bgColor}: ${colours.contrastRatio}:1)` : n.target.join(' ');
    });
    findings.push({ where, rule: v.id, impact: v.impact ?? 'minor', help: v.help, targets });
  }
}

/**
 * The page structure: one h1 (the page's title), one main landmark, and no icon-only button without
 * a name of ours (axe takes the English name antd gives the icon, "delete", in either language).
 */
async function checkStructure(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main, [role="main"]').length,
    unnamedIconButtons: Array.from(document.querySelectorAll('button.ant-btn'))
      .filter((b) => !b.innerText.trim() && !b.getAttribute('aria-label') && !b.getAttribute('aria-labelledby') && !b.getAttribute('title'))
      .map((b) => b.outerHTML.slice(0, 120)),
  }));
  if (found.h1 !== 1) findings.push({ where, rule: 'one-h1', impact: 'serious', help: `the page has ${found.h1} h1 headings, not one`, targets: ['h1'] });
  if (found.main !== 1) findings.push({ where, rule: 'one-main', impact: 'serious', help: `the page has ${found.main} main landmarks, not one`, targets: ['main'] });
  if (found.unnamedIconButtons.length > 0)
    findings.push({ where, rule: 'icon-button-name', impact: 'serious', help: 'icon-only buttons need an aria-label from the dictionary', targets: found.unnamedIconButtons });
}

/**
 * The title index.html's skeleton draws before the client loads (shared/boot-shell.ts, from the menu's
 * labels) is the page's own h1 in `language`, so nothing changes when the client takes over.
 */
async function checkSkeletonTitle(page: Page, language: Language, where: string) {
  const found = await page.evaluate((lang) => {
    const data = JSON.parse(document.getElementById('boot-data')?.textContent ?? 'null') as {
      pages: Record<string, [number, number, number]>;
      words: Record<string, string[]>;
    } | null;
    const entry = data?.pages[location.pathname];
    return { skeleton: entry ? data!.words[lang]![entry[1]] : null, h1: document.querySelector('h1')?.textContent?.trim() ?? null };
  }, language);
  if (found.skeleton !== null && found.skeleton !== found.h1)
    findings.push({
      where,
      rule: 'skeleton-title',
      impact: 'serious',
      help: `index.html's skeleton titles the page "${found.skeleton}", its h1 says "${found.h1}" (a TITLES entry in desktop/client/bootShell.ts)`,
      targets: ['h1'],
    });
}

async function seed(page: Page) {
  const wh = { code: `AX-${U}`, name: `Axe yard ${U}` };
  await adminApi(page, 'POST', '/inventory/warehouses', wh);
  await adminApi(page, 'POST', '/inventory/inbound', { warehouse: wh.code, commodity: `Copper ${U}`, blNumber: `BLA${U}`, inboundWeight: 100, inboundDate: today });
  const request = await adminApi<{ id: number }>(page, 'POST', '/apply-delivery', {
    blNumber: `BLA${U}`,
    warehouse: wh.code,
    commodity: `Copper ${U}`,
    quantity: 30,
    unit: 't',
    deliveryDate: today,
    licensePlate: `沪A ${U}`,
    driverName: 'Zhang Jianguo',
    driverIdCard: '310101198805121234',
    driverPhone: '13900000001',
  });
  await adminApi(page, 'PUT', `/apply-delivery/${request.id}`, { status: 'approved' });
  await adminApi(
    page,
    'POST',
    '/contract/upload',
    {
      name: `Copper purchase ${U}`,
      contractType: '1',
      contractCode: `AX-${U}`,
      buyParty: `Axe Trading ${U}`,
      sellParty: 'Ningbo Metals Ltd.',
      commodity: `Copper ${U}`,
      count: '100',
      unitPrice: '68000',
      BLNumber: `BLA${U}`,
      files: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
    true,
  );
  await adminApi(page, 'POST', '/commodities', { name: `Copper cathode ${U}`, code: `CU-${U}`, unit: 't', category: 'metals' });
  await adminApi(page, 'POST', '/parties', { name: `Axe Trading ${U}`, kind: 'customer', contact: 'Li Wei', phone: '13800000000' });
  await adminApi(
    page,
    'POST',
    '/company/files/upload',
    { companyName: `Axe Trading ${U}`, fileCategory: 'Business licence', expireDate: today, files: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF } },
    true,
  );
  const values: Record<string, unknown> = {
    contractNumber: `HT-${U}`,
    blNumber: `BLA${U}`,
    carrier: 'COSCO Shipping Lines Co., Ltd.',
    quantity: 100,
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
    counterparty: `Axe Trading ${U}`,
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
}

/** Opens the dialogs and drawers of a list page (the party catalog) and checks each open, and the list empty. */
async function checkDialogs(page: Page, language: Language) {
  const words = LANGUAGES[language];
  const path = '/master-data/parties';
  await visit(page, `${path}?keyword=${U}`);
  await page.getByRole('button', { name: named(words.create) }).click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(1);
  await settle(page);
  await check(page, `${language} ${path}: new drawer`);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  const row = page.locator('.ant-table-row').first();
  await row.locator('[data-action="edit"]').click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(1);
  await settle(page);
  await check(page, `${language} ${path}: edit drawer`);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  await row.locator('[data-action="more"]').click();
  await page.getByRole('menuitem', { name: named(words.delete) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, `${language} ${path}: delete confirmation`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: named(words.no) })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // a list that finds nothing: its "No data"
  await visit(page, `${path}?keyword=none-${U}`);
  await check(page, `${language} ${path}: empty list`);

  // on a phone: the menu drawer and the filters drawer
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-drawer')).toBeVisible();
    await settle(page);
    await check(page, `${language} 390 px: menu drawer`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('menu-drawer')).toBeHidden();
    // the user's menu, which on a phone opens with the whole name and the roles
    await page.getByTestId('current-user').click();
    await expect(page.getByTestId('user-menu-who')).toBeVisible();
    await check(page, `${language} 390 px: user menu`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('user-menu-who')).toBeHidden();
    await page.getByTestId('filter-button').click();
    await expect(page.locator('.ant-drawer-open')).toHaveCount(1);
    await settle(page);
    await check(page, `${language} 390 px ${path}: filter drawer`);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
    await visit(page, path);
    await check(page, `${language} 390 px ${path}`);
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}

test('axe finds nothing serious or critical on any page, dialog or drawer, in either language', async ({ page, baseURL }) => {
  expect(ROUTES.signedIn.length, 'pages read from menu.tsx').toBeGreaterThan(25);
  expect(ROUTES.signedOut, 'pages read from App.tsx').toEqual(['/login', '/register']);
  await signInAsAdmin(page);
  await seed(page);

  for (const language of Object.keys(LANGUAGES) as Language[]) {
    await page.evaluate((l) => localStorage.setItem('cargodesk.language', l), language);
    await page.goto('/');
    await settle(page);
    for (const path of ROUTES.signedIn) {
      await visit(page, path);
      await check(page, `${language} ${path}`);
      await checkStructure(page, `${language} ${path}`);
      await checkSkeletonTitle(page, language, `${language} ${path}`);
    }
    // the dialogs and drawers once, in English: in Chinese they are the same components with the
    // other dictionary's words, and every page above is checked in both (docs/operations.md, "CI")
    if (language === 'en-US') await checkDialogs(page, language);
  }

  // a page the user may not open: the 403 page, as a viewer on the users page
  const viewer = await accountWith(page, `axe.viewer.${U}`.toLowerCase(), ['viewer']);
  await storeSession(page, viewer);
  await visit(page, '/admin/users');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await check(page, 'zh-CN /admin/users: forbidden');
  await checkStructure(page, 'zh-CN /admin/users: forbidden');

  // signed out: the sign-in and registration pages, in each language
  const signedOut = await page.context().browser()!.newContext({ baseURL, reducedMotion: 'reduce' });
  try {
    const fresh = await signedOut.newPage();
    for (const language of Object.keys(LANGUAGES) as Language[]) {
      for (const path of ROUTES.signedOut) {
        await fresh.goto('/api/health');
        await fresh.evaluate((l) => localStorage.setItem('cargodesk.language', l), language);
        await fresh.goto(path);
        await settle(fresh);
        await check(fresh, `${language} ${path}`);
        await checkStructure(fresh, `${language} ${path}`);
      }
    }
  } finally {
    await signedOut.close();
  }

  const byImpact = (impact: string) => findings.filter((f) => f.impact === impact);
  const summary = ['critical', 'serious', 'moderate', 'minor'].map((i) => {
    const list = byImpact(i);
    return `${i}: ${new Set(list.map((f) => f.rule)).size} rules, ${list.length} page violations, ${list.reduce((n, f) => n + f.targets.length, 0)} elements`;
  });
  console.log(`axe over ${ROUTES.signedIn.length + ROUTES.signedOut.length} pages × 2 languages + dialogs: ${summary.join('; ')}`);
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  const report = blocking.map(
    (f) => `[${f.impact}] ${f.rule} on ${f.where}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}${f.targets.length > 5 ? `\n    … ${f.targets.length - 5} more` : ''}`,
  );
  if (process.env.A11Y_ALL) console.log(findings.map((f) => `[${f.impact}] ${f.rule} on ${f.where}: ${f.targets.join(' | ')}`).join('\n'));
  expect(blocking, `serious or critical accessibility violations:\n${report.join('\n')}`).toEqual([]);
});
