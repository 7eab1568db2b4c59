// Counts and totals remembered until a table they read is written (server/db/aggregates.ts, migration
// 030): every answer is the exact count of what is committed, also when the write came through
// another instance (another pool on the same database) or was under way while the count was read,
// and a write to another table (or another database) makes no count read again. On SQLite every read
// counts afresh. Runs on the engine of the run.
import { join } from 'node:path';
import { Kysely, sql, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateRows, tablesRead } from '../../server/db/aggregates.js';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import { postgresDialect } from '../../server/db/postgres.js';
import type { Database, Db } from '../../server/db/tables.js';
import { newDataDir, signInAdmin, startTwoInstances, type TestApp } from '../helpers/app.js';
import { createTestDatabase, onPostgres, type AuditHold, type TestDatabase } from '../helpers/postgres.js';
import { makePickup, makeWarehouse } from '../helpers/warehouse.js';

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

  it.runIf(onPostgres)('on PostgreSQL counts once until its table is written: each filter once, a changed filter anew', async () => {
    // a second and a third read count nothing
    await countOf();
    const twice = async () => {
      await countOf();
      await countOf();
    };
    expect(await countsDuring(twice)).toBe(0);
    const filtered = (code: string) =>
      aggregateRows(
        mine,
        mine
          .selectFrom('warehouses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('code', '=', code),
      );
    expect(await countsDuring(() => filtered('A2'))).toBe(1);
    expect(await countsDuring(() => filtered('A2'))).toBe(0);
    expect(await countsDuring(() => filtered('B1'))).toBe(1);
    await other.insertInto('warehouses').values(warehouse('D1')).execute();
    expect(await countsDuring(() => countOf())).toBe(1);
  });

  it.runIf(onPostgres)('on PostgreSQL a write to another table, committed or under way, leaves a count remembered', async () => {
    const start = await countOf();
    // another table written through both instances, one write held open across the reads
    await other.insertInto('settings').values({ key: 'aggregates-test', value: '1', updateTime: TIME }).execute();
    await mine.updateTable('settings').set({ value: '2' }).where('key', '=', 'aggregates-test').execute();
    let release!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = other.transaction().execute(async (trx) => {
      await trx.deleteFrom('settings').where('key', '=', 'aggregates-test').execute();
      written();
      await held;
    });
    await wrote;
    expect(await countsDuring(() => countOf())).toBe(0);
    release();
    await writing;
    expect(await countsDuring(() => countOf())).toBe(0);
    expect(await countOf()).toBe(start);
    // and the warehouses' own write still counts again
    await mine.updateTable('warehouses').set({ name: 'renamed' }).where('code', '=', 'D1').execute();
    expect(await countsDuring(() => countOf())).toBe(1);
  });

  it.runIf(onPostgres)('on PostgreSQL every table has its write counter (a new table needs addWriteCounter)', async () => {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables t
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
        and (to_regclass(format('%I', table_name || '_writes')) is null
          or not exists (select from information_schema.triggers g where g.event_object_table = t.table_name and g.trigger_name = t.table_name || '_writes'))`.execute(other);
    expect(rows.map((r) => r.name)).toEqual([]);
  });

  it.runIf(!onPostgres)('on SQLite counts every time', async () => {
    expect(await countsDuring(() => countOf())).toBe(1);
    expect(await countsDuring(() => countOf())).toBe(1);
  });
});

describe('tablesRead', () => {
  it('names the tables a query reads, through joins, subqueries and raw filters, and refuses what it cannot see', () => {
    const db = mine;
    const pickups = db
      .selectFrom('pickupRequests as d')
      .select((eb) => eb.selectFrom('outboundOrders as o').select('o.id').whereRef('o.deliveryOrderNumber', '=', 'd.orderNumber').limit(1).as('shipped'))
      .where(() => sql<boolean>`${sql.ref('d.id')} = any(array(select ${sql.ref('id')} from ${sql.table('warehouses')}))`)
      .innerJoin('users as u', 'u.id', 'd.id');
    expect(tablesRead(pickups.toOperationNode())).toEqual(['outboundOrders', 'pickupRequests', 'users', 'warehouses']);
    // a relation named in raw text, or by something that is not a table
    expect(
      tablesRead(
        db
          .selectFrom('warehouses')
          .where(sql<boolean>`exists (select 1 from "users")`)
          .toOperationNode(),
      ),
    ).toBeUndefined();
    expect(
      tablesRead(
        db
          .selectFrom('warehouses')
          .where(sql<boolean>`exists (select 1 from ${sql.id('users')})`)
          .toOperationNode(),
      ),
    ).toBeUndefined();
  });
});

// The pending pickup requests' total over HTTP, read on one instance while the other writes: after a
// write to another table (a sign-in), after a request made there, while a request made there is held
// at its audit entry (its row and its write counter's bump done, not committed: `auditHold`), after it
// commits, and after a cancellation takes one out of the filter.
describe.skipIf(!onPostgres)('list totals on two instances of one database (PostgreSQL)', () => {
  let pair: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  let one: TestApp;
  let two: TestApp;
  let token: string;
  let audit: AuditHold;

  beforeAll(async () => {
    ({ one, two, token, audit } = pair = await startTwoInstances());
  });
  afterAll(() => pair?.close());

  it('answers the exact total after each write of the other instance, a write held open across the count included', async () => {
    const pending = async () => {
      const res = await one.request('GET', '/api/apply-delivery?status=pending', { token });
      expect(res.status, res.body.message).toBe(200);
      return res.body.data.total as number;
    };
    const w = await makeWarehouse(two, token);
    const start = await pending();
    expect(await pending()).toBe(start);
    await signInAdmin(two);
    expect(await pending()).toBe(start);
    const first = await makePickup(two, token, { warehouse: w.code });
    expect(first.status).toBe('pending');
    expect(await pending()).toBe(start + 1);

    await audit.hold();
    const held = makePickup(two, token, { warehouse: w.code });
    await audit.waiting(1);
    // its row is written and its table's counter bumped, uncommitted: not counted, and not kept
    expect(await pending()).toBe(start + 1);
    expect(await pending()).toBe(start + 1);
    await audit.release();
    await held;
    expect(await pending()).toBe(start + 2);

    const cancelled = await two.request('PUT', `/api/apply-delivery/${first.id}`, { token, body: { status: 'cancelled' } });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(await pending()).toBe(start + 1);
  }, 60_000);
});
