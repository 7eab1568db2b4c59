// Spreadsheets of inbound orders: the columns of the template and the import (the record's input fields;
// the number is always generated) and of the export (the number first, the weight difference last, which the
// import ignores, so an exported sheet imports again as new records), and the import's row checks.
import { inboundBody } from '../../../../shared/warehouse.js';
import type { Db } from '../../../db/tables.js';
import type { AuthUser } from '../../../http/auth.js';
import { importRows } from '../../../spreadsheets/row-import.js';
import type { Column, RowError } from '../../../spreadsheets/columns.js';
import { checkWarehouses } from '../stock/warehouse-lookup.js';
import { insertInbound } from './inbound-orders.service.js';

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
    (trx, row) => insertInbound(trx, actor, row),
  );
}
