import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

describe('HTTP conventions', () => {
  it('answers health at /health and /api/health without a token', async () => {
    for (const path of ['/health', '/api/health']) {
      const res = await app.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ status: 'ok', version: '0.1.0' });
      expect(typeof res.body.data.uptime).toBe('number');
    }
  });

  it('answers an unknown /api route with a 404 envelope', async () => {
    const res = await app.request('GET', '/api/no-such-thing', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'there is no GET /api/no-such-thing in this service: check the address' });
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const res = await app.request('POST', '/api/auth/register', { rawBody: '{"username": "broken",' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'the request body is not valid JSON: send one JSON object' });
    const users = await app.server.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
  });

  it('answers a JSON body that is not an object with 400', async () => {
    for (const rawBody of ['"text"', '42', '[1,2]']) {
      const res = await app.request('POST', '/api/auth/login', { rawBody });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('answers a JSON body over 1 MB with 413', async () => {
    const res = await app.request('POST', '/api/auth/register', { body: { username: 'big', password: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'the request body is larger than the 1 MB limit' });
  });

  it('refuses a __proto__ key and ignores unknown fields', async () => {
    const poisoned = await app.request('POST', '/api/auth/register', {
      rawBody: '{"username":"proto-user","password":"password-123","__proto__":{"role":"admin"}}',
    });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body).toEqual({ success: false, message: 'the request body may not contain a "__proto__" key' });

    const res = await app.request('POST', '/api/auth/register', {
      rawBody: '{"username":"proto-user","password":"password-123","role":"admin","status":"active","isAdmin":true}',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'staff', status: 'pending' });
    expect(res.body.data).not.toHaveProperty('isAdmin');
  });

  it('pages with defaults, clamps pageSize at 100 and refuses nonsense', async () => {
    const defaults = await app.request('GET', '/api/audit', { token });
    expect(defaults.body.data).toMatchObject({ page: 1, pageSize: 20 });
    const clamped = await app.request('GET', '/api/audit?pageSize=500', { token });
    expect(clamped.status).toBe(200);
    expect(clamped.body.data.pageSize).toBe(100);
    const cases: Record<string, string> = {
      'page=0': 'page must be at least 1',
      'page=-3': 'page must be at least 1',
      'page=abc': 'page must be a number',
      'page=1.5': 'page must be a whole number',
      'pageSize=0': 'pageSize must be at least 1',
      'page=1e400': 'page must be a finite number',
      'page=1&page=2': 'page was sent more than once; send it once',
    };
    for (const [query, message] of Object.entries(cases)) {
      const res = await app.request('GET', `/api/audit?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });

  it('reads an empty query parameter as a filter not given', async () => {
    const res = await app.request('GET', '/api/audit?entity=&entityId=&startDate=&page=', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.page).toBe(1);
    expect(res.body.data.total).toBeGreaterThan(0);
  });

  it('accepts only real YYYY-MM-DD dates', async () => {
    expect((await app.request('GET', '/api/audit?startDate=2026-02-28', { token })).status).toBe(200);
    const impossible = await app.request('GET', '/api/audit?startDate=2026-02-30', { token });
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toBe('startDate is not a real calendar date');
    const format = await app.request('GET', '/api/audit?endDate=22/11/2026', { token });
    expect(format.body.message).toBe('endDate must be a date written YYYY-MM-DD, like 2026-11-22');
  });

  it('serves the OpenAPI document without a token, covering every route', async () => {
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/api/auth/login', '/api/auth/register', '/api/refresh-token', '/api/users/{id}', '/api/audit', '/health']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/users/{id}']!.get!.security).toBeUndefined();
  });

  it('logs a line per request with the user, and never a password or token', async () => {
    const login = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    await app.request('GET', '/api/auth/me', { token: login.body.data.token });
    // the log is written asynchronously: read it until the request's line is there (at most 10 s)
    const dir = join(app.dataDir, 'logs');
    const readLog = async () => (await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))).join('');
    let text = '';
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      text = await readLog();
      if (text.includes('"/api/auth/me"') && text.endsWith('\n')) break;
    }
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.some((l) => l.method === 'GET' && l.path === '/api/auth/me' && l.status === 200 && l.user === 'admin')).toBe(true);
    expect(text).not.toContain('admin-password-1');
    expect(text).not.toContain(login.body.data.token);
    expect(text).not.toContain(login.body.data.refreshToken);
  });
});
