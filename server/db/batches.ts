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

/** A code unit of a surrogate pair without its other half: JSON.stringify escapes it, an escape PostgreSQL's JSON refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The first `count` values of a column as one JSON array (undefined is null): one flat string made
 * natively, where an array literal built in JavaScript made several short-lived strings a value, which
 * grew the young generation during a large import (docs/performance.md, "JSON arrays for PostgreSQL's
 * set-based inserts"). A lone surrogate becomes U+FFFD, as node-postgres's UTF-8 encoding makes it in any
 * other bound text.
 */
function jsonArray(column: readonly unknown[], count: number): string {
  const values = column.length === count ? column : column.slice(0, count);
  const json = JSON.stringify(values);
  // only JSON's escape of a lone surrogate (or a user's own text "\udXXX") takes the slower way
  if (!/\\ud[89a-f]/i.test(json)) return json;
  return JSON.stringify(values.map((v) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v)));
}

/**
 * What an insert adds after its rows: `onConflict`, an `on conflict (…) do …` clause as SQL text
 * (the caller's own, from its column names: never from input); `returning`: the rows written are answered.
 */
export interface InsertOptions {
  onConflict?: string;
  returning?: boolean;
}

/** The cast of a JSON array's text element to each migration type's PostgreSQL type (server/db/postgres.ts makes the same columns). */
const PG_CAST = { integer: '::bigint', real: '::double precision', text: '' } as const;

/**
 * Inserts `count` rows given column by column (`values[j][i]`: column j of row i; undefined is null)
 * with the fewest statements and bound values each engine allows. PostgreSQL: one statement, a JSON
 * array a column, zipped row by row as unnest zips arrays (`insert … select c0::bigint, c1, … from rows
 * from (json_array_elements_text($1::json), json_array_elements_text($2::json), …)`): as many bound
 * values as columns, one parse, whatever the count. SQLite: multi-row VALUES of up to 30,000 bound values a
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
    const elements = columns.map((_, j) => `json_array_elements_text($${j + 1}::json)`).join(', ');
    const aliases = columns.map((_, j) => `c${j}`).join(', ');
    const casts = columns.map(([, type], j) => `c${j}${PG_CAST[type]}`).join(', ');
    const parameters = values.map((column) => jsonArray(column, count));
    const text = `insert into "${table}" (${names}) select ${casts} from rows from (${elements}) as x(${aliases})${returning}`;
    return (await db.executeQuery<Row>(CompiledQuery.raw(text, parameters))).rows;
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
 * null), `size` rows a statement (`returning`: answers the rows written, in the order given): on PostgreSQL one insert a piece (a JSON array a column) instead of a VALUES list
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
