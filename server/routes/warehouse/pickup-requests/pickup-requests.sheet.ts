// Spreadsheets of pickup requests: the columns of the template and the import (the record's input fields;
// the number is always generated) and of the export (the number first, the status last, which the
// import ignores, so an exported sheet imports again as new records), and the import's row checks.
import { said } from '../../../../shared/messages.js';
import { pickupBody } from '../../../../shared/warehouse.js';
import type { Db } from '../../../db/tables.js';
import type { AuthUser } from '../../../http/auth.js';
import { importRows } from '../../../spreadsheets/row-import.js';
import { sheetColumns, type RowError } from '../../../spreadsheets/columns.js';
import { checkWarehouses } from '../stock/warehouse-lookup.js';
import { insertPickup } from './pickup-requests.service.js';

export const PICKUP_COLUMNS = sheetColumns([
  { key: 'blNumber', type: 'text' },
  { key: 'licensePlate', type: 'text', width: 12 },
  { key: 'driverName', type: 'text', width: 12 },
  { key: 'driverPhone', type: 'text', width: 14 },
  { key: 'driverIdCard', type: 'text', width: 20 },
  { key: 'commodity', type: 'text' },
  { key: 'quantity', type: 'number' },
  { key: 'unit', type: 'text', width: 8 },
  { key: 'deliveryDate', type: 'date', label: said('Pickup date', '提货日期') },
  { key: 'deliveryAddress', type: 'text', width: 30 },
  { key: 'warehouse', type: 'text' },
  { key: 'remark', type: 'text', width: 30 },
]);
/** The template's example row (skipped on import) and the schema its notes describe. */
export const PICKUP_TEMPLATE = {
  rowSchema: pickupBody,
  example: {
    blNumber: 'COSU6012345670',
    licensePlate: '沪A12345',
    driverName: 'Wang Qiang',
    driverPhone: '13800000000',
    commodity: 'Copper cathode',
    quantity: 30,
    unit: 't',
    deliveryDate: '2026-01-20',
    deliveryAddress: 'Yangshan port, Shanghai',
    warehouse: 'WH01',
    remark: 'example',
  },
};

export const PICKUP_EXPORT_COLUMNS = sheetColumns([
  { key: 'orderNumber', type: 'text', width: 18 },
  ...PICKUP_COLUMNS,
  { key: 'status', type: 'text', width: 12, codes: 'pickupStatus' },
  { key: 'createdBy', type: 'text', width: 14 },
  { key: 'approvedBy', type: 'text', width: 14 },
  { key: 'approvedTime', type: 'text', width: 22 },
]);

export function importPickups(db: Db, actor: AuthUser, path: string) {
  return importRows(
    db,
    path,
    PICKUP_COLUMNS,
    pickupBody,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      await checkWarehouses(trx, actor, rows, rowNumbers, errors);
      return errors;
    },
    (trx, row) => insertPickup(trx, actor, row),
  );
}
