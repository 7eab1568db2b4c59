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
