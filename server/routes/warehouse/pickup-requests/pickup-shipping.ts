// Outbound orders ship against the pickup request their deliveryOrderNumber names (decisions.md,
// "Outbound order"). Every change of an outbound order calls `followPickups(trx, actor, before, after)`
// after writing the order and inside its transaction: it refuses an order the request does not allow
// (status, warehouse, commodity, more than is left) and moves the request's status with what is shipped.
// The request's row is read with `forUpdate` (a row lock on PostgreSQL; on SQLite the one connection
// runs one transaction at a time), so concurrent orders against one request take turns.
import type { Selectable } from 'kysely';
import { said, type Said } from '../../../../shared/messages.js';
import { nameKey } from '../../../../shared/names.js';
import { now } from '../../../db/database.js';
import { forUpdate } from '../../../db/row-lock.js';
import type { Queryable } from '../../../db/tables.js';
import type { OutboundOrdersTable, PickupStatus } from '../../../db/tables-warehouse.js';
import type { AuthUser } from '../../../http/auth.js';
import { BatchRefusal, refusedField } from '../../../http/errors.js';
import { recordAudits, type AuditEntry } from '../../audit/audit.service.js';
import { chunked } from '../../../db/batches.js';
import { presentPickup, selectPickup, withUnit, type PickupRow } from './pickup-requests.service.js';

type Outbound = Pick<Selectable<OutboundOrdersTable>, 'deliveryOrderNumber' | 'outboundStatus' | 'warehouseId' | 'commodity' | 'quantityMilli'>;

/** The quantity `order` ships against the request numbered `orderNumber` (0 when it ships none). */
const shippedBy = (order: Outbound | null, orderNumber: string) =>
  order && order.deliveryOrderNumber === orderNumber && order.outboundStatus !== 'cancelled' ? order.quantityMilli : 0;

export function unknownPickup(orderNumber: string): Said {
  return said(`deliveryOrderNumber "${orderNumber}" is not the orderNumber of any pickup request`, `deliveryOrderNumber “${orderNumber}” 不是任何提货申请的提货单号`);
}

/**
 * Why `pickup` cannot take the outbound order `after` (which was `before`, or is new when that is null),
 * with the field to show it next to; null when it can. `othersMilli` is what the request's other
 * orders ship.
 */
export function shipmentRefusal(pickup: PickupRow, before: Outbound | null, after: Outbound, othersMilli: number): { field: string; message: Said } | null {
  const n = pickup.orderNumber;
  const newlyNamed = before?.deliveryOrderNumber !== n;
  if (newlyNamed && pickup.status === 'cancelled')
    return { field: 'deliveryOrderNumber', message: said(`pickup request ${n} is cancelled; an outbound order cannot refer to it`, `提货申请 ${n} 已取消，出库单不能引用它`) };
  const was = before ? shippedBy(before, n) : 0;
  const will = shippedBy(after, n);
  if (will === 0) return null;
  const startsShipping = was === 0;
  if ((startsShipping || will > was) && pickup.status !== 'approved' && pickup.status !== 'in_progress') {
    const what: Record<string, Said> = {
      pending: said(`pickup request ${n} is pending: approve it before shipping against it`, `提货申请 ${n} 待审核：请先审核，再按它出库`),
      completed: said(
        `pickup request ${n} is completed: nothing more ships against it; create a new pickup request for more`,
        `提货申请 ${n} 已完成，不能再按它出库；如需继续提货，请新建提货申请`,
      ),
      cancelled: said(`pickup request ${n} is cancelled; an outbound order cannot ship against it`, `提货申请 ${n} 已取消，不能按它出库`),
    };
    return { field: 'deliveryOrderNumber', message: what[pickup.status]! };
  }
  if (startsShipping || before!.warehouseId !== after.warehouseId || nameKey(before!.commodity) !== nameKey(after.commodity)) {
    if (after.warehouseId !== pickup.warehouseId)
      return {
        field: 'warehouse',
        message: said(
          `pickup request ${n} is for warehouse "${pickup.warehouse}"; ship it from there or name another request`,
          `提货申请 ${n} 的仓库是“${pickup.warehouse}”；请从该仓库出库，或填写其他提货申请`,
        ),
      };
    if (nameKey(after.commodity) !== nameKey(pickup.commodity))
      return {
        field: 'commodity',
        message: said(`pickup request ${n} is for "${pickup.commodity}", not "${after.commodity}"`, `提货申请 ${n} 的品名是“${pickup.commodity}”，不是“${after.commodity}”`),
      };
  }
  const left = pickup.quantityMilli - othersMilli;
  if (will > was && will > left)
    return {
      field: 'quantity',
      message: said(
        `pickup request ${n} has ${withUnit(Math.max(left, 0), pickup.unit)} left to ship; this outbound order asks for ${withUnit(will, pickup.unit)}`,
        `提货申请 ${n} 还可出库 ${withUnit(Math.max(left, 0), pickup.unit)}；本出库单需要 ${withUnit(will, pickup.unit)}`,
      ),
    };
  return null;
}

