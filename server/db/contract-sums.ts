// What each business contract's documents moved, per warehouse (`contractExecution`), kept so the open
// position reads one row per contract instead of adding up the documents on every request
// (docs/performance.md, "Position"). Two ways in:
// - a stock write (moveStocks) adds what its ledger entries change, in its own transaction, to the
//   contracts its document names: an inbound order's contractNumber and B/L number, an outbound
//   order's or a transfer's B/L number (the document's own, as the contract execution report counts);
// - a contract created, changed or deleted is recounted from its documents.
// On PostgreSQL the two must not interleave (a stock write matching a contract by the B/L list a
// concurrent edit is replacing would be lost or counted twice): stock writes hold a shared advisory
// lock while they add, contract writes an exclusive one from before they change the contract until
// they commit. Stock writes never wait for each other here. SQLite runs one transaction at a time.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { splitBlNumbers } from '../../shared/contracts.js';
import { chunked } from './batches.js';
import { deferredItems } from './deferred.js';
import { blsOfContracts, recountOpenContracts } from './bl-status.js';
import { isPostgres } from './postgres.js';
import { withinScope, type Scope } from './scope.js';
import type { Database, Queryable } from './tables.js';

/** The advisory lock key of contract sums (any constant no other lock uses). */
const LOCK = 310_031;

/** What one ledger entry changes for the contracts of its document. */
export interface ContractDelta {
  warehouseId: number;
  /** an inbound order's contract number (trimmed; null: none) */
  contractNumber: string | null;
  /** the document's own B/L number (null: none) */
  blNumber: string | null;
  /** signed, thousandths: inbound adds to received */
  receivedMilli: number;
  /** signed, thousandths: outbound and transfers add to delivered */
  deliveredMilli: number;
}

/** Held by a contract write until its transaction ends: stock writes wait to add until it has. */
export async function lockContractSums(db: Queryable): Promise<void> {
  if (isPostgres(db as Kysely<any>)) await sql`select pg_advisory_xact_lock(${LOCK})`.execute(db);
}

/**
 * Held by a stock write until its transaction ends, taken before any other lock it takes (its stocks,
 * the per-B/L keys of blStatus and lotWeights, their rows), as a contract write takes
 * `lockContractSums` first: so no stock write holds a B/L's key while it waits behind a contract
 * write that waits for that key (a deadlock PostgreSQL would end with a 500).
 */
export async function shareContractSums(db: Queryable): Promise<void> {
  if (isPostgres(db as Kysely<any>)) await sql`select pg_advisory_xact_lock_shared(${LOCK})`.execute(db);
}

async function contractsBy(db: Queryable, codes: readonly string[], bls: readonly string[]) {
  const byCode = new Map<string, number[]>();
  const byBl = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, id: number) => {
    const list = map.get(key);
    if (list) list.push(id);
    else map.set(key, [id]);
  };
  for (const piece of chunked([...new Set(codes)]))
    for (const r of await db.selectFrom('contracts').select(['id', 'contractCode']).where('contractCode', 'in', piece).execute()) add(byCode, r.contractCode, r.id);
  for (const piece of chunked([...new Set(bls)]))
    for (const r of await db.selectFrom('contractBls').select(['contractId', 'blNumber']).where('blNumber', 'in', piece).execute()) add(byBl, r.blNumber, r.contractId);
  return { byCode, byBl };
}

export type Sums = Map<string, { contractId: number; warehouseId: number; receivedMilli: number; deliveredMilli: number }>;

function addTo(sums: Sums, contractId: number, warehouseId: number, receivedMilli: number, deliveredMilli: number) {
  const key = `${contractId}\u0000${warehouseId}`;
  const row = sums.get(key) ?? { contractId, warehouseId, receivedMilli: 0, deliveredMilli: 0 };
  row.receivedMilli += receivedMilli;
  row.deliveredMilli += deliveredMilli;
  sums.set(key, row);
}

