import { sql, type NotNull, type Selectable, type Updateable } from 'kysely';
import type { z } from 'zod';
import { said, type Said } from '../../../../shared/messages.js';
import { nameKey, plateKey } from '../../../../shared/names.js';
import { fromMilli, pickupListQuery, toMilli, type PickupRequest, type pickupBody, type pickupUpdateBody } from '../../../../shared/warehouse.js';
import { now } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import { containsKeyword, PICKUP_KEYWORD_COLUMNS, PLATE_KEYWORD_COLUMNS, PLATE_KEYWORD_INDEX } from '../../../db/search.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { PickupRequestsTable, PickupStatus } from '../../../db/tables-warehouse.js';
import type { AuthUser } from '../../../http/auth.js';
import { forbidden, invalid, notFound, refusedField } from '../../../http/errors.js';
import { recordAudit, recordAudits } from '../../audit/audit.service.js';
import { chunked, insertObjects, type InsertColumn } from '../../../db/batches.js';
import { commoditiesOf, commodityOf } from '../../catalogs/catalog-names.js';
import { nextNumbers } from '../stock/document-numbers.js';
import { getSettings } from '../../settings/settings.service.js';
import { refuseRecordOutsideScope, warehouseFilter, warehouseForMovement, warehousesForMovements } from '../stock/warehouse-lookup.js';
import type { Scope } from '../../../db/scope.js';
import { forUpdate } from '../../../db/row-lock.js';
import { RESERVING, shippedMilli } from '../stock/reservations.js';
import { refuseUnavailable } from '../stock/reserve.js';

export type PickupRow = Selectable<PickupRequestsTable> & { warehouse: string; shippedMilli: number };

