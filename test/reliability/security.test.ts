// The attack surface of a LAN service, beyond what the area suites already prove (see
// docs/security.md for the map): security headers on every kind of answer, uploaded SVG/HTML never
// shown inline, upload names cleaned, tokens with another algorithm, throttled refreshes, CORS
// closed by default and open only to listed origins, and no password in the logs.
import jwt from 'jsonwebtoken';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/http/client.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { newDataDir, sampleFiles, signInAdmin, signInStaff, startTestApp, uniqueName, type TestApp } from '../helpers/app.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
const PASSWORD_MARK = 'Zebra-Quartz-8817-marker';

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAdmin(app, 'admin', PASSWORD_MARK);
});
afterAll(() => app.close());

const secret = async () => (await readFile(join(app.dataDir, 'jwt-secret'), 'utf8')).trim();

function expectSecurityHeaders(res: { headers: Headers }, what: string) {
  expect(res.headers.get('content-security-policy'), what).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
}

async function uploadCompanyFile(name: string, bytes: Uint8Array) {
  const res = await app.upload('POST', '/api/company/files/upload', { token: admin.token, files: [['files', name, bytes]] });
  expect(res.status, res.body.message).toBe(200);
  const data = Array.isArray(res.body.data) ? res.body.data[0] : res.body.data;
  return data as { id: number; fileName: string; fileUrl: string };
}

describe('response headers', () => {
  it('sends CSP, nosniff, no-referrer and frame denial on API answers, errors and file reads', async () => {
    const file = await uploadCompanyFile('a.pdf', sampleFiles.pdf());
    const answers = {
      'a success': await app.request('GET', '/api/auth/me', { token: admin.token }),
      'a 400': await app.request('POST', '/api/auth/login', { body: {} }),
      'a 401': await app.request('GET', '/api/auth/me'),
      'a 404': await app.request('GET', '/api/nothing-here'),
      'health without /api': await app.request('GET', '/health'),
      'a file read': await fetch(`${app.url}/api/company-files/${file.fileUrl}`),
      'a download': await fetch(`${app.url}/api/company/files/${file.id}/download`, { headers: { authorization: `Bearer ${admin.token}` } }),
    };
    for (const [what, res] of Object.entries(answers)) expectSecurityHeaders(res, what);
  });
});

