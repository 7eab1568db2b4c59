import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let app: TestApp;
const storedName = 'AbCdEfGhIjKlMnOpQrStUv.pdf';
const bytes = '%PDF-1.4 test file';

beforeAll(async () => {
  app = await startTestApp();
  await writeFile(join(app.dataDir, 'files', 'uploads', storedName), bytes);
  await writeFile(join(app.dataDir, 'secret.txt'), 'outside every area');
  await mkdir(join(app.dataDir, 'files', 'company'), { recursive: true });
});
afterAll(() => app.close());

describe('public file reads', () => {
  it('serves a stored file without a token, with type, length and long caching', async () => {
    const res = await fetch(`${app.url}/api/contract-files/uploads/${storedName}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(bytes);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not serve a file through another area route', async () => {
    const res = await fetch(`${app.url}/api/company-files/uploads/${storedName}`);
    expect(res.status).toBe(404);
  });

  it('never leaves the area, whatever the encoding', async () => {
    const attempts = [
      '/api/contract-files/../secret.txt',
      '/api/contract-files/uploads/../../secret.txt',
      '/api/contract-files/uploads/%2e%2e/%2e%2e/secret.txt',
      '/api/contract-files/uploads%2F..%2F..%2Fsecret.txt',
      '/api/contract-files/uploads/%252e%252e%252f%252e%252e%252fsecret.txt',
      '/api/contract-files/uploads/..%5c..%5csecret.txt',
      '/api/contract-files/uploads\\..\\..\\secret.txt',
      '/api/contract-files//etc/passwd',
      '/api/contract-files/%2Fetc%2Fpasswd',
      '/api/contract-files/uploads/%00.pdf',
      `/api/contract-files/uploads/${storedName}%00.txt`,
    ];
    for (const path of attempts) {
      const res = await fetch(app.url + path);
      const text = await res.text();
      expect([400, 404], path).toContain(res.status);
      expect(text, path).not.toContain('outside every area');
      expect(text, path).not.toContain('root:');
      expect(JSON.parse(text).success, path).toBe(false);
    }
  });

  it('answers 404 for a well-formed name that does not exist', async () => {
    const res = await fetch(`${app.url}/api/contract-files/uploads/ZZZZZZZZZZZZZZZZZZZZZZ.pdf`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'file not found' });
  });
});
