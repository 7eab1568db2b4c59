// Lots never go below zero (issue 27 item 2; decisions.md "Posted documents, lots and reservations"):
// a B/L-named movement takes from its lot alone, one without a B/L from the oldest lots first (FIFO,
// `allocations`, one ledger entry per lot), an inbound change that would leave a lot below zero is
// refused naming the documents that took from it, under concurrent requests too; lots an older
// version left below zero are listed by inStock=negative. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { makeInbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

type Item = Record<string, any>;

async function get(path: string): Promise<any> {
  const res = await app.request('GET', path, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

const outbound = (body: Record<string, unknown>) => app.request('POST', '/api/delivery-details', { token, body: { commodity: 'copper', outboundDate: '2026-11-20', ...body } });

async function lotsOf(warehouse: string, inStock = 'all'): Promise<Record<string, number>> {
  const items = (await get(`/api/inventory/lots?warehouse=${warehouse}&inStock=${inStock}&pageSize=100`)).items as Item[];
  return Object.fromEntries(items.map((l) => [String(l.blNumber), l.currentStock]));
}

/** Every entry of a warehouse's ledger, page by page. */
async function ledgerOf(warehouse: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const data = await get(`/api/inventory/ledger?warehouse=${warehouse}&pageSize=100&page=${page}`);
    items.push(...data.items);
    if (items.length >= data.total) return items;
  }
}

/** Summary = sum of lots = ledger, and no lot below zero. */
async function agree(warehouse: string) {
  const summary = (await stockOf(app, token, warehouse))?.currentStock ?? 0;
  const lots = await lotsOf(warehouse);
  const ledger = await ledgerOf(warehouse);
  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 1000) / 1000;
  expect(sum(Object.values(lots))).toBe(summary);
  expect(sum(ledger.map((e) => e.quantityChange))).toBe(summary);
  expect(Object.values(lots).every((q) => q >= 0)).toBe(true);
  return lots;
}

/** A warehouse with lots A (10, first in on 11-01), C (10, 11-02) and B (30, 11-03). */
async function threeLots() {
  const w = await makeWarehouse(app, token);
  await makeInbound(app, token, { warehouse: w.code, blNumber: 'LOT-A', inboundWeight: 10, inboundDate: '2026-11-01' });
  await makeInbound(app, token, { warehouse: w.code, blNumber: 'LOT-B', inboundWeight: 30, inboundDate: '2026-11-03' });
  await makeInbound(app, token, { warehouse: w.code, blNumber: 'LOT-C', inboundWeight: 10, inboundDate: '2026-11-02' });
  return w;
}

describe('a movement naming a B/L takes from its lot alone', () => {
  it('more than the lot holds, or a B/L never received, is 400 naming what the lot holds; nothing is written', async () => {
    const w = await threeLots();
    const ledger = (await ledgerOf(w.code)).length;
    const over = await outbound({ warehouse: w.code, blNumber: 'LOT-A', quantity: 15 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`B/L LOT-A holds 10 of copper in ${w.name}; 15 requested`);
    const never = await outbound({ warehouse: w.code, blNumber: 'NEVER-IN', quantity: 1 });
    expect(never.status).toBe(400);
    expect(never.body.message).toBe(`B/L NEVER-IN holds 0 of copper in ${w.name}; 1 requested`);
    const zh = await app.request('POST', '/api/delivery-details', {
      token,
      headers: { 'accept-language': 'zh' },
      body: { commodity: 'copper', outboundDate: '2026-11-20', warehouse: w.code, blNumber: 'LOT-A', quantity: 15 },
    });
    expect(zh.body.message).toBe(`${w.name}的提单 LOT-A 现有copper 10；需要 15`);
    expect((await ledgerOf(w.code)).length).toBe(ledger);
    const ok = await outbound({ warehouse: w.code, blNumber: 'LOT-A', quantity: 10 });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.allocations).toEqual([{ blNumber: 'LOT-A', quantity: 10 }]);
    expect(await agree(w.code)).toEqual({ 'LOT-A': 0, 'LOT-B': 30, 'LOT-C': 10 });
  });
});

