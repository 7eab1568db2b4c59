// Keeps the summing tables in step with the ledger: `stockBalances` (per stock), `stockLotDays` (per lot
// and day), `stockLots` (per lot), `stockDays` (per stock and day) and `stockMonths` (per stock and
// month). A batch of entries is added up in memory first, then written with one
// `insert … on conflict do update` per table per ROWS_PER_STATEMENT rows (on PostgreSQL its rows one
// JSON array a column: insertColumns) (a key once per statement:
// PostgreSQL refuses to update one row twice in one statement).
import { chunked, insertObjects, type InsertColumn } from '../../../db/batches.js';
import { addLotsInStock } from '../../../db/bl-status.js';
import type { Queryable } from '../../../db/tables.js';

/** What one ledger entry changes, signed per column as the summing tables keep it. */
export interface SumDelta {
  warehouseId: number;
  /** the stock key (the catalog entry's nameKey) */
  commodity: string;
  blNumber: string | null;
  businessDate: string;
  inbound: number;
  outbound: number;
  transfer: number;
  /** the change of the current stock (inbound adds, the others take) */
  current: number;
}

const TABLES = [
  { table: 'stockBalances', key: ['warehouseId', 'commodity'], current: true },
  { table: 'stockLotDays', key: ['warehouseId', 'commodity', 'blNumber', 'businessDate'], current: false },
  { table: 'stockDays', key: ['businessDate', 'warehouseId', 'commodity'], current: false },
  { table: 'stockLots', key: ['warehouseId', 'commodity', 'blNumber'], current: false },
  { table: 'stockMonths', key: ['month', 'warehouseId', 'commodity'], current: false },
] as const;

/** Adds the entries' changes to every summing table. */
export async function addToSums(db: Queryable, deltas: readonly SumDelta[]): Promise<void> {
  for (const { table, key, current } of TABLES) {
    const sums = new Map<string, Record<string, string | number>>();
    for (const d of deltas) {
      const keyValues: Record<string, string | number> = {
        warehouseId: d.warehouseId,
        commodity: d.commodity,
        blNumber: d.blNumber ?? '',
        businessDate: d.businessDate,
        month: d.businessDate.slice(0, 7),
      };
      const id = key.map((k) => keyValues[k]).join('\u0000');
      let row = sums.get(id);
      if (!row) {
        row = Object.fromEntries(key.map((k) => [k, keyValues[k]!]));
        Object.assign(row, { inboundMilli: 0, outboundMilli: 0, transferredMilli: 0 }, current ? { currentMilli: 0 } : {});
        sums.set(id, row);
      }
      (row.inboundMilli as number) += d.inbound;
      (row.outboundMilli as number) += d.outbound;
      (row.transferredMilli as number) += d.transfer;
      if (current) (row.currentMilli as number) += d.current;
    }
    const columns = ['inboundMilli', 'outboundMilli', 'transferredMilli', ...(current ? ['currentMilli'] : [])];
    // one insert a piece on PostgreSQL (insertColumns), each key's sums added to what is kept
    const typed: InsertColumn[] = [...key.map((k): InsertColumn => [k, k === 'warehouseId' ? 'integer' : 'text']), ...columns.map((c): InsertColumn => [c, 'integer'])];
    const onConflict = `on conflict (${key.map((k) => `"${k}"`).join(', ')}) do update set ${columns.map((c) => `"${c}" = "${table}"."${c}" + excluded."${c}"`).join(', ')}`;
    for (const piece of chunked([...sums.values()])) {
      const after = await insertObjects<{ warehouseId: number; commodity: string; blNumber: string; inboundMilli: number; outboundMilli: number; transferredMilli: number }>(
        db,
        table,
        typed,
        piece,
        { onConflict, returning: table === 'stockLots' },
      );
      if (table !== 'stockLots') continue;
      // the lots whose stock crossed zero move their B/L in or out of the missing-documents report
      await addLotsInStock(
        db,
        after.map((r) => {
          const added = sums.get([r.warehouseId, r.commodity, r.blNumber].join('\u0000'))!;
          return {
            blNumber: r.blNumber as string,
            afterMilli: Number(r.inboundMilli) - Number(r.outboundMilli) - Number(r.transferredMilli),
            changeMilli: (added.inboundMilli as number) - (added.outboundMilli as number) - (added.transferredMilli as number),
          };
        }),
      );
    }
  }
}
