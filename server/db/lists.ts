// A record list from one description: the table with its display columns, the filters the list's
// query names, the sort key and the presenter. From it come the filtered query, one page of the list
// (`paginate`, whose prefix strategies live in paging.ts) and every record the filters match, read
// in batches along the sort key (the export).
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import type { z } from 'zod';
import type { Paged } from '../../shared/paging.js';
import { inBatches } from './batches.js';
import { paginate, withPrefixes, type Clustered, type PageRequest, type StartsWith } from './paging.js';
import { isPostgres } from './postgres.js';
import { withinScope, type Scope } from './scope.js';
import { containsKeyword } from './search.js';
import type { Database, Queryable } from './tables.js';

type Direction = 'asc' | 'desc';

/** The order a list's query may ask for (`sortOrder`, beside its filters and paging). */
const sortOrder = (q: object): Direction | undefined => (q as { sortOrder?: Direction }).sortOrder;

type Param<Q> = Extract<keyof Q, string>;

/** a business date as the query schemas take it */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One filter of a list, applied when its query parameter is given (not undefined, null or empty text: 0 is a value). */
export type ListFilter<DB, TB extends keyof DB, Q> =
  /** `column` equals the value; `lookup` first turns the sent text into the stored value (a warehouse's code or name into its id) */
  | { exact: Param<Q>; column: StringReference<DB, TB>; lookup?: (db: Queryable, value: string) => Promise<unknown> }
  /** `column` starts with the value: paged by `paginate`'s strategies, read as an index range by the export */
  | { prefix: Param<Q>; column: StringReference<DB, TB> }
  /** `column` is the value or after it (a business date from) */
  | { from: Param<Q>; column: StringReference<DB, TB> }
  /** `column` is the value or before it (a business date to) */
  | { to: Param<Q>; column: StringReference<DB, TB> }
  /** one of `columns` contains the value (LIKE '%…%', which ignores case on both engines) */
  | { contains: Param<Q>; columns: readonly StringReference<DB, TB>[] }
  /** one of `columns` contains the value, read from the keyword index of `table` (server/db/search.ts); the list's key is its id */
  | { keyword: Param<Q>; table: string; columns: readonly string[] }
  /** a condition of the list's own, built from the value (a catalog's name rule, a date's first instant) */
  | { custom: Param<Q>; where: (eb: ExpressionBuilder<DB, TB>, value: string, db: Queryable) => Expression<SqlBool> };

export interface ListDescription<DB, TB extends keyof DB, Row, Item, Q extends object, Extra> {
  /** the list route's query schema: the filters name its fields */
  query: z.ZodType<Q>;
  /** the table and the display columns beside its own (the warehouse name): also what one record's read starts from */
  from: (db: Queryable) => SelectQueryBuilder<DB, TB, Row>;
  /** the list's filters, in the order they are applied */
  filters: readonly ListFilter<DB, TB, Q>[];
  /**
   * The column holding the warehouse id of a kind of the pickup, warehouse or stock areas: every
   * query of the list is then limited to the reader's warehouses (scope.ts), and each method needs
   * the reader's scope.
   */
  warehouse?: StringReference<DB, TB>;
  /**
   * The sort key: unique, as the export continues after the last row's key. Prefix filters and the
   * keyword filter need it to be the table's integer id.
   */
  key: StringReference<DB, TB>;
  /**
   * A column the list is ordered by before its key, which then only breaks ties (the audit log's
   * time). Not with prefix filters: `paginate` walks those along the key alone.
   */
  orderBy?: StringReference<DB, TB>;
  /** the order when the query asks for none */
  order: Direction;
  /** what the rows of one page or batch need besides themselves (their attachments), read once for them all */
  attach?: (db: Queryable, rows: Row[]) => Promise<Extra>;
  /** a row as the API answers it */
  present: (row: Row, attached: Extra) => Item;
}

