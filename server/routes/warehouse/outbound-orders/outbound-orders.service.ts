import type { Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import { fromMilli, outboundListQuery, toMilli, type confirmReceiptBody, type OutboundOrder, type outboundBody, type outboundUpdateBody } from '../../../../shared/warehouse.js';
import { now } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import { OUTBOUND_KEYWORD_COLUMNS } from '../../../db/search.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { OutboundOrdersTable, OutboundReceiptsTable } from '../../../db/tables-warehouse.js';
import type { AuthUser } from '../../../http/auth.js';
import { invalid, notFound } from '../../../http/errors.js';
import { recordAudit } from '../../audit/audit.service.js';
import { duplicateNumber, nextNumber, numberExists } from '../stock/document-numbers.js';
import { blNumberOf, moveStock, type Movement } from '../stock/stock.service.js';
import { refuseRecordOutsideScope, warehouseFilter, warehouseForMovement } from '../stock/warehouse-lookup.js';
import type { Scope } from '../../../db/scope.js';
import { followPickups } from '../pickup-requests/pickup-shipping.js';

export type OutboundRow = Selectable<OutboundOrdersTable> & { warehouse: string };

/** The row as the API answers it: the stored columns as they are, the quantity converted from thousandths. */
export function presentOutbound({ quantityMilli, ...row }: OutboundRow): OutboundOrder {
  return { ...row, quantity: fromMilli(quantityMilli) };
}

export const selectOutbound = (db: Queryable) => withWarehouseName(db.selectFrom('outboundOrders as d').selectAll('d'), 'd.warehouseId');

/** The outbound list: its filters, its order (newest first unless asked), its presenter. */
const outboundList = describeList({
  query: outboundListQuery,
  from: selectOutbound,
  filters: [
    warehouseFilter('d.warehouseId'),
    { exact: 'commodity', column: 'd.commodity' },
    { exact: 'outboundStatus', column: 'd.outboundStatus' },
    { exact: 'receiptStatus', column: 'd.receiptStatus' },
    { exact: 'deliveryOrderNumber', column: 'd.deliveryOrderNumber' },
    { from: 'startDate', column: 'd.outboundDate' },
    { to: 'endDate', column: 'd.outboundDate' },
    { keyword: 'keyword', table: 'outboundOrders', columns: OUTBOUND_KEYWORD_COLUMNS },
    { prefix: 'outboundNumber', column: 'd.outboundNumber' },
    { prefix: 'blNumber', column: 'd.blNumber' },
  ],
  warehouse: 'd.warehouseId',
  key: 'd.id',
  order: 'desc',
  present: presentOutbound,
});

export const listOutbound = outboundList.list;

/** Every order the list's filters match, in the list's order, read in batches (for the export). */
export const allOutbound = outboundList.all;

/** The outbound order `id`, or 404; 403 when it is outside `scope` (the reader's warehouses; null: the service's own re-read). */
export async function loadOutbound(db: Queryable, id: number, scope: Scope | null): Promise<OutboundRow> {
  const row = await selectOutbound(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('outbound order', '出库单'), id);
  await refuseRecordOutsideScope(db, scope, row.warehouseId, said(`outbound order ${row.outboundNumber}`, `出库单 ${row.outboundNumber} `));
  return row;
}

/** The outbound order `id` as the API answers it, or 404 (403 outside `scope`). */
export const getOutbound = async (db: Queryable, id: number, scope: Scope | null): Promise<OutboundOrder> => presentOutbound(await loadOutbound(db, id, scope));

/** A cancelled order takes nothing from stock; pending and completed ones do. */
const movementOf = (row: OutboundRow): Movement | null =>
  row.outboundStatus === 'cancelled'
    ? null
    : {
        kind: 'outbound',
        documentType: 'outboundOrder',
        documentId: row.id,
        documentNumber: row.outboundNumber,
        blNumber: blNumberOf(row.blNumber),
        warehouseId: row.warehouseId,
        commodity: row.commodity,
        quantityMilli: row.quantityMilli,
        businessDate: row.outboundDate,
      };

export async function insertOutbound(db: Queryable, actor: AuthUser | null, input: z.output<typeof outboundBody>): Promise<OutboundOrder> {
  const warehouse = await warehouseForMovement(db, actor, input.warehouse);
  if (input.outboundNumber && (await numberExists(db, 'outboundOrders', input.outboundNumber))) duplicateNumber('outboundNumber', input.outboundNumber);
  // the plain fields go in as sent; the number, the warehouse and the quantity are converted
  const { outboundNumber, warehouse: _warehouse, quantity, ...fields } = input;
  const time = now();
  const { id } = await db
    .insertInto('outboundOrders')
    .values({
      ...fields,
      outboundNumber: outboundNumber ?? (await nextNumber(db, 'outboundOrders', 'OB')),
      quantityMilli: toMilli(quantity),
      warehouseId: warehouse.id,
      operator: input.operator ?? actor?.username ?? null,
      outboundStatus: input.outboundStatus ?? 'completed',
      receiptStatus: 'unconfirmed',
      createTime: time,
      updateTime: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await loadOutbound(db, id, null);
  await followPickups(db, actor, null, row);
  await moveStock(db, null, movementOf(row));
  const after = presentOutbound(row);
  await recordAudit(db, { actor, action: 'create', entity: 'outboundOrder', entityId: id, after });
  return after;
}

export const createOutbound = (db: Db, actor: AuthUser, input: z.output<typeof outboundBody>) => db.transaction().execute((trx) => insertOutbound(trx, actor, input));

export function updateOutbound(db: Db, actor: AuthUser, id: number, input: z.output<typeof outboundUpdateBody>): Promise<OutboundOrder> {
  return db.transaction().execute(async (trx) => {
    const before = await loadOutbound(trx, id, actor);
    // fields not sent are undefined, and an update leaves undefined columns as they are
    const { warehouse, quantity, ...fields } = input;
    const changes: Updateable<OutboundOrdersTable> = { ...fields, updateTime: now() };
    if (warehouse !== undefined) changes.warehouseId = (await warehouseForMovement(trx, actor, warehouse, before.warehouseId)).id;
    if (quantity !== undefined) changes.quantityMilli = toMilli(quantity);
    await trx.updateTable('outboundOrders').set(changes).where('id', '=', id).execute();
    const row = await loadOutbound(trx, id, null);
    await followPickups(trx, actor, before, row);
    await moveStock(trx, movementOf(before), movementOf(row));
    const after = presentOutbound(row);
    const action = row.outboundStatus !== before.outboundStatus ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'outboundOrder', entityId: id, before: presentOutbound(before), after });
    return after;
  });
}

export function deleteOutbound(db: Db, actor: AuthUser, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await loadOutbound(trx, id, actor);
    await moveStock(trx, movementOf(before), null);
    await trx.deleteFrom('outboundReceipts').where('outboundId', '=', id).execute();
    await trx.deleteFrom('outboundOrders').where('id', '=', id).execute();
    await followPickups(trx, actor, before, null);
    await recordAudit(trx, { actor, action: 'delete', entity: 'outboundOrder', entityId: id, before: presentOutbound(before) });
  });
}