async function upsert(db: Queryable, sums: Sums) {
  // in key order, as every writer upserts them: two writers of the same rows cannot take them crosswise
  const rows = [...sums.values()].filter((r) => r.receivedMilli !== 0 || r.deliveredMilli !== 0).sort((a, b) => a.contractId - b.contractId || a.warehouseId - b.warehouseId);
  for (const piece of chunked(rows))
    await db
      .insertInto('contractExecution')
      .values(piece)
      .onConflict((oc) =>
        oc.columns(['contractId', 'warehouseId']).doUpdateSet((eb) => ({
          receivedMilli: eb('contractExecution.receivedMilli', '+', eb.ref('excluded.receivedMilli')),
          deliveredMilli: eb('contractExecution.deliveredMilli', '+', eb.ref('excluded.deliveredMilli')),
        })),
      )
      .execute();
}

/** The attributes that place a contract in the position's groups. */
interface Placed {
  id: number;
  contractType: string;
  commodity: string;
  unit: string | null;
  deliveryTime: string | null;
  count: number;
}

/** A contract's group: its type, commodity as typed, unit ('' none) and delivery month (the first 7 characters of deliveryTime, '' none). */
const groupOf = (c: Placed) => ({ contractType: c.contractType, commodity: c.commodity, unit: c.unit ?? '', month: c.deliveryTime?.slice(0, 7) ?? '' });
const GROUP = ['contractType', 'commodity', 'unit', 'month'] as const;

async function placed(db: Queryable, ids: readonly number[]): Promise<Map<number, Placed>> {
  const found = new Map<number, Placed>();
  for (const piece of chunked([...new Set(ids)]))
    for (const c of await db.selectFrom('contracts').select(['id', 'contractType', 'commodity', 'unit', 'deliveryTime', 'count']).where('id', 'in', piece).execute())
      found.set(c.id, c);
  return found;
}

/**
 * Adds to the position's groups (`positionCounts`: contract quantities per group; `positionExecuted`:
 * what their documents moved per group and warehouse) the contracts' counts times `countSign` and the
 * execution rows given, each placed by its contract.
 */
async function addToGroups(
  db: Queryable,
  contracts: Map<number, Placed>,
  countSign: number,
  rows: Iterable<{ contractId: number; warehouseId: number; receivedMilli: number; deliveredMilli: number }>,
) {
  const counts = new Map<string, Record<string, string | number>>();
  if (countSign !== 0)
    for (const c of contracts.values()) {
      const g = groupOf(c);
      const key = GROUP.map((k) => g[k]).join('\u0000');
      const row = counts.get(key) ?? { ...g, countMilli: 0 };
      (row.countMilli as number) += countSign * Math.round(c.count * 1000);
      counts.set(key, row);
    }
  const executed = new Map<string, Record<string, string | number>>();
  for (const r of rows) {
    const c = contracts.get(r.contractId);
    if (!c || (r.receivedMilli === 0 && r.deliveredMilli === 0)) continue;
    const g = { ...groupOf(c), warehouseId: r.warehouseId };
    const key = [...GROUP.map((k) => g[k]), r.warehouseId].join('\u0000');
    const row = executed.get(key) ?? { ...g, receivedMilli: 0, deliveredMilli: 0 };
    (row.receivedMilli as number) += r.receivedMilli;
    (row.deliveredMilli as number) += r.deliveredMilli;
    executed.set(key, row);
  }
  const any = db as unknown as Kysely<any>;
  // each in key order, as every writer upserts them (see upsert)
  const byKey = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  for (const piece of chunked(byKey(counts)))
    await any
      .insertInto('positionCounts')
      .values(piece)
      .onConflict((oc) => oc.columns([...GROUP]).doUpdateSet((eb) => ({ countMilli: eb('positionCounts.countMilli', '+', eb.ref('excluded.countMilli')) })))
      .execute();
  for (const piece of chunked(byKey(executed)))
    await any
      .insertInto('positionExecuted')
      .values(piece)
      .onConflict((oc) =>
        oc.columns([...GROUP, 'warehouseId']).doUpdateSet((eb) => ({
          receivedMilli: eb('positionExecuted.receivedMilli', '+', eb.ref('excluded.receivedMilli')),
          deliveredMilli: eb('positionExecuted.deliveredMilli', '+', eb.ref('excluded.deliveredMilli')),
        })),
      )
      .execute();
}

