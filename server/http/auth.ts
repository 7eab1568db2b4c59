// Checking the bearer token (koa-jwt, HS256 pinned, issuer checked, exp required, token version
// matching the user's) and the caller's role.
// Routes are protected one by one: every route is authenticated unless its definition says
// `access: 'public'` (see route.ts), so the public list is explicit and cannot drift.
import { createSecretKey } from 'node:crypto';
import type { Middleware } from 'koa';
import koaJwt from 'koa-jwt';
import type { Db } from '../db/tables.js';
import { TOKEN_ISSUER } from '../routes/auth/auth.service.js';
import { forbidden, unauthorized } from './errors.js';
import { said } from '../../shared/messages.js';

export interface AuthUser {
  id: number;
  username: string;
  role: 'admin' | 'staff';
}

interface TokenClaims {
  sub?: string;
  exp?: number;
  /** the user's tokenVersion when the token was issued */
  ver?: number;
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
    // Looked up on every request so that a disabled user or a changed role takes effect at once.
    const user = await db.selectFrom('users').select(['id', 'username', 'role', 'status', 'tokenVersion', 'mustChangePassword']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.status !== 'active') throw unauthorized(said('this account is disabled or no longer exists', '此账号已停用或已不存在'));
    if (claims.ver !== user.tokenVersion)
      throw unauthorized(
        said('this session ended because the password was changed or the account was re-enabled: sign in again', '由于密码已修改或账号已重新启用，此次登录已失效：请重新登录'),
      );
    if (user.mustChangePassword === 1 && !allowedBeforeNewPassword(ctx.method, ctx.path, user.id))
      throw forbidden(said('an admin reset your password: choose a new one first', '管理员已重置您的密码：请先设置新密码'));
    ctx.state.user = { id: user.id, username: user.username, role: user.role } satisfies AuthUser;
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
