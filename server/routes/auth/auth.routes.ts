import { loginBody, loginResult, meRecord, refreshBody, registerBody, tokenPair, userRecord } from '../../../shared/users.js';
import { now } from '../../db/database.js';
import { said } from '../../../shared/messages.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { reply, route } from '../../http/route.js';
import { findUserByName, getMe, getUser, registerUser } from '../users/users.service.js';
import { dummyPasswordHash, issueTokens, revokeRefreshToken, rotateRefreshToken, verifyPassword } from './auth.service.js';

export const authRoutes = [
  route({
    method: 'post',
    path: '/auth/register',
    tag: 'Authentication',
    summary: 'Register an account',
    description:
      'The first account becomes an active admin. Later accounts are pending, with the role viewer, and cannot sign in until an admin activates them and gives them their roles; pending accounts never activated are removed after PENDING_ACCOUNT_DAYS (30). At most REGISTRATIONS_PER_ADDRESS_PER_HOUR (5) new accounts from one address and REGISTRATIONS_PER_HOUR (20) overall in an hour: beyond, 429.',
    access: 'public',
    statuses: [403, 429], // 403: registration is closed (the settings)
    body: registerBody,
    response: userRecord,
    example: { request: { username: 'li.wei', password: 'a long passphrase', displayName: '李伟' } },
    handler: async (ctx, { body, db }) => {
      const release = await ctx.deps.throttle.admitRegistration(ctx.ip);
      const user = await registerUser(db, body).catch(async (err: unknown) => {
        await release();
        throw err;
      });
      return reply(user, user.status === 'active' ? 'account created' : 'account created; it awaits approval by an admin');
    },
  }),
  route({
    method: 'post',
    path: '/auth/login',
    tag: 'Authentication',
    summary: 'Sign in',
    description:
      'Wrong username or password: 401. A pending or disabled account: 403 saying so, whatever the password (the answer never confirms a password). After 10 failed attempts for a username within 15 minutes: 429 until the window passes.',
    access: 'public',
    statuses: [401, 403, 429],
    body: loginBody,
    response: loginResult,
    example: { request: { username: 'li.wei', password: 'a long passphrase' } },
    handler: async (ctx, { body }) => {
      const { db, throttle, jwtSecret } = ctx.deps;
      await throttle.check(body.username, ctx.ip);
      const user = await findUserByName(db, body.username);
      // A pending or disabled account gets the same answer whatever the password: it tells its owner
      // what to do without confirming a guessed (or a former employee's) password. No hash is run.
      if (user?.status === 'pending') throw forbidden(said('account is awaiting approval by an admin', '账号正在等待管理员审批'));
      if (user?.status === 'disabled') throw forbidden(said('this account is disabled; ask an admin', '此账号已停用；请联系管理员'));
      const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash));
      if (!user || !passwordOk) {
        await throttle.fail(body.username, ctx.ip);
        throw unauthorized(said('wrong username or password', '用户名或密码错误'));
      }
      await throttle.succeed(body.username);
      const time = now();
      await db.updateTable('users').set({ lastLoginTime: time }).where('id', '=', user.id).execute();
      const tokens = await issueTokens(db, jwtSecret, user);
      return { ...tokens, user: await getUser(db, user.id) };
    },
  }),
  route({
    method: 'post',
    path: ['/refresh-token', '/auth/refresh'],
    tag: 'Authentication',
    summary: 'Exchange a refresh token for a new token pair',
    description:
      'Refresh tokens last 30 days and work once: the answer carries the next one, of the same family (one sign-in). Presenting a token that was already exchanged revokes its whole family, so the token issued at that exchange stops working too (one of the two holders stole it). After 50 refused refreshes from one address within 15 minutes: 429 until the window passes.',
    access: 'public',
    statuses: [401, 429],
    body: refreshBody,
    response: tokenPair,
    handler: async (ctx, { body }) => {
      const { db, jwtSecret, throttle, logger } = ctx.deps;
      await throttle.checkRefresh(ctx.ip);
      try {
        return await rotateRefreshToken(db, jwtSecret, body.refreshToken, logger, ctx.ip);
      } catch (err) {
        if ((err as { status?: number }).status === 401) await throttle.failRefresh(ctx.ip);
        throw err;
      }
    },
  }),
  route({
    method: 'post',
    path: '/auth/logout',
    tag: 'Authentication',
    summary: 'Sign out: the refresh token (and every token of its family) stops working',
    access: 'user',
    body: refreshBody,
    handler: async (ctx, { body, db }) => {
      await revokeRefreshToken(db, body.refreshToken);
      return reply(undefined, 'signed out');
    },
  }),
  route({
    method: 'get',
    path: '/auth/me',
    tag: 'Authentication',
    summary: 'The signed-in user, with the level of every area its roles give it',
    access: 'user',
    description: '`permissions` holds every area with the effective level after all the roles: the highest any of them has there (admin: approve everywhere).',
    response: meRecord,
    handler: (ctx, { user, db }) => getMe(db, user),
  }),
];
