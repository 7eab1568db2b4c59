import { sql, type RawBuilder, type SelectQueryBuilder, type StringReference } from 'kysely';
import type { Paged } from '../../shared/paging.js';
import { aggregateRows } from './aggregates.js';
import { isPostgres } from './postgres.js';
import type { Queryable } from './tables.js';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The upper end of a "starts with" range: every text that starts with `prefix` sorts below it. */
export const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** A "starts with" filter of a list (a document or B/L number): the rows whose `column` starts with `prefix`. */
export interface StartsWith<DB, TB extends keyof DB> {
  column: StringReference<DB, TB>;
  prefix: string;
}

/** `query` narrowed by the prefixes as ranges of their columns, which the columns' indexes answer. */
export function withPrefixes<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, prefixes: readonly StartsWith<DB, TB>[]) {
  return prefixes.reduce(
    (q, { column, prefix }) =>
      q.where((eb) => {
        const value = sql.ref<string>(column);
        return eb.and([eb(value, '>=', prefix), eb(value, '<', prefixEnd(prefix))]);
      }),
    query,
  );
}

/** The same filter tested on each row: no index is read for an expression (`column || ''`, on either engine), so the list's own order is walked. */
function testedPerRow<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, prefixes: readonly StartsWith<DB, TB>[]) {
  return prefixes.reduce(
    (q, { column, prefix }) =>
      q.where((eb) => {
        const value = sql<string>`(${sql.ref(column)} || '')`;
        return eb.and([eb(value, '>=', prefix), eb(value, '<', prefixEnd(prefix))]);
      }),
    query,
  );
}

/** A list's "starts with" filters, kept out of its query so that `paginate` can choose how to apply them. */
export interface PrefixFilters<DB, TB extends keyof DB> {
  prefixes: readonly StartsWith<DB, TB>[];
  /** the list is ordered by this integer primary key alone, in `direction` */
  id: StringReference<DB, TB>;
  direction: 'asc' | 'desc';
}

/**
 * One page of a filtered query plus the total count of the filter: two queries, whatever the size.
 * `query` carries the filters and the order; `present` turns a row into what the API sends.
 *
 * A list with "starts with" filters passes them apart (`prefixed`; `query` then holds the other
 * filters and is ordered by `prefixed.id`), and the page takes a few more small queries. The count
 * reads the prefixes' index ranges (`countMatching`). For the page, a prefix that matches many rows
 * (`OB`: every outbound order) would make SQLite read the index range and sort every match to keep
 * 20; instead, once the count says there is more than one page, the page walks the list's order and
 * tests the prefix on each row (`walkedPage`), and only falls back to the range and sort when a
 * bounded walk does not find the page. A prefix matching a page or less is read from its range.
 *
 * `clustered` is given when the filters pick rows that may lie together far along the key's order
 * (a date range, a keyword): on PostgreSQL such a page is read by `dayByDayPage` or `sortedPage`.
 * `knownTotal` is the filter's count when the caller has it already (the finance list counts its
 * matches per currency for its totals), so it is not counted again.
 */
export async function paginate<DB, TB extends keyof DB, Row, Item>(
  db: Queryable,
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: PageRequest,
  present: (row: Row) => Item,
  prefixed?: PrefixFilters<DB, TB>,
  clustered?: Clustered<DB, TB, Row>,
  knownTotal?: number,
): Promise<Paged<Item>> {
  const prefixes = prefixed?.prefixes ?? [];
  const matching = withPrefixes(query, prefixes);
  const total = knownTotal ?? (prefixed && prefixes.length > 0 ? await countMatching(db, query, prefixed) : await countOf(db, matching));
  const offset = (page - 1) * pageSize;
  let rows: Row[] | undefined;
  if (prefixed && prefixes.length > 0) {
    // past the last match there is nothing to read (the range plan would still sort every match)
    if (offset >= total) rows = [];
    else if (total > pageSize) rows = await walkedPage(query, prefixed, total, offset, pageSize);
  }
  if (!rows && clustered && prefixed && isPostgres(db)) {
    const days = clustered.dates && daysOf(clustered.dates);
    if (offset >= total) rows = [];
    else if (days && 2 * days.length * (offset + pageSize) < total) rows = await dayByDayPage(clustered, days, matching, prefixed, offset, pageSize);
    else if (total <= SORTED_UP_TO) rows = await sortedPage(clustered, matching, prefixed, offset, pageSize);
  }
  rows ??= await matching.limit(pageSize).offset(offset).execute();
  return { items: rows.map(present), total, page, pageSize };
}

