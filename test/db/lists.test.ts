// The list module (server/db/lists.ts) at the SQL level, on the engine of the run (SQLite, or
// PostgreSQL with CARGODESK_TEST_DATABASE=postgres): the pages and the batched export of a list
// description equal a plain filter of the seeded rows, the export hands out every row once in order
// across batch boundaries, and a prefix filter is paged by walking the list's order when it matches
// many rows, from its index range when it matches few. A list ordered by a column before its key
// (the audit log's time) pages and exports in that order, ties broken by the key.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inboundListQuery } from '../../shared/warehouse.js';
import { describeList, withWarehouseName } from '../../server/db/lists.js';
import { INBOUND_KEYWORD_COLUMNS } from '../../server/db/search.js';
import type { Db, Queryable } from '../../server/db/tables.js';
import { onPostgres, watchSql } from '../helpers/postgres.js';
import { openTestDatabase } from '../helpers/app.js';

const TIME = '2026-11-01T00:00:00.000Z';
const COMMODITIES = ['Copper', 'Zinc', 'Nickel'];
const OWNERS = ['Acme Trading', 'Blue Harbour', 'Copperfield'];

/** 300 orders, oldest first: numbers IB-0001…; B/L numbers BLX… for five of them, BL… for the rest. */
const SEEDED = Array.from({ length: 300 }, (_, i) => ({
  inboundNumber: `IB-${String(i + 1).padStart(4, '0')}`,
  commodity: COMMODITIES[i % 3]!,
  blNumber: [40, 41, 150, 151, 299].includes(i) ? `BLX-${i}` : `BL-${String(i).padStart(4, '0')}`,
  owner: OWNERS[(i * 7) % 3]!,
  inboundDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
}));

type Seeded = (typeof SEEDED)[number] & { id: number };

let db: Db;
let seeded: Seeded[];
let warehouseId: number;
/** `db` with the SQL of each query run through it kept until `sqlSince()` */
let watched: Db;
let sqlSince: () => string[];

const list = describeList({
  query: inboundListQuery,
  from: (q: Queryable) => withWarehouseName(q.selectFrom('inboundOrders as d').selectAll('d'), 'd.warehouseId'),
  filters: [
    { exact: 'warehouse', column: 'd.warehouseId', lookup: async (_db, code) => (code === 'W1' ? warehouseId : 0) },
    { exact: 'commodity', column: 'd.commodity' },
    { from: 'startDate', column: 'd.inboundDate' },
    { to: 'endDate', column: 'd.inboundDate' },
    { keyword: 'keyword', table: 'inboundOrders', columns: INBOUND_KEYWORD_COLUMNS },
    { prefix: 'inboundNumber', column: 'd.inboundNumber' },
    { prefix: 'blNumber', column: 'd.blNumber' },
  ],
  key: 'd.id',
  order: 'desc',
  present: (row) => ({ id: row.id, number: row.inboundNumber, warehouse: row.warehouse }),
});

type Filters = { warehouse?: string; commodity?: string; startDate?: string; endDate?: string; keyword?: string; inboundNumber?: string; blNumber?: string };

/** The list's query as the route would parse it. */
const query = (filters: Filters, paging: { page?: number; pageSize?: number; sortOrder?: 'asc' | 'desc' } = {}) =>
  inboundListQuery.parse({ ...filters, page: paging.page ?? 1, pageSize: paging.pageSize ?? 20, sortOrder: paging.sortOrder });

