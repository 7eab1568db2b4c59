// Passwords (scrypt), access tokens (HS256 JWT) and rotating refresh tokens, and login throttling.
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import type { Selectable } from 'kysely';
import { now } from '../../db/database.js';
import type { Queryable, UsersTable } from '../../db/tables.js';
import { said, type Said } from '../../../shared/messages.js';
import { tooManyRequests, unauthorized } from '../../http/errors.js';

export const TOKEN_ISSUER = 'cargodesk';
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

// ---- passwords -------------------------------------------------------------------------------

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 };

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
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

export async function issueTokens(
  db: Queryable,
  secret: string,
  user: Pick<Selectable<UsersTable>, 'id' | 'username' | 'role'>,
): Promise<TokenPair> {
  const token = jwt.sign({ username: user.username, role: user.role }, secret, {
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
      expiresAt: new Date(Date.now() + REFRESH_LIFETIME_MS).toISOString(),
      createTime: now(),
    })
    .execute();
  return { token, refreshToken, expiresIn: TOKEN_LIFETIME_SECONDS };
}

/** Uses up a refresh token and returns its active user; 401 when it is unknown, used, expired or the user is not active. */
export async function consumeRefreshToken(db: Queryable, refreshToken: string) {
  const row = await db
    .deleteFrom('refreshTokens')
    .where('tokenHash', '=', sha256(refreshToken))
    .returning(['userId', 'expiresAt'])
    .executeTakeFirst();
  const refused = unauthorized(said('the refresh token is not valid any more: sign in again', '刷新令牌已失效：请重新登录'));
  if (!row || row.expiresAt < now()) throw refused;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.userId).executeTakeFirst();
  if (!user || user.status !== 'active') throw refused;
  return user;
}

export async function revokeRefreshToken(db: Queryable, refreshToken: string): Promise<void> {
  await db.deleteFrom('refreshTokens').where('tokenHash', '=', sha256(refreshToken)).execute();
}

export async function revokeAllRefreshTokens(db: Queryable, userId: number): Promise<void> {
  await db.deleteFrom('refreshTokens').where('userId', '=', userId).execute();
}

// ---- throttling ------------------------------------------------------------------------------

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins per username (10 in 15 minutes) and per address (200 in 15 minutes), and failed
 * token refreshes per address (50 in 15 minutes).
 * Kept in memory: a restart clears it, which is acceptable for an office LAN service.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perUsername = 10,
    private readonly perAddress = 200,
    private readonly refreshesPerAddress = 50,
  ) {}

  /** Throws 429 when this address has failed to refresh too often. */
  checkRefresh(address: string, at = Date.now()): void {
    const times = this.recent(`r:${address}`, at);
    if (times.length >= this.refreshesPerAddress) {
      const minutes = Math.max(1, Math.ceil((times[0]! + WINDOW_MS - at) / 60000));
      throw tooManyRequests(
        said(
          `too many refused token refreshes from this computer; sign in again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          `此电脑刷新令牌被拒绝的次数过多；请在 ${minutes} 分钟后重新登录`,
        ),
      );
    }
  }

  failRefresh(address: string, at = Date.now()): void {
    this.failures.set(`r:${address}`, [...this.recent(`r:${address}`, at), at]);
  }

  private recent(key: string, at: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((t) => at - t < WINDOW_MS);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Throws 429 when the username or the address is locked. */
  check(username: string, address: string, at = Date.now()): void {
    const checks: [string, number, Said][] = [
      [`u:${username.toLowerCase()}`, this.perUsername, said('for this username', '此用户名')],
      [`a:${address}`, this.perAddress, said('from this computer', '此电脑')],
    ];
    for (const [key, limit, who] of checks) {
      const times = this.recent(key, at);
      if (times.length >= limit) {
        const minutes = Math.max(1, Math.ceil((times[0]! + WINDOW_MS - at) / 60000));
        throw tooManyRequests(
          said(
            `too many failed sign-ins ${who.en}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
            `${who.zh}登录失败次数过多；请在 ${minutes} 分钟后重试`,
          ),
        );
      }
    }
  }

  fail(username: string, address: string, at = Date.now()): void {
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
      this.failures.set(key, [...this.recent(key, at), at]);
    }
  }

  succeed(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }
}
