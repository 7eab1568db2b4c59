// Accounts and tokens under attack (issue 19): registration floods, stale pending accounts, password
// hashing that must not starve file reads, stolen refresh tokens, sessions that must end, tokens
// without expiry, and sign-in answers that must not confirm a password.
import { request as httpRequest } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HashLimiter } from '../../server/routes/auth/auth.service.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { signInAdmin, signInStaff, startTestApp, uniqueName, type Envelope, type TestApp } from '../helpers/app.js';

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const SESSION_ENDED = 'this session ended because the password was changed or the account was re-enabled: sign in again';

/** POST /api/auth/register from another loopback address (127.0.0.x), as another PC on the LAN would. */
function registerFrom(app: TestApp, localAddress: string, username: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ username, password: 'password-123' });
  return new Promise<{ status: number; body: Envelope }>((resolve, reject) => {
    const req = httpRequest(
      `${app.url}/api/auth/register`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const userCount = async (app: TestApp) =>
  Number(
    (
      await app.server.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('registration flood', () => {
  let app: TestApp;
  afterEach(() => app.close());

  it('refuses a fourth account from one computer within the hour with 429, in both languages, and creates nothing', async () => {
    app = await startTestApp({ config: { registrationsPerAddressPerHour: 3, registrationsPerHour: 100 } });
    const first = uniqueName('flood');
    expect((await registerFrom(app, '127.0.0.2', first)).status).toBe(200);
    expect((await registerFrom(app, '127.0.0.2', uniqueName('flood'))).status).toBe(200);
    // a taken username is refused before any hashing, and uses up none of the hour's accounts
    expect((await registerFrom(app, '127.0.0.2', first)).status).toBe(400);
    expect((await registerFrom(app, '127.0.0.2', uniqueName('flood'))).status).toBe(200);
    const before = await userCount(app);

    const refused = await registerFrom(app, '127.0.0.2', uniqueName('flood'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'too many new accounts were registered from this computer in the last hour; try again in 60 minutes, or ask an admin if you are waiting for an account',
    });
    const zh = await registerFrom(app, '127.0.0.2', uniqueName('flood'), ZH);
    expect(zh.status).toBe(429);
    expect(zh.body.message).toBe('过去一小时内此电脑注册的新账号过多；请在 60 分钟后重试，如在等待账号请联系管理员');
    expect(await userCount(app)).toBe(before);

    // another computer is not held back by this one
    expect((await registerFrom(app, '127.0.0.3', uniqueName('other'))).status).toBe(200);
  });

  it('refuses new accounts from every computer once the total for the hour is reached', async () => {
    app = await startTestApp({ config: { registrationsPerAddressPerHour: 2, registrationsPerHour: 4 } });
    for (const address of ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.4']) expect((await registerFrom(app, address, uniqueName('many'))).status).toBe(200);
    const before = await userCount(app);
    const fresh = await registerFrom(app, '127.0.0.9', uniqueName('late'));
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toBe(
      'too many new accounts were registered on this service in the last hour; try again in 60 minutes, or ask an admin if you are waiting for an account',
    );
    expect((await registerFrom(app, '127.0.0.9', uniqueName('late'), ZH)).body.message).toBe('过去一小时内本系统注册的新账号过多；请在 60 分钟后重试，如在等待账号请联系管理员');
    expect(await userCount(app)).toBe(before);
  });
});

describe('pending accounts never approved', () => {
  let app: TestApp;
  afterAll(() => app.close());

  it('are removed after PENDING_ACCOUNT_DAYS at start, with an audit entry; fresh pending and old active accounts stay', async () => {
    app = await startTestApp({ config: { pendingAccountDays: 7 } });
    const admin = await signInAdmin(app);
    const register = async (prefix: string) => (await app.request('POST', '/api/auth/register', { body: { username: uniqueName(prefix), password: 'password-123' } })).body.data;
    const stale = await register('stale');
    const recent = await register('recent');
    const active = await signInStaff(app, admin.token, uniqueName('old'));
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const [id, days] of [
      [stale.id, 8],
      [recent.id, 6],
      [active.user.id, 400],
    ] as const)
      await app.server.db
        .updateTable('users')
        .set({ createTime: daysAgo(days) })
        .where('id', '=', id)
        .execute();

    await app.restart();
    const ids = (await app.server.db.selectFrom('users').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(stale.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, recent.id, active.user.id]));

    const token = (await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).body.data.token;
    const audit = await app.request('GET', `/api/audit?entity=user&entityId=${stale.id}`, { token });
    expect(audit.body.data.items[0]).toMatchObject({ action: 'delete', userId: null, username: null, before: { username: stale.username, status: 'pending' } });
  });
});

describe('password hashing and file reads', () => {
  let app: TestApp;
  afterAll(() => app.close());

  it('serves a file read while many sign-ins wait for their hash', async () => {
    app = await startTestApp();
    const admin = await signInAdmin(app);
    const contract = await app.upload('POST', '/api/contract/upload', { token: admin.token, fields: contractForm(), files: [pdfFile()] });
    const fileUrl = `/api/contract-files/${contract.body.data.files[0].url}`;

    const total = 40;
    let answered = 0;
    const signIns = Array.from({ length: total }, () =>
      app.request('POST', '/api/auth/login', { body: { username: uniqueName('nobody'), password: 'wrong-password-9' } }).then((res) => {
        answered++;
        return res.status;
      }),
    );
    await Promise.race(signIns); // the hashes are under way
    const file = await fetch(app.url + fileUrl);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stillHashing = total - answered;
    // every hash waits its turn and every sign-in gets its answer
    expect(await Promise.all(signIns)).toEqual(Array(total).fill(401));
    // with the hashes holding every thread of the pool, the read would have come after nearly all of them
    expect(stillHashing).toBeGreaterThan(total / 2);
  });

  it('runs at most `concurrency` hashes, queues up to its bound and refuses beyond with 429', async () => {
    const limiter = new HashLimiter(1, 2);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        releases.push(() => resolve(name));
      });
    const runs = ['a', 'b', 'c'].map((name) => limiter.run(task(name)));
    await expect(limiter.run(task('d'))).rejects.toMatchObject({
      status: 429,
      said: { en: 'too many sign-ins and registrations at once; try again in a moment', zh: '同时登录和注册的请求过多；请稍后再试' },
    });
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a']);
    releases[0]!();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'b']);
    releases[1]!();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    releases[2]!();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
  });
});

