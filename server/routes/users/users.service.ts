import type { z } from 'zod';
import { listUsersQuery, type createUserBody, type Me, type registerBody, type resetPasswordBody, type updateUserBody, type User } from '../../../shared/users.js';
import { legacyRole, type Role } from '../../../shared/permissions.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { Selectable, Updateable } from 'kysely';
import type { Db, Queryable, UsersTable } from '../../db/tables.js';
import type { Logger } from 'pino';
import type { AuthUser } from '../../http/auth.js';
import { said } from '../../../shared/messages.js';
import { forbidden, invalid, notFound, refusedField } from '../../http/errors.js';
import { describeList } from '../../db/lists.js';
import { recordAudit } from '../audit/audit.service.js';
import { hashPassword, revokeAllRefreshTokens, verifyPassword } from '../auth/auth.service.js';
import { forUpdate } from '../../db/row-lock.js';
import { rolesFromColumn, rolesToColumn, warehouseIdsFromColumn, warehouseIdsToColumn } from './user-columns.js';
import { getSettings } from '../settings/settings.service.js';

type UserRow = Selectable<UsersTable>;

/** Every warehouse's code by its id: a user row keeps ids, the user record speaks codes. */
async function warehouseCodes(db: Queryable): Promise<Map<number, string>> {
  const rows = await db.selectFrom('warehouses').select(['id', 'code']).execute();
  return new Map(rows.map((w) => [w.id, w.code]));
}

/** The fields of a user that leave the service: never the password hash. `codes`: warehouse codes by id. */
export function presentUser(row: UserRow, codes: ReadonlyMap<number, string>): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    role: row.role,
    roles: rolesFromColumn(row.roles),
    warehouses: (warehouseIdsFromColumn(row.warehouseIds) ?? []).map((id) => codes.get(id) ?? String(id)),
    status: row.status,
    createTime: row.createTime,
    updateTime: row.updateTime,
    lastLoginTime: row.lastLoginTime,
    mustChangePassword: row.mustChangePassword === 1,
  };
}

/** The user `id` as the API answers it, or 404. */
export async function getUser(db: Queryable, id: number): Promise<User> {
  return presentUser(await findUser(db, id), await warehouseCodes(db));
}

/** The signed-in user (GET /auth/me): its record and the effective level of every area. */
export async function getMe(db: Queryable, user: AuthUser): Promise<Me> {
  return { ...(await getUser(db, user.id)), permissions: user.permissions };
}

export async function findUser(db: Queryable, id: number): Promise<UserRow> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('user', '用户'), id);
  return row;
}

export function findUserByName(db: Queryable, username: string) {
  return db.selectFrom('users').selectAll().where('usernameKey', '=', username.toLowerCase()).executeTakeFirst();
}

const usernameTaken = (username: string) =>
  refusedField('username', said(`username "${username}" is already taken; choose another`, `username “${username}” 已被占用；请换一个用户名`));

type NewAccount = { roles: Role[]; warehouseIds: number[] | null; status: 'pending' | 'active'; mustChangePassword: 0 | 1 };

/**
 * Creates an account: a taken username is refused before the password is hashed (the unique index
 * still decides a race); `account` decides, inside the transaction, its roles, warehouses and status.
 * Audited by `actor`, or by the new user itself when it registered.
 */