describe('a movement without a B/L takes from the oldest lots first', () => {
  it('FIFO over three lots: by first inbound date, one ledger entry per lot, allocations in the answer; cancel and re-activate follow the ledger', async () => {
    const w = await threeLots();
    const res = await outbound({ warehouse: w.code, quantity: 25 });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.allocations).toEqual([
      { blNumber: 'LOT-A', quantity: 10 },
      { blNumber: 'LOT-C', quantity: 10 },
      { blNumber: 'LOT-B', quantity: 5 },
    ]);
    const entries = (await get(`/api/inventory/ledger?documentNumber=${res.body.data.outboundNumber}`)).items as Item[];
    expect(entries.map((e) => e.quantityChange)).toEqual([-10, -10, -5]);
    expect(await agree(w.code)).toEqual({ 'LOT-A': 0, 'LOT-B': 25, 'LOT-C': 0 });
    const cancelled = await app.request('PUT', `/api/delivery-details/${res.body.data.id}`, { token, body: { outboundStatus: 'cancelled' } });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(cancelled.body.data.allocations).toEqual([]);
    expect(await agree(w.code)).toEqual({ 'LOT-A': 10, 'LOT-B': 30, 'LOT-C': 10 });
    // meanwhile LOT-A goes: the re-activated order takes from what is there now
    expect((await outbound({ warehouse: w.code, blNumber: 'LOT-A', quantity: 10 })).status).toBe(200);
    const again = await app.request('PUT', `/api/delivery-details/${res.body.data.id}`, { token, body: { outboundStatus: 'completed' } });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.allocations).toEqual([
      { blNumber: 'LOT-C', quantity: 10 },
      { blNumber: 'LOT-B', quantity: 15 },
    ]);
    expect(await agree(w.code)).toEqual({ 'LOT-A': 0, 'LOT-B': 15, 'LOT-C': 0 });
    // more than every lot holds: the stock's own refusal
    const over = await outbound({ warehouse: w.code, quantity: 16 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`insufficient stock: 15 available of copper in ${w.name}; 16 requested`);
  });
});

describe('an ownership transfer', () => {
  it('without a B/L takes from the oldest lots first and says so; naming a B/L, from that lot alone', async () => {
    const w = await threeLots();
    const transfer = (body: Record<string, unknown>) =>
      app.request('POST', '/api/ownership-transfer', {
        token,
        body: { warehouse: w.code, commodity: 'copper', transferDate: '2026-11-20', transferor: 'A', transferee: 'B', ...body },
      });
    const fifo = await transfer({ quantity: 12 });
    expect(fifo.status, fifo.body.message).toBe(200);
    expect(fifo.body.data.allocations).toEqual([
      { blNumber: 'LOT-A', quantity: 10 },
      { blNumber: 'LOT-C', quantity: 2 },
    ]);
    const over = await transfer({ blNumber: 'LOT-C', quantity: 9 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`B/L LOT-C holds 8 of copper in ${w.name}; 9 requested`);
    expect(await agree(w.code)).toEqual({ 'LOT-A': 0, 'LOT-B': 30, 'LOT-C': 8 });
  });
});

describe('an inbound change that would leave a lot below zero', () => {
  it('deleting, lowering or moving an inbound order whose lot was taken from is 400 naming the documents; nothing changes', async () => {
    const w = await makeWarehouse(app, token);
    const lotA = await makeInbound(app, token, { warehouse: w.code, blNumber: 'TESTLOT-A', inboundWeight: 10 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'TESTLOT-B', inboundWeight: 50 });
    const taken = await outbound({ warehouse: w.code, blNumber: 'TESTLOT-A', quantity: 6 });
    expect(taken.status).toBe(200);
    const number = taken.body.data.outboundNumber;
    const ledger = (await ledgerOf(w.code)).length;
    const del = await app.request('DELETE', `/api/inventory/inbound/${lotA.id}`, { token });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(`B/L TESTLOT-A of copper in ${w.name} would hold -6: ${number} took from it; change or cancel those first`);
    const lower = await app.request('PUT', `/api/inventory/inbound/${lotA.id}`, { token, body: { inboundWeight: 5 } });
    expect(lower.status).toBe(400);
    expect(lower.body.message).toContain(number);
    const rename = await app.request('PUT', `/api/inventory/inbound/${lotA.id}`, { token, body: { blNumber: 'TESTLOT-Z' } });
    expect(rename.status).toBe(400);
    expect((await ledgerOf(w.code)).length).toBe(ledger);
    expect(await agree(w.code)).toEqual({ 'TESTLOT-A': 4, 'TESTLOT-B': 50 });
    // down to what was taken is allowed
    expect((await app.request('PUT', `/api/inventory/inbound/${lotA.id}`, { token, body: { inboundWeight: 6 } })).status).toBe(200);
    expect(await agree(w.code)).toEqual({ 'TESTLOT-A': 0, 'TESTLOT-B': 50 });
  });
});

describe('under concurrent requests', () => {
  it('20 outbound orders of 1 at once on a lot of 5 (beside a lot of 100): exactly 5 accepted, the lot at 0', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'RACE-1', inboundWeight: 5 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'RACE-2', inboundWeight: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => outbound({ warehouse: w.code, blNumber: 'RACE-1', quantity: 1 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.message.startsWith('B/L RACE-1 holds 0 of copper'))).toBe(true);
    expect(await agree(w.code)).toEqual({ 'RACE-1': 0, 'RACE-2': 100 });
  });
});

