// Roles, accounts, grants and the rules of the settings (issue 26, decisions.md "Roles, areas and
// warehouses"): accounts the admin creates and removes, closed registration, the grants grid and its
// refusals, the effective levels in GET /auth/me, and the second person who approves a pickup request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GRANTS } from '../../shared/permissions.js';
import { signInAdmin, signInWithRoles, startTestApp, uniqueName, type TestApp } from '../helpers/app.js';
import { createTestDatabase, onPostgres } from '../helpers/postgres.js';
import { makeInbound, makePickup, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAdmin(app);
});
afterAll(() => app.close());

const account = (roles: string[], warehouses: string[] = []) => signInWithRoles(app, admin.token, roles, warehouses);

const count = async (table: 'users' | 'auditLog' | 'roleGrants' | 'pickupRequests') =>
  Number(
    (
      await app.server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('accounts the admin creates', () => {
  it('creates five accounts in a row (no registration limit), active, with roles, warehouses and a password to change at the first sign-in', async () => {
    const limited = await startTestApp({ config: { registrationsPerAddressPerHour: 2, registrationsPerHour: 2 } });
    try {
      const boss = await signInAdmin(limited);
      const w = await makeWarehouse(limited, boss.token);
      const names = ['zhang', 'wang', 'li', 'zhao', 'chen'].map((n) => uniqueName(n));
      for (const username of names) {
        const res = await limited.request('POST', '/api/users', {
          token: boss.token,
          body: { username, password: 'temporary-pass-1', displayName: username, roles: ['warehouse', 'viewer'], warehouses: [w.code] },
        });
        expect(res.status, res.body.message).toBe(200);
        expect(res.body.data).toMatchObject({ username, role: 'staff', roles: ['warehouse', 'viewer'], warehouses: [w.code], status: 'active', mustChangePassword: true });
      }
      // the form's limit of 2 is untouched: the admin's own registration was the first, one more goes through, the next is the limit
      expect((await limited.request('POST', '/api/auth/register', { body: { username: uniqueName('r'), password: 'password-123' } })).status).toBe(200);
      expect((await limited.request('POST', '/api/auth/register', { body: { username: uniqueName('r'), password: 'password-123' } })).status).toBe(429);

      // at the first sign-in the temporary password must be replaced before anything else
      const first = (await limited.request('POST', '/api/auth/login', { body: { username: names[0], password: 'temporary-pass-1' } })).body.data;
      expect(first.user.mustChangePassword).toBe(true);
      const blocked = await limited.request('GET', `/api/inventory/inbound?warehouse=${w.code}`, { token: first.token });
      expect(blocked.status).toBe(403);
      expect(blocked.body.message).toBe('an admin reset your password: choose a new one first');
    } finally {
      await limited.close();
    }
  });

  it('refuses an unknown role or warehouse code naming it, a taken username, and non-admins; nothing is created', async () => {
    const users = await count('users');
    const bad = await app.request('POST', '/api/users', { token: admin.token, body: { username: uniqueName('x'), password: 'temporary-pass-1', roles: ['trader', 'boss'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'roles.1 is "boss", which is not a role; must be one of: Admin (admin), Manager (manager), Trader (trader), Warehouse clerk (warehouse), Finance clerk (finance), Viewer (viewer)',
    );
    const badZh = await app.request('POST', '/api/users', { token: admin.token, headers: ZH, body: { username: uniqueName('x'), password: 'temporary-pass-1', roles: ['boss'] } });
    expect(badZh.body.message).toBe(
      'roles.0 为“boss”，不是角色；必须是以下之一：管理员（admin）、经理（manager）、业务员（trader）、仓管员（warehouse）、财务（finance）、只读用户（viewer）',
    );
    const noRole = await app.request('POST', '/api/users', { token: admin.token, body: { username: uniqueName('x'), password: 'temporary-pass-1', roles: [] } });
    expect(noRole.body.message).toBe('roles must hold at least 1 item');
    const wh = await app.request('POST', '/api/users', {
      token: admin.token,
      body: { username: uniqueName('x'), password: 'temporary-pass-1', roles: ['warehouse'], warehouses: ['NO-SUCH'] },
    });
    expect(wh.status).toBe(400);
    expect(wh.body.message).toBe('warehouses: "NO-SUCH" is not the code of a warehouse; give the codes of existing warehouses, or [] for every warehouse');
    expect(wh.body.data).toEqual({ errors: [{ field: 'warehouses', message: wh.body.message }] });
    const taken = await app.request('POST', '/api/users', { token: admin.token, body: { username: 'ADMIN', password: 'temporary-pass-1', roles: ['viewer'] } });
    expect(taken.body.message).toBe('username "ADMIN" is already taken; choose another');
    const manager = await account(['manager']);
    const notAdmin = await app.request('POST', '/api/users', { token: manager.token, body: { username: uniqueName('x'), password: 'temporary-pass-1', roles: ['admin'] } });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe('only an admin may do this');
    expect(await count('users')).toBe(users + 1); // the manager made for the last check
  });

  it('removes a pending or never-used account; one that has signed in is disabled instead (400 says so)', async () => {
    const pending = await app.request('POST', '/api/auth/register', { body: { username: uniqueName('unwanted'), password: 'password-123' } });
    expect(pending.body.data).toMatchObject({ status: 'pending', roles: ['viewer'] });
    const gone = await app.request('DELETE', `/api/users/${pending.body.data.id}`, { token: admin.token });
    expect(gone.status).toBe(200);
    expect((await app.request('GET', `/api/users/${pending.body.data.id}`, { token: admin.token })).status).toBe(404);
    const audit = await app.request('GET', `/api/audit?entity=user&entityId=${pending.body.data.id}&action=delete`, { token: admin.token });
    expect(audit.body.data.items[0]).toMatchObject({ username: 'admin', before: { username: pending.body.data.username } });

    const unused = await app.request('POST', '/api/users', { token: admin.token, body: { username: uniqueName('unused'), password: 'temporary-pass-1', roles: ['viewer'] } });
    expect((await app.request('DELETE', `/api/users/${unused.body.data.id}`, { token: admin.token })).status).toBe(200);

    const used = await account(['trader']);
    const users = await count('users');
    const kept = await app.request('DELETE', `/api/users/${used.user.id}`, { token: admin.token });
    expect(kept.status).toBe(400);
    expect(kept.body.message).toBe(`${used.username} has signed in before, so the account stays for its history: disable it instead (status disabled)`);
    expect(await count('users')).toBe(users);
    const refused = await app.request('DELETE', `/api/users/${used.user.id}`, { token: used.token });
    expect(refused.status).toBe(403);
  });

  it('closes self-registration: register is 403, nothing is created; the admin still creates accounts', async () => {
    const closed = await app.request('PUT', '/api/settings', { token: admin.token, body: { selfRegistration: 'closed' } });
    expect(closed.body.data).toMatchObject({ selfRegistration: 'closed' });
    const users = await count('users');
    const res = await app.request('POST', '/api/auth/register', { body: { username: uniqueName('late'), password: 'password-123' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'registration is closed: ask an admin to create your account', data: { rule: 'selfRegistration' } });
    const zh = await app.request('POST', '/api/auth/register', { headers: ZH, body: { username: uniqueName('late'), password: 'password-123' } });
    expect(zh.body.message).toBe('注册已关闭：请联系管理员为您创建账号');
    expect(await count('users')).toBe(users);
    await account(['viewer']);
    await app.request('PUT', '/api/settings', { token: admin.token, body: { selfRegistration: 'open' } });
    expect((await app.request('POST', '/api/auth/register', { body: { username: uniqueName('again'), password: 'password-123' } })).status).toBe(200);
  });

  it('lets the very first account register on a service whose registration is closed', async () => {
    const fresh = await startTestApp();
    try {
      await fresh.server.db.insertInto('settings').values({ key: 'selfRegistration', value: 'closed', updateTime: new Date().toISOString() }).execute();
      const first = await fresh.request('POST', '/api/auth/register', { body: { username: 'founder', password: 'password-123' } });
      expect(first.body.data).toMatchObject({ role: 'admin', roles: ['admin'], status: 'active' });
      expect((await fresh.request('POST', '/api/auth/register', { body: { username: 'second', password: 'password-123' } })).status).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  it("changes roles and warehouses (audited); an older client's role still works; the last active admin stays", async () => {
    const w = await makeWarehouse(app, admin.token);
    const user = await account(['viewer']);
    const changed = await app.request('PUT', `/api/users/${user.user.id}`, { token: admin.token, body: { roles: ['finance', 'trader', 'finance'], warehouses: [w.code] } });
    expect(changed.body.data).toMatchObject({ role: 'staff', roles: ['trader', 'finance'], warehouses: [w.code] });
    const audit = await app.request('GET', `/api/audit?entity=user&entityId=${user.user.id}`, { token: admin.token });
    expect(audit.body.data.items[0]).toMatchObject({
      action: 'update',
      before: { roles: ['viewer'], warehouses: [] },
      after: { roles: ['trader', 'finance'], warehouses: [w.code] },
    });
    // renaming the warehouse's code keeps the scope: it is kept by id
    const renamed = `${w.code}-NEW`;
    await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token: admin.token, body: { code: renamed } });
    expect((await app.request('GET', `/api/users/${user.user.id}`, { token: admin.token })).body.data.warehouses).toEqual([renamed]);
    // an older client: role admin adds the admin role, staff takes it away
    expect((await app.request('PUT', `/api/users/${user.user.id}`, { token: admin.token, body: { role: 'admin' } })).body.data).toMatchObject({
      role: 'admin',
      roles: ['admin', 'trader', 'finance'],
    });
    expect((await app.request('PUT', `/api/users/${user.user.id}`, { token: admin.token, body: { role: 'staff' } })).body.data).toMatchObject({
      role: 'staff',
      roles: ['trader', 'finance'],
    });
    expect((await app.request('PUT', `/api/users/${user.user.id}`, { token: admin.token, body: { warehouses: [] } })).body.data.warehouses).toEqual([]);

    const last = await app.request('PUT', `/api/users/${admin.user.id}`, { token: admin.token, body: { roles: ['manager'] } });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('at least one active admin must remain; make another user admin first');
    const self = await app.request('PUT', `/api/users/${user.user.id}`, { token: user.token, body: { roles: ['admin'] } });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('only an admin may change role, roles, warehouses or status');
  });

  it('keeps one active admin when two admins take the role from each other at once', async () => {
    const second = await account(['admin']);
    const [a, b] = await Promise.all([
      app.request('PUT', `/api/users/${second.user.id}`, { token: admin.token, body: { roles: ['manager'] } }),
      app.request('PUT', `/api/users/${admin.user.id}`, { token: second.token, body: { roles: ['manager'] } }),
    ]);
    // one wins; the other is refused: 400 when it counted the admins after the first, 403 when the first had already taken its role
    const outcomes = [a.status, b.status].sort();
    expect(outcomes[0]).toBe(200);
    expect([400, 403]).toContain(outcomes[1]);
    const admins = await app.server.db.selectFrom('users').select('username').where('role', '=', 'admin').where('status', '=', 'active').execute();
    expect(admins).toHaveLength(1);
    // put things back as they were for the other tests: the first admin keeps the role
    if (a.status === 400) {
      const remaining = (await app.request('POST', '/api/auth/login', { body: { username: second.username, password: 'own-password-1' } })).body.data.token;
      await app.request('PUT', `/api/users/${admin.user.id}`, { token: remaining, body: { roles: ['admin'] } });
      await app.request('PUT', `/api/users/${second.user.id}`, { token: admin.token, body: { roles: ['manager'] } });
    }
  });
});

describe('the grants', () => {
  it('answers every role but admin with every area, and the defaults, to any signed-in user', async () => {
    const viewer = await account(['viewer']);
    const res = await app.request('GET', '/api/settings/grants', { token: viewer.token });
    expect(res.body.data).toEqual({ grants: DEFAULT_GRANTS, defaults: DEFAULT_GRANTS });
  });

  it('gives GET /auth/me the highest level of each area among the roles; admin approve everywhere', async () => {
    const both = await account(['warehouse', 'finance']);
    const me = await app.request('GET', '/api/auth/me', { token: both.token });
    expect(me.body.data).toMatchObject({ roles: ['warehouse', 'finance'], warehouses: [] });
    expect(me.body.data.permissions).toEqual({
      contracts: 'read',
      corpContracts: 'read',
      companyFiles: 'write',
      pickup: 'read',
      warehouse: 'write',
      stock: 'read',
      finance: 'write',
      profit: 'write',
      catalogs: 'write',
      audit: 'none',
    });
    const adminMe = await app.request('GET', '/api/auth/me', { token: admin.token });
    expect(Object.values(adminMe.body.data.permissions)).toEqual(Array(10).fill('approve'));
  });

  it('sets the whole grid (audited), taking effect at the next request; restoring the defaults sends them back', async () => {
    const trader = await account(['trader']);
    expect((await app.request('GET', '/api/corp-finances/profit-records', { token: trader.token })).status).toBe(403);
    const grants = structuredClone(DEFAULT_GRANTS);
    grants.trader.profit = 'read';
    const set = await app.request('PUT', '/api/settings/grants', { token: admin.token, body: { grants } });
    expect(set.status).toBe(200);
    expect(set.body.data.grants.trader.profit).toBe('read');
    expect((await app.request('GET', '/api/corp-finances/profit-records', { token: trader.token })).status).toBe(200);
    expect((await app.request('GET', '/api/auth/me', { token: trader.token })).body.data.permissions.profit).toBe('read');
    const audit = await app.request('GET', '/api/audit?entity=grants', { token: admin.token });
    expect(audit.body.data.items[0]).toMatchObject({ action: 'update', before: { trader: { profit: 'none' } }, after: { trader: { profit: 'read' } } });

    const restored = await app.request('PUT', '/api/settings/grants', { token: admin.token, body: { grants: set.body.data.defaults } });
    expect(restored.body.data.grants).toEqual(DEFAULT_GRANTS);
    expect((await app.request('GET', '/api/corp-finances/profit-records', { token: trader.token })).status).toBe(403);
  });

  it.skipIf(!onPostgres)('takes effect on another instance of the same database at its next request', async () => {
    const database = await createTestDatabase();
    const config = { databaseUrl: database.url };
    const [one, two] = [await startTestApp({ config, jwtSecret: 'shared-secret-of-both' }), await startTestApp({ config, jwtSecret: 'shared-secret-of-both' })];
    try {
      const boss = await signInAdmin(one);
      const trader = await signInWithRoles(one, boss.token, ['trader']);
      expect((await two.request('GET', '/api/corp-finances/profit-records', { token: trader.token })).status).toBe(403);
      const grants = structuredClone(DEFAULT_GRANTS);
      grants.trader.profit = 'read';
      expect((await one.request('PUT', '/api/settings/grants', { token: boss.token, body: { grants } })).status).toBe(200);
      expect((await two.request('GET', '/api/corp-finances/profit-records', { token: trader.token })).status).toBe(200);
      expect((await two.request('PUT', `/api/users/${trader.user.id}`, { token: boss.token, body: { roles: ['viewer'] } })).status).toBe(200);
      expect((await one.request('GET', '/api/corp-finances/profit-records', { token: trader.token })).status).toBe(403);
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  });

  it('refuses a body naming an unknown role, area or level, leaving out a role or an area, or touching admin; nothing changes', async () => {
    const manager = await account(['manager']);
    const audits = await count('auditLog');
    const before = (await app.request('GET', '/api/settings/grants', { token: admin.token })).body.data.grants;
    const with_ = (change: (g: Record<string, Record<string, string>>) => void) => {
      const g = structuredClone(DEFAULT_GRANTS) as unknown as Record<string, Record<string, string>>;
      change(g);
      return g;
    };
    const cases: [unknown, string][] = [
      [
        with_((g) => (g.boss = { ...g.viewer! })),
        'grants.boss is not a role; the roles are: Manager (manager), Trader (trader), Warehouse clerk (warehouse), Finance clerk (finance), Viewer (viewer)',
      ],
      [
        with_((g) => (g.trader!.money = 'read')),
        'grants.trader.money is not an area; the areas are: Business contracts (contracts), Corporate contracts (corpContracts), Company files (companyFiles), Pickup requests (pickup), Warehouse (warehouse), Stock (stock), Finance (finance), Profit (profit), Catalogs (catalogs), Audit log (audit)',
      ],
      [
        with_((g) => (g.trader!.finance = 'all')),
        'grants.trader.finance is "all", which is not a level; must be one of: None (none), Read (read), Write (write), Approve (approve)',
      ],
      [with_((g) => delete g.viewer), 'grants lacks the roles viewer: give the grants of every role but admin'],
      [with_((g) => delete g.finance!.audit), 'grants.finance lacks the areas audit: give a level for every area'],
      [with_((g) => (g.admin = { ...g.viewer! })), "grants.admin is the admin's: its grants are fixed (approve everywhere); leave admin out"],
      [undefined, 'grants is required'],
    ];
    for (const [grants, message] of cases) {
      const res = await app.request('PUT', '/api/settings/grants', { token: admin.token, body: grants === undefined ? {} : { grants } });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const zh = await app.request('PUT', '/api/settings/grants', { token: admin.token, headers: ZH, body: { grants: with_((g) => (g.trader!.finance = 'all')) } });
    expect(zh.body.message).toBe('grants.trader.finance 为“all”，不是权限级别；必须是以下之一：无（none）、读取（read）、写入（write）、审批（approve）');
    const notAdmin = await app.request('PUT', '/api/settings/grants', { token: manager.token, body: { grants: DEFAULT_GRANTS } });
    expect(notAdmin.status).toBe(403);
    expect((await app.request('GET', '/api/settings/grants', { token: admin.token })).body.data.grants).toEqual(before);
    expect(await count('roleGrants')).toBe(50);
    expect(await count('auditLog')).toBe(audits);
  });
});

describe('the settings', () => {
  it('answers the rules with their defaults; only the admin changes them; unknown values are refused', async () => {
    const viewer = await account(['viewer']);
    const res = await app.request('GET', '/api/settings', { token: viewer.token });
    expect(res.body.data).toMatchObject({ selfRegistration: 'open', secondPersonApproves: true, outboundNeedsPickup: false });
    expect((await app.request('PUT', '/api/settings', { token: viewer.token, body: { outboundNeedsPickup: true } })).status).toBe(403);
    const kept = await app.request('PUT', '/api/settings', { token: admin.token, body: { outboundNeedsPickup: true } });
    expect(kept.body.data).toMatchObject({ outboundNeedsPickup: true, secondPersonApproves: true });
    await app.request('PUT', '/api/settings', { token: admin.token, body: { outboundNeedsPickup: false } });
    const bad = await app.request('PUT', '/api/settings', { token: admin.token, body: { selfRegistration: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('selfRegistration must be one of: Open (open), Closed (closed)');
  });
});

describe('a second person approves', () => {
  it('refuses the creator approving its own request (403 naming the rule); another user approves, recorded on the request, its list, export and print page', async () => {
    const w = await makeWarehouse(app, admin.token);
    const blNumber = uniqueName('BL');
    // the request's B/L is received: an approval reserves in its lot (issue 27)
    await makeInbound(app, admin.token, { warehouse: w.code, blNumber, inboundWeight: 50 });
    const manager = await account(['manager']);
    const other = await account(['manager']);
    const pickup = await makePickup(app, manager.token, { warehouse: w.code, blNumber });
    expect(pickup).toMatchObject({ createdBy: manager.username, approvedBy: null, approvedTime: null });
    const audits = await count('auditLog');
    const own = await app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token: manager.token, body: { status: 'approved' } });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({
      success: false,
      message: `pickup request ${pickup.orderNumber} was created by you: another user must approve it (the setting "second person approves" is on)`,
      data: { rule: 'secondPersonApproves' },
    });
    const ownZh = await app.request('PUT', `/api/apply-delivery/update/${pickup.id}`, { token: manager.token, headers: ZH, body: { status: 'approved' } });
    expect(ownZh.body.message).toBe(`提货申请 ${pickup.orderNumber} 由您本人创建：须由其他用户审核（已开启“第二人审核”设置）`);
    expect(await count('auditLog')).toBe(audits);
    expect((await app.request('GET', `/api/apply-delivery/${pickup.id}`, { token: manager.token })).body.data.status).toBe('pending');
    // the creator may still change the rest of it
    expect((await app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token: manager.token, body: { driverName: '王师傅' } })).status).toBe(200);

    const approved = await app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token: other.token, body: { status: 'approved' } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', createdBy: manager.username, approvedBy: other.username });
    expect(Date.now() - Date.parse(approved.body.data.approvedTime)).toBeLessThan(60_000);
    const listed = await app.request('GET', `/api/apply-delivery/list?orderNumber=${pickup.orderNumber}`, { token: manager.token });
    expect(listed.body.data.items[0]).toMatchObject({ approvedBy: other.username, approvedTime: approved.body.data.approvedTime });
    const page = await fetch(`${app.url}/api/apply-delivery/print/${pickup.id}`, { headers: { authorization: `Bearer ${manager.token}` } });
    const html = await page.text();
    expect(html).toContain(`<tr><th>审核人 Approved by</th><td>${other.username}</td></tr>`);
    expect(html).toContain(`<tr><th>申请人 Created by</th><td>${manager.username}</td></tr>`);
  });

  it('lets a one-person office approve its own requests once the setting is off', async () => {
    const w = await makeWarehouse(app, admin.token);
    await makeInbound(app, admin.token, { warehouse: w.code, blNumber: 'BL001', inboundWeight: 5 });
    const pickup = await makePickup(app, admin.token, { warehouse: w.code });
    expect((await app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(403);
    await app.request('PUT', '/api/settings', { token: admin.token, body: { secondPersonApproves: false } });
    try {
      const own = await app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token: admin.token, body: { status: 'approved' } });
      expect(own.body.data).toMatchObject({ status: 'approved', approvedBy: 'admin' });
    } finally {
      await app.request('PUT', '/api/settings', { token: admin.token, body: { secondPersonApproves: true } });
    }
  });
});