describe('tokens', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await signInAdmin(app);
  });
  afterAll(() => app.close());

  const refresh = (refreshToken: string, headers: Record<string, string> = {}) => app.request('POST', '/api/auth/refresh', { body: { refreshToken }, headers });
  const me = (token: string, headers: Record<string, string> = {}) => app.request('GET', '/api/auth/me', { token, headers });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const staff = await signInStaff(app, admin.token);
    const other = (await app.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).body.data;
    const rotated = await refresh(staff.refreshToken);
    expect(rotated.status).toBe(200);

    // the thief (or the victim) presents the old token again: refused, and the newer one dies with it
    const reuse = await refresh(staff.refreshToken, ZH);
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('刷新令牌已失效：请重新登录');
    const newer = await refresh(rotated.body.data.refreshToken);
    expect(newer.status).toBe(401);
    expect(newer.body).toEqual({ success: false, message: 'the refresh token is not valid any more: sign in again' });
    expect(await app.server.db.selectFrom('refreshTokens').select('id').where('userId', '=', staff.user.id).execute()).toEqual([]);

    // another sign-in is another family: untouched
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('ends every session of a user who changes the password: old access and refresh tokens get 401', async () => {
    const name = uniqueName('pw');
    const first = await signInStaff(app, admin.token, name, 'old-password-1');
    const second = (await app.request('POST', '/api/auth/login', { body: { username: name, password: 'old-password-1' } })).body.data;
    const changed = await app.request('PUT', `/api/users/${first.user.id}`, { token: first.token, body: { password: 'new-password-1', currentPassword: 'old-password-1' } });
    expect(changed.status).toBe(200);

    for (const session of [first, second]) {
      const old = await me(session.token);
      expect(old.status).toBe(401);
      expect(old.body).toEqual({ success: false, message: SESSION_ENDED });
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    expect((await me(first.token, ZH)).body.message).toBe('由于密码已修改或账号已重新启用，此次登录已失效：请重新登录');
    const again = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'new-password-1' } });
    expect(again.status).toBe(200);
    expect((await me(again.body.data.token)).status).toBe(200);
  });

  it('does not revive the old tokens of a disabled user who is enabled again', async () => {
    const name = uniqueName('back');
    const staff = await signInStaff(app, admin.token, name);
    await app.request('PUT', `/api/users/${staff.user.id}`, { token: admin.token, body: { status: 'disabled' } });
    const enabled = await app.request('PUT', `/api/users/${staff.user.id}`, { token: admin.token, body: { status: 'active' } });
    expect(enabled.body.data.status).toBe('active');

    const old = await me(staff.token);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(SESSION_ENDED);
    expect((await refresh(staff.refreshToken)).status).toBe(401);
    const again = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'staff-password-1' } });
    expect((await me(again.body.data.token)).status).toBe(200);
  });

  it('refuses a correctly signed token without exp', async () => {
    const secret = (await readFile(join(app.dataDir, 'jwt-secret'), 'utf8')).trim();
    const claims = jwt.decode(admin.token) as jwt.JwtPayload;
    const sign = (options: jwt.SignOptions) =>
      jwt.sign({ username: claims.username, role: claims.role, ver: claims.ver }, secret, { algorithm: 'HS256', subject: claims.sub, issuer: 'cargodesk', ...options });
    expect((await me(sign({ expiresIn: 60 }))).status).toBe(200); // the same token with exp is accepted
    const forever = await me(sign({}));
    expect(forever.status).toBe(401);
    expect(forever.body).toEqual({ success: false, message: 'the token is not valid: sign in again' });
    expect((await me(sign({}), ZH)).body.message).toBe('令牌无效：请重新登录');
  });
});

