// startServer: check the data folder, open the database, build the app, listen.
import { access, constants, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { isAbsolute, join, relative } from 'node:path';
import { createApp } from './app.js';
import { loadConfig, VERSION, type Config } from './config.js';
import { Backups } from './backups/backups.js';
import { LOCK_FILE, readLock, removeLock, writeLock } from './backups/lock.js';
import { ProgressBoard, ProgressTable } from './progress.js';
import { openDatabase, openPostgresDatabase } from './db/database.js';
import { startLeadership } from './db/leader.js';
import { ChangeHub, COALESCE_MS } from './live/changes.js';
import { startRelay } from './live/postgres-relay.js';
import type { Db } from './db/tables.js';
import { FileStore } from './files/file-store.js';
import { SHARED_FOLDER_MIN_AGE_MS, sweepOrphans } from './files/orphans.js';
import { createLogger } from './logger.js';
import { LoginThrottle, loadJwtSecret } from './routes/auth/auth.service.js';
import { startAccountUpkeep } from './routes/users/users.service.js';
import { privateDir, tightenDataFolder } from './private-data.js';

/** Start-up failures the command line reports as one plain line. */
export class StartError extends Error {
  /** `port-taken` lets the desktop app offer another port */
  constructor(
    message: string,
    readonly reason?: 'port-taken',
  ) {
    super(message);
  }
}

/** Present in the data folder while the service runs; found at start-up, it means the last run crashed. */

export interface StartOptions extends Partial<Config> {
  dataDir: string;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  dataDir: string;
  /** the files folder (FILES_DIR, default <data folder>/files) */
  filesDir: string;
  backups: Backups;
  close(): Promise<void>;
}

async function ensureWritable(dir: string, which: 'data' | 'files'): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await access(dir, constants.W_OK);
    const probe = join(dir, `.write-test-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe);
  } catch {
    const setting = which === 'data' ? 'DATA_DIR or --data-dir' : 'FILES_DIR or --files-dir';
    throw new StartError(`cannot write to the ${which} folder ${dir}: choose another with ${setting}, or fix its permissions`);
  }
}

/** The message of a start refused by a live `cargodesk.lock` in `dir`. */
function inUse(which: string, dir: string, lock: { pid: number; host: string; port: number } | null): StartError {
  const who = lock ? ` (process ${lock.pid} on ${lock.host}, port ${lock.port})` : '';
  return new StartError(`the ${which} folder ${dir} is in use by another Cargodesk${who}: stop it first, or delete ${LOCK_FILE} there if it is not running`);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new StartError(`port ${port} is already in use: stop the other program or start with PORT=<another port>`, 'port-taken'));
      else if (err.code === 'EACCES') reject(new StartError(`not allowed to listen on port ${port}: choose a port above 1024`));
      else if (err.code === 'EADDRNOTAVAIL') reject(new StartError(`the address ${host} is not one of this computer's: check HOST`));
      else reject(err);
    });
    server.listen(port, host, () => resolve());
  });
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const defaults = loadConfig([], {});
  const config: Config = { ...defaults, logToStdout: false, ...options, version: VERSION };
  await ensureWritable(config.dataDir, 'data');
  const filesDir = config.filesDir ?? join(config.dataDir, 'files');
  const fromData = relative(config.dataDir, filesDir);
  /** a files folder outside the data folder gets a lock of its own (see below) */
  const filesOutside = fromData === '..' || fromData.startsWith('../') || fromData.startsWith('..\\') || isAbsolute(fromData);
  if (filesOutside) await ensureWritable(filesDir, 'files');
  // owner-only before anything is written; a file system without modes (a USB stick) is only warned about
  const tightened = await tightenDataFolder(config.dataDir)
    .then(() => privateDir(join(config.dataDir, 'logs')))
    .then(
      () => null,
      (err: unknown) => err as Error,
    );

  const { logger, close: closeLogger } = await createLogger(config.dataDir, { level: config.logLevel, stdout: config.logToStdout });
  if (tightened)
    logger.warn({ err: tightened }, 'the data folder could not be made readable by this user only: other users of this computer may read the database and the token secret');
  // one service per data folder: a live lock means another Cargodesk uses it
  const previous = await readLock(config.dataDir);
  if (previous?.alive) {
    await closeLogger();
    throw inUse('data', config.dataDir, previous.lock);
  }
  // A files folder outside the data folder: on SQLite it belongs to this one service, which locks it
  // as it locks the data folder; on PostgreSQL every instance of the database shares it and none
  // locks it, but none starts on a folder an SQLite service holds (docs/architecture.md, "Two engines").
  const shared = config.databaseUrl !== undefined;
  const filesLock = filesOutside ? await readLock(filesDir) : null;
  if (filesLock?.alive) {
    await closeLogger();
    throw inUse('files', filesDir, filesLock.lock);
  }
  const removeLocks = async () => {
    await removeLock(config.dataDir);
    if (filesOutside && !shared) await removeLock(filesDir);
  };
  const { db, reader, sqlite } = config.databaseUrl ? await openPostgresDatabase(config.databaseUrl) : await openDatabase(join(config.dataDir, 'cargodesk.sqlite'));
  const files = new FileStore(filesDir);
  await files.init();
  // Leftovers of a crash: temp files of unfinished uploads, files moved in by a transaction that
  // never committed. On a shared folder another instance may be in the middle of an upload or a
  // commit, so only what is older than any request lasts is touched there.
  const minAgeMs = shared ? SHARED_FOLDER_MIN_AGE_MS : 0;
  const tempRemoved = await files.sweepTemp(minAgeMs);
  // Comparing every file with every record reads whole file areas (0.3 s for 50,000 files), so it
  // runs only when the previous run did not stop cleanly: its lock file is still there.
  if (previous) {
    const orphans = await sweepOrphans(db, files, minAgeMs);
    const sweep = { tempRemoved, filesWithoutRecord: orphans.filesWithoutRecord, recordsWithoutFile: orphans.recordsWithoutFile };
    if (orphans.filesWithoutRecord.length || orphans.recordsWithoutFile.length)
      logger.warn(sweep, 'start-up file check: files without a record were moved to files/orphans; records without a file are listed');
    else logger.info({ tempRemoved }, 'start-up file check: every file has its record and every record its file');
  } else logger.info({ tempRemoved }, 'start-up file check skipped: the previous run stopped cleanly');
  await writeLock(config.dataDir, config.port);
  if (filesOutside && !shared) await writeLock(filesDir, config.port);
  const jwtSecret = await loadJwtSecret(config.dataDir, config.jwtSecret);

  const backups = new Backups({ dataDir: config.dataDir, db, sqlite, files, appVersion: config.version, logger, keepDays: config.backupKeepDays });
  const throttle = new LoginThrottle(db, { registrationsPerAddress: config.registrationsPerAddressPerHour, registrations: config.registrationsPerHour });
  // several instances may share a PostgreSQL database: a job's progress is kept where all of them read it
  const progress = new ProgressBoard(Date.now, shared ? new ProgressTable(db) : undefined);
  // live refresh: the streams of this instance; on PostgreSQL the changes of the others too (LISTEN/NOTIFY)
  const changes = new ChangeHub({
    perUser: config.eventStreamsPerUser,
    total: config.eventStreamsTotal,
    heartbeatMs: config.eventHeartbeatSeconds * 1000,
    coalesceMs: COALESCE_MS,
  });
  const relay = config.databaseUrl ? startRelay({ databaseUrl: config.databaseUrl, db, hub: changes, logger }) : null;
  if (relay) changes.relay = (areas) => relay.send(areas);
  const app = createApp({ config, db, reader, files, backups, logger, jwtSecret, throttle, progress, changes });
  const server = createServer(app.callback());
  try {
    await listen(server, config.port, config.host);
  } catch (err) {
    changes.close();
    await relay?.stop();
    await db.destroy();
    await removeLocks();
    await closeLogger();
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  await writeLock(config.dataDir, port);
  if (filesOutside && !shared) await writeLock(filesDir, port);
  // One instance runs the daily backup timer: on SQLite this one, on PostgreSQL the holder of the
  // leader lock (server/db/leader.ts), whose daily backup is the logical export into its own data folder.
  const leadership = config.dailyBackup
    ? startLeadership({ databaseUrl: config.databaseUrl, logger, retryMs: config.leaderRetrySeconds * 1000, lead: () => backups.startDaily() })
    : null;
  const stopUpkeep = await startAccountUpkeep(db, config.pendingAccountDays, logger);
  logger.info({ port, dataDir: config.dataDir, filesDir, database: config.databaseUrl ? 'postgresql' : 'sqlite', dailyBackup: config.dailyBackup }, 'Cargodesk is listening');

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    db,
    dataDir: config.dataDir,
    filesDir,
    backups,
    close: () =>
      (closing ??= (async () => {
        await leadership?.stop();
        stopUpkeep();
        // open event streams end at once: a browser's EventSource would otherwise hold server.close() open
        changes.close();
        await relay?.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await backups.idle();
        await db.destroy();
        await removeLocks();
        logger.info('Cargodesk stopped');
        await closeLogger();
      })()),
  };
}
