// Migrations 014 and 015 on a database of the last release (migrated up to 013, written as that
// release wrote it): admins keep admin, staff become managers, the grants are the defaults, every
// account covers every warehouse; `role` stays for older clients; pickup requests learn their
// creator from the audit log. Then the service runs on it: everyone signs in as before and each
// former staff works as a manager. On the PostgreSQL pass the same on a PostgreSQL database.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.js';
import { postgresDialect } from '../../server/db/postgres.js';
import { hashPassword } from '../../server/routes/auth/auth.service.js';
import { DEFAULT_GRANTS } from '../../shared/permissions.js';
import { newDataDir, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';

const T = '2026-10-01T08:00:00.000Z';
const USERS = [
  { username: 'boss', role: 'admin', status: 'active', lastLoginTime: T },
  { username: 'li.wei', role: 'staff', status: 'active', lastLoginTime: T },
  { username: 'zhao', role: 'staff', status: 'disabled', lastLoginTime: T },
  { username: 'newbie', role: 'staff', status: 'pending', lastLoginTime: null },
] as const;

let dir: string;
let database: TestDatabase | undefined;
let app: TestApp;
let before: { users: Record<string, unknown>[]; columns: string[] };

/** A database of the last release: migrations up to 013, its users and a pickup request li.wei created. */
async function seedLastRelease(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('013-settings')).error).toBeUndefined();
  const passwordHash = await hashPassword('old-password-1');
  for (const u of USERS)
    await db
      .insertInto('users')
      // created today: a pending account older than PENDING_ACCOUNT_DAYS would be removed at start
      .values({ ...u, usernameKey: u.username, displayName: null, email: null, passwordHash, createTime: new Date().toISOString(), updateTime: T })
      .execute();
  await db.insertInto('warehouses').values({ code: 'WH-SH', name: '上海仓', status: 'active', createTime: T, updateTime: T }).execute();
  const { id } = await db
    .insertInto('pickupRequests')
    .values({
      orderNumber: 'PU20261001-0001',
      blNumber: 'BL1',
      commodity: 'copper',
      quantityMilli: 5000,
      deliveryDate: '2026-10-02',
      warehouseId: 1,
      status: 'pending',
      createTime: T,
      updateTime: T,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('auditLog').values({ time: T, userId: 2, username: 'li.wei', action: 'create', entity: 'pickupRequest', entityId: id, before: null, after: '{}' }).execute();
  const users = await db.selectFrom('users').select(['username', 'role', 'status']).orderBy('id').execute();
  const columns = Object.keys((await db.selectFrom('users').selectAll().executeTakeFirstOrThrow()) as object);
  await db.destroy();
  return { users, columns };
}

beforeAll(async () => {
  dir = await newDataDir();
  if (onPostgres) {
    database = await createTestDatabase();
    before = await seedLastRelease(new Kysely<any>({ dialect: postgresDialect(database.url) }));
    app = await startTestApp({ dataDir: dir, config: { databaseUrl: database.url } });
  } else {
    before = await seedLastRelease(new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(join(dir, 'cargodesk.sqlite')) }) }));
    app = await startTestApp({ dataDir: dir });
  }
});
afterAll(async () => {
  await app.close();
  await database?.drop();
});

const signIn = async (username: string) => app.request('POST', '/api/auth/login', { body: { username, password: 'old-password-1' } });

describe(`migrations 014–015 on a database of the last release (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('before: users had one role, admin or staff, and nothing else', () => {
    expect(before.users).toEqual([
      { username: 'boss', role: 'admin', status: 'active' },
      { username: 'li.wei', role: 'staff', status: 'active' },
      { username: 'zhao', role: 'staff', status: 'disabled' },
      { username: 'newbie', role: 'staff', status: 'pending' },
    ]);
    expect(before.columns).not.toContain('roles');
  });

  it('after: admins keep admin, staff are managers, every account covers every warehouse; role stays for older clients', async () => {
    const rows = await app.server.db.selectFrom('users').select(['username', 'role', 'roles', 'warehouseIds', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { username: 'boss', role: 'admin', roles: 'admin', warehouseIds: '', status: 'active' },
      { username: 'li.wei', role: 'staff', roles: 'manager', warehouseIds: '', status: 'active' },
      { username: 'zhao', role: 'staff', roles: 'manager', warehouseIds: '', status: 'disabled' },
      { username: 'newbie', role: 'staff', roles: 'manager', warehouseIds: '', status: 'pending' },
    ]);
    const boss = (await signIn('boss')).body.data;
    const list = await app.request('GET', '/api/users', { token: boss.token });
    expect(list.body.data.items.map((u: Record<string, unknown>) => [u.username, u.role, u.roles, u.warehouses]).reverse()).toEqual([
      ['boss', 'admin', ['admin'], []],
      ['li.wei', 'staff', ['manager'], []],
      ['zhao', 'staff', ['manager'], []],
      ['newbie', 'staff', ['manager'], []],
    ]);
    expect((await app.request('GET', '/api/settings/grants', { token: boss.token })).body.data.grants).toEqual(DEFAULT_GRANTS);
  });

  it('after: a former staff signs in as before and works as a manager; the disabled and the pending stay out', async () => {
    const login = await signIn('li.wei');
    expect(login.status).toBe(200);
    const me = await app.request('GET', '/api/auth/me', { token: login.body.data.token });
    expect(me.body.data).toMatchObject({ role: 'staff', roles: ['manager'], warehouses: [] });
    expect(me.body.data.permissions).toEqual(DEFAULT_GRANTS.manager);
    expect((await app.request('GET', '/api/audit', { token: login.body.data.token })).status).toBe(200);
    expect((await app.request('GET', '/api/users', { token: login.body.data.token })).status).toBe(403);
    expect((await signIn('zhao')).status).toBe(403);
    expect((await signIn('newbie')).status).toBe(403);
  });

  it('after: a pickup request knows who created it, so its creator does not approve it', async () => {
    const liWei = (await signIn('li.wei')).body.data.token;
    const request = await app.request('GET', '/api/apply-delivery/1', { token: liWei });
    expect(request.body.data).toMatchObject({ orderNumber: 'PU20261001-0001', createdBy: 'li.wei', approvedBy: null, approvedTime: null });
    expect((await app.request('PUT', '/api/apply-delivery/1', { token: liWei, body: { status: 'approved' } })).status).toBe(403);
    const boss = (await signIn('boss')).body.data.token;
    // its B/L is received first: approving reserves in its lot (issue 27)
    const { warehouse, commodity, blNumber, quantity } = request.body.data;
    const received = await app.request('POST', '/api/inventory/inbound', {
      token: boss,
      body: { warehouse, commodity, blNumber, inboundWeight: quantity, inboundDate: '2026-10-01' },
    });
    expect(received.status, received.body.message).toBe(200);
    expect((await app.request('PUT', '/api/apply-delivery/1', { token: boss, body: { status: 'approved' } })).body.data).toMatchObject({ approvedBy: 'boss' });
  });
});
