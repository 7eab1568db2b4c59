// A page of a business-date range (server/db/paging.ts): on PostgreSQL read day by day when the
// days times the rows a day must give are well under the matches (the ledger of a month), else by
// sorting the matching ids; on SQLite from the date index as before. Either way the same rows as a
// plain filter of the seeded rows, in both orders, on every page, also with another filter beside
// the range. Runs on the engine of the run.
import { beforeAll, describe, expect, it } from 'vitest';
import { inboundListQuery } from '../../shared/warehouse.js';
import { describeList } from '../../server/db/lists.js';
import type { Db, Queryable } from '../../server/db/tables.js';
import { onPostgres, watchSql } from '../helpers/postgres.js';
import { openTestDatabase } from '../helpers/app.js';

const TIME = '2026-11-01T00:00:00.000Z';
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
/** 400 orders whose days go round (an order of the 1st after one of the 5th), two commodities */
const SEEDED = Array.from({ length: 400 }, (_, i) => ({
  inboundNumber: `IB-${String(i + 1).padStart(4, '0')}`,
  commodity: i % 3 === 0 ? 'Zinc' : 'Copper',
  inboundDate: DAYS[(i * 7) % DAYS.length]!,
}));

let db: Db;
let ids: { id: number; commodity: string; inboundDate: string }[];
let sql: ReturnType<typeof watchSql>;

const list = describeList({
  query: inboundListQuery,
  from: (q: Queryable) => q.selectFrom('inboundOrders as d').selectAll('d'),
  filters: [
    { exact: 'commodity', column: 'd.commodity' },
    { from: 'startDate', column: 'd.inboundDate' },
    { to: 'endDate', column: 'd.inboundDate' },
  ],
  key: 'd.id',
  order: 'desc',
  present: (row) => ({ id: row.id }),
});

beforeAll(async () => {
  db = await openTestDatabase();
  sql = watchSql(db);
  const { id: warehouseId } = await db
    .insertInto('warehouses')
    .values({ code: 'W1', name: 'North yard', status: 'active', createTime: TIME, updateTime: TIME })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('inboundOrders')
    .values(SEEDED.map((r) => ({ ...r, warehouseId, inboundWeightMilli: 1000, createTime: TIME, updateTime: TIME })))
    .returning('id')
    .execute();
  ids = SEEDED.map((r, i) => ({ id: rows[i]!.id, commodity: r.commodity, inboundDate: r.inboundDate }));
});

const RANGES = [
  { startDate: '2026-03-02', endDate: '2026-03-04' },
  { startDate: '2026-03-02', endDate: '2026-03-04', commodity: 'Zinc' },
  { startDate: '2026-03-05', endDate: '2026-03-05' },
  { startDate: '2026-02-27', endDate: '2026-03-02' },
  { startDate: '2026-03-04', endDate: '2026-03-02' },
];

describe(`pages of a business-date range (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it.each(RANGES)('equal the plain filter on every page, both orders: %j', async (filters) => {
    for (const sortOrder of ['desc', 'asc'] as const) {
      const want = ids
        .filter((r) => r.inboundDate >= filters.startDate && r.inboundDate <= filters.endDate && (!filters.commodity || r.commodity === filters.commodity))
        .map((r) => r.id)
        .sort((a, b) => (sortOrder === 'desc' ? b - a : a - b));
      for (const [page, pageSize] of [
        [1, 5],
        [2, 5],
        [7, 3],
        [1, 100],
        [3, 100],
      ] as const) {
        const got = await list.list(db, inboundListQuery.parse({ ...filters, page, pageSize, sortOrder }));
        const where = JSON.stringify({ filters, page, pageSize, sortOrder });
        expect(got.total, where).toBe(want.length);
        expect(
          got.items.map((i) => i.id),
          where,
        ).toEqual(want.slice((page - 1) * pageSize, page * pageSize));
      }
    }
  });

  it.runIf(onPostgres)('on PostgreSQL a first page of a few days is read day by day, a page deep into them by sorting the ids', async () => {
    sql.since();
    await list.list(sql.watched, inboundListQuery.parse({ ...RANGES[0], page: 1, pageSize: 5 }));
    expect(sql.since().some((s) => s.includes('unnest('))).toBe(true);
    await list.list(sql.watched, inboundListQuery.parse({ ...RANGES[0], page: 20, pageSize: 5 }));
    const deep = sql.since();
    expect(deep.some((s) => s.includes('unnest('))).toBe(false);
    expect(deep.some((s) => s.includes('+ 0'))).toBe(true);
  });
});
