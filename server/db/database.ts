import SQLite from 'better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { startCheckpointer } from './checkpointer.js';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations/index.js';
import type { Database, Db } from './tables.js';
import { PRIVATE_FILE_MODE } from '../private-data.js';
import { isPostgresUniqueViolation, postgresDialect } from './postgres.js';

export interface OpenDatabase {
  db: Db;
  /**
   * For reads that are not part of a write. On SQLite a read-only connection of its own on the same
   * WAL file: it sees the last committed state and never waits behind a write transaction on `db`
   * (Kysely's SQLite dialect runs one query at a time per connection). Closed with `db`.
   */
  reader: Db;
  /** the better-sqlite3 handle, for SQLite-only work (backups, pragmas) kept inside server/db */
  sqlite: SQLite.Database;
}

/** The same service on PostgreSQL (DATABASE_URL): no SQLite handle. */
export interface OpenPostgresDatabase {
  db: Db;
  /** the pool serves reads beside writes itself */
  reader: Db;
  sqlite: null;
}

/** Connects a pool to the PostgreSQL database at `url`, then migrates it. */
export async function openPostgresDatabase(url: string): Promise<OpenPostgresDatabase> {
  const db = new Kysely<Database>({ dialect: postgresDialect(url) });
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, reader: db, sqlite: null };
}

/** Opens (creating if needed) the SQLite file with WAL, foreign keys and a busy timeout, then migrates it. */
export async function openDatabase(file: string): Promise<OpenDatabase> {
  // created owner-only before SQLite opens it; SQLite gives the -wal and -shm files the same mode
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  let readOnly: SQLite.Database | undefined;
  let stopCheckpoints = () => {};
  const closeBoth = () => {
    stopCheckpoints();
    readOnly?.close();
    sqlite.close();
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, closeBoth) }) });
  try {
    await migrate(db);
    readOnly = new SQLite(file, { readonly: true, fileMustExist: true });
    readOnly.pragma('busy_timeout = 5000');
    stopCheckpoints = startCheckpointer(sqlite, file);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(readOnly) }) });
  return { db, reader, sqlite };
}

const CACHED_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing cost more than running a list page's
 * indexed queries. This keeps the last prepared statements by their SQL text (values are always
 * parameters, so the texts are few) and prepares a fresh one only when the cached one is busy.
 */
function withStatementCache(sqlite: SQLite.Database, close: () => void = () => sqlite.close()): Pick<SQLite.Database, 'prepare' | 'close'> {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: close as unknown as SQLite.Database['close'],
    prepare: ((source: string) => {
      const cached = cache.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) {
        if (cache.size >= CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
        cache.set(source, statement);
      }
      return statement;
    }) as SQLite.Database['prepare'],
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Unordered: the last release shipped 019 before 014–018 (work landed in a different order than it
// was numbered), so a database it made holds 001–013 and 019; the missing ones run on opening it.
export async function migrate(db: Db): Promise<void> {
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error;
}

/** True when the error is the database refusing a duplicate in a UNIQUE column. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE' || isPostgresUniqueViolation(err);
}

/** The columns of the unique key a duplicate broke, as `table.column` (SQLite names them in its message, PostgreSQL in its detail). */
export function uniqueViolationColumns(err: unknown): string[] {
  const e = err as { message?: string; table?: string; detail?: string } | null;
  if (isPostgresUniqueViolation(err)) return (/^Key \(([^)]*)\)=/.exec(e?.detail ?? '')?.[1] ?? '').split(', ').map((c) => `${e?.table}.${c.replaceAll('"', '')}`);
  return (/UNIQUE constraint failed: (.*)$/.exec(e?.message ?? '')?.[1] ?? '').split(', ');
}

export const now = (): string => new Date().toISOString();

/** Today as YYYY-MM-DD in the server's time zone (the warehouse office's day). */
export function today(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
