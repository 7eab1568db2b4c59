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
