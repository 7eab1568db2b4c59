// Outbound orders ship against the pickup request they name (decisions.md, "Outbound order"): status,
// warehouse, commodity and quantity checks, the request's status following its orders, concurrency,
// and the import of outbound orders under the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type TestApp } from '../helpers/app.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makePickup, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

async function stockedWarehouse(quantity = 100) {
  const w = await makeWarehouse(app, token);
  // the requests' B/L (makePickup's BL001) is received: an approval reserves in its lot (issue 27)
  await makeInbound(app, token, { warehouse: w.code, blNumber: 'BL001', inboundWeight: quantity });
  return w;
}

async function pickupOf(id: number) {
  const res = await app.request('GET', `/api/apply-delivery/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data as { status: string; shippedQuantity: number; remainingQuantity: number; outboundOrders: { outboundNumber: string }[] };
}

const ship = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  app.request('POST', '/api/delivery-details', { token, headers, body: { commodity: 'copper', quantity: 1, outboundDate: '2026-11-02', ...body } });

describe('outbound orders against a pickup request', () => {
  it('needs the request approved or in progress: a pending one is refused, saying what to do, and nothing is written', async () => {
    const w = await stockedWarehouse();
    const p = await makePickup(app, token, { warehouse: w.code, quantity: 10, unit: 't' });
    const res = await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: `pickup request ${p.orderNumber} is pending: approve it before shipping against it` });
    expect(res.body.data.errors).toEqual([{ field: 'deliveryOrderNumber', message: res.body.message }]);
    const chinese = await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber }, zh);
    expect(chinese.body.message).toBe(`提货申请 ${p.orderNumber} 待审核：请先审核，再按它出库`);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(100);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'pending', shippedQuantity: 0, remainingQuantity: 10, outboundOrders: [] });
  });

  it('moves approved → in_progress → completed with its orders, and back on cancel, reduce and delete', async () => {
    const w = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 25, unit: 't' });
    const a = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 10 });
    expect(await pickupOf(p.id)).toMatchObject({ status: 'in_progress', shippedQuantity: 10, remainingQuantity: 15 });
    const b = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 15, outboundStatus: 'pending' });
    expect(await pickupOf(p.id)).toMatchObject({ status: 'completed', shippedQuantity: 25, remainingQuantity: 0 });
    const detail = await pickupOf(p.id);
    expect(detail.outboundOrders.map((o) => o.outboundNumber)).toEqual([a.outboundNumber, b.outboundNumber]);

    const more = await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber });
    expect(more.status).toBe(400);
    expect(more.body.message).toBe(`pickup request ${p.orderNumber} is completed: nothing more ships against it; create a new pickup request for more`);

    // cancelling an order gives its quantity back: completed → in_progress
    expect((await app.request('PUT', `/api/delivery-details/${b.id}`, { token, body: { outboundStatus: 'cancelled' } })).status).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'in_progress', shippedQuantity: 10, remainingQuantity: 15 });
    // re-activating it takes it again
    expect((await app.request('PUT', `/api/delivery-details/${b.id}`, { token, body: { outboundStatus: 'completed' } })).status).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'completed', shippedQuantity: 25 });
    // reducing an order: completed → in_progress
    expect((await app.request('PUT', `/api/delivery-details/${b.id}`, { token, body: { quantity: 5 } })).status).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'in_progress', shippedQuantity: 15, remainingQuantity: 10 });
    // raising it beyond what is left is refused
    const raise = await app.request('PUT', `/api/delivery-details/${b.id}`, { token, body: { quantity: 16 } });
    expect(raise.status).toBe(400);
    expect(raise.body.message).toBe(`pickup request ${p.orderNumber} has 15 t left to ship; this outbound order asks for 16 t`);
    // deleting both orders: back to approved with nothing shipped
    expect((await app.request('DELETE', `/api/delivery-details/${b.id}`, { token })).status).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'in_progress', shippedQuantity: 10 });
    expect((await app.request('DELETE', `/api/delivery-details/${a.id}`, { token })).status).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'approved', shippedQuantity: 0, remainingQuantity: 25, outboundOrders: [] });
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(100);

    const audit = await app.request('GET', `/api/audit?entity=pickupRequest&entityId=${p.id}&pageSize=100`, { token });
    const moves = audit.body.data.items.filter((e: { action: string }) => e.action === 'status').map((e: { after: { status: string } }) => e.after.status);
    expect(moves.reverse()).toEqual(['approved', 'in_progress', 'completed', 'in_progress', 'completed', 'in_progress', 'approved']);
  });

  it('never ships more than requested, saying how much is left', async () => {
    const w = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 20, unit: 't' });
    await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 2 });
    const res = await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 18.5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`pickup request ${p.orderNumber} has 18 t left to ship; this outbound order asks for 18.5 t`);
    expect(res.body.data.errors[0].field).toBe('quantity');
    const chinese = await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 18.5 }, zh);
    expect(chinese.body.message).toBe(`提货申请 ${p.orderNumber} 还可出库 18 t；本出库单需要 18.5 t`);
    // a cancelled order ships nothing, so it may name the request for any quantity
    expect((await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 50, outboundStatus: 'cancelled' })).status).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'in_progress', shippedQuantity: 2, remainingQuantity: 18 });
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(98);
  });

  it('needs the same warehouse and commodity (the commodity by its name rule), naming the field', async () => {
    const w = await stockedWarehouse();
    const other = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 10 });
    const wrongWarehouse = await ship({ warehouse: other.code, deliveryOrderNumber: p.orderNumber });
    expect(wrongWarehouse.status).toBe(400);
    expect(wrongWarehouse.body.message).toBe(`pickup request ${p.orderNumber} is for warehouse "${w.name}"; ship it from there or name another request`);
    expect(wrongWarehouse.body.data.errors[0].field).toBe('warehouse');
    await makeInbound(app, token, { warehouse: w.code, commodity: 'zinc', inboundWeight: 10 });
    const wrongCommodity = await ship({ warehouse: w.code, commodity: 'zinc', deliveryOrderNumber: p.orderNumber });
    expect(wrongCommodity.status).toBe(400);
    expect(wrongCommodity.body.message).toBe(`pickup request ${p.orderNumber} is for "copper", not "zinc"`);
    expect(wrongCommodity.body.data.errors[0].field).toBe('commodity');
    // moving a shipping order to another warehouse is checked too
    const ok = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber });
    const moved = await app.request('PUT', `/api/delivery-details/${ok.id}`, { token, body: { warehouse: other.code } });
    expect(moved.status).toBe(400);
    expect((await stockOf(app, token, other.code))!.currentStock).toBe(100);
    expect(await pickupOf(p.id)).toMatchObject({ shippedQuantity: 1 });
  });

  it('a request with shipped quantity cannot be cancelled or deleted, nor changed under its orders; a clerk can complete it by hand', async () => {
    const w = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 10, unit: 't' });
    const o = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 4 });
    const cancel = await app.request('PUT', `/api/apply-delivery/cancel/${p.id}`, { token });
    expect(cancel.status).toBe(400);
    expect(cancel.body.message).toBe(`pickup request ${p.orderNumber} has 4 t shipped and cannot be cancelled; cancel its outbound orders first, or complete it`);
    const cancelZh = await app.request('PUT', `/api/apply-delivery/${p.id}/cancel`, { token, headers: zh });
    expect(cancelZh.body.message).toBe(`提货申请 ${p.orderNumber} 已出库 4 t，不能取消；请先取消其出库单，或将其完成`);
    expect((await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: 'cancelled' } })).status).toBe(400);
    const del = await app.request('DELETE', `/api/apply-delivery/${p.id}`, { token });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(`pickup request ${p.orderNumber} is referred to by outbound order ${o.outboundNumber}; delete or change that order first`);
    const less = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { quantity: 3 } });
    expect(less.status).toBe(400);
    expect(less.body.message).toBe(`pickup request ${p.orderNumber} has 4 t shipped already; its quantity cannot be less`);
    const moved = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { warehouse: (await makeWarehouse(app, token)).code } });
    expect(moved.status).toBe(400);
    expect((await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { commodity: 'zinc' } })).status).toBe(400);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'in_progress', shippedQuantity: 4, remainingQuantity: 6 });

    // the truck left with 4 t of 10: the clerk closes the request
    const done = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: 'completed' } });
    expect(done.body.data).toMatchObject({ status: 'completed', shippedQuantity: 4, remainingQuantity: 6 });
    expect((await ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber })).status).toBe(400);

    // once its order is cancelled, nothing is shipped: cancelled and deleted as before
    const q = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 10 });
    const qo = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: q.orderNumber, quantity: 4 });
    await app.request('PUT', `/api/delivery-details/${qo.id}`, { token, body: { outboundStatus: 'cancelled' } });
    expect(await pickupOf(q.id)).toMatchObject({ status: 'approved', shippedQuantity: 0 });
    expect((await app.request('PUT', `/api/apply-delivery/cancel/${q.id}`, { token })).body.data.status).toBe('cancelled');
  });

  it('reducing a request to what is shipped completes it', async () => {
    const w = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 10 });
    await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 4 });
    const res = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { quantity: 4 } });
    expect(res.body.data).toMatchObject({ status: 'completed', quantity: 4, shippedQuantity: 4, remainingQuantity: 0 });
  });

  it('lists carry shippedQuantity and remainingQuantity', async () => {
    const w = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 7.5 });
    await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 2.25 });
    const res = await app.request('GET', `/api/apply-delivery/list?warehouse=${w.code}`, { token });
    expect(res.body.data.items).toMatchObject([{ orderNumber: p.orderNumber, quantity: 7.5, shippedQuantity: 2.25, remainingQuantity: 5.25, status: 'in_progress' }]);
  });

  it('12 concurrent outbound orders of 5 t against a 25 t request: exactly 5 are accepted', async () => {
    const w = await stockedWarehouse(1000);
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 25, unit: 't' });
    const results = await Promise.all(Array.from({ length: 12 }, () => ship({ warehouse: w.code, deliveryOrderNumber: p.orderNumber, quantity: 5 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`pickup request ${p.orderNumber} is completed: nothing more ships against it; create a new pickup request for more`);
    }
    expect(await pickupOf(p.id)).toMatchObject({ status: 'completed', shippedQuantity: 25, remainingQuantity: 0 });
    expect((await pickupOf(p.id)).outboundOrders).toHaveLength(5);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(975);
  });
});

describe('importing outbound orders against pickup requests', () => {
  const HEADER = ['deliveryOrderNumber', 'blNumber', 'licensePlate', 'driverName', 'driverPhone', 'commodity', 'commodityCode', 'quantity', 'unit', 'outboundDate', 'warehouse'];
  const upload = (bytes: Uint8Array) => app.upload('POST', '/api/delivery-details/import', { token, files: [['file', 'sheet.xlsx', bytes]] });

  it('counts the earlier rows of the sheet against the request; one row too many refuses the whole sheet', async () => {
    const w = await stockedWarehouse();
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, quantity: 10, unit: 't' });
    const pending = await makePickup(app, token, { warehouse: w.code });
    const refused = await upload(
      await workbook([
        HEADER,
        [p.orderNumber, null, null, null, null, 'copper', null, 6, 't', '2026-11-05', w.code],
        [p.orderNumber, null, null, null, null, 'copper', null, 5, 't', '2026-11-05', w.code],
        [pending.orderNumber, null, null, null, null, 'copper', null, 1, 't', '2026-11-05', w.code],
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([
      { row: 3, column: 'quantity', message: `pickup request ${p.orderNumber} has 4 t left to ship; this outbound order asks for 5 t` },
      { row: 4, column: 'deliveryOrderNumber', message: `pickup request ${pending.orderNumber} is pending: approve it before shipping against it` },
    ]);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'approved', shippedQuantity: 0 });
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(100);

    const ok = await upload(
      await workbook([
        HEADER,
        [p.orderNumber, null, null, null, null, 'copper', null, 6, 't', '2026-11-05', w.code],
        [p.orderNumber, null, null, null, null, 'copper', null, 4, 't', '2026-11-05', w.code],
      ]),
    );
    expect(ok.status, ok.body.message).toBe(200);
    expect(await pickupOf(p.id)).toMatchObject({ status: 'completed', shippedQuantity: 10, remainingQuantity: 0 });
  });
});
