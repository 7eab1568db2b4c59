// Approving a pickup request reserves (decisions.md, "Posted documents, lots and reservations"):
// `refuseUnavailable` checks, under the stock's lock, that its lot and its warehouse and commodity
// have what it asks available (current stock − what other requests reserve, reservations.ts).
import { said, type Said } from '../../../../shared/messages.js';
import { fromMilli } from '../../../../shared/warehouse.js';
import { lockStocks } from '../../../db/locks.js';
import type { Queryable } from '../../../db/tables.js';
import { invalid } from '../../../http/errors.js';
import { reservationsOfStocks, reservedRefusal, unitOfKey } from './reservations.js';
import { lotStock, stockOfKey } from './stock.service.js';

/** What a request would reserve: its place and remaining quantity. */
export interface Reserving {
  requestId: number;
  warehouseId: number;
  warehouse: string;
  commodity: string;
  stockKey: string;
  blNumber: string | null;
  remainingMilli: number;
}

/**
 * Refuses (400) a request that would reserve more than is available where it reserves: its
 * warehouse and commodity, and its lot when it names a B/L. Locks the stock first, so concurrent
 * approvals of one stock take turns (on PostgreSQL across instances too; SQLite runs one
 * transaction at a time).
 */
export async function refuseUnavailable(db: Queryable, r: Reserving): Promise<void> {
  await lockStocks(db, [{ warehouseId: r.warehouseId, commodity: r.stockKey }]);
  const reservations = await reservationsOfStocks(db, [r]);
  const places = [null, ...(r.blNumber ? [r.blNumber] : [])];
  for (const bl of places) {
    const holds = bl === null ? await stockOfKey(db, r.warehouseId, r.stockKey) : await lotStock(db, r.warehouseId, r.stockKey, bl);
    const holders = reservations.holders(r.warehouseId, r.stockKey, bl, r.requestId);
    const reserved = holders.reduce((sum, h) => sum + h.remainingMilli, 0);
    if (holds - reserved >= r.remainingMilli) continue;
    const unit = await unitOfKey(db, r.stockKey);
    if (holders.length === 0) {
      const q = (milli: number) => `${fromMilli(milli)}${unit ? ` ${unit}` : ''}`;
      const where: Said = bl ? said(`B/L ${bl} in ${r.warehouse}`, `${r.warehouse}的提单 ${bl} `) : said(r.warehouse, r.warehouse);
      throw invalid(
        said(
          `${where.en} holds ${q(Math.max(holds, 0))} of ${r.commodity}; ${q(r.remainingMilli)} requested`,
          `${where.zh}现有${r.commodity} ${q(Math.max(holds, 0))}；需要 ${q(r.remainingMilli)}`,
        ),
      );
    }
    throw reservedRefusal({ warehouse: r.warehouse, commodity: r.commodity, unit, blNumber: bl, holdsMilli: holds, holders, requestedMilli: null });
  }
}
