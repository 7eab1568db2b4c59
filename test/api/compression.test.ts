// Compression (issue 28 item 3): the built client's files go precompressed (the build's .br and .gz
// beside each file, desktop/client/precompress.ts) and JSON answers above 1 KB compressed, to a
// client that accepts it; plain to one that does not. Raw HTTP, so the test sees the bytes sent.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../desktop/client/precompress.js';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (res: Raw) => {
  const encoding = res.headers['content-encoding'];
  return encoding === 'br' ? brotliDecompressSync(res.bytes) : encoding === 'gzip' ? gunzipSync(res.bytes) : res.bytes;
};
const varies = (res: Raw) => String(res.headers.vary ?? '').toLowerCase();

// a script of the build: repetitive, as minified code is, and well above 1 KB
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "line ${i} of the client";`).join('\n');

describe('compression', () => {
  let clientDir: string;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'cargodesk-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(
      join(clientDir, 'index.html'),
      `<!doctype html><title>Cargodesk</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>${'<!-- padding -->'.repeat(100)}`,
    );
    await writeFile(join(clientDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    await writeFile(join(clientDir, 'assets', 'tiny-Ab12Cd34.js'), 'console.log(1);');
    await writeFile(join(clientDir, 'assets', 'logo-Ab12Cd34.png'), Buffer.alloc(4096, 7));
    await precompressDir(clientDir);
    app = await startTestApp({ config: { clientDir } });
    token = (await signInAdmin(app)).token;
  });
  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('the build writes .br and .gz beside text files above 1 KB, never beside images or tiny files', async () => {
    const exists = (f: string) =>
      stat(join(clientDir, f)).then(
        () => true,
        () => false,
      );
    expect(await exists('assets/index-Ab12Cd34.js.br')).toBe(true);
    expect(await exists('assets/index-Ab12Cd34.js.gz')).toBe(true);
    expect(await exists('index.html.br')).toBe(true);
    expect(await exists('assets/tiny-Ab12Cd34.js.br')).toBe(false);
    expect(await exists('assets/logo-Ab12Cd34.png.br')).toBe(false);
    expect(await exists('assets/logo-Ab12Cd34.png.gz')).toBe(false);
  });

  it('serves a script as brotli, gzip or plain by Accept-Encoding, with its own type, length and caching', async () => {
    const url = `${app.url}/assets/index-Ab12Cd34.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(url);
    const identity = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gz, plain, identity]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['last-modified']).toBeTruthy();
      expect(varies(res)).toContain('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
      expect(decoded(res).toString()).toBe(SCRIPT);
    }
    expect(br.bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(gz.bytes.length).toBeLessThan(SCRIPT.length / 4);
    expect(br.bytes).toEqual(await readFile(join(clientDir, 'assets/index-Ab12Cd34.js.br')));
  });

  it('serves the page compressed too, still never cached; a tiny file and an image go as they are', async () => {
    const page = await rawGet(`${app.url}/warehouse/outbound-orders`, { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page).toString()).toContain('/assets/index-Ab12Cd34.js');
    for (const file of ['assets/tiny-Ab12Cd34.js', 'assets/logo-Ab12Cd34.png']) {
      const res = await rawGet(`${app.url}/${file}`, { 'accept-encoding': 'gzip, br' });
      expect(res.status, file).toBe(200);
      expect(res.headers['content-encoding'], file).toBeUndefined();
      expect(res.bytes, file).toEqual(await readFile(join(clientDir, file)));
    }
  });

  it('compresses JSON answers above 1 KB only, when asked; exports (xlsx) never', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const code = 'GZIP-1';
    const created = await app.request('POST', '/api/inventory/warehouses', { token, body: { code, name: 'Compression', remark: 'x' } });
    expect(created.status).toBe(200);
    const listUrl = `${app.url}/api/inventory/warehouses?keyword=${code}`;
    // the remark's length that makes the list's answer exactly 1,024 bytes, then one more
    const small = await rawGet(listUrl, auth);
    const remark = 'x'.repeat(1 + 1024 - small.bytes.length);
    expect((await app.request('PUT', `/api/inventory/warehouses/${created.body.data.id}`, { token, body: { remark } })).status).toBe(200);

    const atLimit = await rawGet(listUrl, { ...auth, 'accept-encoding': 'gzip, br' });
    expect(atLimit.bytes.length).toBe(1024);
    expect(atLimit.headers['content-encoding']).toBeUndefined();
    expect(atLimit.headers['content-type']).toMatch(/^application\/json/);
    expect(varies(atLimit)).toContain('accept-encoding');

    expect((await app.request('PUT', `/api/inventory/warehouses/${created.body.data.id}`, { token, body: { remark: `${remark}y` } })).status).toBe(200);
    const plain = await rawGet(listUrl, auth);
    expect(plain.bytes.length).toBe(1025);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const listed = JSON.parse(plain.bytes.toString()) as { data: { remark: string }[] };
    expect(listed.data.map((w) => w.remark)).toEqual([`${remark}y`]);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await rawGet(listUrl, { ...auth, 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(varies(res), accept).toContain('accept-encoding');
      expect(Number(res.headers['content-length']), accept).toBe(res.bytes.length);
      expect(decoded(res), accept).toEqual(plain.bytes);
    }

    // a refusal's envelope is JSON too, and a download is already compressed
    const exported = await rawGet(`${app.url}/api/inventory/warehouses/export`, { ...auth, 'accept-encoding': 'gzip, br' });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/spreadsheetml/);
    expect(exported.headers['content-encoding']).toBeUndefined();
    expect(exported.bytes.subarray(0, 2).toString()).toBe('PK'); // the xlsx's own zip
  });
});
