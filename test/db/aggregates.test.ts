// Counts and totals remembered per snapshot (server/db/aggregates.ts): read again only after some
// transaction started writing or finished, so every answer is the exact count of what is committed,
// also when the write came through another instance (another pool on the same database). On SQLite
// every read counts afresh. Runs on the engine of the run.
import { join } from 'node:path';
import { Kysely, sql, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateRows } from '../../server/db/aggregates.js';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import { postgresDialect } from '../../server/db/postgres.js';
import type { Database, Db } from '../../server/db/tables.js';
import { newDataDir } from '../helpers/app.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';

let database: TestDatabase | undefined;
/** this instance, whose statements are watched */
let mine: Db;
/** another instance on the same database */
let other: Db;
let counted = 0;

const TIME = '2026-11-01T00:00:00.000Z';
const warehouse = (code: string) => ({ code, name: `name ${code}`, status: 'active' as const, createTime: TIME, updateTime: TIME });
const countOf = async (db: Db = mine) =>
  Number(
    (
      await aggregateRows(
        db,
        db.selectFrom('warehouses').select((eb) => eb.fn.countAll<number>().as('n')),
      )
    )[0]!.n,
  );
/** how many count statements `mine` ran during `work` */
async function countsDuring(work: () => Promise<unknown>): Promise<number> {
  const before = counted;
  await work();
  return counted - before;
}

/**
 * How many count statements `mine` ran during `work` after `prime`, on a server where nothing changed
 * meanwhile. The run's other test files write to their own databases of the same PostgreSQL server,
 * and a transaction id is the server's: a try during which the server's snapshot moved is taken again.
 */
async function countsWhileStill(prime: () => Promise<unknown>, work: () => Promise<unknown>): Promise<number> {
  const serverSnapshot = async () => (await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(other)).rows[0]!.s;
  for (let i = 0; i < 50; i++) {
    const before = await serverSnapshot();
    await prime();
    const n = await countsDuring(work);
    if ((await serverSnapshot()) === before) return n;
  }
  throw new Error('the PostgreSQL server never stood still for two reads');
}

beforeAll(async () => {
  const log = (event: { query: { sql: string } }) => {
    if (event.query.sql.includes('count(*)')) counted++;
  };
  if (onPostgres) {
    database = await createTestDatabase();
    other = (await openPostgresDatabase(database.url)).db;
    mine = new Kysely<Database>({ dialect: postgresDialect(database.url), log });
  } else {
    const file = join(await newDataDir(), 'cargodesk.sqlite');
    other = (await openDatabase(file)).db;
    mine = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }), log });
  }
});

afterAll(async () => {
  await mine?.destroy();
  await other?.destroy();
  await database?.drop();
});

describe('aggregateRows', () => {
  it('answers the committed count after every kind of change, made here or through another instance', async () => {
    expect(await countOf()).toBe(0);
    await other.insertInto('warehouses').values(warehouse('A1')).execute();
    expect(await countOf()).toBe(1);
    await mine.insertInto('warehouses').values(warehouse('A2')).execute();
    expect(await countOf()).toBe(2);
    await other.deleteFrom('warehouses').where('code', '=', 'A1').execute();
    expect(await countOf()).toBe(1);
    // a write refused (rolled back) counts nothing
    await expect(
      other.transaction().execute(async (trx) => {
        await trx.insertInto('warehouses').values(warehouse('A3')).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await countOf()).toBe(1);
  });

  it('a write under way elsewhere is not counted until it commits, then it is', async () => {
    const start = await countOf();
    let release!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    // SQLite's one writer: the other instance's write is under way while this one reads (WAL)
    const writing = other.transaction().execute(async (trx) => {
      await trx.insertInto('warehouses').values(warehouse('B1')).execute();
      written();
      await held;
    });
    await wrote;
    expect(await countOf()).toBe(start);
    expect(await countOf()).toBe(start);
    release();
    await writing;
    expect(await countOf()).toBe(start + 1);
  });

  it('inside a transaction its own uncommitted rows count, each as it is written', async () => {
    const start = await countOf();
    await expect(
      mine.transaction().execute(async (trx) => {
        const inTransaction = async () =>
          Number(
            (
              await aggregateRows(
                trx,
                trx.selectFrom('warehouses').select((eb) => eb.fn.countAll<number>().as('n')),
              )
            )[0]!.n,
          );
        await trx.insertInto('warehouses').values(warehouse('C1')).execute();
        expect(await inTransaction()).toBe(start + 1);
        // the same snapshot (nothing else started or ended), but a later command of the transaction
        await trx.insertInto('warehouses').values(warehouse('C2')).execute();
        expect(await inTransaction()).toBe(start + 2);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await countOf()).toBe(start);
  });

  it.runIf(onPostgres)('on PostgreSQL counts once while nothing changes: each filter once, a changed filter anew', async () => {
    // a second and a third read count nothing
    const twice = async () => {
      await countOf();
      await countOf();
    };
    expect(await countsWhileStill(() => countOf(), twice)).toBe(0);
    const filtered = (code: string) =>
      aggregateRows(
        mine,
        mine
          .selectFrom('warehouses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('code', '=', code),
      );
    expect(await countsDuring(() => filtered('A2'))).toBe(1);
    expect(
      await countsWhileStill(
        () => filtered('A2'),
        () => filtered('A2'),
      ),
    ).toBe(0);
    expect(await countsDuring(() => filtered('B1'))).toBe(1);
    await other.insertInto('warehouses').values(warehouse('D1')).execute();
    expect(await countsDuring(() => countOf())).toBe(1);
  });

  it.runIf(!onPostgres)('on SQLite counts every time', async () => {
    expect(await countsDuring(() => countOf())).toBe(1);
    expect(await countsDuring(() => countOf())).toBe(1);
  });
});
