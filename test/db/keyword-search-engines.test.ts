// The keyword filter answers the same rows on both engines: SQLite's FTS5 trigram index (and LIKE
// for keywords under three characters) and PostgreSQL's pg_trgm GIN indexes read by ILIKE, over the
// same contracts. Needs a PostgreSQL server, so it runs in the PostgreSQL pass (npm run test:pg).
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_KEYWORD_COLUMNS, containsKeyword } from '../../server/db/search.js';
import type { Db } from '../../server/db/tables.js';
import { onPostgres } from '../helpers/postgres.js';
import { openTestDatabase } from '../helpers/app.js';

const FRAGMENTS = [
  'Copper cathode',
  'COPPER',
  'copper',
  '电解铜',
  '锌锭 Zinc',
  'zinc ingot',
  'BL-0001',
  'bl-0002',
  "O'Neil & Sons",
  '50% prepaid',
  'a_b',
  'Qingdao 青岛',
  'Shanghai 上海',
  'nickel',
];
const pick = (i: number, step: number) => FRAGMENTS[(i * step) % FRAGMENTS.length]!;

/** 200 contracts whose keyword columns mix the fragments in upper, lower and mixed case. */
const ROWS = Array.from({ length: 200 }, (_, i) => ({
  name: `${pick(i, 1)} ${i}`,
  contractType: 'purchase',
  contractCode: `C-${i} ${pick(i, 3)}`,
  buyParty: pick(i, 5),
  sellParty: pick(i, 7),
  commodity: pick(i, 11),
  count: 1,
  unitPrice: 1,
  blNumber: pick(i, 13),
  createTime: '2026-11-01T00:00:00.000Z',
  updateTime: '2026-11-01T00:00:00.000Z',
}));

const KEYWORDS = [
  'copper',
  'COPPER',
  'Cathode',
  'opp',
  '电解铜',
  '青岛',
  '铜',
  'zinc',
  'ZINC INGOT',
  'bl-000',
  'BL-0002',
  "o'neil",
  '50% pre',
  'a_b',
  'sons',
  'n',
  'ab',
  'no such words',
  // the end of one column and the start of the next: PostgreSQL's index joins them with a line
  // break, SQLite's indexes each column apart; neither may find it
  '0\nC-1',
];

async function idsFor(db: Db, keyword: string): Promise<number[]> {
  const rows = await db
    .selectFrom('contracts')
    .select('id')
    .where((eb) => containsKeyword(db, eb, 'contracts', 'contracts.id', CONTRACT_KEYWORD_COLUMNS, keyword))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

describe.skipIf(!onPostgres)('keyword search on both engines (PostgreSQL pass only)', () => {
  let sqlite: Db;
  let postgres: Db;

  beforeAll(async () => {
    sqlite = await openTestDatabase('sqlite');
    postgres = await openTestDatabase('postgres');
    for (const db of [sqlite, postgres]) await db.insertInto('contracts').values(ROWS).execute();
  });

  it.each(KEYWORDS)('"%s" finds the same contracts', async (keyword) => {
    const expected = await idsFor(sqlite, keyword);
    expect(await idsFor(postgres, keyword)).toEqual(expected);
  });

  it('the keywords find something, and not everything', async () => {
    const counts = await Promise.all(KEYWORDS.map(async (k) => (await idsFor(sqlite, k)).length));
    expect(counts.filter((c) => c > 0 && c < ROWS.length).length).toBeGreaterThan(KEYWORDS.length / 2);
  });

  it('a keyword spanning two columns finds nothing on either engine (the joined text holds it)', async () => {
    expect(ROWS.some((r) => `${r.name}\n${r.contractCode}`.includes('0\nC-1'))).toBe(true);
    expect(await idsFor(sqlite, '0\nC-1')).toEqual([]);
    expect(await idsFor(postgres, '0\nC-1')).toEqual([]);
  });
});