describe('imports', () => {
  it('a sheet whose rows would take a lot below zero is refused whole, naming the row', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'SHEET-LOT', inboundWeight: 10 });
    const ledger = (await ledgerOf(w.code)).length;
    const rows = [
      ['commodity', 'quantity', 'outboundDate', 'warehouse', 'blNumber'],
      ['copper', 6, '2026-11-20', w.code, 'SHEET-LOT'],
      ['copper', 6, '2026-11-20', w.code, 'SHEET-LOT'],
    ];
    const res = await app.upload('POST', '/api/delivery-details/import', { token, files: [['file', 'sheet.xlsx', await workbook(rows)]] });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ row: 3, column: 'blNumber', message: `B/L SHEET-LOT holds 4 of copper in ${w.name} after row 2 of this sheet; 6 requested` }]);
    expect((await ledgerOf(w.code)).length).toBe(ledger);
    expect(await agree(w.code)).toEqual({ 'SHEET-LOT': 10 });
  });
});

describe('lots an older version left below zero', () => {
  it('are listed by inStock=negative and stay as they are; a movement may not sink them further, one that adds is taken', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'OLD-OK', inboundWeight: 10 });
    expect(await lotsOf(w.code, 'negative')).toEqual({});
    // what an older version could leave: 3 shipped of a lot that held 0 (the warehouse's stock covered it)
    await app.server.db
      .insertInto('stockLots')
      .values({ warehouseId: w.id, commodity: 'copper', blNumber: 'OLD-NEG', inboundMilli: 0, outboundMilli: 3000, transferredMilli: 0 })
      .execute();
    await app.server.db
      .insertInto('stockLotDays')
      .values({ warehouseId: w.id, commodity: 'copper', blNumber: 'OLD-NEG', businessDate: '2026-10-01', inboundMilli: 0, outboundMilli: 3000, transferredMilli: 0 })
      .execute();
    expect(await lotsOf(w.code, 'negative')).toEqual({ 'OLD-NEG': -3 });
    expect((await outbound({ warehouse: w.code, blNumber: 'OLD-NEG', quantity: 1 })).status).toBe(400);
    expect((await makeInbound(app, token, { warehouse: w.code, blNumber: 'OLD-NEG', inboundWeight: 1 })).inboundNumber).toBeTruthy();
    expect(await lotsOf(w.code, 'negative')).toEqual({ 'OLD-NEG': -2 });
    // an order without a B/L takes only from lots that hold stock
    const fifo = await outbound({ warehouse: w.code, quantity: 2 });
    expect(fifo.body.data.allocations).toEqual([{ blNumber: 'OLD-OK', quantity: 2 }]);
  });
});
