import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInStaff, startTestApp, uniqueName, type TestApp } from '../helpers/app.js';

let app: TestApp;
let admin: { token: string; refreshToken: string; user: { id: number } };

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAdmin(app);
});
afterAll(() => app.close());

describe('registration', () => {
  it('makes the first user an active admin and later users pending staff', async () => {
    const me = await app.request('GET', '/api/auth/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: 'admin', role: 'admin', status: 'active' });
    expect(me.body.data).not.toHaveProperty('passwordHash');

    const name = uniqueName();
    const res = await app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123', displayName: '张三' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'account created; it awaits approval by an admin' });
    expect(res.body.data).toMatchObject({ username: name, displayName: '张三', role: 'staff', status: 'pending' });
    expect(JSON.stringify(res.body)).not.toContain('password-123');
  });

  it('refuses a pending account at sign-in with 403 until an admin activates it', async () => {
    const name = uniqueName();
    const reg = await app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123' } });
    const before = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' } });
    expect(before.status).toBe(403);
    expect(before.body).toEqual({ success: false, message: 'account is awaiting approval by an admin' });

    const activate = await app.request('PUT', `/api/users/${reg.body.data.id}`, { token: admin.token, body: { status: 'active' } });
    expect(activate.status).toBe(200);
    expect(activate.body.data.status).toBe('active');
    const after = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' } });
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ expiresIn: 28800, user: { username: name, role: 'staff' } });
    expect(typeof after.body.data.token).toBe('string');
    expect(typeof after.body.data.refreshToken).toBe('string');
  });

  it('keeps usernames unique regardless of case', async () => {
    const name = uniqueName('Case');
    await app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123' } });
    const dup = await app.request('POST', '/api/auth/register', { body: { username: name.toLowerCase(), password: 'password-123' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`username "${name.toLowerCase()}" is already taken; choose another`);
    expect(dup.body.data.errors).toEqual([{ field: 'username', message: dup.body.message }]);
  });

  it('lets exactly one of many parallel registrations of one username win', async () => {
    const name = uniqueName('race');
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123' } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
  });

  it('names each wrong field', async () => {
    const res = await app.request('POST', '/api/auth/register', { body: { username: 'a b', password: 'short', email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'username must be 3 to 32 letters, digits, _ . or -; password must be at least 8 characters; email must be an email address like name@example.com',
    );
    expect(res.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['username', 'password', 'email']);
  });
});

describe('sign-in', () => {
  it('gives one message for an unknown user and a wrong password', async () => {
    const unknown = await app.request('POST', '/api/auth/login', { body: { username: 'nobody-here', password: 'whatever-1' } });
    const wrong = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong-password' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ success: false, message: 'wrong username or password' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('locks a username for 15 minutes after 10 failures, even for the right password, without affecting others', async () => {
    const name = uniqueName('locked');
    await signInStaff(app, admin.token, name, 'password-123'); // an active account: a pending one answers 403 whatever the password
    for (let i = 0; i < 10; i++) {
      const res = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'bad-password' } });
      expect(res.status).toBe(401);
    }
    const locked = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^too many failed sign-ins for this username; try again in 1[45] minutes$/);
    const other = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    expect(other.status).toBe(200);
  });

  it('issues an HS256 token with sub, username, role, iat and exp 8 hours later', async () => {
    const decoded = jwt.decode(admin.token, { complete: true }) as jwt.Jwt & { payload: jwt.JwtPayload };
    expect(decoded.header.alg).toBe('HS256');
    expect(decoded.payload).toMatchObject({ sub: String(admin.user.id), username: 'admin', role: 'admin', iss: 'cargodesk' });
    expect(decoded.payload.exp! - decoded.payload.iat!).toBe(8 * 3600);
  });
});