/** Adds a stock write's changes to the contracts its documents name (each contract once per entry). The caller holds `shareContractSums`. */
export async function addToContractSums(db: Queryable, deltas: readonly ContractDelta[]): Promise<void> {
  const relevant = deltas.filter((d) => (d.contractNumber !== null && d.receivedMilli !== 0) || (d.blNumber !== null && (d.receivedMilli !== 0 || d.deliveredMilli !== 0)));
  if (relevant.length === 0) return;
  // inside an import: added once after its last batch (deferRecounts), as its rows are shared across stocks
  if (deferredItems(db, 'contractSums', addToContractSums, relevant)) return;
  const { byCode, byBl } = await contractsBy(
    db,
    relevant.flatMap((d) => (d.contractNumber !== null && d.receivedMilli !== 0 ? [d.contractNumber] : [])),
    relevant.flatMap((d) => (d.blNumber !== null ? [d.blNumber] : [])),
  );
  const sums: Sums = new Map();
  for (const d of relevant) {
    const ids = new Set([
      ...(d.blNumber !== null ? (byBl.get(d.blNumber) ?? []) : []),
      ...(d.contractNumber !== null && d.receivedMilli !== 0 ? (byCode.get(d.contractNumber) ?? []) : []),
    ]);
    // an outbound order or transfer is a contract's only through its B/L
    const byBlOnly = new Set(d.blNumber !== null ? (byBl.get(d.blNumber) ?? []) : []);
    for (const id of ids) addTo(sums, id, d.warehouseId, d.receivedMilli, byBlOnly.has(id) ? d.deliveredMilli : 0);
  }
  await upsert(db, sums);
  const touched = [...new Set([...sums.values()].map((r) => r.contractId))];
  await addToGroups(db, await placed(db, touched), 0, sums.values());
  // a contract may have opened or closed: its B/Ls' count of open contracts (the missing-documents report)
  await recountOpenContracts(db, await blsOfContracts(db, touched));
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

/** A contract as its documents find it: its code and its B/L numbers. */
export interface ContractKeys {
  id: number;
  code: string;
  bls: string[];
}

/**
 * What the documents of each contract moved per warehouse, added up from the documents themselves:
 * `asOf` (YYYY-MM-DD) counts only documents of that business date or before, `scope` only the
 * scope's warehouses. Queries per ROWS_PER_STATEMENT codes or B/L numbers.
 */
export async function countFromDocuments(db: Queryable, contracts: readonly ContractKeys[], opts: { asOf?: string; scope?: Scope } = {}): Promise<Sums> {
  const codes = [...new Set(contracts.map((c) => c.code))];
  const bls = [...new Set(contracts.flatMap((c) => c.bls))];
  const scoped = <Q extends SelectQueryBuilder<Database, any, any>>(q: Q): Q => (opts.scope ? (withinScope(q, 'warehouseId', opts.scope) as Q) : q);
  const inbound: { warehouseId: number; contractNumber: string | null; blNumber: string | null; milli: number }[] = [];
  const inboundGroups = () => {
    let q = db.selectFrom('inboundOrders').select(['warehouseId', 'contractNumber', 'blNumber', sql<number>`sum("inboundWeightMilli")`.as('milli')]);
    if (opts.asOf) q = q.where('inboundDate', '<=', opts.asOf);
    return scoped(q);
  };
  for (const codePiece of chunked(codes))
    inbound.push(...(await inboundGroups().where('contractNumber', 'in', codePiece).groupBy(['warehouseId', 'contractNumber', 'blNumber']).execute()));
  const codeSet = new Set(codes);
  const delivered: { warehouseId: number; blNumber: string | null; milli: number }[] = [];
  for (const blPiece of chunked(bls)) {
    // the groups of a listed contract number were read above: each group once
    for (const g of await inboundGroups().where('blNumber', 'in', blPiece).groupBy(['warehouseId', 'contractNumber', 'blNumber']).execute())
      if (g.contractNumber === null || !codeSet.has(g.contractNumber)) inbound.push(g);
    let outbound = db
      .selectFrom('outboundOrders')
      .select(['warehouseId', 'blNumber', sql<number>`sum("quantityMilli")`.as('milli')])
      .where('blNumber', 'in', blPiece)
      .where('outboundStatus', '!=', 'cancelled');
    if (opts.asOf) outbound = outbound.where('outboundDate', '<=', opts.asOf);
    let transfers = db
      .selectFrom('ownershipTransfers')
      .select(['warehouseId', 'blNumber', sql<number>`sum("quantityMilli")`.as('milli')])
      .where('blNumber', 'in', blPiece)
      .where('status', '!=', 'cancelled');
    if (opts.asOf) transfers = transfers.where('transferDate', '<=', opts.asOf);
    delivered.push(...(await scoped(outbound).groupBy(['warehouseId', 'blNumber']).execute()), ...(await scoped(transfers).groupBy(['warehouseId', 'blNumber']).execute()));
  }
  const byCode = groupBy(inbound, (g) => g.contractNumber);
  const byBl = groupBy(inbound, (g) => g.blNumber);
  const deliveredByBl = groupBy(delivered, (g) => g.blNumber);
  const sums: Sums = new Map();
  for (const c of contracts) {
    // each group of inbound orders counts once, even when it matches by contract number and by B/L
    const groups = new Set([...(byCode.get(c.code) ?? []), ...c.bls.flatMap((bl) => byBl.get(bl) ?? [])]);
    for (const g of groups) addTo(sums, c.id, g.warehouseId, Number(g.milli), 0);
    for (const bl of c.bls) for (const g of deliveredByBl.get(bl) ?? []) addTo(sums, c.id, g.warehouseId, 0, Number(g.milli));
  }
  return sums;
}

/** A stored contract's keys: its code and its distinct B/L numbers. */
export const keysOf = (c: { id: number; contractCode: string; blNumber: string }): ContractKeys => ({
  id: c.id,
  code: c.contractCode,
  bls: [...new Set(splitBlNumbers(c.blNumber))],
});

/**
 * Takes the contracts `ids` out of every kept sum (their B/L rows, their execution rows, their part
 * of the position's groups), before they change or go. The caller holds `lockContractSums`.
 */
export async function withdrawContracts(db: Queryable, ids: readonly number[]): Promise<void> {
  for (const piece of chunked([...new Set(ids)], 200)) {
    const contracts = await placed(db, piece);
    const rows = await db.selectFrom('contractExecution').selectAll().where('contractId', 'in', piece).execute();
    await addToGroups(
      db,
      contracts,
      -1,
      rows.map((r) => ({ contractId: r.contractId, warehouseId: r.warehouseId, receivedMilli: -Number(r.receivedMilli), deliveredMilli: -Number(r.deliveredMilli) })),
    );
    await db.deleteFrom('contractBls').where('contractId', 'in', piece).execute();
    await db.deleteFrom('contractExecution').where('contractId', 'in', piece).execute();
  }
}

/**
 * Counts the contracts `ids` (new, or withdrawn before they changed) from their documents: their
 * B/L rows, their execution rows and their part of the position's groups. The caller holds
 * `lockContractSums`.
 */
export async function recountContracts(db: Queryable, ids: readonly number[]): Promise<void> {
  for (const piece of chunked([...new Set(ids)], 200)) {
    const contracts = await placed(db, piece);
    const keys = (await db.selectFrom('contracts').select(['id', 'contractCode', 'blNumber']).where('id', 'in', piece).execute()).map(keysOf);
    if (keys.length === 0) continue;
    for (const rows of chunked(keys.flatMap((c) => c.bls.map((blNumber) => ({ contractId: c.id, blNumber }))))) await db.insertInto('contractBls').values(rows).execute();
    const sums = await countFromDocuments(db, keys);
    await upsert(db, sums);
    await addToGroups(db, contracts, 1, sums.values());
  }
}

/** Recounts every contract, a batch at a time (the migration that adds the table). */
export async function recountAllContracts(db: Kysely<Database>): Promise<void> {
  let last = 0;
  for (;;) {
    const ids = (await db.selectFrom('contracts').select('id').where('id', '>', last).orderBy('id').limit(200).execute()).map((r) => r.id);
    if (ids.length === 0) return;
    last = ids.at(-1)!;
    await recountContracts(db, ids);
  }
}
