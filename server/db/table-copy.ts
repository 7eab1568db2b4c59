// One way to copy every table of one Cargodesk database into another, on either engine: a PostgreSQL
// backup (PostgreSQL into the backup's SQLite file), a restore into PostgreSQL (the backup's SQLite
// file into PostgreSQL) and `npm run move-to-postgres` (a data folder's SQLite file into PostgreSQL).
// Both databases are migrated by our migrations first, so the tables and columns match; the copy
// keeps every column as stored (ids, password hashes, refresh tokens, the audit trail), moves each
// table's id counter past what the source had given out, then reads the target back and compares
// each table's row count and checksum with the source's.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { progress } from '../progress.js';
import { breather } from './batches.js';
import { isPostgres } from './postgres.js';
import type { Queryable } from './tables.js';

export class TableCopyError extends Error {}

interface TableInfo {
  name: string;
  /** in the table's own column order */
  columns: string[];
  /** the primary key's columns, in key order */
  key: string[];
  /** the column whose values the database numbers (autoincrement, identity), or null */
  counter: string | null;
  /** the tables its foreign keys name */
  references: string[];
}

/** A table's rows and their checksum (order-independent: the sum of each row's hash, mod 2^64). */
export interface TableSum {
  rows: number;
  checksum: string;
}

/**
 * Tables a new database already holds rows in, written by its migrations (014: the default grants).
 * A database is empty when it holds nothing else; a copy replaces these rows with the source's.
 */
const SEEDED_BY_MIGRATIONS = ['roleGrants'];

const PAGE = 1000;
/** bound parameters per INSERT (SQLite allows 32766, PostgreSQL 65535) */
const PARAMS_PER_INSERT = 5000;

const any = (db: Queryable) => db as unknown as Kysely<any>;

