// Passwords (scrypt), access tokens (HS256 JWT) and rotating refresh tokens, and login throttling.
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type { Selectable } from 'kysely';
import { now } from '../../db/database.js';
import type { Logger } from 'pino';
import type { Db, Queryable, UsersTable } from '../../db/tables.js';
import { said, type Said } from '../../../shared/messages.js';
import { tooManyRequests, unauthorized } from '../../http/errors.js';

export const TOKEN_ISSUER = 'cargodesk';
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

// ---- passwords -------------------------------------------------------------------------------

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 };

/**
 * scrypt runs on libuv's thread pool, which file reads share: at most half of its threads hash at
 * once, so a flood of sign-ins or registrations never leaves a file read waiting for a thread. The
 * rest wait in a bounded queue; beyond it the request is refused at once (429).
 */
export class HashLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else {
      if (this.waiting.length >= this.maxQueued)
        throw tooManyRequests(said('too many sign-ins and registrations at once; try again in a moment', '同时登录和注册的请求过多；请稍后再试'));
      await new Promise<void>((resolve) => this.waiting.push(resolve)); // the finishing task hands its slot over
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const hashLimiter = new HashLimiter(Math.max(1, Math.floor(POOL_SIZE / 2)), 100);

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return hashLimiter.run(() => new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))));
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** A hash to compare against when the username does not exist, so both cases take the same time. */
export const dummyPasswordHash = hashPassword(randomBytes(16).toString('hex'));

// ---- signing secret --------------------------------------------------------------------------

/** JWT_SECRET when set; else a secret generated once into the data folder, readable by the owner only. */
export async function loadJwtSecret(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  } catch {
    return (await readFile(file, 'utf8')).trim(); // another process wrote it first
  }
  await chmod(file, 0o600);
  return secret;
}

// ---- tokens ----------------------------------------------------------------------------------

export interface TokenPair {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new access token and a refresh token of `familyId` (a new family: a sign-in). */
export async function issueTokens(
  db: Queryable,
  secret: string,
  user: Pick<Selectable<UsersTable>, 'id' | 'username' | 'role' | 'tokenVersion'>,
  familyId = randomBytes(12).toString('base64url'),
): Promise<TokenPair> {
  const token = jwt.sign({ username: user.username, role: user.role, ver: user.tokenVersion }, secret, {
    algorithm: 'HS256',
    expiresIn: TOKEN_LIFETIME_SECONDS,
    subject: String(user.id),
    issuer: TOKEN_ISSUER,
  });
  const refreshToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('refreshTokens')
    .values({
      userId: user.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(Date.now() + REFRESH_LIFETIME_MS).toISOString(),
      createTime: now(),
    })
    .execute();
  return { token, refreshToken, expiresIn: TOKEN_LIFETIME_SECONDS };
}

const refreshRefused = () => unauthorized(said('the refresh token is not valid any more: sign in again', '刷新令牌已失效：请重新登录'));

/**
 * Exchanges a refresh token for a new pair of the same family; 401 when it is unknown, expired or
 * its user is not active. A token already exchanged once means two parties hold the family (one of
 * them stole it): the whole family is revoked, so the token issued at that exchange stops working too.
 */
export async function rotateRefreshToken(db: Db, secret: string, refreshToken: string, logger: Logger, address: string): Promise<TokenPair> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', sha256(refreshToken)).executeTakeFirst();
    if (!row || row.expiresAt < now()) return null;
    if (row.usedAt) {
      await trx.deleteFrom('refreshTokens').where('familyId', '=', row.familyId).execute();
      return { reused: row, tokens: undefined };
    }
    const user = await trx.selectFrom('users').selectAll().where('id', '=', row.userId).executeTakeFirst();
    if (!user || user.status !== 'active') return null;
    // single use even when two requests (two instances) exchange it at once: only one claims it
    const claimed = await trx.updateTable('refreshTokens').set({ usedAt: now() }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await trx.deleteFrom('refreshTokens').where('familyId', '=', row.familyId).execute();
      return { reused: row, tokens: undefined };
    }
    return { reused: undefined, tokens: await issueTokens(trx, secret, user, row.familyId) };
  });
  if (outcome?.tokens) return outcome.tokens;
  if (outcome?.reused) {
    const { userId, familyId, usedAt } = outcome.reused;
    logger.warn({ userId, familyId, usedAt, address }, 'a refresh token was presented again after it had been exchanged: its whole family is revoked (the user signs in again)');
  }
  throw refreshRefused();
}

/** Signing out: the refresh token's whole family stops working. */
export async function revokeRefreshToken(db: Queryable, refreshToken: string): Promise<void> {
  const row = await db.selectFrom('refreshTokens').select('familyId').where('tokenHash', '=', sha256(refreshToken)).executeTakeFirst();
  if (row) await db.deleteFrom('refreshTokens').where('familyId', '=', row.familyId).execute();
}

export async function revokeAllRefreshTokens(db: Queryable, userId: number): Promise<void> {
  await db.deleteFrom('refreshTokens').where('userId', '=', userId).execute();
}