describe('sign-in of an account that is not active', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await signInAdmin(app);
  });
  afterAll(() => app.close());

  const login = (username: string, password: string, headers: Record<string, string> = {}) => app.request('POST', '/api/auth/login', { body: { username, password }, headers });

  it('answers a pending account the same for the right and a wrong password, in both languages', async () => {
    const name = uniqueName('wait');
    await app.request('POST', '/api/auth/register', { body: { username: name, password: 'right-password-1' } });
    for (const headers of [{}, ZH]) {
      const right = await login(name, 'right-password-1', headers);
      const wrong = await login(name, 'wrong-password-1', headers);
      expect({ status: wrong.status, body: wrong.body }).toEqual({ status: right.status, body: right.body });
      expect(right.status).toBe(403);
    }
    expect((await login(name, 'wrong-password-1')).body.message).toBe('account is awaiting approval by an admin');
    expect((await login(name, 'wrong-password-1', ZH)).body.message).toBe('账号正在等待管理员审批');
  });

  it('answers a disabled account the same for the right and a wrong password, in both languages', async () => {
    const name = uniqueName('gone');
    const staff = await signInStaff(app, admin.token, name, 'right-password-1');
    await app.request('PUT', `/api/users/${staff.user.id}`, { token: admin.token, body: { status: 'disabled' } });
    for (const headers of [{}, ZH]) {
      const right = await login(name, 'right-password-1', headers);
      const wrong = await login(name, 'wrong-password-1', headers);
      expect({ status: wrong.status, body: wrong.body }).toEqual({ status: right.status, body: right.body });
      expect(right.status).toBe(403);
    }
    expect((await login(name, 'wrong-password-1')).body.message).toBe('this account is disabled; ask an admin');
    expect((await login(name, 'wrong-password-1', ZH)).body.message).toBe('此账号已停用；请联系管理员');
  });
});
