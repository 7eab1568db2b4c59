import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database, Db } from './tables.js';

export interface OpenDatabase {
  db: Db;
  /** the better-sqlite3 handle, for SQLite-only work (backups, pragmas) kept inside server/db */
  sqlite: SQLite.Database;
}

/** Opens (creating if needed) the SQLite file with WAL, foreign keys and a busy timeout, then migrates it. */
export async function openDatabase(file: string): Promise<OpenDatabase> {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, sqlite };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Db): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}

/** True when the error is SQLite refusing a duplicate in a UNIQUE column. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export const now = (): string => new Date().toISOString();
