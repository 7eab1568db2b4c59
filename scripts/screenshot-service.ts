// What the screenshot scripts share: a throwaway service on a temp data folder (removed afterwards),
// its first account (the admin) signed in for the API, Chromium (scripts/chromium.ts), and one light
// page a language and screen (1366×768 unless `screens` names others, such as a phone's 390×844),
// English then Chinese, each signed in through the sign-in page by `signIn`.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumEnv, chromiumPath } from './chromium.js';
import { startServer } from '../server/start.js';
import { ensureClient, REPO } from './client-build.js';

export const ADMIN = { username: 'admin', password: 'admin-password-1', displayName: 'Wang Fang', email: 'wang.fang@example.com' };
export type Language = 'en-US' | 'zh-CN';
export interface Screen {
  width: number;
  height: number;
}
/** A small real PDF: uploads are judged by their first bytes. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

// page.evaluate() runs in the browser; the root tsconfig has no DOM types
declare const document: { createElement(tag: 'canvas'): { width: number; height: number; getContext(kind: '2d'): any; toDataURL(): string } };

/**
 * Chinese shows as empty boxes when no font on the machine has its glyphs, and then every character
 * draws the same box: refuse to take screenshots that would show them.
 */
async function assertChineseFont(browser: Browser) {
  const page = await browser.newPage();
  // no named function inside: tsx would wrap it in a helper the page does not have
  const [first, second] = await page.evaluate(() =>
    ['仓', '库'].map((character) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 32;
      const context = canvas.getContext('2d');
      context.font = '24px sans-serif';
      context.fillText(character, 2, 26);
      return canvas.toDataURL();
    }),
  );
  await page.close();
  if (first === second) throw new Error('Chinese text would show as empty boxes: no font on this machine has Chinese glyphs (Debian: apt-get install fonts-noto-cjk)');
}

export interface ShotService {
  url: string;
  /** docs/screenshots */
  out: string;
  /** A JSON request as the admin; throws the service's message on a refusal. */
  api(method: string, path: string, body?: unknown): Promise<any>;
  /** A multipart request as the admin: text fields and [field, file name] PDFs. */
  upload(path: string, fields: Record<string, string>, files: [string, string][]): Promise<any>;
  /** Signs the admin in through the sign-in page. */
  signIn(page: Page): Promise<void>;
}

export async function takeScreenshots(
  seed: (service: ShotService) => Promise<void>,
  shoot: (page: Page, language: Language, service: ShotService, screen: Screen) => Promise<void>,
  options: { registrationsPerAddressPerHour?: number; screens?: readonly Screen[] } = {},
) {
  const { screens = [{ width: 1366, height: 768 }], ...serverOptions } = options;
  const out = join(REPO, 'docs', 'screenshots');
  await ensureClient();
  await mkdir(out, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-shots-'));
  const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', ...serverOptions });
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS, env: chromiumEnv() });
  let token = '';
  const answer = async (res: Response, what: string) => {
    const json = (await res.json()) as { success: boolean; message: string; data: any };
    if (!json.success) throw new Error(`${what}: ${json.message}`);
    return json.data;
  };
  const auth = (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const service: ShotService = {
    url: server.url,
    out,
    api: async (method, path, body) => {
      const headers = { 'content-type': 'application/json', ...auth() };
      const res = await fetch(server.url + '/api' + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return answer(res, `${method} ${path}`);
    },
    upload: async (path, fields, files) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const [field, name] of files) form.append(field, new Blob([PDF], { type: 'application/pdf' }), name);
      return answer(await fetch(server.url + '/api' + path, { method: 'POST', headers: auth(), body: form }), `POST ${path}`);
    },
    signIn: async (page) => {
      await page.goto(server.url + '/login');
      await page.locator('#username').fill(ADMIN.username);
      await page.locator('#password').fill(ADMIN.password);
      await page.locator('button[type=submit]').click();
      await page.getByTestId('current-user').waitFor();
    },
  };
  try {
    await assertChineseFont(browser);
    await service.api('POST', '/auth/register', ADMIN);
    token = (await service.api('POST', '/auth/login', { username: ADMIN.username, password: ADMIN.password })).token;
    // the seed is a one-person office: the admin approves the pickup requests it creates itself
    await service.api('PUT', '/settings', { secondPersonApproves: false });
    await seed(service);
    for (const screen of screens)
      for (const language of ['en-US', 'zh-CN'] as const) {
        // a phone's screen is a touch screen with its pixel ratio, as Chromium's device emulation has it
        const phone = screen.width < 768 ? { isMobile: true, hasTouch: true } : {};
        const context = await browser.newContext({ viewport: screen, locale: language, colorScheme: 'light', ...phone });
        await shoot(await context.newPage(), language, service, screen);
        await context.close();
      }
    console.log(`screenshots in ${out}`);
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