// ---- throttling ------------------------------------------------------------------------------

const WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface ThrottleLimits {
  /** failed sign-ins per username in 15 minutes */
  perUsername: number;
  /** failed sign-ins per address in 15 minutes */
  perAddress: number;
  /** refused token refreshes per address in 15 minutes */
  refreshesPerAddress: number;
  /** new accounts per address in an hour */
  registrationsPerAddress: number;
  /** new accounts in an hour, from anywhere */
  registrations: number;
}

const minutesLeft = (oldest: number, windowMs: number, at: number) => Math.max(1, Math.ceil((oldest + windowMs - at) / 60000));
const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/**
 * Failed sign-ins per username (10 in 15 minutes) and per address (200 in 15 minutes), failed
 * token refreshes per address (50 in 15 minutes), and new accounts per address and overall per hour
 * (REGISTRATIONS_PER_ADDRESS_PER_HOUR, REGISTRATIONS_PER_HOUR).
 * Kept in the database (`throttleEvents`): every instance sharing it counts together, and a restart
 * forgets nothing. Each key's events older than an hour (the longest window) go when it gets a new one.
 */
export class LoginThrottle {
  private readonly limits: ThrottleLimits;

  constructor(
    private readonly db: Db,
    limits: Partial<ThrottleLimits> = {},
  ) {
    this.limits = { perUsername: 10, perAddress: 200, refreshesPerAddress: 50, registrationsPerAddress: 5, registrations: 20, ...limits };
  }

  private async recent(key: string, at: number, windowMs = WINDOW_MS): Promise<number[]> {
    const rows = await this.db
      .selectFrom('throttleEvents')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', at - windowMs)
      .orderBy('at')
      .execute();
    return rows.map((r) => r.at);
  }

  private async add(key: string, at: number): Promise<number> {
    await this.db
      .deleteFrom('throttleEvents')
      .where('key', '=', key)
      .where('at', '<=', at - HOUR_MS)
      .execute();
    const row = await this.db.insertInto('throttleEvents').values({ key, at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Throws 429 when this address has failed to refresh too often. */
  async checkRefresh(address: string, at = Date.now()): Promise<void> {
    const times = await this.recent(`r:${address}`, at);
    if (times.length >= this.limits.refreshesPerAddress) {
      const minutes = minutesLeft(times[0]!, WINDOW_MS, at);
      throw tooManyRequests(
        said(`too many refused token refreshes from this computer; sign in again in ${minutesText(minutes)}`, `此电脑刷新令牌被拒绝的次数过多；请在 ${minutes} 分钟后重新登录`),
      );
    }
  }

  async failRefresh(address: string, at = Date.now()): Promise<void> {
    await this.add(`r:${address}`, at);
  }

  /** Throws 429 when the username or the address is locked. */
  async check(username: string, address: string, at = Date.now()): Promise<void> {
    const checks: [string, number, Said][] = [
      [`u:${username.toLowerCase()}`, this.limits.perUsername, said('for this username', '此用户名')],
      [`a:${address}`, this.limits.perAddress, said('from this computer', '此电脑')],
    ];
    for (const [key, limit, who] of checks) {
      const times = await this.recent(key, at);
      if (times.length >= limit) {
        const minutes = minutesLeft(times[0]!, WINDOW_MS, at);
        throw tooManyRequests(said(`too many failed sign-ins ${who.en}; try again in ${minutesText(minutes)}`, `${who.zh}登录失败次数过多；请在 ${minutes} 分钟后重试`));
      }
    }
  }

  async fail(username: string, address: string, at = Date.now()): Promise<void> {
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) await this.add(key, at);
  }

  async succeed(username: string): Promise<void> {
    await this.db.deleteFrom('throttleEvents').where('key', '=', `u:${username.toLowerCase()}`).execute();
  }

  /**
   * Takes one of the hour's registrations of this address and of the service, or throws 429.
   * Returns the release for a registration that created no account (a taken username).
   */
  async admitRegistration(address: string, at = Date.now()): Promise<() => Promise<void>> {
    const checks: [string, number, Said][] = [
      [`n:${address}`, this.limits.registrationsPerAddress, said('from this computer', '此电脑')],
      ['n:*', this.limits.registrations, said('on this service', '本系统')],
    ];
    for (const [key, limit, where] of checks) {
      const times = await this.recent(key, at, HOUR_MS);
      if (times.length >= limit) {
        const minutes = minutesLeft(times[0]!, HOUR_MS, at);
        throw tooManyRequests(
          said(
            `too many new accounts were registered ${where.en} in the last hour; try again in ${minutesText(minutes)}, or ask an admin if you are waiting for an account`,
            `过去一小时内${where.zh}注册的新账号过多；请在 ${minutes} 分钟后重试，如在等待账号请联系管理员`,
          ),
        );
      }
    }
    const ids: number[] = [];
    for (const [key] of checks) ids.push(await this.add(key, at));
    return async () => {
      await this.db.deleteFrom('throttleEvents').where('id', 'in', ids).execute();
    };
  }
}