/** What `paginate` needs to read the page of a filter whose matches may lie together (PostgreSQL). */
export interface Clustered<DB, TB extends keyof DB, Row> {
  /** the list's rows, unfiltered: the page's rows are read from them by id */
  rows: SelectQueryBuilder<DB, TB, Row>;
  /** a business-date range the filters hold, both ends given (YYYY-MM-DD) */
  dates?: { column: StringReference<DB, TB>; from: string; to: string };
}

const DAY_MS = 86_400_000;

/** Every day from `from` to `to` (YYYY-MM-DD), or undefined for an empty range or one of more than ten years. */
function daysOf({ from, to }: { from: string; to: string }): string[] | undefined {
  const [start, end] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
  if (!(start <= end) || end - start > 3_660 * DAY_MS) return undefined;
  return Array.from({ length: (end - start) / DAY_MS + 1 }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/**
 * On PostgreSQL, a page of a business-date range (the ledger of a month: 41,000 entries) read day by
 * day: for each day of the range the first `offset + pageSize` matches in the key's order (an index
 * on the date and the key hands them out in that order and stops), then the page out of those. The
 * rows the page needs are among them, since each is among the first of its own day. `paginate` uses
 * it when the days times the rows read per day are well under the matches, which sorting would read
 * one by one (`sortedPage`): a month's first page reads 30 × 20 entries instead of 41,000.
 */
async function dayByDayPage<DB, TB extends keyof DB, Row>(
  clustered: Clustered<DB, TB, Row>,
  days: string[],
  matching: SelectQueryBuilder<DB, TB, Row>,
  { id, direction }: PrefixFilters<DB, TB>,
  offset: number,
  pageSize: number,
): Promise<Row[]> {
  const key = sql.ref<number>(id);
  const ofDay = idsOf(matching, key)
    .where((eb) => eb(sql.ref(clustered.dates!.column), '=', sql.ref('days.day')))
    .orderBy(key, direction)
    .limit(offset + pageSize);
  const ids = sql`(select "pageId" from unnest(${days}::text[]) as days(day) cross join lateral (${ofDay}) as "ofDay" order by "pageId" ${sql.raw(direction)} limit ${pageSize} offset ${offset})`;
  return rowsOf(clustered, key, direction, ids);
}

/** The ids (as `pageId`) of the rows `matching` selects, unordered. */
const idsOf = <DB, TB extends keyof DB, Row>(matching: SelectQueryBuilder<DB, TB, Row>, key: RawBuilder<number>) => matching.clearSelect().clearOrderBy().select(key.as('pageId'));

/** The list's rows whose ids `ids` selects, in the list's order. */
const rowsOf = <DB, TB extends keyof DB, Row>(clustered: Clustered<DB, TB, Row>, key: RawBuilder<number>, direction: 'asc' | 'desc', ids: unknown) =>
  clustered.rows
    .where((eb) => eb(key, 'in', ids as never))
    .orderBy(key, direction)
    .execute();

/** Matches up to which `sortedPage` sorts them all (~0.1 µs each); past that the planner walks as it sees fit. */
const SORTED_UP_TO = 100_000;

/**
 * On PostgreSQL, the page of a filter whose matches may lie together far along the list's order:
 * the page's ids sorted out of every match, read from the filter's own index (`id + 0` is an order
 * no index offers), then the rows of those ids. Left to itself the planner assumes the matches are
 * spread evenly and walks the primary key testing each row: the June 2025 entries of the ledger lie
 * after 200,000 older ones (280 ms), the two orders of one B/L number anywhere among 200,000 (2 s).
 * SQLite reads the ids from the filter's index and sorts them likewise.
 */
async function sortedPage<DB, TB extends keyof DB, Row>(
  clustered: Clustered<DB, TB, Row>,
  matching: SelectQueryBuilder<DB, TB, Row>,
  { id, direction }: PrefixFilters<DB, TB>,
  offset: number,
  pageSize: number,
): Promise<Row[]> {
  const key = sql.ref<number>(id);
  const ids = idsOf(matching, key)
    .orderBy(sql`${key} + 0`, direction)
    .limit(pageSize)
    .offset(offset);
  return rowsOf(clustered, key, direction, ids);
}

/** The count of `query`'s rows (remembered on PostgreSQL while nothing changes: aggregates.ts). */
async function countOf<DB, TB extends keyof DB, O>(db: Queryable, query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const [countRow] = await aggregateRows(
    db,
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total')),
  );
  return Number((countRow as { total?: number } | undefined)?.total ?? 0);
}

/**
 * The count of `query` narrowed by the prefixes. Counting the matches of a prefix reads its index
 * range entry by entry (~30 ms for 800,000 inbound orders); when a single prefix matches most of a
 * list that has no other filter, the rows outside it are counted instead (the table's count, which
 * SQLite reads from its b-tree, less the index ranges below and above the prefix and the NULLs).
 */
async function countMatching<DB, TB extends keyof DB, O>(db: Queryable, query: SelectQueryBuilder<DB, TB, O>, prefixed: PrefixFilters<DB, TB>): Promise<number> {
  const { prefixes } = prefixed;
  const only = prefixes.length === 1 ? prefixes[0]! : undefined;
  if (!only || query.toOperationNode().where || !(await mostlyMatches(db, query, only, prefixed))) return countOf(db, withPrefixes(query, prefixes));
  const column = sql.ref<string>(only.column);
  const below = await countOf(
    db,
    query.where((eb) => eb(column, '<', only.prefix)),
  );
  const above = await countOf(
    db,
    query.where((eb) => eb(column, '>=', prefixEnd(only.prefix))),
  );
  const empty = await countOf(
    db,
    query.where((eb) => eb(column, 'is', null)),
  );
  return (await countOf(db, query)) - below - above - empty;
}

/** Whether the prefix matches more than half of 64 rows spread evenly over the list's ids (each read by its id). */
async function mostlyMatches<DB, TB extends keyof DB, O>(
  db: Queryable,
  query: SelectQueryBuilder<DB, TB, O>,
  prefix: StartsWith<DB, TB>,
  { id }: PrefixFilters<DB, TB>,
): Promise<boolean> {
  const low = await firstId(query, { id, direction: 'asc', prefixes: [] });
  const high = await firstId(query, { id, direction: 'desc', prefixes: [] });
  if (low === null || high === null) return false;
  const samples = Math.min(64, high - low + 1);
  const ids = [...new Set(Array.from({ length: samples }, (_, i) => low + Math.round((i * (high - low)) / Math.max(samples - 1, 1))))];
  const sampled = query.where((eb) => eb(sql.ref<number>(id), 'in', ids));
  const rows = await countOf(db, sampled);
  return rows >= 16 && 2 * (await countOf(db, withPrefixes(sampled, [prefix]))) > rows;
}

/** The first id in the list's order (the highest for a newest-first list) of the rows `query` matches, or null. */
async function firstId<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, { id, direction }: PrefixFilters<DB, TB>): Promise<number | null> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => (direction === 'desc' ? eb.fn.max(id) : eb.fn.min(id)).as('first'))
    .executeTakeFirst();
  const first = (row as { first?: number | null } | undefined)?.first;
  return first === undefined || first === null ? null : Number(first);
}

