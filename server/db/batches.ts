import { CompiledQuery } from 'kysely';
import { isPostgres } from './postgres.js';
import type { Queryable } from './tables.js';

/**
 * Every row of a keyset-ordered read, fetched `size` rows at a time so no query holds the database
 * for long: `fetch(last, size)` answers the rows that follow `last` (undefined for the first batch).
 */
export async function* inBatches<Row, Out = Row>(
  fetch: (last: Row | undefined, size: number) => Promise<Row[]>,
  present: (row: Row) => Out = (row) => row as unknown as Out,
  size = 2000,
): AsyncGenerator<Out> {
  let last: Row | undefined;
  for (;;) {
    const rows = await fetch(last, size);
    for (const row of rows) yield present(row);
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}

/**
 * For long work inside one transaction (an import's inserts): `await pause()` between its steps gives
 * the event loop back (setImmediate) once `ms` have passed since it last did, so other requests are
 * answered meanwhile: their reads run on the reader connection (OpenDatabase.reader), their writes
 * still wait for the transaction. Answers true when it paused (a good moment to report progress).
 */
export function breather(ms = 20): () => Promise<boolean> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return false;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
    return true;
  };
}

/**
 * Rows per multi-row INSERT: the widest table written this way (about 20 columns) stays far below
 * SQLite's 32,766 and PostgreSQL's 65,535 bound values a statement.
 */
export const ROWS_PER_STATEMENT = 500;

/** `items` cut into consecutive pieces of at most `size` (one statement each). */
export function chunked<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const pieces: T[][] = [];
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size));
  return pieces;
}

/** A column of `insertColumns`: its name and its type as the migrations declare it. */
export type InsertColumn = readonly [name: string, type: 'integer' | 'real' | 'text'];

const NEEDS_ESCAPE = /["\\]/;

/**
 * The first `count` values of a column as one PostgreSQL array literal (`{1,NULL,"a \"b\""}`), what
 * node-postgres would make of the array, built here in one pass: its own conversion (a regular
 * expression and a type test per value) cost more than the rest of an import's main thread.
 */
function arrayLiteral(column: readonly unknown[], count: number, type: InsertColumn[1]): string {
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const v = column[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (type !== 'text') parts[i] = String(v);
    else {
      const text = String(v);
      parts[i] = `"${NEEDS_ESCAPE.test(text) ? text.replace(/["\\]/g, '\\$&') : text}"`;
    }
  }
  return `{${parts.join(',')}}`;
}

/**
 * What an insert adds after its rows: `onConflict`, an `on conflict (…) do …` clause as SQL text
 * (the caller's own, from its column names: never from input); `returning`: the rows written are answered.
 */
export interface InsertOptions {
  onConflict?: string;
  returning?: boolean;
}

/** The PostgreSQL type of each migration type (server/db/postgres.ts makes the same columns). */
const PG_ARRAY_TYPE = { integer: 'bigint[]', real: 'double precision[]', text: 'text[]' } as const;

/**
 * Inserts `count` rows given column by column (`values[j][i]`: column j of row i; undefined is null)
 * with the fewest statements and bound values each engine allows. PostgreSQL: one statement, a typed
 * array a column (`insert … select * from unnest($1::bigint[], $2::text[], …)`): as many bound values
 * as columns, one parse, whatever the count. SQLite: multi-row VALUES of up to 30,000 bound values a
 * statement (below its 32,766), the full ones sharing one text (prepared once: OpenDatabase's cache).
 * A caller keeps `count` to a batch (its rows are in memory and one statement holds the event loop).
 */
export async function insertColumns<Row = never>(
  db: Queryable,
  table: string,
  columns: readonly InsertColumn[],
  values: readonly (readonly unknown[])[],
  count: number,
  options: InsertOptions = {},
): Promise<Row[]> {
  if (count === 0) return [];
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const returning = `${options.onConflict ? ` ${options.onConflict}` : ''}${options.returning ? ' returning *' : ''}`;
  if (isPostgres(db)) {
    const arrays = columns.map(([, type], j) => `$${j + 1}::${PG_ARRAY_TYPE[type]}`).join(', ');
    const parameters = values.map((column, j) => arrayLiteral(column, count, columns[j]![1]));
    return (await db.executeQuery<Row>(CompiledQuery.raw(`insert into "${table}" (${names}) select * from unnest(${arrays})${returning}`, parameters))).rows;
  }
  const perStatement = Math.floor(30_000 / columns.length);
  const row = `(${columns.map(() => '?').join(', ')})`;
  const written: Row[] = [];
  for (let start = 0; start < count; start += perStatement) {
    const rows = Math.min(perStatement, count - start);
    const parameters: unknown[] = [];
    for (let i = start; i < start + rows; i++) for (const column of values) parameters.push(column[i] ?? null);
    const result = await db.executeQuery<Row>(CompiledQuery.raw(`insert into "${table}" (${names}) values ${Array(rows).fill(row).join(', ')}${returning}`, parameters));
    for (const r of result.rows) written.push(r);
  }
  return written;
}

/**
 * `insertColumns` for rows given as objects (their properties named as `columns`; a missing one is
 * null), `size` rows a statement (`returning`: answers the rows written, in the order given): on PostgreSQL one unnest insert a piece instead of a VALUES list
 * of a bound value a field (fewer values to convert and parse: docs/performance.md, "Set-based imports").
 */
export async function insertObjects<Row = never>(
  db: Queryable,
  table: string,
  columns: readonly InsertColumn[],
  rows: readonly object[],
  options: InsertOptions & { size?: number } = {},
): Promise<Row[]> {
  // a property the column list does not name would be dropped without a word: a field added to a
  // record's body must be added to its insert's columns too
  const named = new Set(columns.map(([name]) => name));
  const unnamed = rows.length > 0 ? Object.keys(rows[0]!).filter((key) => !named.has(key)) : [];
  if (unnamed.length > 0) throw new Error(`insertObjects into ${table}: no column for ${unnamed.join(', ')}`);
  const written: Row[] = [];
  for (const piece of chunked(rows, options.size ?? 2000)) {
    const values = columns.map(([name]) => piece.map((row) => (row as Record<string, unknown>)[name]));
    for (const r of await insertColumns<Row>(db, table, columns, values, piece.length, options)) written.push(r);
  }
  return written;
}