/** The status a request takes once `shippedMilli` of it is shipped, from `status`. */
function statusAfterShipping(status: PickupStatus, shippedMilli: number, requestedMilli: number): PickupStatus {
  if (status !== 'approved' && status !== 'in_progress' && status !== 'completed') return status;
  if (shippedMilli === 0) return 'approved';
  return shippedMilli >= requestedMilli ? 'completed' : 'in_progress';
}

/** The requests numbered `orderNumbers` (those that exist), their rows locked, in number order (no deadlock between batches); see the top of this file. */
export async function lockPickups(db: Queryable, orderNumbers: readonly string[]): Promise<Map<string, PickupRow>> {
  const found = new Map<string, PickupRow>();
  for (const piece of chunked([...new Set(orderNumbers)].sort())) {
    const rows = await forUpdate(db, selectPickup(db).where('d.orderNumber', 'in', piece).orderBy('d.orderNumber')).execute();
    for (const r of rows) found.set(r.orderNumber, r);
  }
  return found;
}

/** One outbound order's change: what it was (null: new) and what it is (null: deleted). */
export interface OrderChange {
  before: Outbound | null;
  after: Outbound | null;
}

/**
 * Checks outbound orders' changes (already written) against the requests they name, in order, and
 * moves each request's status once with what the batch ships (see the top). A refusal names its
 * order's index in the batch (`BatchRefusal`).
 */
export async function followPickups(db: Queryable, actor: AuthUser | null, changes: readonly OrderChange[]): Promise<void> {
  // the requests each change names (its order's before and after), once a change
  const named = changes.map((c) => new Set([c.before?.deliveryOrderNumber, c.after?.deliveryOrderNumber].filter((n): n is string => !!n)));
  const pickups = await lockPickups(
    db,
    named.flatMap((names) => [...names]),
  );
  // what each request's orders ship apart from this batch's changes: its sum already counts them
  const others = new Map<string, number>();
  const moved = new Set<string>();
  for (const [n, pickup] of pickups) others.set(n, pickup.shippedMilli);
  for (const [index, { after }] of changes.entries()) for (const n of named[index]!) if (pickups.has(n)) others.set(n, others.get(n)! - (after ? shippedBy(after, n) : 0));
  const shippedBefore = new Map(others);
  for (const [index, { before, after }] of changes.entries()) {
    for (const n of named[index]!) {
      const pickup = pickups.get(n);
      if (!pickup) {
        if (after?.deliveryOrderNumber === n && before?.deliveryOrderNumber !== n) throw new BatchRefusal(index, refusedField('deliveryOrderNumber', unknownPickup(n)));
        continue;
      }
      const was = before ? shippedBy(before, n) : 0;
      const will = after ? shippedBy(after, n) : 0;
      if (after?.deliveryOrderNumber === n) {
        const refused = shipmentRefusal(pickup, before, after, others.get(n)!);
        if (refused) throw new BatchRefusal(index, refusedField(refused.field, refused.message));
      }
      others.set(n, others.get(n)! + will);
      shippedBefore.set(n, shippedBefore.get(n)! + was);
      if (was !== will) moved.add(n);
    }
  }
  const audits: AuditEntry[] = [];
  for (const n of [...moved].sort()) {
    const pickup = pickups.get(n)!;
    const status = statusAfterShipping(pickup.status, pickup.shippedMilli, pickup.quantityMilli);
    if (status === pickup.status) continue;
    await db.updateTable('pickupRequests').set({ status, updateTime: now() }).where('id', '=', pickup.id).execute();
    audits.push({
      actor,
      action: 'status',
      entity: 'pickupRequest',
      entityId: pickup.id,
      before: presentPickup({ ...pickup, shippedMilli: shippedBefore.get(n)! }),
      after: presentPickup(await selectPickup(db).where('d.id', '=', pickup.id).executeTakeFirstOrThrow()),
    });
  }
  await recordAudits(db, audits);
}
