// The database side of backups and restore, kept inside server/db: SQLite's online backup, and on
// PostgreSQL a logical export of every table into the same SQLite file the backups hold.
import SQLite from 'better-sqlite3';
import type { Db } from './tables.js';
import { progress } from '../progress.js';
import { openDatabase } from './database.js';
import { copyTables } from './table-copy.js';

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

/**
 * A consistent copy of a PostgreSQL database as the backups' SQLite file: every table read inside one
 * REPEATABLE READ, read-only transaction (one snapshot of the whole database, taken while the service
 * keeps running) and written into a new SQLite file that our migrations made, then checked table by
 * table. A restore reads it back into either engine. Reports `copying` progress in rows.
 */
export async function exportPostgresDatabase(db: Db, target: string): Promise<void> {
  const copy = await openDatabase(target);
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((snapshot) => copy.db.transaction().execute((into) => copyTables(snapshot, into)));
  } finally {
    await copy.db.destroy();
  }
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