describe('tokens', () => {
  const secretOf = async () => (await readFile(join(app.dataDir, 'jwt-secret'), 'utf8')).trim();

  it('keeps the generated secret readable by its owner only', async () => {
    const info = await stat(join(app.dataDir, 'jwt-secret'));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('refuses requests without a token, with a malformed header, or with a tampered token', async () => {
    const payload = jwt.decode(admin.token) as jwt.JwtPayload;
    const [header, body, signature] = admin.token.split('.');
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      'not bearer': { authorization: `Token ${admin.token}` },
      garbage: { authorization: 'Bearer not.a.jwt' },
      'alg none': { authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${body}.` },
      'wrong secret': { authorization: `Bearer ${jwt.sign({ ...payload }, 'another-secret', { algorithm: 'HS256' })}` },
      'edited payload': { authorization: `Bearer ${header}.${b64({ ...payload, sub: '999', role: 'admin' })}.${signature}` },
    };
    for (const [name, headers] of Object.entries(cases)) {
      const res = await app.request('GET', '/api/auth/me', { headers });
      expect(res.status, name).toBe(401);
      expect(res.body.success, name).toBe(false);
      expect(res.body.message, name).toMatch(/sign in/);
    }
  });

  it('refuses an expired token and says so', async () => {
    const expired = jwt.sign({ username: 'admin', role: 'admin' }, await secretOf(), {
      algorithm: 'HS256',
      subject: String(admin.user.id),
      issuer: 'cargodesk',
      expiresIn: -10,
    });
    const res = await app.request('GET', '/api/auth/me', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'your session has expired: sign in again' });
  });

  it('refuses a token signed by the right secret for another issuer', async () => {
    const foreign = jwt.sign({ username: 'admin', role: 'admin' }, await secretOf(), { algorithm: 'HS256', subject: '1', issuer: 'someone-else' });
    expect((await app.request('GET', '/api/auth/me', { token: foreign })).status).toBe(401);
  });

  it('rotates refresh tokens: each works once, on both paths', async () => {
    const login = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    const first = login.body.data.refreshToken;
    const r1 = await app.request('POST', '/api/refresh-token', { body: { refreshToken: first } });
    expect(r1.status).toBe(200);
    expect(Object.keys(r1.body.data).sort()).toEqual(['expiresIn', 'refreshToken', 'token']);
    expect((await app.request('GET', '/api/auth/me', { token: r1.body.data.token })).status).toBe(200);

    // before the reuse below: a reuse revokes the whole family (test/api/auth-hardening.test.ts)
    const r2 = await app.request('POST', '/api/auth/refresh', { body: { refreshToken: r1.body.data.refreshToken } });
    expect(r2.status).toBe(200);

    const reuse = await app.request('POST', '/api/refresh-token', { body: { refreshToken: first } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('the refresh token is not valid any more: sign in again');
  });

  it('stores refresh tokens only hashed', async () => {
    const login = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    const rows = await app.server.db.selectFrom('refreshTokens').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === login.body.data.refreshToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('signs out: the refresh token stops working', async () => {
    const login = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    const out = await app.request('POST', '/api/auth/logout', { token: login.body.data.token, body: { refreshToken: login.body.data.refreshToken } });
    expect(out.body).toEqual({ success: true, message: 'signed out' });
    expect((await app.request('POST', '/api/refresh-token', { body: { refreshToken: login.body.data.refreshToken } })).status).toBe(401);
  });
});

describe('messages in Chinese', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('refuses a wrong password, a pending account, a taken username and a used refresh token in Chinese', async () => {
    const wrong = await app.request('POST', '/api/auth/login', { body: { username: 'nobody-here-zh', password: 'whatever-1' }, headers: zh });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: '用户名或密码错误' });
    const english = await app.request('POST', '/api/auth/login', { body: { username: 'nobody-here-zh', password: 'whatever-1' } });
    expect(english.body).toEqual({ success: false, message: 'wrong username or password' });

    const name = uniqueName('zh');
    await app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123' } });
    const pending = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' }, headers: zh });
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe('账号正在等待管理员审批');
    const taken = await app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123' }, headers: zh });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(`username “${name}” 已被占用；请换一个用户名`);

    const login = await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    const refreshToken = login.body.data.refreshToken;
    expect((await app.request('POST', '/api/refresh-token', { body: { refreshToken } })).status).toBe(200);
    const reuse = await app.request('POST', '/api/refresh-token', { body: { refreshToken }, headers: zh });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('刷新令牌已失效：请重新登录');
  });

  it('says the sign-in lock in Chinese, and in English without the header', async () => {
    const name = uniqueName('lockzh');
    await signInStaff(app, admin.token, name, 'password-123');
    for (let i = 0; i < 10; i++) expect((await app.request('POST', '/api/auth/login', { body: { username: name, password: 'bad-password' } })).status).toBe(401);
    const locked = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' }, headers: zh });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^此用户名登录失败次数过多；请在 1[45] 分钟后重试$/);
    const english = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' } });
    expect(english.status).toBe(429);
    expect(english.body.message).toMatch(/^too many failed sign-ins for this username; try again in 1[45] minutes$/);
  });
});
