// Document numbers like PU20261122-0001: a prefix, the business day (server's local date) and a
// per-day sequence, handed out inside the creating transaction. The number columns are unique.
import { said } from '../../../../shared/messages.js';
import { today } from '../../../db/database.js';
import { isPostgres } from '../../../db/postgres.js';
import type { Queryable } from '../../../db/tables.js';
import { forRecord, refusedField } from '../../../http/errors.js';
import { chunked } from '../../../db/batches.js';

const NUMBER_COLUMNS = {
  pickupRequests: 'orderNumber',
  outboundOrders: 'outboundNumber',
  inboundOrders: 'inboundNumber',
  ownershipTransfers: 'transferNumber',
} as const;
type NumberedTable = keyof typeof NUMBER_COLUMNS;

/** Which of `numbers` records of `table` already carry. */
async function numbersTaken(db: Queryable, table: NumberedTable, numbers: readonly string[]): Promise<Set<string>> {
  const column = NUMBER_COLUMNS[table];
  const taken = new Set<string>();
  for (const piece of chunked(numbers)) {
    const rows = await db
      .selectFrom(table as 'inboundOrders')
      .select(`${column as 'inboundNumber'} as number`)
      .where(column as 'inboundNumber', 'in', piece)
      .execute();
    for (const r of rows) taken.add(r.number);
  }
  return taken;
}

/**
 * Which of `drawn` (consecutive numbers of one prefix) records already carry, read as ranges of the
 * number's btree index: numbers of one length sort as their values, so each length is one range (an
 * `in` list of hundreds of values let PostgreSQL pick the column's trigram index, whose pending list
 * of the rows just inserted it then scans once per value: 2.4 s a batch).
 */
async function numbersTakenIn(db: Queryable, table: NumberedTable, drawn: readonly string[]): Promise<Set<string>> {
  const column = NUMBER_COLUMNS[table] as 'inboundNumber';
  const wanted = new Set(drawn);
  const taken = new Set<string>();
  for (const length of new Set(drawn.map((n) => n.length))) {
    const same = drawn.filter((n) => n.length === length);
    const rows = await db
      .selectFrom(table as 'inboundOrders')
      .select(`${column} as number`)
      .where(column, '>=', same[0]!)
      .where(column, '<=', same.at(-1)!)
      .execute();
    for (const r of rows) if (wanted.has(r.number)) taken.add(r.number);
  }
  return taken;
}

/** The next free number of the day for `table`, e.g. `nextNumber(trx, 'pickupRequests', 'PU')`. */
export const nextNumber = async (db: Queryable, table: NumberedTable, letters: string): Promise<string> => (await nextNumbers(db, table, letters, 1))[0]!;

/**
 * The next `count` free numbers of the day, in order: the day's sequence moves by `count` in one
 * statement; a number a clerk typed by hand earlier (or one in `avoid`) is skipped, and one more drawn.
 */
export async function nextNumbers(db: Queryable, table: NumberedTable, letters: string, count: number, avoid: ReadonlySet<string> = new Set()): Promise<string[]> {
  const prefix = `${letters}${today().replaceAll('-', '')}-`;
  const numbers: string[] = [];
  while (numbers.length < count) {
    const wanted = count - numbers.length;
    const { lastValue } = await db
      .insertInto('documentSequences')
      .values({ prefix, lastValue: wanted })
      .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ lastValue: eb('documentSequences.lastValue', '+', wanted) })))
      .returning('lastValue')
      .executeTakeFirstOrThrow();
    const drawn = Array.from({ length: wanted }, (_, i) => `${prefix}${String(Number(lastValue) - wanted + 1 + i).padStart(4, '0')}`);
    const taken = await numbersTakenIn(db, table, drawn);
    numbers.push(...drawn.filter((n) => !taken.has(n) && !avoid.has(n)));
  }
  return numbers;
}

/**
 * Holds the day's sequence of `letters` until the transaction ends (PostgreSQL), drawing nothing: a
 * stock import takes it before its other locks, as a single create draws its number before it locks
 * its pickup request and its stocks (docs/architecture.md, "Lock order").
 */
export async function holdSequence(db: Queryable, letters: string): Promise<void> {
  if (!isPostgres(db)) return;
  const prefix = `${letters}${today().replaceAll('-', '')}-`;
  await db
    .insertInto('documentSequences')
    .values({ prefix, lastValue: 0 })
    .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ lastValue: eb('documentSequences.lastValue', '+', 0) })))
    .execute();
}

/**
 * The numbers of a batch of new records: a typed one must be free (in the table and in the batch),
 * the others are drawn in order. A refusal names its record (`forRecord`).
 */
export async function numbersFor(db: Queryable, table: NumberedTable, letters: string, field: string, typed: readonly (string | null | undefined)[]): Promise<string[]> {
  const given = typed.filter((n): n is string => !!n);
  const taken = given.length ? await numbersTaken(db, table, given) : new Set<string>();
  const seen = new Set<string>();
  for (const [i, n] of typed.entries()) {
    if (!n) continue;
    if (taken.has(n) || seen.has(n)) await forRecord(i, async () => duplicateNumber(field, n));
    seen.add(n);
  }
  const drawn = await nextNumbers(db, table, letters, typed.length - given.length, seen);
  let next = 0;
  return typed.map((n) => n || drawn[next++]!);
}

export function duplicateNumber(field: string, value: string): never {
  throw refusedField(
    field,
    said(`${field} "${value}" is already used by another record; leave it empty to have one generated`, `${field} “${value}” 已被另一条记录使用；留空即可自动生成`),
  );
}
