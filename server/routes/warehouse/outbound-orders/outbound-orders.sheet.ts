// Spreadsheets of outbound orders: the columns of the template and the import (the record's input fields;
// the number is always generated) and of the export (the number first, the receipt status last, which the
// import ignores, so an exported sheet imports again as new records), and the import's row checks.
import { said } from '../../../../shared/messages.js';
import { fromMilli, outboundBody, toMilli } from '../../../../shared/warehouse.js';
import type { Db } from '../../../db/tables.js';
import type { AuthUser } from '../../../http/auth.js';
import { importRows } from '../../../spreadsheets/row-import.js';
import { sheetColumns, type RowError } from '../../../spreadsheets/columns.js';
import { holdSequence } from '../stock/document-numbers.js';
import { blNumberOf, lockSheetStocks, lotStock, stockOfKey } from '../stock/stock.service.js';
import { commoditiesKnown } from '../../catalogs/catalog-names.js';
import { checkWarehouses, findWarehouseByRef, type WarehouseRow } from '../stock/warehouse-lookup.js';
import { lockPickups, shipmentRefusal, unknownPickup } from '../pickup-requests/pickup-shipping.js';
import { insertOutbounds } from './outbound-orders.service.js';

export const OUTBOUND_COLUMNS = sheetColumns([
  { key: 'deliveryOrderNumber', type: 'text', width: 18 },
  { key: 'blNumber', type: 'text' },
  { key: 'licensePlate', type: 'text', width: 12 },
  { key: 'driverName', type: 'text', width: 12 },
  { key: 'driverPhone', type: 'text', width: 14 },
  { key: 'commodity', type: 'text' },
  { key: 'commodityCode', type: 'text' },
  { key: 'quantity', type: 'number' },
  { key: 'unit', type: 'text', width: 8 },
  { key: 'outboundDate', type: 'date' },
  { key: 'warehouse', type: 'text' },
  { key: 'operator', type: 'text', width: 12 },
  { key: 'outboundStatus', type: 'text', width: 12, codes: 'outboundStatus' },
  { key: 'remark', type: 'text', width: 30 },
]);
/** The template's example row (skipped on import) and the schema its notes describe. */
export const OUTBOUND_TEMPLATE = {
  rowSchema: outboundBody,
  example: {
    deliveryOrderNumber: 'PU20260120-0001',
    blNumber: 'COSU6012345670',
    licensePlate: '沪A12345',
    driverName: 'Wang Qiang',
    driverPhone: '13800000000',
    commodity: 'Copper cathode',
    commodityCode: 'CU-CATH',
    quantity: 30,
    unit: 't',
    outboundDate: '2026-01-20',
    warehouse: 'WH01',
    operator: 'Li Wei',
    outboundStatus: 'completed',
    remark: 'example',
  },
};

export const OUTBOUND_EXPORT_COLUMNS = sheetColumns([
  { key: 'outboundNumber', type: 'text', width: 18 },
  ...OUTBOUND_COLUMNS,
  { key: 'receiptStatus', type: 'text', width: 12, codes: 'receiptStatus' },
]);

/**
 * Outbound rows also need a pickup request that takes them (pickup-shipping.ts) for their
 * deliveryOrderNumber, and stock: each row takes from what the warehouse holds (a row naming a B/L,
 * from what that lot holds), and from what its request has left, less what the earlier rows of the
 * sheet take. Rows without a B/L take from the oldest lots when written (moveStocks).
 */