/** `scope`: the reader's warehouses, for a list that names its `warehouse` column (required there; ignored elsewhere). */
export interface List<DB, TB extends keyof DB, Row, Item, Q extends object> {
  /**
   * The query narrowed by the scope and every filter but the prefixes, unordered, and the prefixes
   * apart (see `paginate`); `clustered` when a filter other than an exact value or a prefix applies
   * (a range, a keyword), whose matches may lie together anywhere along the key's order.
   */
  filter(
    db: Queryable,
    q: Q,
    scope?: Scope,
  ): Promise<{ query: SelectQueryBuilder<DB, TB, Row>; prefixes: StartsWith<DB, TB>[]; clustered: boolean; dates?: Clustered<DB, TB, Row>['dates'] }>;
  /** one page of the records the filters match and their count (`total`, when the caller has counted them already) */
  list(db: Queryable, q: Q & PageRequest, scope?: Scope, total?: number): Promise<Paged<Item>>;
  /** every record the filters match, in the list's order, read `batch` rows at a time (exports) */
  all(db: Queryable, q: Q, scope?: Scope, batch?: number): Promise<AsyncIterable<Item>>;
}

export function describeList<DB, TB extends keyof DB, Row, Item, Q extends object, Extra = undefined>(d: ListDescription<DB, TB, Row, Item, Q, Extra>): List<DB, TB, Row, Item, Q> {
  const attach = d.attach ?? (async () => undefined as Extra);
  if (d.orderBy && d.filters.some((f) => 'prefix' in f)) throw new Error('describeList: prefix filters need the list ordered by its key alone');
  /** the columns of the order, the key last, with the value each has in a row */
  const order = [...(d.orderBy ? [d.orderBy] : []), d.key].map((column) => ({ column, name: String(column).split('.').pop()! }));
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';

  async function filter(db: Queryable, q: Q, scope?: Scope) {
    let query = d.from(db);
    if (d.warehouse) {
      // a programming error, not a request's: a scoped list must be told whose warehouses it reads
      if (!scope) throw new Error("describeList: a list of warehouse records needs the reader's scope");
      query = withinScope(query, d.warehouse, scope);
    }
    const prefixes: StartsWith<DB, TB>[] = [];
    let clustered = false;
    /** the bounds given for each column with `from` and `to` filters */
    const range: Record<string, { from?: string; to?: string }> = {};
    for (const f of d.filters) {
      if ('exact' in f) {
        const value = q[f.exact];
        if (!given(value)) continue;
        const stored = f.lookup ? await f.lookup(db, String(value)) : value;
        query = query.where((eb) => eb(sql.ref(f.column), '=', stored));
      } else if ('prefix' in f) {
        const value = q[f.prefix];
        if (given(value)) prefixes.push({ column: f.column, prefix: String(value) });
      } else if ('from' in f) {
        const value = q[f.from];
        if (!given(value)) continue;
        query = query.where((eb) => eb(sql.ref(f.column), '>=', value));
        clustered = true;
        range[String(f.column)] = { ...range[String(f.column)], from: String(value) };
      } else if ('to' in f) {
        const value = q[f.to];
        if (!given(value)) continue;
        query = query.where((eb) => eb(sql.ref(f.column), '<=', value));
        clustered = true;
        range[String(f.column)] = { ...range[String(f.column)], to: String(value) };
      } else if ('contains' in f) {
        const value = q[f.contains];
        if (!given(value)) continue;
        clustered = true;
        const like = `%${String(value)}%`;
        query = query.where((eb) => {
          const tests = f.columns.map((c) => eb(sql.ref(c), 'like', like));
          return tests.length === 1 ? tests[0]! : eb.or(tests);
        });
      } else if ('keyword' in f) {
        const value = q[f.keyword];
        if (!given(value)) continue;
        const keyword = String(value);
        query = query.where((eb) => containsKeyword(db, eb, f.table, String(d.key), f.columns, keyword));
        clustered = true;
      } else {
        const value = q[f.custom];
        if (!given(value)) continue;
        query = query.where((eb) => f.where(eb, String(value), db));
        clustered = true;
      }
    }
    const [column, bounds] = Object.entries(range).length === 1 ? Object.entries(range)[0]! : [];
    const dates =
      column && bounds?.from && bounds.to && DATE.test(bounds.from) && DATE.test(bounds.to)
        ? { column: column as StringReference<DB, TB>, from: bounds.from, to: bounds.to }
        : undefined;
    return { query, prefixes, clustered, dates };
  }

  const present = async (db: Queryable, rows: Row[]) => {
    const attached = await attach(db, rows);
    return rows.map((row) => d.present(row, attached));
  };

  const ordered = (query: SelectQueryBuilder<DB, TB, Row>, direction: Direction) => order.reduce((q, { column }) => q.orderBy(column, direction), query);

  /** The rows after `last` in the list's order: after its key, or after its (orderBy, key) pair. */
  const after = (last: Row, direction: Direction) => {
    const values = order.map(({ name }) => sql.val((last as Record<string, unknown>)[name]));
    const columns = order.map(({ column }) => sql.ref(String(column)));
    const op = sql.raw(direction === 'desc' ? '<' : '>');
    return order.length === 1 ? sql<SqlBool>`${columns[0]} ${op} ${values[0]}` : sql<SqlBool>`(${sql.join(columns)}) ${op} (${sql.join(values)})`;
  };

  return {
    filter,

    async list(db, q, scope, total) {
      const { query, prefixes, clustered, dates } = await filter(db, q, scope);
      const direction = sortOrder(q) ?? d.order;
      const keys = { prefixes, id: d.key, direction };
      const page = await paginate(db, ordered(query, direction), q, (row) => row, keys, clustered && !d.orderBy ? { rows: d.from(db), dates } : undefined, total);
      return { ...page, items: await present(db, page.items) };
    },

    async all(db, q, scope, batch) {
      const { query, prefixes } = await filter(db, q, scope);
      const filtered = withPrefixes(query, prefixes);
      const direction = sortOrder(q) ?? d.order;
      const next = (last: Row | undefined) => (last ? filtered.where(after(last, direction)) : filtered);
      // a batch's rows are presented together (one read of their attachments), then handed out one by one
      return inBatches<{ row: Row; item: Item }, Item>(
        async (last, size) => {
          const rows = await ordered(next(last?.row), direction).limit(size).execute();
          const items = await present(db, rows);
          return rows.map((row, i) => ({ row, item: items[i]! }));
        },
        (r) => r.item,
        batch,
      );
    },
  };
}

