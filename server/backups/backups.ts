// Backups: one zip holding a consistent snapshot of the database, every file area and the token
// secret, written under <data>/backups/ while the service keeps running.
//
// Consistency between rows and files: stored files never change once placed (placed by rename,
// so a file is either wholly there or not), and deletions are held from just before the database
// snapshot until the areas are copied. So the zip holds every file the snapshot references, plus
// possibly a few files added after the snapshot that no row of the snapshot references.
// On PostgreSQL the snapshot is a logical export read inside one REPEATABLE READ transaction
// (server/db/snapshot.ts); deletions are held by this instance only.
import archiver, { type Archiver } from 'archiver';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type SQLite from 'better-sqlite3';
import type { Logger } from 'pino';
import { DATABASE_FILE, exportPostgresDatabase, snapshotDatabase } from '../db/snapshot.js';
import type { Db } from '../db/tables.js';
import { AREAS, type FileStore } from '../files/file-store.js';
import { progress } from '../progress.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir } from '../private-data.js';

export const MANIFEST_FILE = 'manifest.json';
export const SECRET_FILE = 'jwt-secret';
export const BACKUP_FORMAT = 'cargodesk-backup';
const BACKUP_NAME_RE = /^cargodesk-(daily-)?(\d{8}-\d{6}-\d{3})\.zip$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BackupInfo {
  name: string;
  size: number;
  createTime: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  appVersion: string;
  createTime: string;
  database: string;
  /** the engine the snapshot was taken from (absent in backups of versions before PostgreSQL): the database file is SQLite either way */
  engine?: DatabaseEngine;
  files: number;
}

export type DatabaseEngine = 'sqlite' | 'postgresql';

export type BackupKind = 'manual' | 'daily';

const stamp = (at: Date): string => at.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19);

export function backupName(kind: BackupKind, at: Date): string {
  return `cargodesk-${kind === 'daily' ? 'daily-' : ''}${stamp(at)}.zip`;
}

