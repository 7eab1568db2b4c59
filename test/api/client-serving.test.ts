// The service serves the built client at `/`: files, history fallback, caching and security headers.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start.js';
import { newDataDir } from '../helpers/app.js';

const INDEX = '<!doctype html><title>Cargodesk test client</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';
const body = async (res: Response) => (await res.json()) as { success: boolean; message: string };
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function start(clientDir: string) {
  const dataDir = await newDataDir();
  const server = await startServer({ dataDir, clientDir, port: 0, host: '127.0.0.1' });
  return {
    server,
    get: (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(server.url + path, { method, headers }),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/https?:|\*/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('a built client', () => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'cargodesk-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), INDEX);
    await writeFile(join(clientDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("client");');
    await writeFile(join(clientDir, 'robots.txt'), 'User-agent: *\n');
    app = await start(clientDir);
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching, with the security headers', async () => {
    const res = await app.get('/', HTML);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(res);
    expect(await res.text()).toBe(INDEX);
  });

  it('answers a client route a browser opens with index.html (history fallback)', async () => {
    for (const path of ['/admin/users', '/warehouse/stock-ledger?page=2', '/login']) {
      const res = await app.get(path, HTML);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.get('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res);
    expect(await res.text()).toBe('console.log("client");');
  });

  it('does not cache files outside assets/', async () => {
    const res = await app.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('never answers /api or /health with the client page', async () => {
    const unknown = await app.get('/api/no-such-route', HTML);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(await body(unknown)).toEqual({ success: false, message: 'there is no GET /api/no-such-route in this service: check the address' });
    expectSecurityHeaders(unknown);

    const bare = await app.get('/api', HTML);
    expect(bare.status).toBe(404);
    expect((await body(bare)).success).toBe(false);

    const health = await app.get('/health', HTML);
    expect(health.status).toBe(200);
    expect((await body(health)).success).toBe(true);
    expectSecurityHeaders(health);
  });

  it('answers a missing file that is not a page with the 404 envelope', async () => {
    const missingAsset = await app.get('/assets/gone-12345678.js', HTML);
    expect(missingAsset.status).toBe(404);
    expect((await body(missingAsset)).success).toBe(false);

    const favicon = await app.get('/favicon.ico', { accept: 'image/avif,image/webp,*/*' });
    expect(favicon.status).toBe(404);
    expect((await body(favicon)).success).toBe(false);
  });

  it('does not fall back for other methods', async () => {
    const res = await app.get('/admin/users', HTML, 'POST');
    expect(res.status).toBe(404);
    expect((await body(res)).message).toBe('there is no POST /admin/users in this service: check the address');
  });

  it('keeps requests inside the client folder', async () => {
    const res = await app.get('/%2e%2e/%2e%2e/package.json', HTML);
    expect(res.status).not.toBe(500);
    expect(await res.text()).not.toContain('"name": "cargodesk"');
  });
});

describe('a service without a built client', () => {
  let app: Awaited<ReturnType<typeof start>>;
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = await mkdtemp(join(tmpdir(), 'cargodesk-noclient-'));
    app = await start(join(emptyDir, 'dist', 'client'));
  });
  afterAll(async () => {
    await app.close();
    await rm(emptyDir, { recursive: true, force: true });
  });

  it('starts, and a page says how to build the client', async () => {
    for (const path of ['/', '/admin/users']) {
      const res = await app.get(path, HTML);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(res);
      const text = await res.text();
      expect(text).toContain('The Cargodesk client is not built');
      expect(text).toContain('npm run build:client');
    }
  });

  it('still serves the API', async () => {
    const res = await app.get('/api/health');
    expect(res.status).toBe(200);
    expect((await body(res)).success).toBe(true);
  });
});
