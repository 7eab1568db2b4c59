import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInStaff, startAdminApp, type TestApp, uniqueName } from '../helpers/app.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let staff: Awaited<ReturnType<typeof signInStaff>>;

beforeAll(async () => {
  ({ app, admin } = await startAdminApp());
  staff = await signInStaff(app, admin.token);
});
afterAll(() => app.close());

describe('users', () => {
  it('lists users for an admin, paged, and refuses staff with 403', async () => {
    const list = await app.request('GET', '/api/users?page=1&pageSize=1', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(list.body.data.items).toHaveLength(1);
    const denied = await app.request('GET', '/api/users', { token: staff.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, message: 'only an admin may do this' });
  });

  it('reads one user, 404 for an unknown id, 400 for a malformed one', async () => {
    const one = await app.request('GET', `/api/users/${staff.user.id}`, { token: staff.token });
    expect(one.body.data.id).toBe(staff.user.id);
    expect((await app.request('GET', '/api/users/9999', { token: staff.token })).body).toEqual({ success: false, message: 'user 9999 not found' });
    for (const bad of ['abc', '-1', '1.5', '0']) {
      const res = await app.request('GET', `/api/users/${bad}`, { token: staff.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe(`id must be a positive whole number, like 12; got "${bad}"`);
    }
  });

  it('lets a user change its own name and password, with the current password', async () => {
    const noCurrent = await app.request('PUT', `/api/users/${staff.user.id}`, { token: staff.token, body: { password: 'new-password-9' } });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body.message).toBe('currentPassword is required to set a new password');
    const wrong = await app.request('PUT', `/api/users/${staff.user.id}`, {
      token: staff.token,
      body: { password: 'new-password-9', currentPassword: 'not-it-at-all' },
    });
    expect(wrong.body.message).toBe('currentPassword is not correct');

    const me = (await app.request('GET', '/api/auth/me', { token: staff.token })).body.data;
    const ok = await app.request('PUT', `/api/users/${staff.user.id}`, {
      token: staff.token,
      body: { displayName: '王五', password: 'new-password-9', currentPassword: 'staff-password-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.displayName).toBe('王五');
    const again = await app.request('POST', '/api/auth/login', { body: { username: me.username, password: 'new-password-9' } });
    expect(again.status).toBe(200);
    // the old refresh tokens stop working after a password change
    expect((await app.request('POST', '/api/refresh-token', { body: { refreshToken: staff.refreshToken } })).status).toBe(401);
    // and so does the old access token (test/api/auth-hardening.test.ts): the later tests use the new one
    expect((await app.request('GET', '/api/auth/me', { token: staff.token })).status).toBe(401);
    staff = again.body.data;
  });

  it('refuses staff changing its role, or another user', async () => {
    const role = await app.request('PUT', `/api/users/${staff.user.id}`, { token: staff.token, body: { role: 'admin' } });
    expect(role.status).toBe(403);
    expect(role.body.message).toBe('only an admin may change role, roles, warehouses or status');
    const other = await app.request('PUT', `/api/users/${admin.user.id}`, { token: staff.token, body: { displayName: 'x' } });
    expect(other.status).toBe(403);
  });

  it('refuses a disabled user at once, even with a valid token', async () => {
    const victim = await signInStaff(app, admin.token, uniqueName('dis'));
    expect((await app.request('GET', '/api/auth/me', { token: victim.token })).status).toBe(200);
    await app.request('PUT', `/api/users/${victim.user.id}`, { token: admin.token, body: { status: 'disabled' } });
    const after = await app.request('GET', '/api/auth/me', { token: victim.token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('this account is disabled or no longer exists');
    expect((await app.request('POST', '/api/refresh-token', { body: { refreshToken: victim.refreshToken } })).status).toBe(401);
  });

  it('keeps at least one active admin', async () => {
    const res = await app.request('PUT', `/api/users/${admin.user.id}`, { token: admin.token, body: { role: 'staff' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('at least one active admin must remain; make another user admin first');
  });

  it('answers in Chinese when the client asks for it, and in English without the header', async () => {
    const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
    const unknown = await app.request('GET', '/api/users/9999', { token: admin.token, headers: zh });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: '未找到用户 9999' });
    expect((await app.request('GET', '/api/users/9999', { token: admin.token })).body.message).toBe('user 9999 not found');

    const lastAdmin = await app.request('PUT', `/api/users/${admin.user.id}`, { token: admin.token, body: { status: 'disabled' }, headers: zh });
    expect(lastAdmin.status).toBe(400);
    expect(lastAdmin.body.message).toBe('必须至少保留一名已启用的管理员；请先将另一位用户设为管理员');

    const role = await app.request('PUT', `/api/users/${staff.user.id}`, { token: staff.token, body: { role: 'admin' }, headers: zh });
    expect(role.status).toBe(403);
    expect(role.body.message).toBe('只有管理员可以修改 role、roles、warehouses 或 status（角色、仓库或状态）');
    const other = await app.request('PUT', `/api/users/${admin.user.id}`, { token: staff.token, body: { displayName: 'x' }, headers: zh });
    expect(other.body.message).toBe('您只能修改自己的账号');
    expect((await app.request('PUT', `/api/users/${admin.user.id}`, { token: staff.token, body: { displayName: 'x' } })).body.message).toBe('you may only change your own account');

    const noCurrent = await app.request('PUT', `/api/users/${staff.user.id}`, { token: staff.token, body: { password: 'new-password-0' }, headers: zh });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body.message).toBe('设置新密码时必须填写 currentPassword（当前密码）');
    const wrong = await app.request('PUT', `/api/users/${staff.user.id}`, {
      token: staff.token,
      body: { password: 'new-password-0', currentPassword: 'not-it-at-all' },
      headers: zh,
    });
    expect(wrong.body.message).toBe('currentPassword（当前密码）不正确');
  });

  it('writes every user change to the audit log, readable with read access to it (admins, managers)', async () => {
    const name = uniqueName('aud');
    const reg = await app.request('POST', '/api/auth/register', { body: { username: name, password: 'password-123' } });
    await app.request('PUT', `/api/users/${reg.body.data.id}`, { token: admin.token, body: { status: 'active' } });
    const log = await app.request('GET', `/api/audit?entity=user&entityId=${reg.body.data.id}`, { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.data.items.map((e: { action: string }) => e.action)).toEqual(['status', 'create']);
    const [change] = log.body.data.items;
    expect(change).toMatchObject({ username: 'admin', userId: admin.user.id, entity: 'user', entityId: reg.body.data.id });
    expect(change.before.status).toBe('pending');
    expect(change.after.status).toBe('active');
    expect(JSON.stringify(log.body)).not.toContain('passwordHash');
    // a manager (an older release's staff) reads the log; the activated account is a viewer, which does not
    expect((await app.request('GET', '/api/audit', { token: staff.token })).status).toBe(200);
    const viewer = (await app.request('POST', '/api/auth/login', { body: { username: name, password: 'password-123' } })).body.data;
    const refused = await app.request('GET', '/api/audit', { token: viewer.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'you need read access to audit log', data: { area: 'audit', level: 'read' } });
  });

  it("lets an admin reset another user's password: the user's sessions end and it must choose a new one before anything else", async () => {
    const name = uniqueName('rst');
    const user = await signInStaff(app, admin.token, name);
    const byStaff = await app.request('POST', `/api/users/${admin.user.id}/reset-password`, { token: user.token, body: { password: 'temporary-pass-1' } });
    expect(byStaff.status).toBe(403);
    const own = await app.request('POST', `/api/users/${admin.user.id}/reset-password`, { token: admin.token, body: { password: 'temporary-pass-1' } });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('change your own password with your current one, on your account page');

    const reset = await app.request('POST', `/api/users/${user.user.id}/reset-password`, { token: admin.token, body: { password: 'temporary-pass-1' } });
    expect(reset.status).toBe(200);
    expect(reset.body.data.mustChangePassword).toBe(true);
    expect((await app.request('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await app.request('POST', '/api/auth/login', { body: { username: name, password: 'staff-password-1' } })).status).toBe(401);

    const login = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'temporary-pass-1' } });
    expect(login.status).toBe(200);
    expect(login.body.data.user.mustChangePassword).toBe(true);
    const token = login.body.data.token as string;
    // nothing but the password change until a new password is chosen
    const blocked = await app.request('GET', '/api/inventory/warehouses', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('an admin reset your password: choose a new one first');
    expect((await app.request('GET', '/api/auth/me', { token })).body.data.mustChangePassword).toBe(true);
    const changed = await app.request('PUT', `/api/users/${user.user.id}`, { token, body: { password: 'my-own-pass-2', currentPassword: 'temporary-pass-1' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.mustChangePassword).toBe(false);

    const again = await app.request('POST', '/api/auth/login', { body: { username: name, password: 'my-own-pass-2' } });
    expect(again.body.data.user.mustChangePassword).toBe(false);
    expect((await app.request('GET', '/api/inventory/warehouses', { token: again.body.data.token })).status).toBe(200);
    const log = await app.request('GET', `/api/audit?entity=user&entityId=${user.user.id}`, { token: admin.token });
    expect(JSON.stringify(log.body)).not.toContain('temporary-pass-1');
  });
});