async function insertUser(db: Db, input: z.output<typeof registerBody>, account: (trx: Queryable) => Promise<NewAccount>, actor: AuthUser | null): Promise<User> {
  if (await findUserByName(db, input.username)) throw usernameTaken(input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const { roles, warehouseIds, status, mustChangePassword } = await account(trx);
      const time = now();
      const row = await trx
        .insertInto('users')
        .values({
          username: input.username,
          usernameKey: input.username.toLowerCase(),
          displayName: input.displayName ?? null,
          email: input.email ?? null,
          role: legacyRole(roles),
          roles: rolesToColumn(roles),
          warehouseIds: warehouseIdsToColumn(warehouseIds),
          status,
          mustChangePassword,
          passwordHash,
          createTime: time,
          updateTime: time,
          lastLoginTime: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const user = presentUser(row, await warehouseCodes(trx));
      await recordAudit(trx, { actor: actor ?? { id: row.id, username: row.username }, action: 'create', entity: 'user', entityId: row.id, after: user });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken(input.username);
    throw err;
  }
}

/**
 * The first user ever becomes an active admin; everyone after is a pending viewer until an admin
 * activates it and gives it its roles. With `selfRegistration: closed` only that first account may register.
 */
export async function registerUser(db: Db, input: z.output<typeof registerBody>): Promise<User> {
  if ((await getSettings(db)).selfRegistration === 'closed' && (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()))
    throw forbidden(said('registration is closed: ask an admin to create your account', '注册已关闭：请联系管理员为您创建账号'), { rule: 'selfRegistration' });
  return insertUser(
    db,
    input,
    async (trx) => {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const first = Number(count) === 0;
      return { roles: [first ? 'admin' : 'viewer'], warehouseIds: null, status: first ? 'active' : 'pending', mustChangePassword: 0 };
    },
    null,
  );
}

/**
 * An admin creates an account (POST /users): active at once, with its roles and warehouses and a
 * temporary password the user must replace at its first sign-in. The registration limits do not
 * apply: they guard the open registration form, not the admin.
 */
export function createUser(db: Db, actor: AuthUser, input: z.output<typeof createUserBody>): Promise<User> {
  return insertUser(
    db,
    input,
    async (trx) => ({ roles: input.roles, warehouseIds: await warehouseScopeOf(trx, input.warehouses ?? []), status: 'active', mustChangePassword: 1 }),
    actor,
  );
}

/**
 * Removes an account that is pending or has never signed in (a mistaken or unwanted one). Any
 * other account has a history (sign-ins, the audit trail): it is disabled instead, so this is 400.
 */
export async function deleteUser(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findUser(trx, id);
    if (before.status !== 'pending' && before.lastLoginTime !== null)
      throw invalid(
        said(
          `${before.username} has signed in before, so the account stays for its history: disable it instead (status disabled)`,
          `${before.username} 已登录过，账号需保留以备查：请改为停用（status 设为 disabled）`,
        ),
      );
    await trx.deleteFrom('users').where('id', '=', id).execute(); // its refresh tokens go with it (cascade)
    await recordAudit(trx, { actor, action: 'delete', entity: 'user', entityId: id, before: presentUser(before, await warehouseCodes(trx)) });
  });
}

const userList = describeList({
  query: listUsersQuery,
  from: (db: Queryable) => db.selectFrom('users').selectAll(),
  filters: [
    { exact: 'status', column: 'status' },
    { exact: 'role', column: 'role' },
    { contains: 'keyword', columns: ['username', 'displayName', 'email'] },
  ],
  key: 'id',
  order: 'desc',
  attach: (db) => warehouseCodes(db),
  present: presentUser,
});
export const listUsers = userList.list;
/** Every user the list's filters match, newest first, read in batches (the export). */
export const allUsers = userList.all;

/**
 * The ids of the warehouses `codes` name, for a user's scope ([]: every warehouse, null). An unknown
 * code is 400 naming it.
 */
export async function warehouseScopeOf(db: Queryable, codes: readonly string[]): Promise<number[] | null> {
  if (codes.length === 0) return null;
  const rows = await db
    .selectFrom('warehouses')
    .select(['id', 'code'])
    .where('code', 'in', [...codes])
    .execute();
  const unknown = codes.filter((code) => !rows.some((r) => r.code === code));
  if (unknown.length)
    throw refusedField(
      'warehouses',
      said(
        `warehouses: ${unknown.map((c) => `"${c}"`).join(', ')} ${unknown.length === 1 ? 'is not the code of a warehouse' : 'are not codes of warehouses'}; give the codes of existing warehouses, or [] for every warehouse`,
        `warehouses：${unknown.map((c) => `“${c}”`).join('、')}不是仓库编码；请填写现有仓库的编码，或用 [] 表示全部仓库`,
      ),
    );
  return codes.map((code) => rows.find((r) => r.code === code)!.id);
}

/** What an older client's `role` means today: "admin" adds the admin role, "staff" takes it away (an account left with none becomes a manager). */
function rolesOfLegacy(current: readonly Role[], role: 'admin' | 'staff'): Role[] {
  if (role === 'admin') return current.includes('admin') ? [...current] : ['admin', ...current];
  const rest = current.filter((r) => r !== 'admin');
  return rest.length ? rest : ['manager'];
}

/**
 * Refuses (400) a change that would leave no active admin. The active admins' rows are locked
 * first, so two admins taking the role from each other at once cannot both succeed: the second
 * waits, then counts without the first.
 */
async function keepAnAdmin(trx: Queryable, id: number): Promise<void> {
  const admins = await forUpdate(trx, trx.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 'active').orderBy('id')).execute();
  if (!admins.some((a) => a.id !== id))
    throw invalid(said('at least one active admin must remain; make another user admin first', '必须至少保留一名已启用的管理员；请先将另一位用户设为管理员'));
}

/**
 * Admins may change displayName, email, roles (or an older client's role), warehouses and status of
 * anyone; every user may change its own displayName, email and password (with currentPassword). At
 * least one active admin always remains.
 */