/**
 * `query` with the name of the warehouse whose id the row holds in `warehouseId`, as `warehouse`.
 * Read by a subquery, not a join: the count of a filtered list then reads one table's index.
 */
export function withWarehouseName<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  warehouseId: StringReference<DB, TB>,
): SelectQueryBuilder<DB, TB, O & { warehouse: string }> {
  const name = expressionBuilder<Database, never>()
    .selectFrom('warehouses as w')
    .select('w.name')
    .where('w.id', '=', sql.ref<number>(String(warehouseId)))
    .as('warehouse');
  return (query as unknown as SelectQueryBuilder<Database, never, O>).select(name) as unknown as SelectQueryBuilder<DB, TB, O & { warehouse: string }>;
}

/**
 * `column` holds the id of one of the rows just read (`ids`), which `sameFilter` selects again: what
 * belongs to the rows of an unpaged list, in one query whatever their number. On PostgreSQL the ids
 * go as one array parameter (`= any($1)`), so the filter (a keyword's index scan) does not run twice;
 * on SQLite the filter runs again as a subquery, which costs less than handing it 50,000 ids.
 */
export function ofRows<DB, TB extends keyof DB>(
  db: Queryable,
  column: string,
  ids: readonly number[],
  sameFilter: SelectQueryBuilder<DB, TB, { id: number }>,
): RawBuilder<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]})` : sql<SqlBool>`${sql.ref(column)} in (${sameFilter})`;
}
