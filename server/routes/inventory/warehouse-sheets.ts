// Spreadsheets of pickup requests, outbound orders and inbound orders on the shared sheet module.
// Templates and imports use the record's input fields (the document number is always generated);
// exports add the record's number first and its status columns last, which imports ignore, so an
// exported sheet imports again as new records.
import type { z } from 'zod';
import { said, type Said } from '../../../shared/messages.js';
import { fromMilli, inboundBody, outboundBody, pickupBody, toMilli } from '../../../shared/warehouse.js';
import type { Db, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { MAX_ROW_ERRORS, readSheet, rowErrorsToHttp, type Column, type RowError } from '../../spreadsheets/sheet.js';
import { checkPickup, createOutbound } from '../pickup/outbound.service.js';
import { createPickup } from '../pickup/pickup.service.js';
import { findWarehouseByRef, warehouseForMovement } from '../warehouses/warehouses.service.js';
import { today } from './document-numbers.js';
import { createInbound } from './inbound.service.js';
import { currentStock } from './stock.service.js';

export const PICKUP_COLUMNS: readonly Column[] = [
  { key: 'blNumber', label: '提单号', type: 'text' },
  { key: 'licensePlate', label: '车牌号', type: 'text', width: 12 },
  { key: 'driverName', label: '司机姓名', type: 'text', width: 12 },
  { key: 'driverPhone', label: '司机电话', type: 'text', width: 14 },
  { key: 'driverIdCard', label: '司机身份证号', type: 'text', width: 20 },
  { key: 'commodity', label: '品名', type: 'text' },
  { key: 'quantity', label: '数量', type: 'number' },
  { key: 'unit', label: '单位', type: 'text', width: 8 },
  { key: 'deliveryDate', label: '提货日期', type: 'date' },
  { key: 'deliveryAddress', label: '提货地址', type: 'text', width: 30 },
  { key: 'warehouse', label: '仓库', type: 'text' },
  { key: 'remark', label: '备注', type: 'text', width: 30 },
];
export const PICKUP_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'orderNumber', label: '提货单号', type: 'text', width: 18 },
  ...PICKUP_COLUMNS,
  { key: 'status', label: '状态', type: 'text', width: 12 },
];

export const OUTBOUND_COLUMNS: readonly Column[] = [
  { key: 'deliveryOrderNumber', label: '提货单号', type: 'text', width: 18 },
  { key: 'blNumber', label: '提单号', type: 'text' },
  { key: 'licensePlate', label: '车牌号', type: 'text', width: 12 },
  { key: 'driverName', label: '司机姓名', type: 'text', width: 12 },
  { key: 'driverPhone', label: '司机电话', type: 'text', width: 14 },
  { key: 'commodity', label: '品名', type: 'text' },
  { key: 'commodityCode', label: '商品编码', type: 'text' },
  { key: 'quantity', label: '数量', type: 'number' },
  { key: 'unit', label: '单位', type: 'text', width: 8 },
  { key: 'outboundDate', label: '出库日期', type: 'date' },
  { key: 'warehouse', label: '仓库', type: 'text' },
  { key: 'operator', label: '经办人', type: 'text', width: 12 },
  { key: 'outboundStatus', label: '出库状态', type: 'text', width: 12 },
  { key: 'remark', label: '备注', type: 'text', width: 30 },
];
export const OUTBOUND_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'outboundNumber', label: '出库单号', type: 'text', width: 18 },
  ...OUTBOUND_COLUMNS,
  { key: 'receiptStatus', label: '签收状态', type: 'text', width: 12 },
];

export const INBOUND_COLUMNS: readonly Column[] = [
  { key: 'warehouse', label: '仓库', type: 'text' },
  { key: 'commodity', label: '品名', type: 'text' },
  { key: 'commodityCode', label: '商品编码', type: 'text' },
  { key: 'blNumber', label: '提单号', type: 'text' },
  { key: 'blWeight', label: '提单重量', type: 'number' },
  { key: 'inboundWeight', label: '入库重量', type: 'number' },
  { key: 'owner', label: '货主', type: 'text' },
  { key: 'contractNumber', label: '合同号', type: 'text' },
  { key: 'inboundDate', label: '入库日期', type: 'date' },
  { key: 'operator', label: '经办人', type: 'text', width: 12 },
  { key: 'remark', label: '备注', type: 'text', width: 30 },
];
export const INBOUND_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'inboundNumber', label: '入库单号', type: 'text', width: 18 },
  ...INBOUND_COLUMNS,
  { key: 'weightDifference', label: '重量差', type: 'number' },
];

/** `pickup-requests-20261122.xlsx`: the kind and the server's business day. */
export const exportName = (kind: string) => `${kind}-${today().replaceAll('-', '')}.xlsx`;
export const templateName = (kind: string) => `${kind}-template.xlsx`;

