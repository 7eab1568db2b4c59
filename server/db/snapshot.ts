// SQLite-only work for backups and restore, kept inside server/db.
import SQLite from 'better-sqlite3';
import type { Db } from './tables.js';
import { progress } from '../progress.js';

export const DATABASE_FILE = 'cargodesk.sqlite';

/**
 * A consistent copy of the live database through SQLite's online backup API. It runs while Kysely
 * holds its one connection, so no transaction of ours is half-done in the copy; other queries wait
 * for the copy of the database (not of the files), which advances in small steps between them.
 */
export async function snapshotDatabase(db: Db, sqlite: SQLite.Database, target: string): Promise<void> {
  await db.connection().execute(() =>
    sqlite.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        progress('copying', totalPages - remainingPages, totalPages);
        return 100; // pages a step: better-sqlite3's default
      },
    }),
  );
}

/** The same from a database file that no handle of ours has open (the command line). */
export async function snapshotDatabaseFile(file: string, target: string): Promise<void> {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
}

/** `ok`, or what SQLite found wrong with the file (also when it is not a database at all). */
export function checkDatabaseFile(file: string): string {
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file, { fileMustExist: true });
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    return problems.length ? problems.slice(0, 3).join('; ') : 'ok';
  } catch (err) {
    return (err as Error).message;
  } finally {
    sqlite?.close();
  }
}
