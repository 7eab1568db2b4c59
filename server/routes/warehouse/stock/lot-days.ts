// Keeps the summing tables in step with each ledger entry: `stockLotDays` (per lot and day),
// `stockLots` (per lot), `stockDays` (per stock and day) and `stockMonths` (per stock and month).
import type { Queryable } from '../../../db/tables.js';

interface DayMovement {
  warehouseId: number;
  commodity: string;
  blNumber: string | null;
  businessDate: string;
}

/** Adds one entry's change (signed per column, as stockBalances takes it) to its lot, its lot's day, its stock's day and its stock's month. */
export async function addToDays(db: Queryable, m: DayMovement, delta: { inbound: number; outbound: number; transfer: number }): Promise<void> {
  const values = { inboundMilli: delta.inbound, outboundMilli: delta.outbound, transferredMilli: delta.transfer };
  await db
    .insertInto('stockLotDays')
    .values({ warehouseId: m.warehouseId, commodity: m.commodity, blNumber: m.blNumber ?? '', businessDate: m.businessDate, ...values })
    .onConflict((oc) =>
      oc.columns(['warehouseId', 'commodity', 'blNumber', 'businessDate']).doUpdateSet((eb) => ({
        inboundMilli: eb('stockLotDays.inboundMilli', '+', delta.inbound),
        outboundMilli: eb('stockLotDays.outboundMilli', '+', delta.outbound),
        transferredMilli: eb('stockLotDays.transferredMilli', '+', delta.transfer),
      })),
    )
    .execute();
  await db
    .insertInto('stockDays')
    .values({ businessDate: m.businessDate, warehouseId: m.warehouseId, commodity: m.commodity, ...values })
    .onConflict((oc) =>
      oc.columns(['businessDate', 'warehouseId', 'commodity']).doUpdateSet((eb) => ({
        inboundMilli: eb('stockDays.inboundMilli', '+', delta.inbound),
        outboundMilli: eb('stockDays.outboundMilli', '+', delta.outbound),
        transferredMilli: eb('stockDays.transferredMilli', '+', delta.transfer),
      })),
    )
    .execute();
  await db
    .insertInto('stockLots')
    .values({ warehouseId: m.warehouseId, commodity: m.commodity, blNumber: m.blNumber ?? '', ...values })
    .onConflict((oc) =>
      oc.columns(['warehouseId', 'commodity', 'blNumber']).doUpdateSet((eb) => ({
        inboundMilli: eb('stockLots.inboundMilli', '+', delta.inbound),
        outboundMilli: eb('stockLots.outboundMilli', '+', delta.outbound),
        transferredMilli: eb('stockLots.transferredMilli', '+', delta.transfer),
      })),
    )
    .execute();
  await db
    .insertInto('stockMonths')
    .values({ month: m.businessDate.slice(0, 7), warehouseId: m.warehouseId, commodity: m.commodity, ...values })
    .onConflict((oc) =>
      oc.columns(['month', 'warehouseId', 'commodity']).doUpdateSet((eb) => ({
        inboundMilli: eb('stockMonths.inboundMilli', '+', delta.inbound),
        outboundMilli: eb('stockMonths.outboundMilli', '+', delta.outbound),
        transferredMilli: eb('stockMonths.transferredMilli', '+', delta.transfer),
      })),
    )
    .execute();
}
