// Reservations (issue 27 items 3, 4; decisions.md "Posted documents, lots and reservations"): approved
// and in-progress pickup requests reserve what they have left to ship in their lot (or warehouse and
// commodity); approval is refused when not enough is available, naming the requests holding it; an
// outbound order shipping against a request uses its reservation, any other outbound order or transfer
// takes only what is available; cancel, complete and ship release. And the setting outboundNeedsPickup.
// Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, stateOf, type TestApp } from '../helpers/app.js';
import { makeInbound, makePickup, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

type Item = Record<string, any>;

async function get(path: string): Promise<any> {
  const res = await app.request('GET', path, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

const approve = (id: number) => app.request('PUT', `/api/apply-delivery/${id}`, { token, body: { status: 'approved' } });
const outbound = (body: Record<string, unknown>) => app.request('POST', '/api/delivery-details', { token, body: { commodity: 'copper', outboundDate: '2026-11-20', ...body } });

async function lotsOf(warehouse: string): Promise<Item[]> {
  return (await get(`/api/inventory/lots?warehouse=${warehouse}&inStock=all&pageSize=100`)).items;
}

/** Summary = sum of lots = ledger, no lot below zero; answers the summary row. */
async function agree(warehouse: string) {
  const summary = await stockOf(app, token, warehouse);
  const lots = await lotsOf(warehouse);
  const ledger: Item[] = [];
  for (let page = 1; ; page++) {
    const data = await get(`/api/inventory/ledger?warehouse=${warehouse}&pageSize=100&page=${page}`);
    ledger.push(...data.items);
    if (ledger.length >= data.total) break;
  }
  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 1000) / 1000;
  expect(sum(lots.map((l) => l.currentStock))).toBe(summary?.currentStock ?? 0);
  expect(sum(ledger.map((e) => e.quantityChange))).toBe(summary?.currentStock ?? 0);
  expect(lots.every((l) => l.currentStock >= 0)).toBe(true);
  return summary as Item;
}

describe('approving reserves; what is reserved is not taken by others', () => {
  it('refuses an approval beyond what is available naming the holders; outbound orders and transfers take only what is available', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'RES-1', inboundWeight: 100 });
    const first = await makePickup(app, token, { warehouse: w.code, blNumber: 'RES-1', quantity: 80 });
    expect((await approve(first.id)).status).toBe(200);
    const second = await makePickup(app, token, { warehouse: w.code, blNumber: 'RES-1', quantity: 30 });
    const state = await stateOf(app);
    const refused = await approve(second.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`${w.name} holds 100 of copper; 80 is reserved by ${first.orderNumber}; 20 available`);
    expect(refused.body.data.reservedBy).toEqual([first.orderNumber]);
    const zh = await app.request('PUT', `/api/apply-delivery/${second.id}`, { token, headers: { 'accept-language': 'zh' }, body: { status: 'approved' } });
    expect(zh.body.message).toBe(`${w.name}现有copper 100，其中 80 已被 ${first.orderNumber} 预留；可用 20`);
    expect(await stateOf(app)).toEqual(state);
    expect((await get(`/api/apply-delivery/${second.id}`)).status).toBe('pending');
    // a request for a B/L never received: its lot holds nothing
    const nowhere = await makePickup(app, token, { warehouse: w.code, blNumber: 'NEVER-IN', quantity: 99999 });
    const none = await approve(nowhere.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain(`${first.orderNumber}`);

    expect(await agree(w.code)).toMatchObject({ currentStock: 100, reservedQuantity: 80, availableQuantity: 20 });
    expect((await lotsOf(w.code)).find((l) => l.blNumber === 'RES-1')).toMatchObject({ currentStock: 100, reservedQuantity: 80, availableQuantity: 20 });

    // a walk-in outbound order, with or without the B/L, and a transfer: only what is available
    const walkIn = await outbound({ warehouse: w.code, quantity: 30 });
    expect(walkIn.status).toBe(400);
    expect(walkIn.body.message).toBe(`${w.name} holds 100 of copper; 80 is reserved by ${first.orderNumber}; 20 available; 30 requested`);
    const onBl = await outbound({ warehouse: w.code, blNumber: 'RES-1', quantity: 21 });
    expect(onBl.status).toBe(400);
    const transfer = await app.request('POST', '/api/ownership-transfer', {
      token,
      body: { transferDate: '2026-11-20', warehouse: w.code, commodity: 'copper', quantity: 25, transferor: 'A Co', transferee: 'B Co' },
    });
    expect(transfer.status).toBe(400);
    expect((await outbound({ warehouse: w.code, blNumber: 'RES-1', quantity: 20 })).status).toBe(200);

    // shipping against the request uses its reservation; completing by hand and cancelling release it
    const shipped = await outbound({ warehouse: w.code, blNumber: 'RES-1', quantity: 50, deliveryOrderNumber: first.orderNumber });
    expect(shipped.status, shipped.body.message).toBe(200);
    expect(await agree(w.code)).toMatchObject({ currentStock: 30, reservedQuantity: 30, availableQuantity: 0 });
    expect((await app.request('PUT', `/api/apply-delivery/${first.id}`, { token, body: { status: 'completed' } })).status).toBe(200);
    expect(await agree(w.code)).toMatchObject({ currentStock: 30, reservedQuantity: 0, availableQuantity: 30 });
    expect((await approve(second.id)).status).toBe(200);
    expect(await agree(w.code)).toMatchObject({ reservedQuantity: 30, availableQuantity: 0 });
    expect((await app.request('PUT', `/api/apply-delivery/cancel/${second.id}`, { token })).status).toBe(200);
    expect(await agree(w.code)).toMatchObject({ reservedQuantity: 0, availableQuantity: 30 });
  });

  it('a B/L-less outbound order takes FIFO from what each lot has unreserved', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'OLD', inboundWeight: 10, inboundDate: '2026-11-01' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'NEW', inboundWeight: 20, inboundDate: '2026-11-02' });
    const held = await makePickup(app, token, { warehouse: w.code, blNumber: 'OLD', quantity: 8 });
    expect((await approve(held.id)).status).toBe(200);
    const taken = await outbound({ warehouse: w.code, quantity: 15 });
    expect(taken.status, taken.body.message).toBe(200);
    expect(taken.body.data.allocations).toEqual([
      { blNumber: 'OLD', quantity: 2 },
      { blNumber: 'NEW', quantity: 13 },
    ]);
    expect(await agree(w.code)).toMatchObject({ currentStock: 15, reservedQuantity: 8, availableQuantity: 7 });
  });

  it('20 concurrent approvals against stock for 5 requests accept exactly 5', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'RUSH', inboundWeight: 50 });
    const requests = [];
    for (let i = 0; i < 20; i++) requests.push(await makePickup(app, token, { warehouse: w.code, blNumber: 'RUSH', quantity: 10 }));
    const answers = await Promise.all(requests.map((r) => approve(r.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(15);
    expect(await agree(w.code)).toMatchObject({ currentStock: 50, reservedQuantity: 50, availableQuantity: 0 });
  });
});

