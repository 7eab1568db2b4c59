import type { z } from 'zod';
import { listUsersQuery, type registerBody, type resetPasswordBody, type updateUserBody, type User } from '../../../shared/users.js';
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

type UserRow = Selectable<UsersTable>;

/** The fields of a user that leave the service: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    role: row.role,
    status: row.status,
    createTime: row.createTime,
    updateTime: row.updateTime,
    lastLoginTime: row.lastLoginTime,
    mustChangePassword: row.mustChangePassword === 1,
  };
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

/** The first user ever becomes an active admin; everyone after is pending staff until an admin approves. */
export async function registerUser(db: Db, input: z.output<typeof registerBody>): Promise<User> {
  // a taken username is refused before the hash (the unique index still decides a race)
  if (await findUserByName(db, input.username)) throw usernameTaken(input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const first = Number(count) === 0;
      const time = now();
      const row = await trx
        .insertInto('users')
        .values({
          username: input.username,
          usernameKey: input.username.toLowerCase(),
          displayName: input.displayName ?? null,
          email: input.email ?? null,
          role: first ? 'admin' : 'staff',
          status: first ? 'active' : 'pending',
          passwordHash,
          createTime: time,
          updateTime: time,
          lastLoginTime: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const user = presentUser(row);
      await recordAudit(trx, { actor: { id: row.id, username: row.username }, action: 'create', entity: 'user', entityId: row.id, after: user });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken(input.username);
    throw err;
  }
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
  present: presentUser,
});
export const listUsers = userList.list;
/** Every user the list's filters match, newest first, read in batches (the export). */
export const allUsers = userList.all;

/**
 * Admins may change displayName, email, role and status of anyone; every user may change its own
 * displayName, email and password (with currentPassword). At least one active admin always remains.
 */
export async function updateUser(db: Db, actor: AuthUser, id: number, input: z.output<typeof updateUserBody>): Promise<User> {
  const self = actor.id === id;
  const admin = actor.role === 'admin';
  if (!self && !admin) throw forbidden(said('you may only change your own account', '您只能修改自己的账号'));
  if (!admin && (input.role !== undefined || input.status !== undefined))
    throw forbidden(said('only an admin may change role or status', '只有管理员可以修改 role 或 status（角色或状态）'));
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
    if (input.role !== undefined) changes.role = input.role;
    if (input.status !== undefined) changes.status = input.status;
    if (passwordHash) {
      changes.passwordHash = passwordHash;
      changes.mustChangePassword = 0;
    }
    // a new password or another status ends every session: access tokens of the old version are refused
    const endsSessions = Boolean(passwordHash) || (changes.status !== undefined && changes.status !== before.status);
    if (endsSessions) changes.tokenVersion = before.tokenVersion + 1;

    const losesAdmin = before.role === 'admin' && before.status === 'active' && (changes.role === 'staff' || (changes.status ?? 'active') !== 'active');
    if (losesAdmin) {
      const { count } = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      if (Number(count) <= 1)
        throw invalid(said('at least one active admin must remain; make another user admin first', '必须至少保留一名已启用的管理员；请先将另一位用户设为管理员'));
    }

    const row = await trx.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    if (endsSessions) await revokeAllRefreshTokens(trx, id);
    const after = presentUser(row);
    const action = changes.status && changes.status !== before.status ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'user', entityId: id, before: presentUser(before), after });
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
    const after = presentUser(row);
    await recordAudit(trx, { actor, action: 'update', entity: 'user', entityId: id, before: presentUser(before), after });
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
    for (const row of stale) {
      await trx.deleteFrom('users').where('id', '=', row.id).execute();
      await recordAudit(trx, { actor: null, action: 'delete', entity: 'user', entityId: row.id, before: presentUser(row) });
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