/** The kind and time a backup name records, or null for a name this service did not write. */
export function parseBackupName(name: string): { kind: BackupKind; time: Date } | null {
  const m = BACKUP_NAME_RE.exec(name);
  if (!m) return null;
  const s = m[2]!;
  const time = new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(16, 19)}Z`);
  return Number.isNaN(time.getTime()) ? null : { kind: m[1] ? 'daily' : 'manual', time };
}

export interface ZipSource {
  dataDir: string;
  /** the uploaded files' folder (FILES_DIR, default <data folder>/files) */
  filesDir: string;
  /** writes a consistent copy of the database to the given path */
  snapshot: (target: string) => Promise<void>;
  /** the live file store, whose deletions are held during the copy (absent on the command line) */
  files?: FileStore;
  appVersion: string;
  now?: Date;
  engine?: DatabaseEngine;
}

function appendEntry(zip: Archiver, source: Readable | Buffer, name: string, date: Date, store = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off('error', reject);
      resolve();
    };
    zip.once('error', reject);
    zip.once('entry', done);
    zip.append(source, { name, date, store });
  });
}

/** Writes the zip to `target` (through `<target>.partial`, renamed when complete). */
export async function writeBackupZip(source: ZipSource, target: string): Promise<{ files: number; size: number }> {
  const now = source.now ?? new Date();
  const work = join(dirname(target), `.work-${randomBytes(6).toString('hex')}`);
  const partial = `${target}.partial`;
  await mkdir(work, { recursive: true, mode: PRIVATE_DIR_MODE });
  const release = source.files?.holdDeletes();
  try {
    const dbCopy = join(work, DATABASE_FILE);
    await source.snapshot(dbCopy);

    const zip = archiver('zip', { zlib: { level: 6 } });
    // the zip holds the database and the token secret: owner-only, wherever it is written
    const out = createWriteStream(partial, { mode: PRIVATE_FILE_MODE });
    const written = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      zip.on('error', reject);
    });
    zip.pipe(out);
    try {
      await appendEntry(zip, createReadStream(dbCopy), DATABASE_FILE, now);
      const secret = await open(join(source.dataDir, SECRET_FILE), 'r').catch(() => null);
      if (secret) await appendEntry(zip, secret.createReadStream(), SECRET_FILE, now);
      let files = 0;
      const filesRoot = source.filesDir;
      const areas = await Promise.all(Object.values(AREAS).map(async ({ dir }) => ({ dir, names: (await readdir(join(filesRoot, dir)).catch(() => [] as string[])).sort() })));
      const listed = areas.reduce((n, a) => n + a.names.length, 0);
      progress('packing', 0, listed);
      for (const { dir, names } of areas) {
        for (const name of names) {
          progress('packing', files, listed);
          // opened before it is queued: a file deleted since the listing (command line only) is skipped
          const fh = await open(join(filesRoot, dir, name), 'r').catch(() => null);
          if (!fh) continue;
          const info = await fh.stat();
          if (!info.isFile()) {
            await fh.close();
            continue;
          }
          // uploads are mostly PDFs and images, already compressed: stored as they are
          await appendEntry(zip, fh.createReadStream(), `files/${dir}/${name}`, info.mtime, true);
          files++;
        }
      }
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        formatVersion: 1,
        appVersion: source.appVersion,
        createTime: now.toISOString(),
        database: DATABASE_FILE,
        engine: source.engine ?? 'sqlite',
        files,
      };
      await appendEntry(zip, Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_FILE, now);
      await zip.finalize();
      await written;
      await rename(partial, target);
      return { files, size: (await stat(target)).size };
    } catch (err) {
      zip.abort();
      out.destroy();
      await rm(partial, { force: true });
      throw err;
    }
  } finally {
    await release?.();
    await rm(work, { recursive: true, force: true });
  }
}

export interface BackupsOptions {
  dataDir: string;
  db: Db;
  /** null on PostgreSQL: backups export its tables (the database administrator's pg_dump stays the primary backup) */
  sqlite: SQLite.Database | null;
  files: FileStore;
  appVersion: string;
  logger: Logger;
  /** daily backups older than this are deleted */
  keepDays: number;
}

/** The backups of one running service: written one at a time, listed, rotated. */
export class Backups {
  readonly dir: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: BackupsOptions) {
    this.dir = join(options.dataDir, 'backups');
  }

  /** the engine the backups are taken from */
  get engine(): DatabaseEngine {
    return this.options.sqlite ? 'sqlite' : 'postgresql';
  }

  /** `at` names the backup (the current time unless a test injects one). */
  create(kind: BackupKind = 'manual', at?: Date): Promise<BackupInfo> {
    const run = async (): Promise<BackupInfo> => {
      const { sqlite } = this.options;
      await privateDir(this.dir);
      let now = at ?? new Date();
      while (await stat(join(this.dir, backupName(kind, now))).catch(() => null)) now = new Date(now.getTime() + 1);
      const name = backupName(kind, now);
      const started = performance.now();
      const { db, files, dataDir, appVersion } = this.options;
      // on PostgreSQL a logical export into the same SQLite file; the administrator's pg_dump stays the primary backup
      const snapshot = sqlite ? (to: string) => snapshotDatabase(db, sqlite, to) : (to: string) => exportPostgresDatabase(db, to);
      const { size, files: count } = await writeBackupZip({ dataDir, filesDir: files.root, snapshot, files, appVersion, now, engine: this.engine }, join(this.dir, name));
      this.options.logger.info({ backup: name, size, files: count, engine: this.engine, ms: Math.round(performance.now() - started) }, 'backup written');
      return { name, size, createTime: now.toISOString() };
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Newest first. */
  async list(): Promise<BackupInfo[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found: BackupInfo[] = [];
    for (const name of names) {
      const parsed = parseBackupName(name);
      const info = parsed && (await stat(join(this.dir, name)).catch(() => null));
      if (parsed && info?.isFile()) found.push({ name, size: info.size, createTime: parsed.time.toISOString() });
    }
    return found.sort((a, b) => b.createTime.localeCompare(a.createTime));
  }

  /** The path of a backup this service wrote, or null (the name is checked, never trusted). */
  pathOf(name: string): string | null {
    return parseBackupName(name) ? join(this.dir, name) : null;
  }

  /** Makes the daily backup when the last one is about a day old, then deletes those past `keepDays`. */
  async daily(now: Date = new Date()): Promise<{ created: BackupInfo | null; deleted: string[] }> {
    const dailies = (await this.list()).filter((b) => parseBackupName(b.name)?.kind === 'daily');
    const last = dailies[0] ? Date.parse(dailies[0].createTime) : -Infinity;
    // hourly checks: "about a day" so that the time of day does not creep by an hour each day
    const created = now.getTime() - last >= DAY_MS - 30 * 60 * 1000 ? await this.create('daily', now) : null;
    return { created, deleted: await this.rotate(now) };
  }

  async rotate(now: Date = new Date()): Promise<string[]> {
    const cutoff = now.getTime() - this.options.keepDays * DAY_MS;
    const deleted: string[] = [];
    for (const backup of await this.list()) {
      if (parseBackupName(backup.name)?.kind === 'daily' && Date.parse(backup.createTime) < cutoff) {
        await rm(join(this.dir, backup.name), { force: true });
        deleted.push(backup.name);
      }
    }
    return deleted;
  }

  /** Checks a minute after start, then every hour; returns the function that stops it. */
  startDaily(): () => void {
    const tick = () => {
      this.daily().catch((err: unknown) => this.options.logger.error({ err }, 'daily backup failed'));
    };
    const first = setTimeout(tick, 60_000);
    const hourly = setInterval(tick, 60 * 60 * 1000);
    first.unref();
    hourly.unref();
    return () => {
      clearTimeout(first);
      clearInterval(hourly);
    };
  }

  /** Waits for a backup being written (before the database closes). */
  async idle(): Promise<void> {
    await this.queue;
  }
}