describe('the setting outboundNeedsPickup', () => {
  it('while on, refuses an outbound order (JSON or import) without an approved or in-progress request; off by default', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'NP-1', inboundWeight: 10 });
    expect((await get('/api/settings')).outboundNeedsPickup).toBe(false);
    expect((await app.request('PUT', '/api/settings', { token, body: { outboundNeedsPickup: true } })).status).toBe(200);
    try {
      const pending = await makePickup(app, token, { warehouse: w.code, blNumber: 'NP-1', quantity: 2 });
      const state = await stateOf(app);
      const bare = await outbound({ warehouse: w.code, blNumber: 'NP-1', quantity: 1 });
      expect(bare.status).toBe(400);
      expect(bare.body.data.errors[0].field).toBe('deliveryOrderNumber');
      const notApproved = await outbound({ warehouse: w.code, blNumber: 'NP-1', quantity: 1, deliveryOrderNumber: pending.orderNumber });
      expect(notApproved.status).toBe(400);
      const sheet = await workbook([
        ['outboundNumber', 'commodity', 'quantity', 'outboundDate', 'warehouse', 'blNumber'],
        ['', 'copper', 1, '2026-11-20', w.code, 'NP-1'],
      ]);
      const imported = await app.upload('POST', '/api/delivery-details/import', { token, files: [['file', 'outbound.xlsx', sheet]] });
      expect(imported.status).toBe(400);
      expect(await stateOf(app)).toEqual(state);
      expect((await approve(pending.id)).status).toBe(200);
      expect((await outbound({ warehouse: w.code, blNumber: 'NP-1', quantity: 1, deliveryOrderNumber: pending.orderNumber })).status).toBe(200);
    } finally {
      await app.request('PUT', '/api/settings', { token, body: { outboundNeedsPickup: false } });
    }
    expect((await outbound({ warehouse: w.code, blNumber: 'NP-1', quantity: 1 })).status).toBe(200);
  });
});
