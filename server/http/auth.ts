// Checking the bearer token (koa-jwt, HS256 pinned, issuer checked, exp required, token version
// matching the user's), reading who the caller is and what its roles allow, and the access checks.
// Routes are protected one by one: every route declares its `access` (see route.ts), so the public
// list is explicit and cannot drift.
import { createHmac, createSecretKey } from 'node:crypto';
import type { InferResult } from 'kysely';
import type { Middleware } from 'koa';
import jwt from 'jsonwebtoken';
import koaJwt from 'koa-jwt';
import type { Db } from '../db/tables.js';
import { TOKEN_ISSUER } from '../routes/auth/auth.service.js';
import { rolesFromColumn, warehouseIdsFromColumn } from '../routes/users/user-columns.js';
import { forbidden, unauthorized } from './errors.js';
import { said } from '../../shared/messages.js';
import { accessNeeded, effectiveLevels, reaches, type Area, type Level, type Permissions, type PresetRole, type Role } from '../../shared/permissions.js';

export interface AuthUser {
  id: number;
  username: string;
  /** "admin" or "staff", as older clients know it */
  role: 'admin' | 'staff';
  roles: Role[];
  /** the effective level of every area after all the roles (shared/permissions.ts effectiveLevels); shared, not to be changed */
  permissions: Readonly<Permissions>;
  /** the warehouses the user is limited to in the pickup, warehouse and stock areas; null: every warehouse */
  warehouseIds: readonly number[] | null;
}

export interface TokenClaims {
  sub?: string;
  exp?: number;
  /** the user's tokenVersion when the token was issued */
  ver?: number;
}

/** The settings key whose value changes with every change of the grants (settings.service.ts updateGrants). */
export const GRANTS_VERSION = 'grantsVersion';

const userQuery = (db: Db, userId: number) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.role', 'u.roles', 'u.warehouseIds', 'u.status', 'u.tokenVersion', 'u.mustChangePassword'])
    .select((eb) => eb.selectFrom('settings as s').select('s.value').where('s.key', '=', GRANTS_VERSION).as('grantsVersion'))
    .where('u.id', '=', userId);
type UserRow = InferResult<ReturnType<typeof userQuery>>[number];

/** Where the compiled user query takes the user's id. */
const ANY_USER = -1;

/**
 * The user, and the version of the grants, in one query: the primary-key read of the user the
 * service always made, with the version read beside it from the settings' primary key. Compiled
 * once: building and compiling it with Kysely took several times longer than running it (bench
 * roles: 50–170 µs against 20 on SQLite), on every request.
 */
function userReader(db: Db): (userId: number) => Promise<UserRow | undefined> {
  const compiled = userQuery(db, ANY_USER).compile();
  return async (userId) => (await db.executeQuery<UserRow>({ ...compiled, parameters: compiled.parameters.map((p) => (p === ANY_USER ? userId : p)) })).rows[0];
}

/**
 * The effective levels of each set of roles, computed from the grants as the database holds them and
 * kept until their version changes: a request whose user row comes with another version re-reads the
 * grants first. Every instance sharing a database sees a change at its next request.
 */
class GrantsCache {
  private version: string | null | undefined;
  private grants: Partial<Record<PresetRole, Partial<Permissions>>> = {};
  private readonly byRoles = new Map<string, Permissions>();

  async levels(db: Db, roles: string, version: string | null): Promise<Permissions> {
    if (version !== this.version) {
      const rows = await db.selectFrom('roleGrants').select(['role', 'area', 'level']).execute();
      const grants: Partial<Record<PresetRole, Partial<Permissions>>> = {};
      for (const r of rows) (grants[r.role] ??= {})[r.area] = r.level;
      [this.grants, this.version] = [grants, version];
      this.byRoles.clear();
    }
    let levels = this.byRoles.get(roles);
    if (!levels) {
      levels = Object.freeze(effectiveLevels(rolesFromColumn(roles), this.grants));
      this.byRoles.set(roles, levels);
    }
    return levels;
  }
}

/**
 * Who a token's claims name, checked as every request checks it: the user re-read (a disabled
 * account, a changed password or changed roles take effect at once) with its effective levels.
 * Throws 401 (or 403 before a new password) as the request would be answered.
 */
export type UserCheck = (claims: TokenClaims, request: { method: string; path: string }) => Promise<AuthUser>;

