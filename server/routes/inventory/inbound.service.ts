import type { NotNull, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../shared/messages.js';
import { fromMilli, toMilli, type InboundOrder, type inboundBody, type inboundListQuery, type inboundUpdateBody } from '../../../shared/warehouse.js';
import { now } from '../../db/database.js';
import { INBOUND_KEYWORD_COLUMNS, containsKeyword } from '../../db/search.js';
import type { Db, Queryable } from '../../db/tables.js';
import type { InboundOrdersTable } from '../../db/tables-warehouse.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { paginate, startsWith, withPrefixes } from '../../http/paging.js';
import { inBatches } from '../../spreadsheets/sheet.js';
import { recordAudit } from '../audit/audit.service.js';
import { warehouseFilterId, warehouseForMovement } from '../warehouses/warehouses.service.js';
import { nextNumber, numberExists } from './document-numbers.js';
import { duplicateNumber, sentFields } from './records.js';
import { blNumberOf, moveStock, type Movement } from './stock.service.js';

type InboundRow = Selectable<InboundOrdersTable> & { warehouse: string };

export function presentInbound(row: InboundRow): InboundOrder {
  return {
    id: row.id,
    inboundNumber: row.inboundNumber,
    warehouse: row.warehouse,
    warehouseId: row.warehouseId,
    commodity: row.commodity,
    commodityCode: row.commodityCode,
    blNumber: row.blNumber,
    blWeight: row.blWeightMilli === null ? null : fromMilli(row.blWeightMilli),
    inboundWeight: fromMilli(row.inboundWeightMilli),
    weightDifference: row.blWeightMilli === null ? null : fromMilli(row.inboundWeightMilli - row.blWeightMilli),
    owner: row.owner,
    contractNumber: row.contractNumber,
    inboundDate: row.inboundDate,
    operator: row.operator,
    remark: row.remark,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

const selectInbound = (db: Queryable) =>
  db.selectFrom('inboundOrders as d')
    .selectAll('d')
    // the name by a subquery, not a join: the count of a filtered list then reads one table's index
    .select((eb) => eb.selectFrom('warehouses as w').select('w.name').whereRef('w.id', '=', 'd.warehouseId').as('warehouse'))
    .$narrowType<{ warehouse: NotNull }>();

export async function findInbound(db: Queryable, id: number): Promise<InboundRow> {
  const row = await selectInbound(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('inbound order', '入库单'), id);
  return row;
}

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
});

/** The filters of the list (and of its export), unordered: the number prefixes apart (see `paginate`). */
async function filterInbound(db: Queryable, q: z.output<typeof inboundListQuery>) {
  let query = selectInbound(db);
  if (q.warehouse) query = query.where('d.warehouseId', '=', await warehouseFilterId(db, q.warehouse));
  if (q.commodity) query = query.where('d.commodity', '=', q.commodity);
  if (q.startDate) query = query.where('d.inboundDate', '>=', q.startDate);
  if (q.endDate) query = query.where('d.inboundDate', '<=', q.endDate);
  if (q.keyword) {
    const keyword = q.keyword;
    query = query.where((eb) => containsKeyword(eb, 'inboundOrders', 'd.id', INBOUND_KEYWORD_COLUMNS, keyword));
  }
  const prefixes = startsWith(query, [
    ['d.inboundNumber', q.inboundNumber],
    ['d.blNumber', q.blNumber],
  ]);
  return { query, prefixes };
}

export async function listInbound(db: Queryable, q: z.output<typeof inboundListQuery>) {
  const { query, prefixes } = await filterInbound(db, q);
  const direction = q.sortOrder ?? 'desc';
  return paginate(query.orderBy('d.id', direction), q, presentInbound, { prefixes, id: 'd.id', direction });
}

/** Every order the list's filters match, in the list's order, read in batches (for the export). */
export async function allInbound(db: Queryable, q: z.output<typeof inboundListQuery>): Promise<AsyncIterable<InboundOrder>> {
  const { query, prefixes } = await filterInbound(db, q);
  const filtered = withPrefixes(query, prefixes);
  const order = q.sortOrder ?? 'desc';
  return inBatches<InboundRow, InboundOrder>(
    (last, size) => (last ? filtered.where('d.id', order === 'desc' ? '<' : '>', last.id) : filtered).orderBy('d.id', order).limit(size).execute(),
    presentInbound,
  );
}

/** Creates an inbound order and enters its weight into stock, in one transaction. */
export async function createInbound(db: Queryable, actor: AuthUser | null, input: z.output<typeof inboundBody>): Promise<InboundOrder> {
  const warehouse = await warehouseForMovement(db, input.warehouse);
  if (input.inboundNumber && (await numberExists(db, 'inboundOrders', input.inboundNumber))) duplicateNumber('inboundNumber', input.inboundNumber);
  const time = now();
  const { id } = await db
    .insertInto('inboundOrders')
    .values({
      inboundNumber: input.inboundNumber ?? (await nextNumber(db, 'inboundOrders', 'IB')),
      warehouseId: warehouse.id,
      commodity: input.commodity,
      commodityCode: input.commodityCode ?? null,
      blNumber: input.blNumber ?? null,
      blWeightMilli: input.blWeight == null ? null : toMilli(input.blWeight),
      inboundWeightMilli: toMilli(input.inboundWeight),
      owner: input.owner ?? null,
      contractNumber: input.contractNumber ?? null,
      inboundDate: input.inboundDate,
      operator: input.operator ?? null,
      remark: input.remark ?? null,
      createTime: time,
      updateTime: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await findInbound(db, id);
  await moveStock(db, null, movementOf(row));
  const after = presentInbound(row);
  await recordAudit(db, { actor, action: 'create', entity: 'inboundOrder', entityId: id, after });
  return after;
}

export const addInbound = (db: Db, actor: AuthUser, input: z.output<typeof inboundBody>) =>
  db.transaction().execute((trx) => createInbound(trx, actor, input));

export function updateInbound(db: Db, actor: AuthUser, id: number, input: z.output<typeof inboundUpdateBody>): Promise<InboundOrder> {
  return db.transaction().execute(async (trx) => {
    const before = await findInbound(trx, id);
    const changes: Updateable<InboundOrdersTable> = {
      ...sentFields(input, ['commodity', 'commodityCode', 'blNumber', 'owner', 'contractNumber', 'inboundDate', 'operator', 'remark']),
      updateTime: now(),
    };
    if (input.warehouse !== undefined) changes.warehouseId = (await warehouseForMovement(trx, input.warehouse, before.warehouseId)).id;
    if (input.inboundWeight !== undefined) changes.inboundWeightMilli = toMilli(input.inboundWeight);
    if (input.blWeight !== undefined) changes.blWeightMilli = input.blWeight === null ? null : toMilli(input.blWeight);
    await trx.updateTable('inboundOrders').set(changes).where('id', '=', id).execute();
    const row = await findInbound(trx, id);
    await moveStock(trx, movementOf(before), movementOf(row));
    const after = presentInbound(row);
    await recordAudit(trx, { actor, action: 'update', entity: 'inboundOrder', entityId: id, before: presentInbound(before), after });
    return after;
  });
}

export function deleteInbound(db: Db, actor: AuthUser, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await findInbound(trx, id);
    await moveStock(trx, movementOf(before), null);
    await trx.deleteFrom('inboundOrders').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'inboundOrder', entityId: id, before: presentInbound(before) });
  });
}