/** Rows of a raw query on either engine. */
async function rows<T>(db: Queryable, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function sqliteTables(db: Queryable): Promise<TableInfo[]> {
  const all = await rows(db, sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table' order by rowid`);
  // FTS5 keyword index tables and their shadow tables are filled by triggers on the data tables
  const virtual = all.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
  const data = all.filter((t) => !/^(sqlite_|kysely_)/.test(t.name) && !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)));
  const out: TableInfo[] = [];
  for (const t of data) {
    const cols = await rows(db, sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${t.name}) order by cid`);
    const fks = await rows(db, sql<{ table: string }>`select "table" from pragma_foreign_key_list(${t.name})`);
    const key = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    out.push({
      name: t.name,
      columns: cols.map((c) => c.name),
      key: key.map((c) => c.name),
      counter: /\bautoincrement\b/i.test(t.sql) && key.length === 1 ? key[0]!.name : null,
      references: [...new Set(fks.map((f) => f.table))],
    });
  }
  return out;
}

async function postgresTables(db: Queryable): Promise<TableInfo[]> {
  const tables = await rows(
    db,
    sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`,
  );
  const cols = await rows(
    db,
    sql<{ table: string; name: string; identity: string }>`select table_name as table, column_name as name, is_identity as identity
      from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const keys = await rows(
    db,
    sql<{ table: string; name: string }>`select k.table_name as table, k.column_name as name from information_schema.table_constraints t
      join information_schema.key_column_usage k on k.constraint_schema = t.constraint_schema and k.constraint_name = t.constraint_name
      where t.table_schema = current_schema() and t.constraint_type = 'PRIMARY KEY' order by k.table_name, k.ordinal_position`,
  );
  const fks = await rows(
    db,
    sql<{ table: string; references: string }>`select distinct t.table_name as table, u.table_name as references from information_schema.table_constraints t
      join information_schema.constraint_column_usage u on u.constraint_schema = t.constraint_schema and u.constraint_name = t.constraint_name
      where t.table_schema = current_schema() and t.constraint_type = 'FOREIGN KEY'`,
  );
  return tables.map(({ name }) => {
    const mine = cols.filter((c) => c.table === name);
    return {
      name,
      columns: mine.map((c) => c.name),
      key: keys.filter((k) => k.table === name).map((k) => k.name),
      counter: mine.find((c) => c.identity === 'YES')?.name ?? null,
      references: fks.filter((f) => f.table === name && f.references !== name).map((f) => f.references),
    };
  });
}

const tablesOf = (db: Queryable) => (isPostgres(db as Kysely<any>) ? postgresTables(db) : sqliteTables(db));

/** Tables in an order where each comes after the tables its foreign keys name. */
function inCopyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo, path: string[]) => {
    if (done.has(t.name)) return;
    if (path.includes(t.name)) throw new TableCopyError(`the foreign keys of ${path.join(' → ')} form a cycle`);
    for (const ref of t.references) {
      const next = byName.get(ref);
      if (next) visit(next, [...path, t.name]);
    }
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t, []);
  return out;
}

/** The data tables of both databases, checked to be the same tables with the same columns. */
async function matchingTables(source: Queryable, target: Queryable): Promise<{ source: TableInfo[]; target: Map<string, TableInfo> }> {
  const from = await tablesOf(source);
  const to = new Map((await tablesOf(target)).map((t) => [t.name, t]));
  const names = (list: Iterable<string>) => [...list].sort().join(', ');
  if (names(from.map((t) => t.name)) !== names(to.keys()))
    throw new TableCopyError(
      `the two databases do not have the same tables (is one of them from another Cargodesk version?): ${names(from.map((t) => t.name))} | ${names(to.keys())}`,
    );
  for (const t of from) {
    const other = to.get(t.name)!;
    if (names(t.columns) !== names(other.columns)) throw new TableCopyError(`the table ${t.name} does not have the same columns in both databases`);
    if (!t.key.length) throw new TableCopyError(`the table ${t.name} has no primary key`);
  }
  return { source: inCopyOrder(from), target: to };
}

/** Every row of a table, `PAGE` at a time in primary key order (keyset: each page follows the last key). */
async function* tableRows(db: Queryable, table: TableInfo): AsyncGenerator<Record<string, unknown>[]> {
  const cols = sql.join(table.columns.map((c) => sql.ref(c)));
  const key = sql.join(table.key.map((c) => sql.ref(c)));
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const after = last ? sql`where (${key}) > (${sql.join(table.key.map((c) => last![c]))})` : sql``;
    const page = await rows(db, sql<Record<string, unknown>>`select ${cols} from ${sql.table(table.name)} ${after} order by ${key} limit ${PAGE}`);
    if (page.length) yield page;
    if (page.length < PAGE) return;
    last = page[page.length - 1];
  }
}

const MOD = 1n << 64n;

/** A row's hash over its columns by name, so that column order and engine do not change it. */
function rowHash(row: Record<string, unknown>, columns: string[]): bigint {
  const values = columns.map((c) => {
    const v = row[c];
    if (v === null || v === undefined) return null;
    if (typeof v === 'bigint') return Number(v);
    return v;
  });
  return createHash('sha256').update(JSON.stringify(values)).digest().readBigUInt64BE(0);
}

async function sumOf(db: Queryable, table: TableInfo, columns: string[]): Promise<TableSum> {
  let count = 0;
  let sum = 0n;
  for await (const page of tableRows(db, table)) {
    count += page.length;
    for (const row of page) sum = (sum + rowHash(row, columns)) % MOD;
  }
  return { rows: count, checksum: sum.toString(16).padStart(16, '0') };
}

/** The row count and checksum of every data table. */
export async function tableSums(db: Queryable): Promise<Record<string, TableSum>> {
  const out: Record<string, TableSum> = {};
  for (const table of await tablesOf(db)) out[table.name] = await sumOf(db, table, [...table.columns].sort());
  return out;
}

/** The first data table that holds a row, or null when the database holds no data (the migrations' own rows aside). */
export async function firstNonEmptyTable(db: Queryable): Promise<{ table: string; rows: number } | null> {
  for (const table of await tablesOf(db)) {
    if (SEEDED_BY_MIGRATIONS.includes(table.name)) continue;
    const [found] = await rows(db, sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`);
    if (Number(found?.n) > 0) return { table: table.name, rows: Number(found!.n) };
  }
  return null;
}