export function userCheck(db: Db): UserCheck {
  const readUser = userReader(db);
  const grants = new GrantsCache();
  return async (claims, { method, path }) => {
    const userId = Number(claims.sub);
    // jsonwebtoken accepts a token without `exp` as never expiring: ours always carry one
    if (!Number.isSafeInteger(userId) || typeof claims.exp !== 'number') throw unauthorized(said('the token is not valid: sign in again', '令牌无效：请重新登录'));
    // Looked up on every request so that a disabled user, changed roles or changed grants take effect at once.
    const user = await readUser(userId);
    if (!user || user.status !== 'active') throw unauthorized(said('this account is disabled or no longer exists', '此账号已停用或已不存在'));
    if (claims.ver !== user.tokenVersion)
      throw unauthorized(
        said('this session ended because the password was changed or the account was re-enabled: sign in again', '由于密码已修改或账号已重新启用，此次登录已失效：请重新登录'),
      );
    if (user.mustChangePassword === 1 && !allowedBeforeNewPassword(method, path, user.id))
      throw forbidden(said('an admin reset your password: choose a new one first', '管理员已重置您的密码：请先设置新密码'));
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      roles: rolesFromColumn(user.roles),
      permissions: await grants.levels(db, user.roles, user.grantsVersion),
      warehouseIds: warehouseIdsFromColumn(user.warehouseIds),
    } satisfies AuthUser;
  };
}

export function authenticate(db: Db, secret: string): Middleware {
  // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to read it as
  // a public key on every request, which cost a fifth of a list request's CPU time.
  const key = createSecretKey(Buffer.from(secret));
  const checkToken = koaJwt({ secret: key as unknown as string, algorithms: ['HS256'], issuer: TOKEN_ISSUER, key: 'token' });
  const check = userCheck(db);
  return async (ctx, next) => {
    await checkToken(ctx, async () => undefined);
    ctx.state.user = await check(ctx.state.token as TokenClaims, ctx);
    await next();
  };
}

/**
 * Signing in by an events ticket (`?ticket=`, `POST /events/ticket`) instead of the Authorization
 * header, which a browser's EventSource cannot send. A ticket is a JWT signed with a key derived
 * from the token secret for this one purpose (so it is never an access token, nor an access token
 * a ticket), lasting TICKET_LIFETIME_SECONDS; then the same user check as every request.
 */
export function authenticateTicket(db: Db, secret: string): Middleware {
  const key = ticketKey(secret);
  const check = userCheck(db);
  return async (ctx, next) => {
    const ticket = ctx.query.ticket;
    if (typeof ticket !== 'string' || ticket === '')
      throw unauthorized(said('sign in first: this stream needs a ticket from POST /api/events/ticket', '请先登录：此事件流需要 POST /api/events/ticket 发放的凭证'));
    let claims: TokenClaims;
    try {
      claims = jwt.verify(ticket, key, { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TICKET_AUDIENCE }) as TokenClaims;
    } catch {
      throw unauthorized(said('the events ticket is not valid or has expired: ask for a new one', '事件流凭证无效或已过期：请重新获取'));
    }
    ctx.state.token = claims;
    const request = { method: ctx.method, path: ctx.path };
    ctx.state.user = await check(claims, request);
    // a stream lasts hours: it asks again now and then whether its user may still listen (server/live/changes.ts)
    ctx.state.recheck = () => check(claims, request);
    await next();
  };
}

/** How long an events ticket may be used to open a stream (an open stream lasts beyond it). */
export const TICKET_LIFETIME_SECONDS = 60;
const TICKET_AUDIENCE = 'cargodesk-events';
const ticketKey = (secret: string) => createSecretKey(createHmac('sha256', secret).update('cargodesk events ticket').digest());

/** A ticket for `GET /events` of the signed-in user (its token version inside, so a password change ends it too). */
export function signTicket(secret: string, user: AuthUser, tokenVersion: number | undefined): string {
  return jwt.sign({ ver: tokenVersion }, ticketKey(secret), {
    algorithm: 'HS256',
    subject: String(user.id),
    expiresIn: TICKET_LIFETIME_SECONDS,
    issuer: TOKEN_ISSUER,
    audience: TICKET_AUDIENCE,
  });
}

/** After an admin's reset: reading oneself, signing out and changing one's own password only. */
function allowedBeforeNewPassword(method: string, path: string, userId: number): boolean {
  if (/\/auth\/(me|logout)$/.test(path)) return true;
  return method === 'PUT' && path.endsWith(`/users/${userId}`);
}

export const requireAdmin: Middleware = async (ctx, next) => {
  if ((ctx.state.user as AuthUser | undefined)?.role !== 'admin') throw forbidden(said('only an admin may do this', '只有管理员可以执行此操作'));
  await next();
};

/**
 * Refuses (403, nothing read or written yet) a caller whose roles do not reach `level` in `area`;
 * `approve(body)` raises the level to approve for the calls it picks (approving a pickup request).
 */
export function requireLevel(area: Area, level: Level, approve?: (body: unknown) => boolean): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as AuthUser;
    const needs: Level = approve?.((ctx.request as { body?: unknown }).body) ? 'approve' : level;
    if (!reaches(user.permissions[area], needs)) throw forbidden(accessNeeded(area, needs), { area, level: needs });
    await next();
  };
}
