// Each keyword index of a freshly migrated database covers exactly the columns its list searches
// (server/db/search.ts): the migration that built it keeps its own frozen copy of the lists.
// SQLite: one FTS5 table per list (migration 007). PostgreSQL (its pass): one pg_trgm GIN index per
// list over the columns joined (migration 018), which the keyword filter's query must be able to read.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/database.js';
import {
  CONTRACT_KEYWORD_COLUMNS,
  containsKeyword,
  INBOUND_KEYWORD_COLUMNS,
  OUTBOUND_KEYWORD_COLUMNS,
  PICKUP_KEYWORD_COLUMNS,
  PLATE_KEYWORD_COLUMNS,
  PLATE_KEYWORD_INDEX,
} from '../../server/db/search.js';
import type { Db } from '../../server/db/tables.js';
import { newDataDir, openTestDatabase } from '../helpers/app.js';
import { onPostgres } from '../helpers/postgres.js';

const LISTS = [
  ['contracts', CONTRACT_KEYWORD_COLUMNS],
  ['inboundOrders', INBOUND_KEYWORD_COLUMNS],
  ['outboundOrders', OUTBOUND_KEYWORD_COLUMNS],
  ['pickupRequests', PICKUP_KEYWORD_COLUMNS],
] as const;

describe('keyword indexes (SQLite)', () => {
  let dir: string;
  let opened: OpenDatabase;

  beforeAll(async () => {
    dir = await newDataDir();
    opened = await openDatabase(join(dir, 'cargodesk.sqlite'));
  });

  afterAll(async () => {
    await opened.db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([...LISTS, [PLATE_KEYWORD_INDEX, PLATE_KEYWORD_COLUMNS] as const])('the index of %s is over the columns its keyword filter searches', async (table, columns) => {
    const info = await sql<{ name: string }>`select name from pragma_table_info(${`${table}_keyword`})`.execute(opened.db);
    expect(info.rows.map((r) => r.name)).toEqual([...columns]);
  });

  it('every keyword index of the database is one of those', async () => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%fts5%' order by name`.execute(opened.db);
    expect(tables.rows.map((r) => r.name)).toEqual(['contracts_keyword', 'inboundOrders_keyword', 'outboundOrders_keyword', 'pickupPlates_keyword', 'pickupRequests_keyword']);
  });
});

describe.runIf(onPostgres)('keyword indexes (PostgreSQL)', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });

  it.each(LISTS)('the keyword filter of %s reads its one index, built over the same expression', async (table, columns) => {
    // a plan on an empty table prefers reading it whole; forbidding that shows whether the index can answer
    const plan = await db.connection().execute(async (c) => {
      await sql`set enable_seqscan = off`.execute(c);
      const query = c
        .selectFrom(table as 'contracts')
        .select('id')
        .where((eb) => containsKeyword(c, eb, table, 'id', columns, 'BL0001234'));
      return sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(c);
    });
    // PostgreSQL quotes a name in a plan only when it has capitals
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(new RegExp(`Bitmap Index Scan on "?${table}_keyword"? `));
  });

  it("the plate filter reads the plates' key index (one column, migration 019)", async () => {
    const plan = await db.connection().execute(async (c) => {
      await sql`set enable_seqscan = off`.execute(c);
      const query = c
        .selectFrom('pickupRequests')
        .select('id')
        .where((eb) => containsKeyword(c, eb, PLATE_KEYWORD_INDEX, 'id', PLATE_KEYWORD_COLUMNS, 'a12345'));
      return sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(c);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on "pickupPlates_keyword_plateKey" /);
  });

  it('every trigram index of the database is one of those', async () => {
    const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where indexdef like '%gin_trgm_ops%' order by indexname`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual([
      'contracts_keyword',
      'inboundOrders_keyword',
      'outboundOrders_keyword',
      'pickupPlates_keyword_plateKey',
      'pickupRequests_keyword',
    ]);
  });
});