/**
 * The page read by walking the list's order (`query`'s other filters and its id order) and testing
 * the prefixes on each row, or undefined when that does not find it cheaply.
 *
 * A walk visits a window of ids. The first starts where the list starts (the newest order for a
 * newest-first list), where a prefix such as `OB` or `OB2026` has its matches: 4 ids for each row up
 * to the page's end, enough when at least a quarter of the rows there match. If that window does not
 * hold the page, a second one starts at the list's first match, which costs one more pass over the
 * prefix's index range (about what the count cost): numbers are handed out in order, so a prefix's
 * matches lie together (`OB2025`: every order of 2025, under every order of 2026). That window is
 * 2 × `total` ids long: a walk visits a row for a third to a sixth of what sorting a match costs, so
 * a walk that does not find the page costs less than the sort it was to spare.
 *
 * A window that starts at or before the list's first match holds the list's first k matches, in
 * order: the page is right when it came back with as many rows as it must have (`total` says how
 * many), that is when the window held every row up to the page's end.
 */
async function walkedPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  prefixed: PrefixFilters<DB, TB>,
  total: number,
  offset: number,
  pageSize: number,
): Promise<Row[] | undefined> {
  const { prefixes, id, direction } = prefixed;
  const wanted = Math.min(pageSize, total - offset);
  const walk = testedPerRow(query, prefixes);
  const idValue = sql.ref<number>(id);
  const inWindow = async (start: number, length: number) => {
    const window = walk.where((eb) =>
      direction === 'desc' ? eb.and([eb(idValue, '<=', start), eb(idValue, '>', start - length)]) : eb.and([eb(idValue, '>=', start), eb(idValue, '<', start + length)]),
    );
    const rows = await window.limit(pageSize).offset(offset).execute();
    return rows.length === wanted ? rows : undefined;
  };
  const listStart = await firstId(query.clearWhere(), prefixed);
  if (listStart === null) return undefined;
  const atListStart = await inWindow(listStart, Math.min(4 * (offset + pageSize), 2 * total));
  if (atListStart) return atListStart;
  const firstMatch = await firstId(withPrefixes(query, prefixes), prefixed);
  return firstMatch === null ? undefined : inWindow(firstMatch, 2 * total);
}