const presentReceipt = (row: Selectable<OutboundReceiptsTable>) => ({
  id: row.id,
  outboundId: row.outboundId,
  receivedQuantity: row.receivedQuantityMilli === null ? null : fromMilli(row.receivedQuantityMilli),
  receiver: row.receiver,
  remark: row.remark,
  userId: row.userId,
  username: row.username,
  time: row.time,
});

/** Marks the goods of an order as received and appends an entry to its receipt history. */
export function confirmReceipt(db: Db, actor: AuthUser, id: number, input: z.output<typeof confirmReceiptBody>): Promise<OutboundOrder> {
  return db.transaction().execute(async (trx) => {
    const before = await loadOutbound(trx, id, actor);
    if (before.outboundStatus === 'cancelled')
      throw invalid(said(`outbound order ${before.outboundNumber} is cancelled; its receipt cannot be confirmed`, `出库单 ${before.outboundNumber} 已取消，不能确认签收`));
    const time = now();
    await trx
      .insertInto('outboundReceipts')
      .values({
        outboundId: id,
        receivedQuantityMilli: input.receivedQuantity === undefined ? null : toMilli(input.receivedQuantity),
        receiver: input.receiver ?? null,
        remark: input.remark ?? null,
        userId: actor.id,
        username: actor.username,
        time,
      })
      .execute();
    await trx.updateTable('outboundOrders').set({ receiptStatus: 'confirmed', updateTime: time }).where('id', '=', id).execute();
    const after = await getOutbound(trx, id, null);
    await recordAudit(trx, { actor, action: 'status', entity: 'outboundOrder', entityId: id, before: presentOutbound(before), after });
    return after;
  });
}

export async function receiptHistory(db: Queryable, id: number, scope: Scope) {
  await loadOutbound(db, id, scope);
  const rows = await db.selectFrom('outboundReceipts').selectAll().where('outboundId', '=', id).orderBy('id', 'asc').execute();
  return rows.map(presentReceipt);
}
