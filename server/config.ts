import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** FILES_DIR: the uploaded files (and their temp folder); absent: <data folder>/files. Several instances on one PostgreSQL database share one */
  filesDir?: string;
  /** DATABASE_URL=postgres://…: the database is this PostgreSQL one instead of SQLite in the data folder */
  databaseUrl?: string;
  /** from JWT_SECRET; when absent a secret is generated into the data folder */
  jwtSecret?: string;
  logLevel: string;
  /** also write logs to stdout (the log file in <data>/logs is always written) */
  logToStdout: boolean;
  version: string;
  /** the built browser client served at `/` (`npm run build:client` writes it) */
  clientDir: string;
  /** other origins (pages elsewhere on the LAN) allowed to call the API from a browser; none by default */
  corsOrigins: string[];
  /** BACKUP_DAILY=on|off: a backup a day into <data>/backups (default on) */
  dailyBackup: boolean;
  /** LEADER_RETRY_SECONDS: on PostgreSQL, how often an instance that does not run the daily backup timer asks whether it may (default 60) */
  leaderRetrySeconds: number;
  /** BACKUP_KEEP_DAYS: daily backups older than this are deleted (default 14) */
  backupKeepDays: number;
  /** REGISTRATIONS_PER_ADDRESS_PER_HOUR: new accounts one address may register in an hour (default 5) */
  registrationsPerAddressPerHour: number;
  /** REGISTRATIONS_PER_HOUR: new accounts registered in an hour from anywhere (default 20) */
  registrationsPerHour: number;
  /** PENDING_ACCOUNT_DAYS: pending accounts an admin never activated are removed after this (default 30) */
  pendingAccountDays: number;
  /** EVENT_STREAMS_PER_USER: live-refresh streams (GET /api/events, one per open tab) a user may hold open at once (default 10) */
  eventStreamsPerUser: number;
  /** EVENT_STREAMS_TOTAL: live-refresh streams this instance holds open at once, all users together (default 500) */
  eventStreamsTotal: number;
  /** EVENT_HEARTBEAT_SECONDS: seconds between the keep-alive comments of a live-refresh stream, when its user is also checked again (default 25; below the proxy's read timeout) */
  eventHeartbeatSeconds: number;
}

export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export class ConfigError extends Error {}

/** Flags win over the environment, which wins over the defaults. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, 'files-dir': { type: 'string' } },
    strict: true,
  });
  const portText = values.port ?? env.PORT ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new ConfigError(`port must be a number from 0 to 65535, not "${portText}"`);
  const daily = (env.BACKUP_DAILY ?? 'on').toLowerCase();
  if (daily !== 'on' && daily !== 'off') throw new ConfigError(`BACKUP_DAILY must be on or off, not "${env.BACKUP_DAILY}"`);
  const keepText = env.BACKUP_KEEP_DAYS ?? '14';
  if (!/^\d+$/.test(keepText) || Number(keepText) < 1) throw new ConfigError(`BACKUP_KEEP_DAYS must be a whole number of days from 1, not "${keepText}"`);
  const count = (name: string, fallback: string) => {
    const text = env[name] ?? fallback;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new ConfigError(`${name} must be a whole number from 1, not "${text}"`);
    return Number(text);
  };
  const leaderRetry = env.LEADER_RETRY_SECONDS ?? '60';
  if (!/^\d+$/.test(leaderRetry) || Number(leaderRetry) < 1 || Number(leaderRetry) > 3600)
    throw new ConfigError(`LEADER_RETRY_SECONDS must be a whole number of seconds from 1 to 3600, not "${leaderRetry}"`);
  const filesDir = values['files-dir'] ?? (env.FILES_DIR || undefined);
  if (filesDir !== undefined && filesDir.trim() === '') throw new ConfigError('--files-dir must name a folder, not be empty');
  const databaseUrl = values['database-url'] ?? (env.DATABASE_URL || undefined);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError(`DATABASE_URL must be a PostgreSQL address like postgres://user:password@host/database, not "${databaseUrl.replace(/:[^:@/]*@/, ':***@')}"`);
  return {
    port,
    host: values.host ?? env.HOST ?? '0.0.0.0',
    dataDir: resolve(values['data-dir'] ?? env.DATA_DIR ?? './data'),
    filesDir: filesDir === undefined ? undefined : resolve(filesDir),
    databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    logToStdout: true,
    version: VERSION,
    clientDir: resolve(env.CLIENT_DIR ?? fileURLToPath(new URL('../dist/client', import.meta.url))),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    dailyBackup: daily === 'on',
    backupKeepDays: Number(keepText),
    leaderRetrySeconds: Number(leaderRetry),
    registrationsPerAddressPerHour: count('REGISTRATIONS_PER_ADDRESS_PER_HOUR', '5'),
    registrationsPerHour: count('REGISTRATIONS_PER_HOUR', '20'),
    pendingAccountDays: count('PENDING_ACCOUNT_DAYS', '30'),
    eventStreamsPerUser: count('EVENT_STREAMS_PER_USER', '10'),
    eventStreamsTotal: count('EVENT_STREAMS_TOTAL', '500'),
    eventHeartbeatSeconds: count('EVENT_HEARTBEAT_SECONDS', '25'),
  };
}