/** The same filters worked out on the seeded rows, in the list's order. */
function expected(f: Filters, sortOrder: 'asc' | 'desc' = 'desc'): number[] {
  const keyword = f.keyword?.toLowerCase();
  return seeded
    .filter(
      (r) =>
        (!f.warehouse || f.warehouse === 'W1') &&
        (!f.commodity || r.commodity === f.commodity) &&
        (!f.startDate || r.inboundDate >= f.startDate) &&
        (!f.endDate || r.inboundDate <= f.endDate) &&
        (!keyword || [r.inboundNumber, r.blNumber, r.commodity, r.owner].some((v) => v.toLowerCase().includes(keyword))) &&
        (!f.inboundNumber || r.inboundNumber.startsWith(f.inboundNumber)) &&
        (!f.blNumber || r.blNumber.startsWith(f.blNumber)),
    )
    .map((r) => r.id)
    .sort((a, b) => (sortOrder === 'desc' ? b - a : a - b));
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

beforeAll(async () => {
  db = await openTestDatabase();
  const sql = watchSql(db);
  watched = sql.watched;
  sqlSince = sql.since;
  const warehouse = await db
    .insertInto('warehouses')
    .values({ code: 'W1', name: 'North yard', status: 'active', createTime: TIME, updateTime: TIME })
    .returning('id')
    .executeTakeFirstOrThrow();
  warehouseId = warehouse.id;
  const rows = await db
    .insertInto('inboundOrders')
    .values(SEEDED.map((r) => ({ ...r, warehouseId, inboundWeightMilli: 1000, createTime: TIME, updateTime: TIME })))
    .returning('id')
    .execute();
  seeded = SEEDED.map((r, i) => ({ ...r, id: rows[i]!.id }));
});

/** The filters every check below is run with: each kind of filter, alone and together. */
const CASES: Filters[] = [
  {},
  { commodity: 'Zinc' },
  { warehouse: 'W1' },
  { warehouse: 'no such warehouse' },
  { startDate: '2026-03-01', endDate: '2026-06-30' },
  { keyword: 'copper' },
  { keyword: 'HARBOUR' },
  { keyword: 'bl' },
  { inboundNumber: 'IB' },
  { inboundNumber: 'IB-01' },
  { inboundNumber: 'IB-0299' },
  { blNumber: 'BLX' },
  { blNumber: 'BL-' },
  { inboundNumber: 'IB-02', blNumber: 'BL-02' },
  { commodity: 'Nickel', inboundNumber: 'IB', startDate: '2026-05-01' },
  { keyword: 'acme', blNumber: 'BL-01' },
  { inboundNumber: 'NONE' },
];

describe(`a list from its description (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it.each(CASES)('pages equal the filter worked out on the seeded rows: %j', async (filters) => {
    for (const sortOrder of ['desc', 'asc'] as const) {
      const want = expected(filters, sortOrder);
      for (const [page, pageSize] of [
        [1, 20],
        [2, 20],
        [3, 7],
        [15, 20],
        [16, 20],
      ] as const) {
        const got = await list.list(db, query(filters, { page, pageSize, sortOrder }));
        const where = JSON.stringify({ filters, page, pageSize, sortOrder });
        expect(got.total, where).toBe(want.length);
        expect(
          got.items.map((i) => i.id),
          where,
        ).toEqual(want.slice((page - 1) * pageSize, page * pageSize));
      }
    }
  });

  it.each(CASES)('the export hands out every match once, in order, across batches: %j', async (filters) => {
    for (const sortOrder of ['desc', 'asc'] as const) {
      const want = expected(filters, sortOrder);
      // batches of 7 end mid-list; batches of as many as there are matches end exactly at the last one
      for (const batch of [7, Math.max(want.length, 1), 2000]) {
        const got = (await collect(await list.all(db, query(filters, { sortOrder }), undefined, batch))).map((i) => i.id);
        expect(got, JSON.stringify({ filters, sortOrder, batch })).toEqual(want);
      }
    }
  });

  it('the export reads one batch after another along the key, each after the last row of the one before', async () => {
    sqlSince();
    const got = await collect(await list.all(watched, query({ commodity: 'Copper' }), undefined, 40));
    expect(got).toHaveLength(100);
    const reads = sqlSince();
    // 40 + 40 + 20: the third batch is short, so it is the last
    expect(reads).toHaveLength(3);
    expect(reads[0]).not.toMatch(/"d"\."id" </);
    expect(reads[1]).toMatch(/"d"\."id" </);
    expect(reads.every((s) => /order by "d"\."id" desc limit/.test(s))).toBe(true);
  });

  it('rows carry the warehouse name, read by a subquery', async () => {
    sqlSince();
    const page = await list.list(watched, query({}, { pageSize: 3 }));
    expect(page.items.map((i) => i.warehouse)).toEqual(['North yard', 'North yard', 'North yard']);
    expect(sqlSince().some((s) => /\(select "w"\."name" from "warehouses" as "w" where "w"\."id" = "d"\."warehouseId"\) as "warehouse"/.test(s))).toBe(true);
  });

  it('a prefix matching many rows is paged by walking the list order and testing it per row', async () => {
    sqlSince();
    const page = await list.list(watched, query({ inboundNumber: 'IB' }, { page: 2 }));
    expect(page.total).toBe(300);
    expect(page.items.map((i) => i.id)).toEqual(expected({ inboundNumber: 'IB' }).slice(20, 40));
    const reads = sqlSince();
    const pageRead = reads.at(-1)!;
    expect(pageRead).toContain(`("d"."inboundNumber" || '')`);
  });

  it('a prefix matching a page or less is read from its index range', async () => {
    sqlSince();
    const page = await list.list(watched, query({ blNumber: 'BLX' }));
    expect(page.total).toBe(5);
    expect(page.items.map((i) => i.number)).toEqual(['IB-0300', 'IB-0152', 'IB-0151', 'IB-0042', 'IB-0041']);
    const reads = sqlSince();
    expect(reads.some((s) => s.includes(`|| ''`))).toBe(false);
    expect(reads.at(-1)).toMatch(/"d"\."blNumber" >= .* and "d"\."blNumber" < /);
  });

  it('the export reads a prefix as its index range, never per row', async () => {
    sqlSince();
    await collect(await list.all(watched, query({ inboundNumber: 'IB' }), undefined, 2000));
    const reads = sqlSince();
    expect(reads.some((s) => s.includes(`|| ''`))).toBe(false);
    expect(reads[0]).toMatch(/"d"\."inboundNumber" >= .* and "d"\."inboundNumber" < /);
  });
});

/** 30 audit entries at 6 instants, 5 at each; the instants are not in id order, so id alone is not the list's order. */
const ENTRIES = Array.from({ length: 30 }, (_, i) => ({ time: `2026-11-0${((i * 5) % 6) + 1}T08:00:00.000Z`, entityId: i }));

const byTime = describeList({
  query: z.object({ atMost: z.number().optional(), sortOrder: z.enum(['asc', 'desc']).optional() }),
  from: (q: Queryable) => q.selectFrom('auditLog').select(['id', 'time', 'entityId']),
  filters: [{ custom: 'atMost', where: (eb, value) => eb('entityId', '<=', Number(value)) }],
  orderBy: 'time',
  key: 'id',
  order: 'desc',
  present: (row) => row,
});

describe(`a list ordered by a column before its key (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let ids: number[];
  beforeAll(async () => {
    const rows = await db
      .insertInto('auditLog')
      .values(ENTRIES.map((e) => ({ ...e, userId: null, username: null, action: 'create', entity: 'test', before: null, after: null })))
      .returning('id')
      .execute();
    ids = rows.map((r) => r.id);
  });

  /** The entries in (time, id) order, the filter applied. */
  const want = (sortOrder: 'asc' | 'desc', atMost?: number) => {
    const sign = sortOrder === 'asc' ? 1 : -1;
    return ENTRIES.map((e, i) => ({ ...e, id: ids[i]! }))
      .filter((e) => atMost === undefined || e.entityId <= atMost)
      .sort((a, b) => sign * (a.time === b.time ? a.id - b.id : a.time < b.time ? -1 : 1))
      .map((e) => e.id);
  };

  it('pages by the column, then by the key among equal values, either way', async () => {
    for (const sortOrder of ['desc', 'asc'] as const)
      for (const page of [1, 2, 3, 8, 9]) {
        const got = await byTime.list(db, { page, pageSize: 4, sortOrder });
        expect(got.total).toBe(30);
        expect(got.items.map((i) => i.id)).toEqual(want(sortOrder).slice((page - 1) * 4, page * 4));
      }
  });

  it('the export continues after the last (column, key) pair: batches ending amid equal values lose and repeat nothing', async () => {
    for (const sortOrder of ['desc', 'asc'] as const)
      for (const batch of [3, 4, 30]) {
        const got = await collect(await byTime.all(db, { sortOrder }, undefined, batch));
        expect(
          got.map((i) => i.id),
          JSON.stringify({ sortOrder, batch }),
        ).toEqual(want(sortOrder));
      }
  });

  it('a filter whose value is 0 is applied (only undefined, null and empty text are no filter)', async () => {
    const got = await byTime.list(db, { atMost: 0, page: 1, pageSize: 20 });
    expect(got.items.map((i) => i.id)).toEqual(want('desc', 0));
    expect(got.total).toBe(1);
    expect((await byTime.list(db, { page: 1, pageSize: 50 })).total).toBe(30);
  });

  it('refuses prefix filters beside an order column, which paging walks along the key alone', () => {
    expect(() =>
      describeList({
        query: z.object({ entity: z.string().optional() }),
        from: (q: Queryable) => q.selectFrom('auditLog').selectAll(),
        filters: [{ prefix: 'entity', column: 'entity' }],
        orderBy: 'time',
        key: 'id',
        order: 'desc',
        present: (row) => row,
      }),
    ).toThrow(/prefix/);
  });
});
