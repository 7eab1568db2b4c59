// Each keyword index of a freshly migrated database covers exactly the columns its list searches
// (server/db/search.ts): the migration that built it keeps its own frozen copy of the lists.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/database.js';
import {
  CONTRACT_KEYWORD_COLUMNS,
  INBOUND_KEYWORD_COLUMNS,
  OUTBOUND_KEYWORD_COLUMNS,
  PICKUP_KEYWORD_COLUMNS,
  PLATE_KEYWORD_COLUMNS,
  PLATE_KEYWORD_INDEX,
} from '../../server/db/search.js';
import { newDataDir } from '../helpers/app.js';

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

describe('keyword indexes', () => {
  it.each([
    ['contracts', CONTRACT_KEYWORD_COLUMNS],
    ['inboundOrders', INBOUND_KEYWORD_COLUMNS],
    ['outboundOrders', OUTBOUND_KEYWORD_COLUMNS],
    ['pickupRequests', PICKUP_KEYWORD_COLUMNS],
    [PLATE_KEYWORD_INDEX, PLATE_KEYWORD_COLUMNS],
  ] as const)('the index of %s is over the columns its keyword filter searches', async (table, columns) => {
    const info = await sql<{ name: string }>`select name from pragma_table_info(${`${table}_keyword`})`.execute(opened.db);
    expect(info.rows.map((r) => r.name)).toEqual([...columns]);
  });

  it('every keyword index of the database is one of those', async () => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%fts5%' order by name`.execute(opened.db);
    expect(tables.rows.map((r) => r.name)).toEqual(['contracts_keyword', 'inboundOrders_keyword', 'outboundOrders_keyword', 'pickupPlates_keyword', 'pickupRequests_keyword']);
  });
});