/** The status machine: each status and the statuses it may move to. */
export const PICKUP_TRANSITIONS: Record<PickupStatus, readonly PickupStatus[]> = {
  pending: ['approved', 'cancelled'],
  approved: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** The statuses as the Chinese client names them (wh.pickup.*, from shared/labels.ts through desktop/client/src/i18n/codes.ts). */
export const STATUS_ZH: Record<PickupStatus, string> = {
  pending: '待审核',
  approved: '已审核',
  in_progress: '提货中',
  completed: '已完成',
  cancelled: '已取消',
};

/** A quantity with the request's unit: "18 t". */
export const withUnit = (milli: number, unit: string | null) => `${fromMilli(milli)}${unit ? ` ${unit}` : ''}`;

/** The statuses an outbound order may ship against (the list's `shippable` filter, the gate). */
export const SHIPPABLE: readonly PickupStatus[] = ['approved', 'in_progress'];

/** The row as the API answers it: the stored columns as they are (the plate's search key aside), quantities converted from thousandths. */
export function presentPickup({ quantityMilli, shippedMilli, plateKey: _plateKey, ...row }: PickupRow): PickupRequest {
  return { ...row, quantity: fromMilli(quantityMilli), shippedQuantity: fromMilli(shippedMilli), remainingQuantity: fromMilli(Math.max(quantityMilli - shippedMilli, 0)) };
}

export const selectPickup = (db: Queryable) =>
  withWarehouseName(db.selectFrom('pickupRequests as d').selectAll('d'), 'd.warehouseId')
    // what its outbound orders that are not cancelled ship
    .select(shippedMilli())
    .$narrowType<{ shippedMilli: NotNull }>();

/** The pickup list: its filters, its order (newest first unless asked), its presenter. */
const pickupList = describeList({
  query: pickupListQuery,
  from: selectPickup,
  filters: [
    { exact: 'status', column: 'd.status' },
    warehouseFilter('d.warehouseId'),
    { from: 'startDate', column: 'd.deliveryDate' },
    { to: 'endDate', column: 'd.deliveryDate' },
    { keyword: 'keyword', table: 'pickupRequests', columns: PICKUP_KEYWORD_COLUMNS },
    // any part of the plate, compared by its key: "沪a-12" finds "沪A 12345"
    { custom: 'plate', where: (eb, value, db) => containsKeyword(db, eb, PLATE_KEYWORD_INDEX, 'd.id', PLATE_KEYWORD_COLUMNS, plateKey(value)) },
    // tested on each row (an expression no index answers), so that the number's index range or the
    // plate's trigram index drives the query: SQLite, without statistics, read 80,000 rows of the
    // status index for `orderNumber=PU20250301&shippable=true` instead (277 ms, docs/performance.md)
    { custom: 'shippable', where: (eb, value) => eb(sql<string>`(${sql.ref('d.status')} || '')`, value === 'true' ? 'in' : 'not in', SHIPPABLE) },
    { prefix: 'orderNumber', column: 'd.orderNumber' },
    { prefix: 'blNumber', column: 'd.blNumber' },
  ],
  warehouse: 'd.warehouseId',
  key: 'd.id',
  order: 'desc',
  present: presentPickup,
});

export const listPickups = pickupList.list;

/** Every request the list's filters match, in the list's order, read in batches (for the export). */
export const allPickups = pickupList.all;

/** The pickup request `id`, or 404; 403 when it is outside `scope` (the reader's warehouses; null: the service's own re-read). */
export async function loadPickup(db: Queryable, id: number, scope: Scope | null): Promise<PickupRow> {
  const row = await selectPickup(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('pickup request', '提货申请'), id);
  await refuseRecordOutsideScope(db, scope, row.warehouseId, said(`pickup request ${row.orderNumber}`, `提货申请 ${row.orderNumber} `));
  return row;
}

/** The pickup request `id` as the API answers it, or 404 (403 outside `scope`). */
export const getPickup = async (db: Queryable, id: number, scope: Scope | null): Promise<PickupRequest> => presentPickup(await loadPickup(db, id, scope));

/** The columns a new pickup request is written with (insertObjects): all but its id and its approval. */
const PICKUP_INSERT: readonly InsertColumn[] = [
  ['orderNumber', 'text'],
  ['blNumber', 'text'],
  ['licensePlate', 'text'],
  ['plateKey', 'text'],
  ['driverName', 'text'],
  ['driverPhone', 'text'],
  ['driverIdCard', 'text'],
  ['commodity', 'text'],
  ['quantityMilli', 'integer'],
  ['unit', 'text'],
  ['deliveryDate', 'text'],
  ['deliveryAddress', 'text'],
  ['warehouseId', 'integer'],
  ['status', 'text'],
  ['remark', 'text'],
  ['createTime', 'text'],
  ['updateTime', 'text'],
  ['createdBy', 'text'],
];

/** Creates pickup requests (pending, numbered in order) in the caller's transaction, set-based; the JSON create is a batch of one. */
export async function insertPickups(db: Queryable, actor: AuthUser | null, inputs: readonly z.output<typeof pickupBody>[]): Promise<PickupRequest[]> {
  const warehouses = await warehousesForMovements(db, actor, inputs);
  await commoditiesOf(
    db,
    inputs.map((i) => i.commodity),
  );
  const numbers = await nextNumbers(db, 'pickupRequests', 'PU', inputs.length);
  const time = now();
  const rows: PickupRow[] = [];
  for (const piece of chunked(inputs.map((input, i) => ({ input, i })))) {
    const stored = await insertObjects<Selectable<PickupRequestsTable>>(
      db,
      'pickupRequests',
      PICKUP_INSERT,
      // the plain fields go in as sent; the warehouse and the quantity are converted
      piece.map(({ input: { warehouse: _warehouse, quantity, ...fields }, i }) => ({
        ...fields,
        plateKey: fields.licensePlate == null ? null : plateKey(fields.licensePlate),
        orderNumber: numbers[i]!,
        quantityMilli: toMilli(quantity),
        warehouseId: warehouses[i]!.id,
        status: 'pending',
        createTime: time,
        updateTime: time,
        createdBy: actor?.username ?? null,
      })),
      { returning: true },
    );
    const byNumber = new Map(stored.map((r) => [r.orderNumber, r]));
    // a new request has nothing shipped
    for (const { i } of piece) rows.push({ ...byNumber.get(numbers[i]!)!, warehouse: warehouses[i]!.name, shippedMilli: 0 });
  }
  const created = rows.map(presentPickup);
  await recordAudits(
    db,
    created.map((after) => ({ actor, action: 'create', entity: 'pickupRequest', entityId: after.id, after })),
  );
  return created;
}

export const createPickup = (db: Db, actor: AuthUser, input: z.output<typeof pickupBody>) =>
  db.transaction().execute(async (trx) => (await insertPickups(trx, actor, [input]))[0]!);

function checkTransition(row: PickupRow, next: PickupStatus): void {
  if (next === row.status) return;
  if (!PICKUP_TRANSITIONS[row.status].includes(next)) {
    const allowed = PICKUP_TRANSITIONS[row.status];
    const current = STATUS_ZH[row.status];
    throw invalid(
      said(
        `pickup request ${row.orderNumber} is ${row.status} and cannot become ${next}` + (allowed.length ? `; from ${row.status} it may only become ${allowed.join(' or ')}` : ''),
        `提货申请 ${row.orderNumber} 的状态为“${current}”，不能改为“${STATUS_ZH[next]}”` +
          (allowed.length ? `；“${current}”只能改为${allowed.map((s) => `“${STATUS_ZH[s]}”`).join('或')}` : ''),
      ),
    );
  }
}

/**
 * A request its outbound orders ship against keeps its warehouse and commodity, and is never reduced
 * below what they ship; reduced to exactly that, it is completed.
 */
function checkShippedEdit(before: PickupRow, changes: Updateable<PickupRequestsTable>): void {
  const n = before.orderNumber;
  const shipped = withUnit(before.shippedMilli, before.unit);
  if (changes.warehouseId !== undefined && changes.warehouseId !== before.warehouseId)
    throw refusedField(
      'warehouse',
      said(`pickup request ${n} has ${shipped} shipped from its warehouse; its warehouse can no longer change`, `提货申请 ${n} 已从其仓库出库 ${shipped}，不能再更换仓库`),
    );
  if (changes.commodity !== undefined && nameKey(changes.commodity) !== nameKey(before.commodity))
    throw refusedField(
      'commodity',
      said(
        `pickup request ${n} has ${shipped} of ${before.commodity} shipped; its commodity can no longer change`,
        `提货申请 ${n} 的${before.commodity}已出库 ${shipped}，不能再更换品名`,
      ),
    );
  if (typeof changes.quantityMilli === 'number' && changes.quantityMilli < before.shippedMilli)
    throw refusedField('quantity', said(`pickup request ${n} has ${shipped} shipped already; its quantity cannot be less`, `提货申请 ${n} 已出库 ${shipped}，数量不能少于此数`));
  if (typeof changes.quantityMilli === 'number' && changes.quantityMilli === before.shippedMilli && changes.status === undefined) changes.status = 'completed';
}

/** A request that has shipped something can be neither cancelled nor deleted. */
function refuseIfShipped(pickup: PickupRow, verb: Said): void {
  if (pickup.shippedMilli > 0)
    throw invalid(
      said(
        `pickup request ${pickup.orderNumber} has ${withUnit(pickup.shippedMilli, pickup.unit)} shipped and cannot be ${verb.en}; cancel its outbound orders first, or complete it`,
        `提货申请 ${pickup.orderNumber} 已出库 ${withUnit(pickup.shippedMilli, pickup.unit)}，不能${verb.zh}；请先取消其出库单，或将其完成`,
      ),
    );
}

function checkEditable(row: PickupRow): void {
  if (row.status === 'completed' || row.status === 'cancelled')
    throw invalid(said(`pickup request ${row.orderNumber} is ${row.status} and can no longer be changed`, `提货申请 ${row.orderNumber} ${STATUS_ZH[row.status]}，不能再修改`));
}

/**
 * While `secondPersonApproves` is on (the default), the user who created a request may not approve
 * it (403 naming the rule); a one-person office switches the setting off.
 */
async function checkSecondPerson(db: Queryable, actor: AuthUser, pickup: PickupRow): Promise<void> {
  if (pickup.createdBy !== actor.username || !(await getSettings(db)).secondPersonApproves) return;
  throw forbidden(
    said(
      `pickup request ${pickup.orderNumber} was created by you: another user must approve it (the setting "second person approves" is on)`,
      `提货申请 ${pickup.orderNumber} 由您本人创建：须由其他用户审核（已开启“第二人审核”设置）`,
    ),
    { rule: 'secondPersonApproves' },
  );
}

const reserves = (status: PickupStatus) => (RESERVING as readonly PickupStatus[]).includes(status);
const blOf = (value: string | null | undefined) => value?.trim() || null;

/** Whether a change makes a request reserve more, or elsewhere: it is approved, or its place or quantity changes while it reserves. */
function reservationGrows(before: PickupRow, changes: Updateable<PickupRequestsTable>): boolean {
  if (!reserves((changes.status as PickupStatus | undefined) ?? before.status)) return false;
  if (!reserves(before.status)) return true;
  return (
    (changes.warehouseId !== undefined && changes.warehouseId !== before.warehouseId) ||
    (typeof changes.commodity === 'string' && nameKey(changes.commodity) !== nameKey(before.commodity)) ||
    (changes.blNumber !== undefined && blOf(changes.blNumber as string | null) !== blOf(before.blNumber)) ||
    (typeof changes.quantityMilli === 'number' && changes.quantityMilli > before.quantityMilli)
  );
}

/**
 * Refuses (400) a request that would reserve more than is available in its lot or its warehouse
 * and commodity, naming the requests holding it (stock/reservations.ts). Its row is locked first,
 * then its stock: the order an outbound order shipping against it takes them in (no deadlock).
 */
async function refuseUnreservable(trx: Queryable, before: PickupRow, changes: Updateable<PickupRequestsTable>, warehouse: string): Promise<void> {
  await forUpdate(trx, trx.selectFrom('pickupRequests').select('id').where('id', '=', before.id)).execute();
  const commodity = await commodityOf(trx, typeof changes.commodity === 'string' ? changes.commodity : before.commodity);
  const quantityMilli = typeof changes.quantityMilli === 'number' ? changes.quantityMilli : before.quantityMilli;
  await refuseUnavailable(trx, {
    requestId: before.id,
    warehouseId: (changes.warehouseId as number | undefined) ?? before.warehouseId,
    warehouse,
    commodity: commodity.name,
    stockKey: commodity.nameKey,
    blNumber: changes.blNumber !== undefined ? blOf(changes.blNumber as string | null) : blOf(before.blNumber),
    remainingMilli: Math.max(quantityMilli - before.shippedMilli, 0),
  });
}

export function updatePickup(db: Db, actor: AuthUser, id: number, input: z.output<typeof pickupUpdateBody>): Promise<PickupRequest> {
  return db.transaction().execute(async (trx) => {
    const before = await loadPickup(trx, id, actor);
    checkEditable(before);
    if (input.status !== undefined) checkTransition(before, input.status);
    if (input.status === 'cancelled') refuseIfShipped(before, said('cancelled', '取消'));
    const approving = input.status === 'approved' && before.status !== 'approved';
    if (approving) await checkSecondPerson(trx, actor, before);
    // fields not sent are undefined, and an update leaves undefined columns as they are
    const { warehouse, quantity, ...fields } = input;
    const changes: Updateable<PickupRequestsTable> = { ...fields, updateTime: now() };
    if (approving) {
      changes.approvedBy = actor.username;
      changes.approvedTime = changes.updateTime;
    }
    let warehouseName: string | undefined;
    if (warehouse !== undefined) ({ id: changes.warehouseId, name: warehouseName } = await warehouseForMovement(trx, actor, warehouse, before.warehouseId));
    if (quantity !== undefined) changes.quantityMilli = toMilli(quantity);
    if (fields.licensePlate !== undefined) changes.plateKey = fields.licensePlate === null ? null : plateKey(fields.licensePlate);
    if (before.shippedMilli > 0) checkShippedEdit(before, changes);
    if (input.commodity !== undefined) await commodityOf(trx, input.commodity);
    if (reservationGrows(before, changes)) await refuseUnreservable(trx, before, changes, warehouseName ?? before.warehouse);
    await trx.updateTable('pickupRequests').set(changes).where('id', '=', id).execute();
    const after = await getPickup(trx, id, null);
    const action = after.status !== before.status ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'pickupRequest', entityId: id, before: presentPickup(before), after });
    return after;
  });
}

