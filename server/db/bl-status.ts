// What the missing-documents report asks of every B/L, kept per B/L number (`blStatus`, migration 028)
// so its page and its count read one small table instead of every lot and every contract
// (docs/performance.md, "Missing documents"):
// - `lotsInStock`: how many lots (warehouse, commodity) of the B/L hold stock. Every stock write adds
//   the lots that crossed zero (`addLotsInStock`, from the `stockLots` rows its upsert returns, in the
//   same statement's row lock: two writers on one lot add one after the other);
// - `openContracts`: how many business contracts that list the B/L are still open (quantity above
//   what `contractExecution` holds as received, or delivered for a downstream contract: the contract
//   execution report's count). Counted again for the B/Ls of the contracts a write touched
//   (`recountOpenContracts`): a stock write after it added to their execution rows, a contract write
//   after it changed. On PostgreSQL the recount first takes an advisory lock per B/L (B/L order), so
//   the later of two writers counts from what the earlier committed.
// A B/L is a candidate of the report when either is above zero.
import { sql, type Kysely } from 'kysely';
import { chunked, insertObjects, type InsertColumn } from './batches.js';
import { deferred, deferredItems } from './deferred.js';
import { lockKeys } from './locks.js';
import type { Database, Queryable } from './tables.js';

/** A contract is open: its quantity (thousandths, rounded) above what its documents moved (received, or delivered for a downstream contract). */
export const CONTRACT_OPEN = sql<boolean>`round(${sql.ref('c.count')} * 1000) > coalesce((select sum(case when ${sql.ref('c.contractType')} = '3' then e."deliveredMilli" else e."receivedMilli" end) from "contractExecution" e where e."contractId" = ${sql.ref('c.id')}), 0)`;

/** Adds to `lotsInStock` the lots whose stock crossed zero: `after` as the upsert returned them, `change` what it added to their stock. */
export async function addLotsInStock(db: Queryable, lots: readonly { blNumber: string; afterMilli: number; changeMilli: number }[]): Promise<void> {
  // inside an import: added once after its last batch (deferRecounts), as a B/L's row is shared across stocks
  if (deferredItems(db, 'lotsInStock', addLotsInStock, lots)) return;
  const delta = new Map<string, number>();
  for (const l of lots) {
    if (l.blNumber === '') continue;
    const held = l.afterMilli > 0;
    const heldBefore = l.afterMilli - l.changeMilli > 0;
    if (held !== heldBefore) delta.set(l.blNumber, (delta.get(l.blNumber) ?? 0) + (held ? 1 : -1));
  }
  // in B/L order, as every writer upserts them: two writers of the same rows cannot take them crosswise
  const rows = [...delta]
    .filter(([, d]) => d !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([blNumber, d]) => ({ blNumber, lotsInStock: d, openContracts: 0 }));
  // on PostgreSQL one insert per 2,000 B/Ls, a JSON array a column (insertColumns), its rows in the order given
  await insertObjects(db, 'blStatus', BL_STATUS_INSERT, rows, {
    onConflict: 'on conflict ("blNumber") do update set "lotsInStock" = "blStatus"."lotsInStock" + excluded."lotsInStock"',
  });
}

/** The columns of a B/L's row, with their migration types (insertObjects). */
const BL_STATUS_INSERT: readonly InsertColumn[] = [
  ['blNumber', 'text'],
  ['lotsInStock', 'integer'],
  ['openContracts', 'integer'],
];

/** Counts the open contracts of the B/Ls `bls` again, in the caller's transaction (after its contract or execution rows changed). */
export async function recountOpenContracts(db: Queryable, bls: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(bls.filter((b): b is string => typeof b === 'string' && b !== ''))].sort();
  // inside an import: counted once after its last batch (deferRecounts), so its B/L locks come after every stock's
  if (deferred(db, 'blStatus', (trx, [later]) => recountOpenContracts(trx, [...later!]), wanted)) return;
  await lockKeys(db, 'blStatus', wanted);
  for (const piece of chunked(wanted)) await writeOpen(db, piece);
}

async function writeOpen(db: Queryable, bls: readonly string[]) {
  const open = new Map(bls.map((b) => [b, 0]));
  for (const r of await db
    .selectFrom('contractBls as cb')
    .innerJoin('contracts as c', 'c.id', 'cb.contractId')
    .select(['cb.blNumber', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cb.blNumber', 'in', [...bls])
    .where(CONTRACT_OPEN)
    .groupBy('cb.blNumber')
    .execute())
    open.set(r.blNumber, Number(r.n));
  const rows = [...open].map(([blNumber, n]) => ({ blNumber, lotsInStock: 0, openContracts: n }));
  await db
    .insertInto('blStatus')
    .values(rows)
    .onConflict((oc) => oc.column('blNumber').doUpdateSet((eb) => ({ openContracts: eb.ref('excluded.openContracts') })))
    .execute();
}

/** The B/Ls listed by the contracts `ids` (what a stock write that touched them recounts). */
export async function blsOfContracts(db: Queryable, ids: readonly number[]): Promise<string[]> {
  const bls: string[] = [];
  for (const piece of chunked([...new Set(ids)]))
    bls.push(...(await db.selectFrom('contractBls').select('blNumber').where('contractId', 'in', piece).execute()).map((r) => r.blNumber));
  return bls;
}

/** Counts `lotsInStock` of the B/Ls `bls` again from `stockLots` (after a merge of commodity catalog entries joined lots). */
export async function recountLotsInStock(db: Queryable, bls: readonly string[]): Promise<void> {
  const wanted = [...new Set(bls.filter((b) => b !== ''))].sort();
  await lockKeys(db, 'blStatus', wanted);
  for (const piece of chunked(wanted)) {
    const held = new Map(piece.map((b) => [b, 0]));
    for (const r of await db
      .selectFrom('stockLots as l')
      .select(['l.blNumber', (eb) => eb.fn.countAll<number>().as('n')])
      .where('l.blNumber', 'in', piece)
      .where(sql<boolean>`${sql.ref('l.inboundMilli')} - ${sql.ref('l.outboundMilli')} - ${sql.ref('l.transferredMilli')} > 0`)
      .groupBy('l.blNumber')
      .execute())
      held.set(r.blNumber, Number(r.n));
    await db
      .insertInto('blStatus')
      .values([...held].map(([blNumber, n]) => ({ blNumber, lotsInStock: n, openContracts: 0 })))
      .onConflict((oc) => oc.column('blNumber').doUpdateSet((eb) => ({ lotsInStock: eb.ref('excluded.lotsInStock') })))
      .execute();
  }
}

/** Fills `blStatus` from the lots and the contracts (migration 028; the bench's seed): every B/L of a lot or a contract, 500 at a time. */
export async function fillBlStatus(db: Kysely<Database>): Promise<void> {
  for (const [table, column] of [
    ['stockLots', 'blNumber'],
    ['contractBls', 'blNumber'],
  ] as const) {
    let last = '';
    for (;;) {
      const bls = (await db.selectFrom(table).select(column).distinct().where(column, '>', last).orderBy(column).limit(500).execute()).map((r) => r.blNumber);
      if (bls.length === 0) break;
      last = bls.at(-1)!;
      await recountLotsInStock(db, bls);
      await writeOpen(db, bls);
    }
  }
}