/**
 * Most data rows one import takes. The import creates its records in one transaction, and the
 * service's single SQLite connection serves no other request (read or write) until it commits.
 * Measured on the 2-core machine with 1,000,000 ledger entries (docs/api/warehouse.md): 0.2 to
 * 1.4 ms a row, so 2,000 rows hold it for 0.3 to 1.2 s (2.7 s at worst); 5,000 held it for 1.4 to 4.5 s.
 */
export const MAX_IMPORT_ROWS = 2000;

type RowCheck<T> = (db: Queryable, rows: T[], rowNumbers: number[]) => Promise<RowError[]>;

/**
 * Reads the sheet (refused with 400 beyond MAX_IMPORT_ROWS data rows, before anything is written),
 * checks every row against the create schema and then the business rules
 * (`check`), and only when no row is wrong creates them all, in sheet order, in one transaction
 * through the JSON route's create function.
 */
async function importRows<S extends z.ZodObject, T extends z.output<S>>(
  db: Db,
  path: string,
  columns: readonly Column[],
  schema: S,
  check: RowCheck<T>,
  create: (trx: Queryable, row: T) => Promise<unknown>,
): Promise<{ imported: number }> {
  const result = await readSheet(path, columns, schema, { maxRows: MAX_IMPORT_ROWS });
  if ('errors' in result) throw rowErrorsToHttp(result.errors, result.errorCount);
  const rows = result.rows as T[];
  const { rowNumbers } = result;
  return db.transaction().execute(async (trx) => {
    // checked inside the transaction, so no other request changes stock between check and write
    const errors = await check(trx, rows, rowNumbers);
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw rowErrorsToHttp(errors.slice(0, MAX_ROW_ERRORS), errors.length);
    }
    for (const [i, row] of rows.entries()) {
      try {
        await create(trx, row);
      } catch (err) {
        // a rule the checks above do not foresee still names its row; the transaction undoes the rest
        if (err instanceof HttpError && err.status === 400) throw rowErrorsToHttp([{ row: rowNumbers[i]!, column: '', message: err.said }]);
        throw err;
      }
    }
    return { imported: rows.length };
  });
}

/** The message of a 400 a rule throws, or null when the rule holds. */
async function refusal(rule: () => Promise<unknown>): Promise<Said | null> {
  try {
    await rule();
    return null;
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return err.said;
    throw err;
  }
}

/** Each row's warehouse must exist and be active (the rule of `warehouseForMovement`); one look-up per name. */
async function checkWarehouses(db: Queryable, rows: { warehouse: string }[], rowNumbers: number[], errors: RowError[]): Promise<void> {
  const verdicts = new Map<string, Said | null>();
  for (const [i, row] of rows.entries()) {
    if (!verdicts.has(row.warehouse)) verdicts.set(row.warehouse, await refusal(() => warehouseForMovement(db, row.warehouse)));
    const message = verdicts.get(row.warehouse);
    if (message) errors.push({ row: rowNumbers[i]!, column: 'warehouse', message });
  }
}

export function importPickups(db: Db, actor: AuthUser, path: string) {
  return importRows(
    db,
    path,
    PICKUP_COLUMNS,
    pickupBody,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      await checkWarehouses(trx, rows, rowNumbers, errors);
      return errors;
    },
    (trx, row) => createPickup(trx, actor, row),
  );
}

export function importInbound(db: Db, actor: AuthUser, path: string) {
  return importRows(
    db,
    path,
    INBOUND_COLUMNS,
    inboundBody,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      await checkWarehouses(trx, rows, rowNumbers, errors);
      return errors;
    },
    (trx, row) => createInbound(trx, actor, row),
  );
}

/**
 * Outbound rows also need a pickup request for their deliveryOrderNumber, and stock: each row
 * takes from what the warehouse holds less what the earlier rows of the sheet take.
 */
export function importOutbound(db: Db, actor: AuthUser, path: string) {
  return importRows(
    db,
    path,
    OUTBOUND_COLUMNS,
    outboundBody,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      await checkWarehouses(trx, rows, rowNumbers, errors);
      const left = new Map<string, { milli: number; takenBy: number[] }>();
      for (const [i, row] of rows.entries()) {
        const rowNumber = rowNumbers[i]!;
        const pickup = await refusal(() => checkPickup(trx, row.deliveryOrderNumber));
        if (pickup) errors.push({ row: rowNumber, column: 'deliveryOrderNumber', message: pickup });
        if (row.outboundStatus === 'cancelled') continue; // a cancelled order takes nothing from stock
        const warehouse = await findWarehouseByRef(trx, row.warehouse);
        if (!warehouse || warehouse.status !== 'active') continue; // already a warehouse error
        const key = `${warehouse.id}\u0000${row.commodity}`;
        let stock = left.get(key);
        if (!stock) left.set(key, (stock = { milli: await currentStock(trx, warehouse.id, row.commodity), takenBy: [] }));
        const wanted = toMilli(row.quantity);
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
    (trx, row) => createOutbound(trx, actor, row),
  );
}
