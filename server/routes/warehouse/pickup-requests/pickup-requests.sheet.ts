// Spreadsheets of pickup requests: the columns of the template and the import (the record's input fields;
// the number is always generated) and of the export (the number first, the status last, which the
// import ignores, so an exported sheet imports again as new records), and the import's row checks.
import { pickupBody } from '../../../../shared/warehouse.js';
import type { Db } from '../../../db/tables.js';
import type { AuthUser } from '../../../http/auth.js';
import { importRows } from '../../../spreadsheets/row-import.js';
import type { Column, RowError } from '../../../spreadsheets/columns.js';
import { checkWarehouses } from '../stock/warehouse-lookup.js';
import { insertPickup } from './pickup-requests.service.js';

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
    (trx, row) => insertPickup(trx, actor, row),
  );
}
