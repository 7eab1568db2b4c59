// Spreadsheets of inbound orders: the columns of the template and the import (the record's input fields;
// the number is always generated) and of the export (the number first, the weight difference last, which the
// import ignores, so an exported sheet imports again as new records), and the import's row checks.
import { inboundBody } from '../../../../shared/warehouse.js';
import type { Db } from '../../../db/tables.js';
import type { AuthUser } from '../../../http/auth.js';
import { importRows } from '../../../spreadsheets/row-import.js';
import { sheetColumns, type RowError } from '../../../spreadsheets/columns.js';
import { holdSequence } from '../stock/document-numbers.js';
import { lockSheetStocks } from '../stock/stock.service.js';
import { checkWarehouses } from '../stock/warehouse-lookup.js';
import { insertInbounds } from './inbound-orders.service.js';

export const INBOUND_COLUMNS = sheetColumns([
  { key: 'warehouse', type: 'text' },
  { key: 'commodity', type: 'text' },
  { key: 'commodityCode', type: 'text' },
  { key: 'blNumber', type: 'text' },
  { key: 'blWeight', type: 'number' },
  { key: 'inboundWeight', type: 'number' },
  { key: 'owner', type: 'text' },
  { key: 'contractNumber', type: 'text' },
  { key: 'inboundDate', type: 'date' },
  { key: 'operator', type: 'text', width: 12 },
  { key: 'remark', type: 'text', width: 30 },
]);
/** The template's example row (skipped on import) and the schema its notes describe. */
export const INBOUND_TEMPLATE = {
  rowSchema: inboundBody,
  example: {
    warehouse: 'WH01',
    commodity: 'Copper cathode',
    commodityCode: 'CU-CATH',
    blNumber: 'COSU6012345670',
    blWeight: 100.5,
    inboundWeight: 100.32,
    owner: 'Example Trading Co.',
    contractNumber: 'HT-2026-001',
    inboundDate: '2026-01-15',
    operator: 'Li Wei',
    remark: 'example',
  },
};

export const INBOUND_EXPORT_COLUMNS = sheetColumns([{ key: 'inboundNumber', type: 'text', width: 18 }, ...INBOUND_COLUMNS, { key: 'weightDifference', type: 'number' }]);

export function importInbound(db: Db, actor: AuthUser, path: string) {
  return importRows(
    db,
    path,
    INBOUND_COLUMNS,
    inboundBody,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      // the import's first locks, in the order a single inbound order takes them (docs/architecture.md, "Lock order")
      await holdSequence(trx, 'IB');
      await lockSheetStocks(trx, rows);
      await checkWarehouses(trx, actor, rows, rowNumbers, errors);
      return errors;
    },
    (trx, batch) => insertInbounds(trx, actor, batch),
  );
}