describe('stored files', () => {
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>');
  const html = new TextEncoder().encode('<!doctype html><html><body><script>fetch("/api/users")</script></body></html>');

  it.each([
    ['picture.svg', svg],
    ['page.html', html],
    ['page.htm', html],
    ['page.xhtml', html],
    ['note.xml', svg],
  ])('never serves an uploaded %s inline or with a type that runs script', async (name, bytes) => {
    const file = await uploadCompanyFile(name, bytes);
    for (const res of [
      await fetch(`${app.url}/api/company-files/${file.fileUrl}`),
      await fetch(`${app.url}/api/company/files/${file.id}/download`, { headers: { authorization: `Bearer ${admin.token}` } }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    }
  });

  it('shows PDFs and images inline, since they cannot run script in the page', async () => {
    const file = await uploadCompanyFile('scan.png', sampleFiles.png());
    const res = await fetch(`${app.url}/api/company-files/${file.fileUrl}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
  });

  it('cleans upload names of paths, control characters and direction overrides, and stores under a random name', async () => {
    const cases: [string, string][] = [
      ['..\\..\\windows\\evil.pdf', 'evil.pdf'],
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['tab\there.pdf', 'tab_here.pdf'],
      ['next\u0085line\u200f.pdf', 'next_line_.pdf'],
      ['invoice\u202efdp.html', 'invoice_fdp.html'],
      ['  合同 2026.pdf  ', '合同 2026.pdf'],
    ];
    for (const [sent, shown] of cases) {
      const file = await uploadCompanyFile(sent, sampleFiles.pdf());
      expect(file.fileName, JSON.stringify(sent)).toBe(shown);
      expect(file.fileUrl).toMatch(/^company\/[A-Za-z0-9_-]{22}\.[a-z0-9]+$/);
      const dl = await fetch(`${app.url}/api/company/files/${file.id}/download`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(dl.headers.get('content-disposition')).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(dl.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(shown).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
    }
  });
});

describe('tokens', () => {
  it('refuses a token signed with the right secret but another algorithm, or without a subject', async () => {
    const claims = { username: 'admin', role: 'admin' };
    const hs512 = jwt.sign(claims, await secret(), { algorithm: 'HS512', subject: String(admin.user.id), issuer: 'cargodesk', expiresIn: 60 });
    const noSubject = jwt.sign(claims, await secret(), { algorithm: 'HS256', issuer: 'cargodesk', expiresIn: 60 });
    const textSubject = jwt.sign(claims, await secret(), { algorithm: 'HS256', subject: 'admin', issuer: 'cargodesk', expiresIn: 60 });
    for (const token of [hs512, noSubject, textSubject]) {
      const res = await app.request('GET', '/api/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/sign in/);
    }
  });

  it('throttles refused refreshes per address: after 50 in 15 minutes even a good refresh token waits', async () => {
    const own = await startTestApp();
    try {
      const user = await signInAdmin(own);
      for (let i = 0; i < 50; i++) {
        const res = await own.request('POST', '/api/auth/refresh', { body: { refreshToken: `guess-${i}` } });
        expect(res.status).toBe(401);
      }
      const locked = await own.request('POST', '/api/refresh-token', { body: { refreshToken: user.refreshToken } });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ success: false, message: 'too many refused token refreshes from this computer; sign in again in 15 minutes' });
      // the refresh token was not used up by the refused attempt, and sign-in still works
      const login = await own.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
      expect(login.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('refuses the refresh token of a disabled user at once, and its access token', async () => {
    const staff = await signInStaff(app, admin.token, uniqueName('gone'));
    await app.request('PUT', `/api/users/${staff.user.id}`, { token: admin.token, body: { status: 'disabled' } });
    expect((await app.request('GET', '/api/contract', { token: staff.token })).status).toBe(401);
    expect((await app.request('POST', '/api/auth/refresh', { body: { refreshToken: staff.refreshToken } })).status).toBe(401);
  });
});

describe('user enumeration', () => {
  it('answers an unknown user and a wrong password alike, and a pending account alike whatever the password', async () => {
    const pending = uniqueName('pend');
    await app.request('POST', '/api/auth/register', { body: { username: pending, password: 'pending-password-1' } });
    const answers = await Promise.all(
      [uniqueName('nobody'), 'admin'].map((username) => app.request('POST', '/api/auth/login', { body: { username, password: 'wrong-password-9' } })),
    );
    for (const res of answers) expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { success: false, message: 'wrong username or password' } });
    // a pending account says so (its owner learns to wait), for a wrong password and the right one alike:
    // the answer never confirms a password (the username itself is no secret: registration says it is taken)
    for (const password of ['wrong-password-9', 'pending-password-1']) {
      const res = await app.request('POST', '/api/auth/login', { body: { username: pending, password } });
      expect({ status: res.status, body: res.body }, password).toEqual({ status: 403, body: { success: false, message: 'account is awaiting approval by an admin' } });
    }
  });
});

describe('CORS', () => {
  it('is closed by default: no allow-origin header, and a preflight from another page is refused', async () => {
    const get = await app.request('GET', '/api/health', { headers: { origin: 'http://192.168.1.50:5173' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${app.url}/api/contract`, { method: 'OPTIONS', headers: { origin: 'http://192.168.1.50:5173', 'access-control-request-method': 'GET' } });
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await pre.json()) as { message: string }).message).toMatch(/CORS_ORIGINS/);
  });

  describe('with an allow-list', () => {
    let server: RunningServer;
    const allowed = 'http://192.168.1.50:5173';
    beforeAll(async () => {
      server = await startServer({ dataDir: await newDataDir(), port: 0, host: '127.0.0.1', corsOrigins: [allowed] });
    });
    afterAll(() => server.close());

    it('answers a listed origin, preflight included, and no other', async () => {
      const pre = await fetch(`${server.url}/api/contract`, {
        method: 'OPTIONS',
        headers: { origin: allowed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(allowed);
      expect(pre.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const get = await fetch(`${server.url}/api/health`, { headers: { origin: allowed } });
      expect(get.headers.get('access-control-allow-origin')).toBe(allowed);
      expect(get.headers.get('vary')).toMatch(/Origin/);
      const other = await fetch(`${server.url}/api/health`, { headers: { origin: 'http://192.168.1.66' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('reads the list from CORS_ORIGINS', async () => {
      const { loadConfig } = await import('../../server/config.js');
      expect(loadConfig([], { CORS_ORIGINS: ' http://a.lan:8080/ ,http://b.lan ' }).corsOrigins).toEqual(['http://a.lan:8080', 'http://b.lan']);
      expect(loadConfig([], {}).corsOrigins).toEqual([]);
    });
  });
});

describe('logs', () => {
  it('never hold a password or a token', async () => {
    const staffPassword = 'Staff-Marker-5521-pass';
    const staff = await signInStaff(app, admin.token, uniqueName('logme'), staffPassword);
    await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: `${PASSWORD_MARK}-wrong` } });
    await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: PASSWORD_MARK, extra: { password: PASSWORD_MARK } } });
    await app.request('POST', '/api/auth/register', { body: { username: 'x', password: PASSWORD_MARK } }); // refused: short username
    await app.request('PUT', `/api/users/${staff.user.id}`, { token: staff.token, body: { password: 'Next-Marker-7730-pass', currentPassword: staffPassword } });
    await app.request('POST', '/api/auth/login', { rawBody: `{"username":"admin","password":"${PASSWORD_MARK}"` }); // broken JSON
    const dir = join(app.dataDir, 'logs');
    const text = (await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))).join('');
    expect(text.length).toBeGreaterThan(0);
    for (const secretText of [PASSWORD_MARK, staffPassword, 'Next-Marker-7730-pass', admin.token, admin.refreshToken, staff.token]) expect(text).not.toContain(secretText);
  });
});