export async function updateUser(db: Db, actor: AuthUser, id: number, input: z.output<typeof updateUserBody>): Promise<User> {
  const self = actor.id === id;
  const admin = actor.role === 'admin';
  if (!self && !admin) throw forbidden(said('you may only change your own account', '您只能修改自己的账号'));
  if (!admin && (input.role !== undefined || input.roles !== undefined || input.warehouses !== undefined || input.status !== undefined))
    throw forbidden(said('only an admin may change role, roles, warehouses or status', '只有管理员可以修改 role、roles、warehouses 或 status（角色、仓库或状态）'));
  if (input.password !== undefined && !self) throw forbidden(said('only the user may change its own password', '密码只能由用户本人修改'));

  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, id);
    if (input.password !== undefined) {
      if (!input.currentPassword) throw invalid(said('currentPassword is required to set a new password', '设置新密码时必须填写 currentPassword（当前密码）'));
      if (!(await verifyPassword(input.currentPassword, before.passwordHash))) throw invalid(said('currentPassword is not correct', 'currentPassword（当前密码）不正确'));
    }
    const changes: Updateable<UsersTable> = { updateTime: now() };
    if (input.displayName !== undefined) changes.displayName = input.displayName;
    if (input.email !== undefined) changes.email = input.email;
    const roles = input.roles ?? (input.role === undefined ? undefined : rolesOfLegacy(rolesFromColumn(before.roles), input.role));
    if (roles !== undefined) {
      changes.roles = rolesToColumn(roles);
      changes.role = legacyRole(roles);
    }
    if (input.warehouses !== undefined) changes.warehouseIds = warehouseIdsToColumn(await warehouseScopeOf(trx, input.warehouses));
    if (input.status !== undefined) changes.status = input.status;
    if (passwordHash) {
      changes.passwordHash = passwordHash;
      changes.mustChangePassword = 0;
    }
    // a new password or another status ends every session: access tokens of the old version are refused
    const endsSessions = Boolean(passwordHash) || (changes.status !== undefined && changes.status !== before.status);
    if (endsSessions) changes.tokenVersion = before.tokenVersion + 1;

    const losesAdmin = before.role === 'admin' && before.status === 'active' && ((changes.role ?? 'admin') !== 'admin' || (changes.status ?? 'active') !== 'active');
    if (losesAdmin) await keepAnAdmin(trx, id);

    const row = await trx.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    if (endsSessions) await revokeAllRefreshTokens(trx, id);
    const codes = await warehouseCodes(trx);
    const after = presentUser(row, codes);
    const action = changes.status && changes.status !== before.status ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'user', entityId: id, before: presentUser(before, codes), after });
    return after;
  });
}

/**
 * An admin sets a temporary password for another user: every session of that user ends, and the
 * user must choose a new password (with the temporary one as currentPassword) before going on.
 */
export async function resetPassword(db: Db, actor: AuthUser, id: number, input: z.output<typeof resetPasswordBody>): Promise<User> {
  if (actor.id === id) throw invalid(said('change your own password with your current one, on your account page', '请在“我的账户”页用当前密码修改自己的密码'));
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const before = await findUser(trx, id);
    const row = await trx
      .updateTable('users')
      .set({ passwordHash, mustChangePassword: 1, tokenVersion: before.tokenVersion + 1, updateTime: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await revokeAllRefreshTokens(trx, id);
    const codes = await warehouseCodes(trx);
    const after = presentUser(row, codes);
    await recordAudit(trx, { actor, action: 'update', entity: 'user', entityId: id, before: presentUser(before, codes), after });
    return after;
  });
}

/**
 * Removes pending accounts an admin never approved within `days` (PENDING_ACCOUNT_DAYS), each with
 * an audit entry by the system, and refresh tokens past their expiry. Runs at start and every hour.
 */
export async function pruneAccounts(db: Db, days: number, logger: Logger): Promise<string[]> {
  const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
  const removed = await db.transaction().execute(async (trx) => {
    const stale = await trx.selectFrom('users').selectAll().where('status', '=', 'pending').where('createTime', '<', cutoff).execute();
    const codes = await warehouseCodes(trx);
    for (const row of stale) {
      await trx.deleteFrom('users').where('id', '=', row.id).execute();
      await recordAudit(trx, { actor: null, action: 'delete', entity: 'user', entityId: row.id, before: presentUser(row, codes) });
    }
    await trx.deleteFrom('refreshTokens').where('expiresAt', '<', now()).execute();
    return stale.map((row) => row.username);
  });
  if (removed.length) logger.info({ usernames: removed, days }, `pending accounts never approved within ${days} days were removed`);
  return removed;
}

/** Prunes now, then every hour; returns the stop. */
export async function startAccountUpkeep(db: Db, days: number, logger: Logger): Promise<() => void> {
  await pruneAccounts(db, days, logger);
  const hourly = setInterval(
    () => {
      pruneAccounts(db, days, logger).catch((err: unknown) => logger.error({ err }, 'pruning pending accounts failed'));
    },
    60 * 60 * 1000,
  );
  hourly.unref();
  return () => clearInterval(hourly);
}
