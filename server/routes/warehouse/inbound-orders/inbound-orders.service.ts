import type { Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import { fromMilli, inboundListQuery, toMilli, type InboundOrder, type inboundBody, type inboundUpdateBody } from '../../../../shared/warehouse.js';
import { now } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import { INBOUND_KEYWORD_COLUMNS } from '../../../db/search.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { InboundOrdersTable } from '../../../db/tables-warehouse.js';
import type { AuthUser } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import { recordAudit, recordAudits } from '../../audit/audit.service.js';
import { chunked, insertObjects, type InsertColumn } from '../../../db/batches.js';
import { partiesOf } from '../../catalogs/catalog-names.js';
import { refuseRecordOutsideScope, warehouseFilter, warehouseForMovement, warehousesForMovements } from '../stock/warehouse-lookup.js';
import type { Scope } from '../../../db/scope.js';
import { numbersFor } from '../stock/document-numbers.js';
import { blNumberOf, moveStock, moveStocks, type Movement } from '../stock/stock.service.js';
import { changePosted } from '../stock/posted.js';
import { refreshLotWeights } from '../../../db/lot-weights.js';

type InboundRow = Selectable<InboundOrdersTable> & { warehouse: string };

/** The row as the API answers it: the stored columns as they are, the weights converted from thousandths. */
export function presentInbound({ blWeightMilli, inboundWeightMilli, ...row }: InboundRow): InboundOrder {
  return {
    ...row,
    blWeight: blWeightMilli === null ? null : fromMilli(blWeightMilli),
    inboundWeight: fromMilli(inboundWeightMilli),
    weightDifference: blWeightMilli === null ? null : fromMilli(inboundWeightMilli - blWeightMilli),
  };
}

const selectInbound = (db: Queryable) => withWarehouseName(db.selectFrom('inboundOrders as d').selectAll('d'), 'd.warehouseId');

/** The inbound list: its filters, its order (newest first unless asked), its presenter. */
const inboundList = describeList({
  from: selectInbound,
  filters: [
    warehouseFilter('d.warehouseId'),
    { exact: 'commodity', column: 'd.commodity' },
    { from: 'startDate', column: 'd.inboundDate' },
    { to: 'endDate', column: 'd.inboundDate' },
    { keyword: 'keyword', table: 'inboundOrders', columns: INBOUND_KEYWORD_COLUMNS },
    { prefix: 'inboundNumber', column: 'd.inboundNumber' },
    { prefix: 'blNumber', column: 'd.blNumber' },
  ],
  warehouse: 'd.warehouseId',
  key: 'd.id',
  order: 'desc',
  present: presentInbound,
  query: inboundListQuery,
});

export const listInbound = inboundList.list;

/** Every order the list's filters match, in the list's order, read in batches (for the export). */
export const allInbound = inboundList.all;

/** The inbound order `id`, or 404; 403 when it is outside `scope` (the reader's warehouses; null: the service's own re-read). */
export async function loadInbound(db: Queryable, id: number, scope: Scope | null): Promise<InboundRow> {
  const row = await selectInbound(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('inbound order', '入库单'), id);
  await refuseRecordOutsideScope(db, scope, row.warehouseId, said(`inbound order ${row.inboundNumber}`, `入库单 ${row.inboundNumber} `));
  return row;
}

/** The inbound order `id` as the API answers it, or 404 (403 outside `scope`). */
export const getInbound = async (db: Queryable, id: number, scope: Scope | null): Promise<InboundOrder> => presentInbound(await loadInbound(db, id, scope));

const movementOf = (row: InboundRow): Movement => ({
  kind: 'inbound',
  documentType: 'inboundOrder',
  documentId: row.id,
  documentNumber: row.inboundNumber,
  blNumber: blNumberOf(row.blNumber),
  warehouseId: row.warehouseId,
  commodity: row.commodity,
  quantityMilli: row.inboundWeightMilli,
  businessDate: row.inboundDate,
  contractNumber: row.contractNumber,
});

/** The columns of an inbound order as created, with their migration types (insertObjects): the input's fields, converted. */
const INBOUND_INSERT: readonly InsertColumn[] = [
  ['inboundNumber', 'text'],
  ['warehouseId', 'integer'],
  ['commodity', 'text'],
  ['commodityCode', 'text'],
  ['blNumber', 'text'],
  ['blWeightMilli', 'integer'],
  ['inboundWeightMilli', 'integer'],
  ['owner', 'text'],
  ['contractNumber', 'text'],
  ['inboundDate', 'text'],
  ['operator', 'text'],
  ['remark', 'text'],
  ['createTime', 'text'],
  ['updateTime', 'text'],
];

/**
 * Creates inbound orders and enters their weights into stock, in the caller's transaction, set-based:
 * one statement per table per ROWS_PER_STATEMENT orders. The JSON create is a batch of one; a sheet
 * import passes its rows in batches. A refusal names its order's index (`BatchRefusal`).
 */
export async function insertInbounds(db: Queryable, actor: AuthUser | null, inputs: readonly z.output<typeof inboundBody>[]): Promise<InboundOrder[]> {
  const warehouses = await warehousesForMovements(db, actor, inputs);
  const numbers = await numbersFor(
    db,
    'inboundOrders',
    'IB',
    'inboundNumber',
    inputs.map((i) => i.inboundNumber),
  );
  const time = now();
  const rows: InboundRow[] = [];
  for (const piece of chunked(inputs.map((input, i) => ({ input, i })))) {
    const stored = await insertObjects<Selectable<InboundOrdersTable>>(
      db,
      'inboundOrders',
      INBOUND_INSERT,
      // the plain fields go in as sent; the number, the warehouse and the weights are converted
      piece.map(({ input: { inboundNumber: _number, warehouse: _warehouse, blWeight, inboundWeight, ...fields }, i }) => ({
        ...fields,
        inboundNumber: numbers[i]!,
        warehouseId: warehouses[i]!.id,
        blWeightMilli: blWeight == null ? null : toMilli(blWeight),
        inboundWeightMilli: toMilli(inboundWeight),
        createTime: time,
        updateTime: time,
      })),
      { returning: true },
    );
    // returned in the order of the values; matched by number all the same (unique)
    const byNumber = new Map(stored.map((r) => [r.inboundNumber, r]));
    for (const { i } of piece) rows.push({ ...byNumber.get(numbers[i]!)!, warehouse: warehouses[i]!.name });
  }
  await partiesOf(
    db,
    rows.map((r) => r.owner),
  );
  await moveStocks(
    db,
    rows.map((r) => ({ before: null, after: movementOf(r) })),
  );
  await refreshLotWeights(
    db,
    rows.map((r) => r.blNumber),
  );
  const created = rows.map(presentInbound);
  await recordAudits(
    db,
    created.map((after) => ({ actor, action: 'create', entity: 'inboundOrder', entityId: after.id, after })),
  );
  return created;
}

export const createInbound = (db: Db, actor: AuthUser, input: z.output<typeof inboundBody>) =>
  db.transaction().execute(async (trx) => (await insertInbounds(trx, actor, [input]))[0]!);

export function updateInbound(db: Db, actor: AuthUser, id: number, input: z.output<typeof inboundUpdateBody>): Promise<InboundOrder> {
  return db.transaction().execute(async (trx) => {
    const before = await loadInbound(trx, id, actor);
    // fields not sent are undefined, and an update leaves undefined columns as they are
    const { warehouse, inboundWeight, blWeight, reason, ...fields } = input;
    const changes: Updateable<InboundOrdersTable> = { ...fields, updateTime: now() };
    if (warehouse !== undefined) changes.warehouseId = (await warehouseForMovement(trx, actor, warehouse, before.warehouseId)).id;
    if (inboundWeight !== undefined) changes.inboundWeightMilli = toMilli(inboundWeight);
    if (blWeight !== undefined) changes.blWeightMilli = blWeight === null ? null : toMilli(blWeight);
    await trx.updateTable('inboundOrders').set(changes).where('id', '=', id).execute();
    const row = await loadInbound(trx, id, null);
    await partiesOf(trx, [row.owner]);
    await changePosted(trx, actor, said(`inbound order ${row.inboundNumber}`, `入库单 ${row.inboundNumber} `), movementOf(before), movementOf(row));
    await refreshLotWeights(trx, [before.blNumber, row.blNumber]);
    const after = presentInbound(row);
    await recordAudit(trx, { actor, action: 'update', entity: 'inboundOrder', entityId: id, before: presentInbound(before), after, reason });
    return after;
  });
}

/** Deletes an inbound order (its route needs approve access: it is posted); refused when a lot it filled would go below zero. */
export function deleteInbound(db: Db, actor: AuthUser, id: number, reason: string | null = null): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await loadInbound(trx, id, actor);
    await moveStock(trx, movementOf(before), null);
    await trx.deleteFrom('inboundOrders').where('id', '=', id).execute();
    await refreshLotWeights(trx, [before.blNumber]);
    await recordAudit(trx, { actor, action: 'delete', entity: 'inboundOrder', entityId: id, before: presentInbound(before), reason });
  });
}
