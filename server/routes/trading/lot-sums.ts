// What came in and went out on each B/L, read from the ledger's lot tables (stockLots, stockLotDays:
// kept in the transaction of every ledger entry; a cancelled or edited document's reversal nets out
// on its own date), so the trading reports never group the document tables record by record.
import { sql } from 'kysely';
import { chunked } from '../../db/batches.js';
import { inScope, withinScope, type Scope } from '../../db/scope.js';
import type { Queryable } from '../../db/tables.js';

export interface LotSums {
  inboundMilli: number;
  /** outbound + transferred */
  deliveredMilli: number;
}

export interface LotRow {
  blNumber: string;
  warehouseId: number;
  commodity: string;
  inboundMilli: number;
  outboundMilli: number;
  transferredMilli: number;
}

/** Every lot with a B/L in the reader's warehouses: one plain scan (no index walk, no grouping in SQL). */
export async function lotRows(db: Queryable, scope: Scope): Promise<LotRow[]> {
  const rows = await withinScope(
    db.selectFrom('stockLots as l').select(['l.blNumber', 'l.warehouseId', 'l.commodity', 'l.inboundMilli', 'l.outboundMilli', 'l.transferredMilli']),
    'l.warehouseId',
    scope,
  ).execute();
  return rows.filter((r) => r.blNumber !== '');
}

/** Each B/L's totals over the lots given. */
export function sumByBl(lots: readonly LotRow[]): Map<string, LotSums> {
  const sums = new Map<string, LotSums>();
  for (const l of lots) {
    const s = sums.get(l.blNumber) ?? { inboundMilli: 0, deliveredMilli: 0 };
    s.inboundMilli += Number(l.inboundMilli);
    s.deliveredMilli += Number(l.outboundMilli) + Number(l.transferredMilli);
    sums.set(l.blNumber, s);
  }
  return sums;
}

/** Every B/L's totals over the reader's warehouses. */
export const lotSumsByBl = async (db: Queryable, scope: Scope): Promise<Map<string, LotSums>> => sumByBl(await lotRows(db, scope));

/**
 * What was delivered (outbound + transferred) on each B/L per month (YYYY-MM) over the reader's
 * warehouses: of the business dates from `from` to `to` (either may be open), or of the B/Ls `only`.
 */
export async function deliveredByMonth(db: Queryable, scope: Scope, period: { from?: string; to?: string }, only?: readonly string[]): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  const month = sql<string>`substr(d."businessDate", 1, 7)`;
  const read = async (bls?: readonly string[]) => {
    let q = db
      .selectFrom('stockLotDays as d')
      .select(['d.blNumber', 'd.warehouseId', month.as('month'), sql<number>`sum(d."outboundMilli" + d."transferredMilli")`.as('milli')])
      .where('d.blNumber', '!=', '')
      .groupBy(['d.blNumber', 'd.warehouseId', month]);
    if (period.from) q = q.where('d.businessDate', '>=', period.from);
    if (period.to) q = q.where('d.businessDate', '<=', period.to);
    // some B/Ls: by the B/L index, the reader's warehouses kept below (in SQL, SQLite walks every lot-day of those warehouses instead)
    q = bls ? q.where('d.blNumber', 'in', [...bls]) : withinScope(q, 'd.warehouseId', scope);
    for (const r of await q.execute()) {
      if (!inScope(scope, r.warehouseId)) continue;
      const months = out.get(r.blNumber) ?? new Map<string, number>();
      months.set(r.month, (months.get(r.month) ?? 0) + Number(r.milli));
      out.set(r.blNumber, months);
    }
  };
  if (only) for (const piece of chunked([...only])) await read(piece);
  else await read();
  // a month that nets out over the warehouses is none
  for (const [bl, months] of out) {
    for (const [month, milli] of months) if (milli === 0) months.delete(month);
    if (months.size === 0) out.delete(bl);
  }
  return out;
}