export function importOutbound(db: Db, actor: AuthUser, path: string) {
  return importRows(
    db,
    path,
    OUTBOUND_COLUMNS,
    outboundBody,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      await checkWarehouses(trx, actor, rows, rowNumbers, errors);
      const left = new Map<string, { milli: number; takenBy: number[] }>();
      const lotsLeft = new Map<string, { milli: number; takenBy: number[] }>();
      // what the earlier rows of the sheet ship against each pickup request
      const shippedBySheet = new Map<string, number>();
      // each warehouse, stock key and pickup request looked up once for the whole sheet
      const warehouses = new Map<string, WarehouseRow | undefined>();
      for (const ref of new Set(rows.map((r) => r.warehouse))) warehouses.set(ref, await findWarehouseByRef(trx, ref));
      const stockKeys = new Map<string, string>();
      for (const [typed, entry] of await commoditiesKnown(trx, [...new Set(rows.map((r) => r.commodity))])) stockKeys.set(typed, entry);
      // the import's first locks, in the order a single outbound order takes them: its number, its
      // pickup requests, its stocks (docs/architecture.md, "Lock order"); the stocks read below cannot change before the write
      await holdSequence(trx, 'OB');
      const pickups = await lockPickups(
        trx,
        rows.map((r) => r.deliveryOrderNumber).filter((n): n is string => !!n),
      );
      await lockSheetStocks(trx, rows);
      for (const [i, row] of rows.entries()) {
        const rowNumber = rowNumbers[i]!;
        const warehouse = warehouses.get(row.warehouse);
        const orderNumber = row.deliveryOrderNumber;
        if (orderNumber) {
          const pickup = pickups.get(orderNumber);
          if (!pickup) errors.push({ row: rowNumber, column: 'deliveryOrderNumber', message: unknownPickup(orderNumber) });
          else if (warehouse) {
            const order = {
              deliveryOrderNumber: orderNumber,
              commodity: row.commodity,
              warehouseId: warehouse.id,
              quantityMilli: toMilli(row.quantity),
              outboundStatus: row.outboundStatus ?? 'completed',
            };
            const earlier = shippedBySheet.get(orderNumber) ?? 0;
            const refused = shipmentRefusal(pickup, null, order, pickup.shippedMilli + earlier);
            if (refused) errors.push({ row: rowNumber, column: refused.field, message: refused.message });
            else if (order.outboundStatus !== 'cancelled') shippedBySheet.set(orderNumber, earlier + order.quantityMilli);
          }
        }
        if (row.outboundStatus === 'cancelled') continue; // a cancelled order takes nothing from stock
        if (!warehouse || warehouse.status !== 'active') continue; // already a warehouse error
        const stockKey = stockKeys.get(row.commodity)!;
        const key = `${warehouse.id}\u0000${stockKey}`;
        let stock = left.get(key);
        if (!stock) left.set(key, (stock = { milli: await stockOfKey(trx, warehouse.id, stockKey), takenBy: [] }));
        const wanted = toMilli(row.quantity);
        const bl = blNumberOf(row.blNumber ?? null);
        if (bl) {
          // a B/L takes from its lot alone: what the lot holds less what the earlier rows take from it
          let lot = lotsLeft.get(`${key}\u0000${bl}`);
          if (!lot) lotsLeft.set(`${key}\u0000${bl}`, (lot = { milli: await lotStock(trx, warehouse.id, stockKey, bl), takenBy: [] }));
          if (wanted > lot.milli) {
            const held = fromMilli(Math.max(lot.milli, 0));
            const earlier = lot.takenBy.length ? ` after ${lot.takenBy.length === 1 ? 'row' : 'rows'} ${lot.takenBy.join(', ')} of this sheet` : '';
            const earlierZh = lot.takenBy.length ? `（已扣除本表第 ${lot.takenBy.join('、')} 行）` : '';
            errors.push({
              row: rowNumber,
              column: 'blNumber',
              message: said(
                `B/L ${bl} holds ${held} of ${row.commodity} in ${warehouse.name}${earlier}; ${row.quantity} requested`,
                `${warehouse.name}的提单 ${bl} 现有${row.commodity} ${held}${earlierZh}；需要 ${row.quantity}`,
              ),
            });
            continue;
          }
          lot.milli -= wanted;
          lot.takenBy.push(rowNumber);
        }
        if (wanted > stock.milli) {
          const earlier = stock.takenBy.length ? ` after ${stock.takenBy.length === 1 ? 'row' : 'rows'} ${stock.takenBy.join(', ')} of this sheet` : '';
          const earlierZh = stock.takenBy.length ? `（已扣除本表第 ${stock.takenBy.join('、')} 行）` : '';
          const available = fromMilli(Math.max(stock.milli, 0));
          errors.push({
            row: rowNumber,
            column: 'quantity',
            message: said(
              `insufficient stock: ${available} available of ${row.commodity} in ${warehouse.name}${earlier}; ${row.quantity} requested`,
              `库存不足：${warehouse.name}的${row.commodity}可用 ${available}${earlierZh}；需要 ${row.quantity}`,
            ),
          });
        } else {
          stock.milli -= wanted;
          stock.takenBy.push(rowNumber);
        }
      }
      return errors;
    },
    (trx, batch) => insertOutbounds(trx, actor, batch),
  );
}