export function cancelPickup(db: Db, actor: AuthUser, id: number): Promise<PickupRequest> {
  return db.transaction().execute(async (trx) => {
    const before = await loadPickup(trx, id, actor);
    checkTransition(before, 'cancelled');
    if (before.status === 'cancelled') throw invalid(said(`pickup request ${before.orderNumber} is already cancelled`, `提货申请 ${before.orderNumber} 已经取消`));
    refuseIfShipped(before, said('cancelled', '取消'));
    await trx.updateTable('pickupRequests').set({ status: 'cancelled', updateTime: now() }).where('id', '=', id).execute();
    const after = await getPickup(trx, id, null);
    await recordAudit(trx, { actor, action: 'status', entity: 'pickupRequest', entityId: id, before: presentPickup(before), after });
    return after;
  });
}

/** Deletes a pickup request that no outbound order refers to (so nothing is shipped against it either). */
export function deletePickup(db: Db, actor: AuthUser, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await loadPickup(trx, id, actor);
    const used = await trx.selectFrom('outboundOrders').select('outboundNumber').where('deliveryOrderNumber', '=', before.orderNumber).executeTakeFirst();
    if (used)
      throw invalid(
        said(
          `pickup request ${before.orderNumber} is referred to by outbound order ${used.outboundNumber}; delete or change that order first`,
          `出库单 ${used.outboundNumber} 引用了提货申请 ${before.orderNumber}；请先删除或修改该出库单`,
        ),
      );
    await trx.deleteFrom('pickupRequests').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'pickupRequest', entityId: id, before: presentPickup(before) });
  });
}