/** The highest value each counter has given out (at least the largest id in the table). */
async function counters(db: Queryable, tables: TableInfo[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const postgres = isPostgres(db as Kysely<any>);
  const issued = postgres
    ? new Map<string, number>()
    : new Map((await rows(db, sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`)).map((r) => [r.name, Number(r.seq)]));
  for (const t of tables) {
    if (!t.counter) continue;
    const [max] = await rows(db, sql<{ n: number | null }>`select max(${sql.ref(t.counter)}) as n from ${sql.table(t.name)}`);
    let given = issued.get(t.name) ?? 0;
    if (postgres) {
      const [seq] = await rows(db, sql<{ n: number | null }>`select pg_sequence_last_value(pg_get_serial_sequence(${`"${t.name}"`}, ${t.counter})::regclass) as n`);
      given = Number(seq?.n ?? 0);
    }
    out.set(t.name, Math.max(given, Number(max?.n ?? 0)));
  }
  return out;
}

/** Moves each counter of the target so that the next id follows what the source had given out. */
async function advanceCounters(target: Queryable, tables: Map<string, TableInfo>, given: Map<string, number>): Promise<void> {
  const postgres = isPostgres(target as Kysely<any>);
  for (const [name, value] of given) {
    const t = tables.get(name);
    if (!t?.counter) continue;
    if (postgres) {
      // identity columns take explicit ids without moving their sequence: set it past them
      await sql`select setval(pg_get_serial_sequence(${`"${name}"`}, ${t.counter})::regclass, ${Math.max(value, 1)}, ${value > 0})`.execute(target);
    } else if (value > 0) {
      await sql`update sqlite_sequence set seq = ${value} where name = ${name} and seq < ${value}`.execute(target);
      await sql`insert into sqlite_sequence (name, seq) select ${name}, ${value} where not exists (select 1 from sqlite_sequence where name = ${name})`.execute(target);
    }
  }
}

export interface CopyResult {
  /** per table, its rows and checksum, the same in both databases */
  tables: Record<string, TableSum>;
  rows: number;
}

/**
 * Copies every data table of `source` into the empty tables of `target` (call it inside a
 * transaction of the target, and a consistent read of the source: a REPEATABLE READ transaction on
 * PostgreSQL, a file no one writes on SQLite). Reports `copying` progress in rows.
 */
export async function copyTables(source: Queryable, target: Queryable): Promise<CopyResult> {
  const { source: tables, target: targetTables } = await matchingTables(source, target);
  const nonEmpty = await firstNonEmptyTable(target);
  if (nonEmpty) throw new TableCopyError(`the target database is not empty (the table ${nonEmpty.table} has ${nonEmpty.rows} rows)`);
  for (const name of SEEDED_BY_MIGRATIONS) await any(target).deleteFrom(name).execute();
  let total = 0;
  for (const t of tables) {
    const [n] = await rows(source, sql<{ n: number }>`select count(*) as n from ${sql.table(t.name)}`);
    total += Number(n?.n ?? 0);
  }
  const given = await counters(source, tables);
  const pause = breather();
  const sums: Record<string, TableSum> = {};
  let done = 0;
  progress('copying', 0, total);
  for (const table of tables) {
    const columns = [...table.columns].sort();
    const chunk = Math.max(1, Math.floor(PARAMS_PER_INSERT / columns.length));
    let count = 0;
    let sum = 0n;
    for await (const page of tableRows(source, table)) {
      for (const row of page) sum = (sum + rowHash(row, columns)) % MOD;
      for (let i = 0; i < page.length; i += chunk) {
        await any(target)
          .insertInto(table.name)
          .values(page.slice(i, i + chunk).map((row) => Object.fromEntries(table.columns.map((c) => [c, row[c] ?? null]))))
          .execute();
      }
      count += page.length;
      done += page.length;
      progress('copying', done, total);
      await pause();
    }
    const copied = await sumOf(target, targetTables.get(table.name)!, columns);
    const expected: TableSum = { rows: count, checksum: sum.toString(16).padStart(16, '0') };
    if (copied.rows !== expected.rows || copied.checksum !== expected.checksum)
      throw new TableCopyError(
        `the copy of ${table.name} does not match: ${expected.rows} rows (checksum ${expected.checksum}) read, ${copied.rows} rows (checksum ${copied.checksum}) written`,
      );
    sums[table.name] = expected;
  }
  await advanceCounters(target, targetTables, given);
  return { tables: sums, rows: done };
}
