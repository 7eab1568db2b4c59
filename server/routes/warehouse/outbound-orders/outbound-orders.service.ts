import type { Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import {
  fromMilli,
  outboundListQuery,
  toMilli,
  type confirmReceiptBody,
  type OutboundOrder,
  type PostedOutboundOrder,
  type outboundBody,
  type outboundUpdateBody,
} from '../../../../shared/warehouse.js';
import { now } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import { OUTBOUND_KEYWORD_COLUMNS } from '../../../db/search.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { OutboundOrdersTable, OutboundReceiptsTable } from '../../../db/tables-warehouse.js';
import type { AuthUser } from '../../../http/auth.js';
import { BatchRefusal, invalid, notFound, refusedField } from '../../../http/errors.js';
import { getSettings } from '../../settings/settings.service.js';
import { recordAudit, recordAudits } from '../../audit/audit.service.js';
import { chunked, insertObjects, type InsertColumn } from '../../../db/batches.js';
import { numbersFor } from '../stock/document-numbers.js';
import { allocationsAnswer, blNumberOf, moveStock, moveStocks, type Allocation, type Movement } from '../stock/stock.service.js';
import { changePosted } from '../stock/posted.js';
import { refuseRecordOutsideScope, warehouseFilter, warehouseForMovement, warehousesForMovements } from '../stock/warehouse-lookup.js';
import type { Scope } from '../../../db/scope.js';
import { followPickups } from '../pickup-requests/pickup-shipping.js';

export type OutboundRow = Selectable<OutboundOrdersTable> & { warehouse: string };

/** The row as the API answers it: the stored columns as they are, the quantity converted from thousandths. */
export function presentOutbound({ quantityMilli, ...row }: OutboundRow): OutboundOrder {
  return { ...row, quantity: fromMilli(quantityMilli) };
}

/** The order as its create and change answer it: what it took from each lot beside its fields. */
const presentPosted = (row: OutboundRow, taken: Allocation[]): PostedOutboundOrder => ({
  ...presentOutbound(row),
  allocations: allocationsAnswer(taken),
});

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

/** The columns an outbound order is written with (insertObjects): all but its id. */
const OUTBOUND_INSERT: readonly InsertColumn[] = [
  ['outboundNumber', 'text'],
  ['deliveryOrderNumber', 'text'],
  ['blNumber', 'text'],
  ['licensePlate', 'text'],
  ['driverName', 'text'],
  ['driverPhone', 'text'],
  ['commodity', 'text'],
  ['commodityCode', 'text'],
  ['quantityMilli', 'integer'],
  ['unit', 'text'],
  ['outboundDate', 'text'],
  ['warehouseId', 'integer'],
  ['operator', 'text'],
  ['outboundStatus', 'text'],
  ['receiptStatus', 'text'],
  ['remark', 'text'],
  ['createTime', 'text'],
  ['updateTime', 'text'],
];

/**
 * Creates outbound orders in the caller's transaction, set-based: each checked against the pickup
 * request it names and taken from stock, in order. The JSON create is a batch of one; a sheet import
 * passes its rows in batches. A refusal names its order's index (`BatchRefusal`).
 */
export async function insertOutbounds(db: Queryable, actor: AuthUser | null, inputs: readonly z.output<typeof outboundBody>[]): Promise<PostedOutboundOrder[]> {
  if ((await getSettings(db)).outboundNeedsPickup)
    for (const [index, input] of inputs.entries()) if (!input.deliveryOrderNumber && input.outboundStatus !== 'cancelled') throw new BatchRefusal(index, needsPickup());
  const warehouses = await warehousesForMovements(db, actor, inputs);
  const numbers = await numbersFor(
    db,
    'outboundOrders',
    'OB',
    'outboundNumber',
    inputs.map((i) => i.outboundNumber),
  );
  const time = now();
  const rows: OutboundRow[] = [];
  for (const piece of chunked(inputs.map((input, i) => ({ input, i })))) {
    const stored = await insertObjects<Selectable<OutboundOrdersTable>>(
      db,
      'outboundOrders',
      OUTBOUND_INSERT,
      // the plain fields go in as sent; the number, the warehouse and the quantity are converted
      piece.map(({ input, i }) => {
        const { outboundNumber: _number, warehouse: _warehouse, quantity, ...fields } = input;
        return {
          ...fields,
          outboundNumber: numbers[i]!,
          quantityMilli: toMilli(quantity),
          warehouseId: warehouses[i]!.id,
          operator: input.operator ?? actor?.username ?? null,
          outboundStatus: input.outboundStatus ?? 'completed',
          receiptStatus: 'unconfirmed',
          createTime: time,
          updateTime: time,
        };
      }),
      { returning: true },
    );
    const byNumber = new Map(stored.map((r) => [r.outboundNumber, r]));
    for (const { i } of piece) rows.push({ ...byNumber.get(numbers[i]!)!, warehouse: warehouses[i]!.name });
  }
  await followPickups(
    db,
    actor,
    rows.map((after) => ({ before: null, after })),
  );
  const taken = await moveStocks(
    db,
    rows.map((r) => ({ before: null, after: movementOf(r) })),
  );
  const created = rows.map((r, i) => presentPosted(r, taken[i]!));
  await recordAudits(
    db,
    created.map((after) => ({ actor, action: 'create', entity: 'outboundOrder', entityId: after.id, after })),
  );
  return created;
}

export const createOutbound = (db: Db, actor: AuthUser, input: z.output<typeof outboundBody>) =>
  db.transaction().execute(async (trx) => (await insertOutbounds(trx, actor, [input]))[0]!);

export function updateOutbound(db: Db, actor: AuthUser, id: number, input: z.output<typeof outboundUpdateBody>): Promise<PostedOutboundOrder> {
  return db.transaction().execute(async (trx) => {
    const before = await loadOutbound(trx, id, actor);
    // fields not sent are undefined, and an update leaves undefined columns as they are
    const { warehouse, quantity, reason, ...fields } = input;
    const changes: Updateable<OutboundOrdersTable> = { ...fields, updateTime: now() };
    if (warehouse !== undefined) changes.warehouseId = (await warehouseForMovement(trx, actor, warehouse, before.warehouseId)).id;
    if (quantity !== undefined) changes.quantityMilli = toMilli(quantity);
    await trx.updateTable('outboundOrders').set(changes).where('id', '=', id).execute();
    const row = await loadOutbound(trx, id, null);
    // an order that goes on counting, or counts again, without a request, while the setting is on
    if (
      !row.deliveryOrderNumber &&
      row.outboundStatus !== 'cancelled' &&
      (before.deliveryOrderNumber || before.outboundStatus === 'cancelled') &&
      (await getSettings(trx)).outboundNeedsPickup
    )
      throw needsPickup();
    await followPickups(trx, actor, [{ before, after: row }]);
    const after = presentPosted(row, await changePosted(trx, actor, documentWords(before), movementOf(before), movementOf(row)));
    const action = row.outboundStatus !== before.outboundStatus ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'outboundOrder', entityId: id, before: presentOutbound(before), after, reason });
    return after;
  });
}

