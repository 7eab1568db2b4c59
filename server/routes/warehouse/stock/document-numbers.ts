// Document numbers like PU20261122-0001: a prefix, the business day (server's local date) and a
// per-day sequence, handed out inside the creating transaction. The number columns are unique.
import { said } from '../../../../shared/messages.js';
import { today } from '../../../db/database.js';
import type { Queryable } from '../../../db/tables.js';
import { refusedField } from '../../../http/errors.js';

const NUMBER_COLUMNS = {
  pickupRequests: 'orderNumber',
  outboundOrders: 'outboundNumber',
  inboundOrders: 'inboundNumber',
  ownershipTransfers: 'transferNumber',
} as const;
type NumberedTable = keyof typeof NUMBER_COLUMNS;

export async function numberExists(db: Queryable, table: NumberedTable, number: string): Promise<boolean> {
  const column = NUMBER_COLUMNS[table];
  const row = await db
    .selectFrom(table as 'inboundOrders')
    .select('id')
    .where(column as 'inboundNumber', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

/** The next free number of the day for `table`, e.g. `nextNumber(trx, 'pickupRequests', 'PU')`. */
export async function nextNumber(db: Queryable, table: NumberedTable, letters: string): Promise<string> {
  const prefix = `${letters}${today().replaceAll('-', '')}-`;
  for (;;) {
    const row = await db
      .insertInto('documentSequences')
      .values({ prefix, lastValue: 1 })
      .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ lastValue: eb('documentSequences.lastValue', '+', 1) })))
      .returning('lastValue')
      .executeTakeFirstOrThrow();
    const number = `${prefix}${String(row.lastValue).padStart(4, '0')}`;
    // a clerk may have typed this number by hand earlier: skip it
    if (!(await numberExists(db, table, number))) return number;
  }
}

export function duplicateNumber(field: string, value: string): never {
  throw refusedField(
    field,
    said(`${field} "${value}" is already used by another record; leave it empty to have one generated`, `${field} “${value}” 已被另一条记录使用；留空即可自动生成`),
  );
}
