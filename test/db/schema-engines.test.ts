// One migration list, equivalent schemas: every table of a freshly migrated SQLite file exists on
// PostgreSQL with the same columns in the same order, the same types (SQLite's 64-bit integer as
// bigint, its 8-byte real as double precision), the same NOT NULLs and the same primary key.
// SQLite's keyword index tables (FTS5) are SQLite's own; PostgreSQL has pg_trgm indexes instead
// (one per list since migration 018, which also gives the ledger's date index the id on PostgreSQL).
// Needs a PostgreSQL server, so it runs in the PostgreSQL pass (npm run test:pg).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/tables.js';
import { onPostgres } from '../helpers/postgres.js';
import { openTestDatabase } from '../helpers/app.js';

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  primaryKey: boolean;
}

const SQLITE_TYPES: Record<string, string> = { integer: 'bigint', text: 'text', real: 'double precision', 'double precision': 'double precision' };

async function sqliteSchema(db: Db): Promise<Record<string, Column[]>> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'
    and name not like 'sqlite_%' and name not like 'kysely_%' and name not like '%_keyword' and name not like '%_keyword_%' order by name`.execute(db);
  const out: Record<string, Column[]> = {};
  for (const { name } of tables.rows) {
    const cols = await sql<{ name: string; type: string; notnull: number; pk: number }>`select name, type, "notnull", pk from pragma_table_info(${name})`.execute(db);
    out[name] = cols.rows.map((c) => ({ name: c.name, type: SQLITE_TYPES[c.type.toLowerCase()] ?? c.type, notNull: c.notnull === 1 || c.pk > 0, primaryKey: c.pk > 0 }));
  }
  return out;
}

async function postgresSchema(db: Db): Promise<Record<string, Column[]>> {
  const cols = await sql<{ table: string; name: string; type: string; nullable: string; pk: boolean }>`
    select c.table_name as table, c.column_name as name, c.data_type as type, c.is_nullable as nullable,
      exists (select 1 from information_schema.table_constraints t join information_schema.key_column_usage k
        on k.constraint_name = t.constraint_name and k.table_name = t.table_name
        where t.table_name = c.table_name and t.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name) as pk
    from information_schema.columns c where c.table_schema = 'public' and c.table_name not like 'kysely_%' order by c.table_name, c.ordinal_position`.execute(db);
  const out: Record<string, Column[]> = {};
  for (const c of cols.rows) (out[c.table] ??= []).push({ name: c.name, type: c.type, notNull: c.nullable === 'NO', primaryKey: c.pk });
  return out;
}

describe.skipIf(!onPostgres)('the schema on both engines (PostgreSQL pass only)', () => {
  let sqlite: Db;
  let postgres: Db;

  beforeAll(async () => {
    sqlite = await openTestDatabase('sqlite');
    postgres = await openTestDatabase('postgres');
  });

  it('has the same tables, columns, types, NOT NULLs and primary keys', async () => {
    const expected = await sqliteSchema(sqlite);
    expect(Object.keys(expected).length).toBeGreaterThan(20);
    expect(await postgresSchema(postgres)).toEqual(expected);
  });

  it('has the same indexes by name, but for a trigram index per keyword list instead of the FTS5 tables and the ledger date index with the id', async () => {
    // the indexes created by name (SQLite's automatic ones and PostgreSQL's of key constraints left out)
    const fromSqlite = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_%' order by name`.execute(sqlite);
    const fromPostgres = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'public'
      and indexname not in (select conname from pg_constraint) order by name`.execute(postgres);
    const names = fromPostgres.rows.map((r) => r.name);
    // migration 018: one GIN index over each list's keyword columns (server/db/search.ts); 019: one over the plates' keys
    expect(names.filter((n) => n.includes('_keyword'))).toEqual([
      'contracts_keyword',
      'inboundOrders_keyword',
      'outboundOrders_keyword',
      'pickupPlates_keyword_plateKey',
      'pickupRequests_keyword',
    ]);
    // ... and the ledger's date index holds the id, as SQLite's holds the rowid
    const postgresOwn = { stockLedger_date: 'stockLedger_date_id' } as Record<string, string>;
    const expected = fromSqlite.rows.map((r) => postgresOwn[r.name] ?? r.name).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(names.filter((n) => !n.includes('_keyword'))).toEqual(expected);
  });
});