/** While the setting outboundNeedsPickup is on, an outbound order names an approved or in-progress pickup request. */
const needsPickup = () =>
  refusedField(
    'deliveryOrderNumber',
    said(
      'an outbound order must name an approved or in-progress pickup request in deliveryOrderNumber (the setting "outbound needs a pickup request" is on)',
      '出库单必须在 deliveryOrderNumber 中填写一个已审核或提货中的提货申请（已开启“出库须有提货申请”设置）',
    ),
  );

/** The order in words, for a refusal: "outbound order OB20261122-0001". */
const documentWords = (row: OutboundRow) => said(`outbound order ${row.outboundNumber}`, `出库单 ${row.outboundNumber} `);

/** Deletes an order (its route needs approve access: it is posted); its quantity goes back to stock and to its pickup request. */
export function deleteOutbound(db: Db, actor: AuthUser, id: number, reason: string | null = null): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await loadOutbound(trx, id, actor);
    await moveStock(trx, movementOf(before), null);
    await trx.deleteFrom('outboundReceipts').where('outboundId', '=', id).execute();
    await trx.deleteFrom('outboundOrders').where('id', '=', id).execute();
    await followPickups(trx, actor, [{ before, after: null }]);
    await recordAudit(trx, { actor, action: 'delete', entity: 'outboundOrder', entityId: id, before: presentOutbound(before), reason });
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
