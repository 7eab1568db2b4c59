// Checking the bearer token (koa-jwt, HS256 pinned, issuer checked, exp required, token version
// matching the user's), reading who the caller is and what its roles allow, and the access checks.
// Routes are protected one by one: every route declares its `access` (see route.ts), so the public
// list is explicit and cannot drift.
import { createSecretKey } from 'node:crypto';
import { sql } from 'kysely';
import type { Middleware } from 'koa';
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
  /** the effective level of every area after all the roles (shared/permissions.ts effectiveLevels) */
  permissions: Permissions;
  /** the warehouses the user is limited to in the pickup, warehouse and stock areas; null: every warehouse */
  warehouseIds: readonly number[] | null;
}

interface TokenClaims {
  sub?: string;
  exp?: number;
  /** the user's tokenVersion when the token was issued */
  ver?: number;
}

/**
 * The user and the grants of its roles, in one query: one row per area its roles are granted
 * (a role appears in `roles` between commas), or one row of nulls when there are none (admin).
 */
function readUser(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('roleGrants as g', (join) => join.on(sql<boolean>`(',' || ${sql.ref('u.roles')} || ',') like ('%,' || ${sql.ref('g.role')} || ',%')`))
    .select(['u.id', 'u.username', 'u.role', 'u.roles', 'u.warehouseIds', 'u.status', 'u.tokenVersion', 'u.mustChangePassword', 'g.role as grantRole', 'g.area', 'g.level'])
    .where('u.id', '=', userId)
    .execute();
}

export function authenticate(db: Db, secret: string): Middleware {
  // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to read it as
  // a public key on every request, which cost a fifth of a list request's CPU time.
  const key = createSecretKey(Buffer.from(secret));
  const checkToken = koaJwt({ secret: key as unknown as string, algorithms: ['HS256'], issuer: TOKEN_ISSUER, key: 'token' });
  return async (ctx, next) => {
    await checkToken(ctx, async () => undefined);
    const claims = ctx.state.token as TokenClaims;
    const userId = Number(claims.sub);
    // jsonwebtoken accepts a token without `exp` as never expiring: ours always carry one
    if (!Number.isSafeInteger(userId) || typeof claims.exp !== 'number') throw unauthorized(said('the token is not valid: sign in again', '令牌无效：请重新登录'));
    // Looked up on every request so that a disabled user, a changed role or changed grants take effect at once.
    const rows = await readUser(db, userId);
    const user = rows[0];
    if (!user || user.status !== 'active') throw unauthorized(said('this account is disabled or no longer exists', '此账号已停用或已不存在'));
    if (claims.ver !== user.tokenVersion)
      throw unauthorized(
        said('this session ended because the password was changed or the account was re-enabled: sign in again', '由于密码已修改或账号已重新启用，此次登录已失效：请重新登录'),
      );
    if (user.mustChangePassword === 1 && !allowedBeforeNewPassword(ctx.method, ctx.path, user.id))
      throw forbidden(said('an admin reset your password: choose a new one first', '管理员已重置您的密码：请先设置新密码'));
    const grants: Partial<Record<PresetRole, Partial<Permissions>>> = {};
    for (const r of rows) if (r.grantRole && r.area && r.level) (grants[r.grantRole] ??= {})[r.area] = r.level;
    const roles = rolesFromColumn(user.roles);
    ctx.state.user = {
      id: user.id,
      username: user.username,
      role: user.role,
      roles,
      permissions: effectiveLevels(roles, grants),
      warehouseIds: warehouseIdsFromColumn(user.warehouseIds),
    } satisfies AuthUser;
    await next();
  };
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
