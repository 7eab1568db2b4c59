// insertColumns, the set-based insert every import writes through (server/db/batches.ts): what goes in
// comes back out unchanged on either engine, whatever the text holds (on PostgreSQL the values travel
// as one JSON array a column). Runs in both passes.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertColumns, type InsertColumn } from '../../server/db/batches.js';
import type { Db } from '../../server/db/tables.js';
import { closeTestDatabases, openTestDatabase } from '../helpers/app.js';
import { onPostgres } from '../helpers/postgres.js';

let db: Db;

beforeAll(async () => {
  db = await openTestDatabase();
  await sql`create table "insertProbe" ("id" ${sql.raw(onPostgres ? 'bigserial' : 'integer')} primary key, "n" ${sql.raw(onPostgres ? 'bigint' : 'integer')}, "r" ${sql.raw(onPostgres ? 'double precision' : 'real')}, "t" text)`.execute(
    db,
  );
});
afterAll(() => closeTestDatabases());

const COLUMNS: InsertColumn[] = [
  ['n', 'integer'],
  ['r', 'real'],
  ['t', 'text'],
];

const TEXTS = [
  'plain',
  'a "quoted" word and a back\\slash',
  'two\nlines\tand a tab, a bell \u0007 and a NUL-free control \u001f',
  '{braces}, commas, (parentheses) and NULL',
  'NULL',
  '',
  '铜精矿 提单 😀',
  'the text \\ud800 typed by a user',
  ' spaces kept ',
];

describe(`insertColumns (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('writes numbers, nulls and any text as given, in order, and answers the rows written', async () => {
    const n = [0, -5, Number.MAX_SAFE_INTEGER, null, 42, undefined, 7, 8, 9];
    const r = [0.1, -2.5e-7, 1e21, 3, null, 123456.789, undefined, -0.5, 2];
    const written = await insertColumns<{ id: number; n: number | null; r: number | null; t: string | null }>(db, 'insertProbe', COLUMNS, [n, r, TEXTS], TEXTS.length, {
      returning: true,
    });
    const stored = await db
      .selectFrom('insertProbe' as never)
      .selectAll()
      .orderBy('id' as never)
      .execute();
    const expected = TEXTS.map((t, i) => ({ n: n[i] ?? null, r: r[i] ?? null, t }));
    const plain = (rows: Record<string, unknown>[]) => rows.map((row) => ({ n: row.n === null ? null : Number(row.n), r: row.r === null ? null : Number(row.r), t: row.t }));
    expect(plain(stored)).toEqual(expected);
    expect(plain(written)).toEqual(expected);
  });

  it('takes the first `count` values of longer columns; a text with half a surrogate pair is stored with U+FFFD in its place', async () => {
    await sql`delete from "insertProbe"`.execute(db);
    await insertColumns(
      db,
      'insertProbe',
      COLUMNS,
      [
        [1, 2, 3],
        [1.5, 2.5, 3.5],
        ['a\ud800b', 'c\udc00', 'pair 😀 kept'],
      ],
      3,
    );
    await insertColumns(
      db,
      'insertProbe',
      COLUMNS,
      [
        [4, 5],
        [null, null],
        [null, 'not written'],
      ],
      1,
    );
    const stored = await db
      .selectFrom('insertProbe' as never)
      .select(['n', 't'] as never[])
      .orderBy('id' as never)
      .execute();
    expect(stored.map((row: Record<string, unknown>) => [Number(row.n), row.t])).toEqual([
      [1, 'a\ufffdb'],
      [2, 'c\ufffd'],
      [3, 'pair 😀 kept'],
      [4, null],
    ]);
  });
});
