// The detail of a pickup request: the request and the outbound orders that name it.
import type { z } from 'zod';
import type { pickupDetail } from '../../../../shared/warehouse.js';
import type { Queryable } from '../../../db/tables.js';
import type { Scope } from '../../../db/scope.js';
import { presentOutbound, selectOutbound } from '../outbound-orders/outbound-orders.service.js';
import { loadPickup, presentPickup } from './pickup-requests.service.js';

/** 403 when the request is outside `scope`; its orders are of its own warehouse. */
export async function getPickupDetail(db: Queryable, id: number, scope: Scope): Promise<z.output<typeof pickupDetail>> {
  const pickup = await loadPickup(db, id, scope);
  const orders = await selectOutbound(db).where('d.deliveryOrderNumber', '=', pickup.orderNumber).orderBy('d.id').execute();
  return { ...presentPickup(pickup), outboundOrders: orders.map(presentOutbound) };
}
