// Cargo by bill of lading: lot stock, the B/L trace, the stock movement report, contract execution,
// their exports and refusals, over HTTP against the real service.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely/migration';
import { openDatabase } from '../../server/db/database.js';
import { onPostgres } from '../helpers/postgres.js';
import { migrations } from '../../server/db/migrations/index.js';
import { newDataDir, signInAdmin, startAdminApp, startTestApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';
import { readWorkbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

async function get(path: string, query: Record<string, string> = {}) {
  const res = await app.request('GET', `${path}?${new URLSearchParams(query)}`, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** An export as a script asks for it: the field names as the header row. */
async function download(path: string, query: Record<string, string>, headers = 'fields') {
  const res = await fetch(`${app.url}${path}?${new URLSearchParams({ ...query, headers })}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  return readWorkbook(new Uint8Array(await res.arrayBuffer()));
}

async function transfer(body: Record<string, unknown>) {
  const res = await app.request('POST', '/api/ownership-transfer', { token, body: { commodity: 'copper', transferor: 'A', transferee: 'B', transferDate: '2026-11-03', ...body } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; transferNumber: string };
}

async function contract(fields: Record<string, string>) {
  const res = await app.upload('POST', '/api/contract/upload', { token, fields: contractForm(fields), files: [pdfFile()] });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractCode: string };
}

type Lot = {
  warehouse: string;
  commodity: string;
  blNumber: string | null;
  inboundQuantity: number;
  outboundQuantity: number;
  transferredQuantity: number;
  currentStock: number;
  firstInboundDate: string | null;
  lastMovementDate: string | null;
};

describe('lot stock', () => {
  it('splits each summary row into lots by B/L number that add up to it exactly, as it stands and asOf a date', async () => {
    const w1 = await makeWarehouse(app, token);
    const w2 = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w1.code, blNumber: 'LOTA-1', inboundWeight: 40.125, inboundDate: '2026-09-01' });
    await makeInbound(app, token, { warehouse: w1.code, blNumber: 'LOTA-2', inboundWeight: 10, inboundDate: '2026-09-03' });
    await makeInbound(app, token, { warehouse: w1.code, inboundWeight: 5, inboundDate: '2026-09-04' });
    await makeInbound(app, token, { warehouse: w2.code, blNumber: 'LOTA-1', inboundWeight: 7, inboundDate: '2026-09-05', commodity: 'zinc' });
    await makeOutbound(app, token, { warehouse: w1.code, blNumber: 'LOTA-1', quantity: 0.125, outboundDate: '2026-09-10' });
    await makeOutbound(app, token, { warehouse: w1.code, blNumber: 'LOTA-2', quantity: 10, outboundDate: '2026-09-11' });
    await makeOutbound(app, token, { warehouse: w1.code, quantity: 2, outboundDate: '2026-09-12' });
    const cancelled = await makeOutbound(app, token, { warehouse: w1.code, blNumber: 'LOTA-1', quantity: 30, outboundDate: '2026-09-13' });
    await app.request('PUT', `/api/delivery-details/${cancelled.id}`, { token, body: { outboundStatus: 'cancelled' } });
    await transfer({ warehouse: w2.code, commodity: 'zinc', blNumber: 'LOTA-1', quantity: 3, transferDate: '2026-09-20' });

    for (const w of [w1, w2]) {
      const all: Lot[] = (await get('/api/inventory/lots', { warehouse: w.code, inStock: 'all', pageSize: '100' })).items;
      const summary = await get('/api/inventory/summary', { warehouse: w.code });
      expect(summary.length).toBeGreaterThan(0);
      for (const row of summary) {
        const lots = all.filter((l) => l.commodity === row.commodity);
        const sum = (k: keyof Lot) => Math.round(lots.reduce((t, l) => t + (l[k] as number), 0) * 1000) / 1000;
        expect({
          inboundQuantity: sum('inboundQuantity'),
          outboundQuantity: sum('outboundQuantity'),
          transferredQuantity: sum('transferredQuantity'),
          currentStock: sum('currentStock'),
        }).toEqual({
          inboundQuantity: row.inboundQuantity,
          outboundQuantity: row.outboundQuantity,
          transferredQuantity: row.transferredQuantity,
          currentStock: row.currentStock,
        });
      }
    }

    const lots: Lot[] = (await get('/api/inventory/lots', { warehouse: w1.code, inStock: 'all' })).items;
    expect(lots).toEqual([
      {
        warehouse: w1.name,
        warehouseId: w1.id,
        commodity: 'copper',
        blNumber: null,
        inboundQuantity: 5,
        outboundQuantity: 0,
        transferredQuantity: 0,
        currentStock: 5,
        reservedQuantity: 0,
        availableQuantity: 5,
        firstInboundDate: '2026-09-04',
        lastMovementDate: '2026-09-04',
      },
      // the cancelled outbound order of 09-13 is no movement; the order of 09-12 without a B/L took
      // its 2 from the oldest lot, LOTA-1 (issue 27: first in, first out)
      {
        warehouse: w1.name,
        warehouseId: w1.id,
        commodity: 'copper',
        blNumber: 'LOTA-1',
        inboundQuantity: 40.125,
        outboundQuantity: 2.125,
        transferredQuantity: 0,
        currentStock: 38,
        reservedQuantity: 0,
        availableQuantity: 38,
        firstInboundDate: '2026-09-01',
        lastMovementDate: '2026-09-12',
      },
      {
        warehouse: w1.name,
        warehouseId: w1.id,
        commodity: 'copper',
        blNumber: 'LOTA-2',
        inboundQuantity: 10,
        outboundQuantity: 10,
        transferredQuantity: 0,
        currentStock: 0,
        reservedQuantity: 0,
        availableQuantity: 0,
        firstInboundDate: '2026-09-03',
        lastMovementDate: '2026-09-11',
      },
    ]);
    // in stock (the default) leaves out the lot that is gone; false keeps only it
    expect((await get('/api/inventory/lots', { warehouse: w1.code })).items.map((l: Lot) => l.blNumber)).toEqual([null, 'LOTA-1']);
    expect((await get('/api/inventory/lots', { warehouse: w1.code, inStock: 'false' })).items.map((l: Lot) => l.blNumber)).toEqual(['LOTA-2']);
    // the B/L number from its start, across warehouses and commodities; paged like the other lists
    const byPrefix = await get('/api/inventory/lots', { blNumber: 'LOTA-', inStock: 'all', pageSize: '2' });
    expect(byPrefix.total).toBe(3);
    expect(byPrefix.items).toHaveLength(2);
    expect((await get('/api/inventory/lots', { blNumber: 'LOTA-1', inStock: 'all', commodity: 'zinc' })).items).toEqual([
      expect.objectContaining({ warehouse: w2.name, blNumber: 'LOTA-1', inboundQuantity: 7, transferredQuantity: 3, currentStock: 4 }),
    ]);
    // asOf: the lots at the end of 09-10, which the summary asOf the same day agrees with
    const asOf = (await get('/api/inventory/lots', { warehouse: w1.code, asOf: '2026-09-10', inStock: 'all' })).items as Lot[];
    expect(asOf.map((l) => [l.blNumber, l.currentStock])).toEqual([
      [null, 5],
      ['LOTA-1', 40],
      ['LOTA-2', 10],
    ]);
    const summaryAsOf = await get('/api/inventory/summary', { warehouse: w1.code, asOf: '2026-09-10' });
    expect(summaryAsOf[0].currentStock).toBe(55);
  });

  it('moves a lot when an inbound order changes its B/L number alone', async () => {
    const w = await makeWarehouse(app, token);
    const order = await makeInbound(app, token, { warehouse: w.code, blNumber: 'LOTB-OLD', inboundWeight: 8 });
    const res = await app.request('PUT', `/api/inventory/inbound/${order.id}`, { token, body: { blNumber: ' LOTB-NEW ' } });
    expect(res.status, res.body.message).toBe(200);
    const lots: Lot[] = (await get('/api/inventory/lots', { warehouse: w.code, inStock: 'all' })).items;
    expect(lots.map((l) => [l.blNumber, l.currentStock])).toEqual([['LOTB-NEW', 8]]);
  });

  it('exports the lots the filters match, with the header row and the label sheet', async () => {
    const query = { blNumber: 'LOTA-', inStock: 'all' };
    const listed: Lot[] = (await get('/api/inventory/lots', { ...query, pageSize: '100' })).items;
    const book = await download('/api/inventory/lots/export', query);
    expect(book.sheets.map((s) => s.name)).toEqual(['lots', 'Fields']);
    // a reader gets the report's title (its filters) first, then the header in words
    const forPeople = (await download('/api/inventory/lots/export', query, 'labels')).sheets[0]!.rows;
    expect(forPeople[0]).toEqual(['Lot stock · B/L no.: LOTA- · Stock: All']);
    expect(forPeople[1]).toEqual([
      'Warehouse',
      'Commodity',
      'B/L no.',
      'Inbound quantity',
      'Outbound quantity',
      'Transferred quantity',
      'Current stock',
      'First inbound date',
      'Last movement date',
    ]);
    const [header, ...rows] = book.sheets[0]!.rows;
    expect(header).toEqual([
      'warehouse',
      'commodity',
      'blNumber',
      'inboundQuantity',
      'outboundQuantity',
      'transferredQuantity',
      'currentStock',
      'firstInboundDate',
      'lastMovementDate',
    ]);
    expect(book.sheets[0]!.frozen).toBe(true);
    const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? null));
    expect(rows.map((r) => [r[0], r[1], r[2] ?? null, r[3], r[4], r[5], r[6], day(r[7]), day(r[8])])).toEqual(
      listed.map((l) => [
        l.warehouse,
        l.commodity,
        l.blNumber,
        l.inboundQuantity,
        l.outboundQuantity,
        l.transferredQuantity,
        l.currentStock,
        l.firstInboundDate,
        l.lastMovementDate,
      ]),
    );
  });
});

describe('the B/L trace', () => {
  it('traces a B/L moved in two warehouses, partly picked up, partly transferred, edited and cancelled, with its running balance', async () => {
    const w1 = await makeWarehouse(app, token);
    const w2 = await makeWarehouse(app, token);
    const bl = 'TRACE/001 A';
    const deal = await contract({ BLNumber: `OTHER-9;${bl}`, contractCode: 'TRACE-PC-1' });
    await contract({ BLNumber: 'TRACE/0011', contractCode: 'TRACE-PC-2' }); // a longer number is another B/L
    const ib1 = await makeInbound(app, token, { warehouse: w1.code, blNumber: bl, inboundWeight: 100, inboundDate: '2026-10-01' });
    const ib2 = await makeInbound(app, token, { warehouse: w2.code, blNumber: bl, inboundWeight: 50, inboundDate: '2026-10-03' });
    const pickup = await makeApprovedPickup(app, token, { warehouse: w1.code, blNumber: bl, quantity: 30 });
    const ob1 = await makeOutbound(app, token, { warehouse: w1.code, blNumber: bl, quantity: 30, outboundDate: '2026-10-05', deliveryOrderNumber: pickup.orderNumber });
    const ot = await transfer({ warehouse: w2.code, blNumber: bl, quantity: 20, transferDate: '2026-10-06' });
    const ob2 = await makeOutbound(app, token, { warehouse: w1.code, blNumber: bl, quantity: 10, outboundDate: '2026-10-07' });
    expect((await app.request('PUT', `/api/delivery-details/${ob1.id}`, { token, body: { quantity: 25 } })).status).toBe(200);
    expect((await app.request('PUT', `/api/delivery-details/${ob2.id}`, { token, body: { outboundStatus: 'cancelled' } })).status).toBe(200);
    await makeInbound(app, token, { warehouse: w1.code, blNumber: 'TRACE/0011', inboundWeight: 1 });
    const freight = await app.request('POST', '/api/corp-finances/freight-charges', {
      token,
      body: { blNumber: bl, carrier: 'COSCO', amount: 1200.5, currency: 'USD', chargeDate: '2026-10-02' },
    });
    expect(freight.status, freight.body.message).toBe(200);
    const settlement = await app.request('POST', '/api/corp-finances/settlements', {
      token,
      body: { settlementNumber: 'TRACE-ST-1', contractNumber: 'TRACE-PC-1', counterparty: 'X', amount: 99, currency: 'CNY' },
    });
    expect(settlement.status, settlement.body.message).toBe(200);

    const trace = await get(`/api/bl/${encodeURIComponent(` ${bl} `)}/trace`);
    expect(trace.blNumber).toBe(bl);
    expect(trace.contracts).toEqual([await get(`/api/contract/${deal.id}`)]);
    expect(trace.inboundOrders).toEqual([await get(`/api/inventory/inbound/${ib1.id}`), await get(`/api/inventory/inbound/${ib2.id}`)]);
    // the pickup detail also lists its outbound orders; the trace lists those once, under outboundOrders
    const { outboundOrders: shippedBy, ...pickupRecord } = await get(`/api/apply-delivery/${pickup.id}`);
    expect(trace.pickupRequests).toEqual([pickupRecord]);
    expect(shippedBy).toEqual([await get(`/api/delivery-details/${ob1.id}`)]);
    expect(trace.outboundOrders).toEqual([await get(`/api/delivery-details/${ob1.id}`), await get(`/api/delivery-details/${ob2.id}`)]);
    expect(trace.ownershipTransfers).toEqual([await get(`/api/ownership-transfer/${ot.id}`)]);
    expect(trace.finance.freightCharges).toMatchObject({ count: 1, totals: [{ currency: 'USD', count: 1, amount: 1200.5 }], items: [{ id: freight.body.data.id, blNumber: bl }] });
    expect(trace.finance.settlements).toMatchObject({ count: 1, totals: [{ currency: 'CNY', amount: 99 }], items: [{ settlementNumber: 'TRACE-ST-1' }] });
    expect(Object.keys(trace.finance).sort()).toEqual(
      [
        'costBreakdowns',
        'downstreamInvoices',
        'freightCharges',
        'freightMiscInvoices',
        'miscCharges',
        'profitRecords',
        'reconciliations',
        'serviceFees',
        'settlements',
        'upstreamInvoices',
      ].sort(),
    );
    expect(trace.lots.map((l: Lot) => [l.warehouse, l.inboundQuantity, l.outboundQuantity, l.transferredQuantity, l.currentStock])).toEqual([
      [w1.name, 100, 25, 0, 75],
      [w2.name, 50, 0, 20, 30],
    ]);
    // each balance is the stock of the entry's own lot (warehouse and commodity), as the stock is kept
    expect(trace.timeline.map((e: any) => [e.businessDate, e.documentNumber, e.warehouse, e.quantityChange, e.balance])).toEqual([
      ['2026-10-01', ib1.inboundNumber, w1.name, 100, 100],
      ['2026-10-03', ib2.inboundNumber, w2.name, 50, 50],
      ['2026-10-05', ob1.outboundNumber, w1.name, -30, 70],
      // the edit: its reversal and the new quantity, on the order's own date
      ['2026-10-05', ob1.outboundNumber, w1.name, 30, 100],
      ['2026-10-05', ob1.outboundNumber, w1.name, -25, 75],
      ['2026-10-06', ot.transferNumber, w2.name, -20, 30],
      ['2026-10-07', ob2.outboundNumber, w1.name, -10, 65],
      ['2026-10-07', ob2.outboundNumber, w1.name, 10, 75],
    ]);
    expect(trace.timeline[0]).toMatchObject({ kind: 'inbound', documentType: 'inboundOrder', documentId: ib1.id, commodity: 'copper', entryTime: expect.any(String) });
  });

  it('keeps the running balance of a B/L carrying two commodities per commodity, never summed across them', async () => {
    const w1 = await makeWarehouse(app, token);
    const w2 = await makeWarehouse(app, token);
    const bl = 'TRACE-MIX-1';
    const cu = await makeInbound(app, token, { warehouse: w1.code, blNumber: bl, commodity: 'copper', inboundWeight: 100.5, inboundDate: '2026-10-01' });
    const zn = await makeInbound(app, token, { warehouse: w1.code, blNumber: bl, commodity: 'zinc', inboundWeight: 40.25, inboundDate: '2026-10-02' });
    const cu2 = await makeInbound(app, token, { warehouse: w2.code, blNumber: bl, commodity: 'copper', inboundWeight: 7, inboundDate: '2026-10-03' });
    const out = await makeOutbound(app, token, { warehouse: w1.code, blNumber: bl, commodity: 'copper', quantity: 30.125, outboundDate: '2026-10-04' });
    const ot = await transfer({ warehouse: w1.code, blNumber: bl, commodity: 'zinc', quantity: 10, transferDate: '2026-10-05' });
    const out2 = await makeOutbound(app, token, { warehouse: w1.code, blNumber: bl, commodity: 'zinc', quantity: 0.25, outboundDate: '2026-10-05' });

    const trace = await get(`/api/bl/${bl}/trace`);
    expect(trace.timeline.map((e: any) => [e.businessDate, e.documentNumber, e.warehouse, e.commodity, e.quantityChange, e.balance])).toEqual([
      ['2026-10-01', cu.inboundNumber, w1.name, 'copper', 100.5, 100.5],
      ['2026-10-02', zn.inboundNumber, w1.name, 'zinc', 40.25, 40.25],
      ['2026-10-03', cu2.inboundNumber, w2.name, 'copper', 7, 7],
      ['2026-10-04', out.outboundNumber, w1.name, 'copper', -30.125, 70.375],
      ['2026-10-05', ot.transferNumber, w1.name, 'zinc', -10, 30.25],
      ['2026-10-05', out2.outboundNumber, w1.name, 'zinc', -0.25, 30],
    ]);
    // each lot's last balance is its current stock
    const last = new Map<string, number>(trace.timeline.map((e: any) => [`${e.warehouse}|${e.commodity}`, e.balance]));
    expect(trace.lots.map((l: Lot) => [l.warehouse, l.commodity, l.currentStock])).toEqual([
      [w1.name, 'copper', 70.375],
      [w1.name, 'zinc', 30],
      [w2.name, 'copper', 7],
    ]);
    for (const l of trace.lots as Lot[]) expect(last.get(`${l.warehouse}|${l.commodity}`)).toBe(l.currentStock);
  });

  it('answers an unknown B/L with empty lists', async () => {
    const trace = await get(`/api/bl/${encodeURIComponent('NO-SUCH-BL')}/trace`);
    expect(trace).toMatchObject({
      blNumber: 'NO-SUCH-BL',
      contracts: [],
      inboundOrders: [],
      pickupRequests: [],
      outboundOrders: [],
      ownershipTransfers: [],
      lots: [],
      timeline: [],
    });
    expect(Object.values(trace.finance).every((s: any) => s.count === 0 && s.items.length === 0)).toBe(true);
  });
});

describe('the stock movement report', () => {
  it('gives a month equal to the summary asOf its end, and a later document does not change it', async () => {
    const w = await makeWarehouse(app, token);
    const commodity = 'nickel';
    const ib = await makeInbound(app, token, { warehouse: w.code, commodity, inboundWeight: 100, inboundDate: '2026-06-20' });
    await makeInbound(app, token, { warehouse: w.code, commodity, inboundWeight: 40.5, inboundDate: '2026-07-02' });
    await makeOutbound(app, token, { warehouse: w.code, commodity, quantity: 30, outboundDate: '2026-07-15' });
    await transfer({ warehouse: w.code, commodity, quantity: 10.25, transferDate: '2026-07-31' });
    const cancelled = await makeOutbound(app, token, { warehouse: w.code, commodity, quantity: 5, outboundDate: '2026-07-20' });
    await app.request('PUT', `/api/delivery-details/${cancelled.id}`, { token, body: { outboundStatus: 'cancelled' } });
    await makeOutbound(app, token, { warehouse: w.code, commodity, quantity: 1, outboundDate: '2026-08-01' });

    const july = { startDate: '2026-07-01', endDate: '2026-07-31', warehouse: w.code };
    const report = await get('/api/reports/stock-movement', july);
    expect(report.items).toEqual([{ warehouse: w.name, warehouseId: w.id, commodity, opening: 100, inbound: 40.5, outbound: 30, transferred: 10.25, closing: 100.25 }]);
    expect(report.totals).toEqual([{ commodity, opening: 100, inbound: 40.5, outbound: 30, transferred: 10.25, closing: 100.25 }]);
    const [atEnd] = await get('/api/inventory/summary', { warehouse: w.code, commodity, asOf: '2026-07-31' });
    const [beforeStart] = await get('/api/inventory/summary', { warehouse: w.code, commodity, asOf: '2026-06-30' });
    expect(report.items[0].closing).toBe(atEnd.currentStock);
    expect(report.items[0].opening).toBe(beforeStart.currentStock);
    // periods that do not start or end on a month's edge: days and whole months together
    const partial = await get('/api/reports/stock-movement', { startDate: '2026-06-25', endDate: '2026-07-15', warehouse: w.code });
    expect(partial.items).toEqual([expect.objectContaining({ opening: 100, inbound: 40.5, outbound: 30, transferred: 0, closing: 110.5 })]);
    const [atMid] = await get('/api/inventory/summary', { warehouse: w.code, commodity, asOf: '2026-07-15' });
    expect(atMid.currentStock).toBe(110.5);
    const across = await get('/api/reports/stock-movement', { startDate: '2026-06-10', endDate: '2026-08-10', warehouse: w.code });
    expect(across.items).toEqual([expect.objectContaining({ opening: 0, inbound: 140.5, outbound: 31, transferred: 10.25, closing: 99.25 })]);
    const oneDay = await get('/api/reports/stock-movement', { startDate: '2026-07-31', endDate: '2026-07-31', warehouse: w.code });
    expect(oneDay.items).toEqual([expect.objectContaining({ opening: 110.5, inbound: 0, outbound: 0, transferred: 10.25, closing: 100.25 })]);

    // later documents, and an edit of June's order that keeps its quantity, leave July as it was
    await makeInbound(app, token, { warehouse: w.code, commodity, inboundWeight: 9, inboundDate: '2026-08-05' });
    await makeOutbound(app, token, { warehouse: w.code, commodity, quantity: 2, outboundDate: '2026-09-01' });
    await app.request('PUT', `/api/inventory/inbound/${ib.id}`, { token, body: { remark: 'checked' } });
    expect(await get('/api/reports/stock-movement', july)).toEqual(report);
    // an edit of June's order moves July's opening, and the whole chain with it
    await app.request('PUT', `/api/inventory/inbound/${ib.id}`, { token, body: { inboundWeight: 101 } });
    expect((await get('/api/reports/stock-movement', july)).items[0]).toMatchObject({ opening: 101, closing: 101.25 });
  });

  it('sums every stock of the period per commodity, never across commodities, and exports it with the totals rows last', async () => {
    const query = { startDate: '2026-01-01', endDate: '2026-12-31' };
    const report = await get('/api/reports/stock-movement', query);
    const summary = await get('/api/inventory/summary', { asOf: '2026-12-31' });
    expect(report.items.map((r: any) => [r.warehouse, r.commodity, r.closing])).toEqual(
      summary
        .filter((r: any) => report.items.some((i: any) => i.warehouseId === r.warehouseId && i.commodity === r.commodity))
        .map((r: any) => [r.warehouse, r.commodity, r.currentStock]),
    );
    const commodities = [...new Set(report.items.map((r: any) => r.commodity))];
    expect(commodities.length).toBeGreaterThan(1);
    expect(report.totals.map((t: any) => t.commodity)).toEqual(commodities);
    for (const total of report.totals)
      for (const key of ['opening', 'inbound', 'outbound', 'transferred', 'closing']) {
        expect(total[key]).toBeCloseTo(
          report.items.filter((r: any) => r.commodity === total.commodity).reduce((t: number, r: any) => t + r[key], 0),
          6,
        );
      }
    const book = await download('/api/reports/stock-movement/export', query);
    const [header, ...rows] = book.sheets[0]!.rows;
    expect(header).toEqual(['warehouse', 'commodity', 'opening', 'inbound', 'outbound', 'transferred', 'closing']);
    expect(book.sheets[1]!.name).toBe('Fields');
    const totalRows = report.totals.length;
    expect(rows.slice(0, -totalRows)).toEqual(report.items.map((r: any) => [r.warehouse, r.commodity, r.opening, r.inbound, r.outbound, r.transferred, r.closing]));
    expect(rows.slice(-totalRows)).toEqual(report.totals.map((t: any) => ['Total 合计', t.commodity, t.opening, t.inbound, t.outbound, t.transferred, t.closing]));
  });

  it('refuses a period that ends before it starts, in English and in Chinese, and a missing date', async () => {
    const path = `/api/reports/stock-movement?startDate=2026-07-31&endDate=2026-07-01`;
    const en = await app.request('GET', path, { token });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ success: false, message: expect.stringContaining('endDate 2026-07-01 is before startDate 2026-07-31') });
    const zh = await app.request('GET', path, { token, headers: ZH });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toContain('结束日期不能早于开始日期');
    const exported = await app.request('GET', path.replace('stock-movement', 'stock-movement/export'), { token, headers: ZH });
    expect(exported.status).toBe(400);
    expect(exported.body.message).toContain('早于');
    const missing = await app.request('GET', '/api/reports/stock-movement?startDate=2026-07-01', { token, headers: ZH });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('endDate');
    expect(missing.body.message).toContain('必填');
    const badStock = await app.request('GET', '/api/inventory/lots?inStock=maybe', { token });
    expect(badStock.status).toBe(400);
    expect(badStock.body.message).toContain('inStock');
    expect((await app.request('GET', '/api/reports/contract-execution')).status).toBe(401);
  });
});

describe('contract execution', () => {
  it('executes each contract type by its documents, matched by contract number and by B/L, over-delivery included', async () => {
    const w = await makeWarehouse(app, token);
    const purchase = await contract({ contractType: '1', contractCode: 'EXE-PC-1', BLNumber: 'EXE-P1;EXE-P2', count: '100', name: 'EXE purchase' });
    const upstream = await contract({ contractType: '2', contractCode: 'EXE-UP-1', BLNumber: 'EXE-U1', count: '50', name: 'EXE upstream' });
    const downstream = await contract({ contractType: '3', contractCode: 'EXE-DN-1', BLNumber: 'EXE-D1', count: '40', name: 'EXE downstream' });
    await makeInbound(app, token, { warehouse: w.code, contractNumber: 'EXE-PC-1', inboundWeight: 30 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'EXE-P2', inboundWeight: 20 });
    // by contract number and by B/L at once: counted once
    await makeInbound(app, token, { warehouse: w.code, contractNumber: 'EXE-PC-1', blNumber: 'EXE-P1', inboundWeight: 10.5 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'EXE-U1', inboundWeight: 70 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'EXE-D1', inboundWeight: 100 });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'EXE-D1', quantity: 15 });
    const cancelled = await makeOutbound(app, token, { warehouse: w.code, blNumber: 'EXE-D1', quantity: 5 });
    await app.request('PUT', `/api/delivery-details/${cancelled.id}`, { token, body: { outboundStatus: 'cancelled' } });
    await transfer({ warehouse: w.code, blNumber: 'EXE-D1', quantity: 10 });

    const rows = (await get('/api/reports/contract-execution', { keyword: 'EXE', pageSize: '100' })).items;
    expect(rows.map((r: any) => r.id)).toEqual([downstream.id, upstream.id, purchase.id]);
    const byId = new Map(rows.map((r: any) => [r.id, r]));
    expect(byId.get(purchase.id)).toEqual({
      id: purchase.id,
      contractCode: 'EXE-PC-1',
      name: 'EXE purchase',
      contractType: '1',
      commodity: 'iron ore fines 62%',
      count: 100,
      executed: 60.5,
      remaining: 39.5,
      progress: 0.605,
      inboundQuantity: 60.5,
      outboundQuantity: 0,
      transferredQuantity: 0,
      blNumbers: ['EXE-P1', 'EXE-P2'],
    });
    expect(byId.get(upstream.id)).toMatchObject({ executed: 70, remaining: -20, progress: 1.4, inboundQuantity: 70 });
    expect(byId.get(downstream.id)).toMatchObject({ executed: 25, remaining: 15, progress: 0.625, inboundQuantity: 100, outboundQuantity: 15, transferredQuantity: 10 });

    expect((await get('/api/reports/contract-execution', { keyword: 'EXE', status: 'done' })).items.map((r: any) => r.id)).toEqual([upstream.id]);
    const open = await get('/api/reports/contract-execution', { keyword: 'EXE', status: 'open', pageSize: '1' });
    expect(open.total).toBe(2);
    expect(open.items.map((r: any) => r.id)).toEqual([downstream.id]);
    expect((await get('/api/reports/contract-execution', { keyword: 'EXE', contractType: '2' })).items.map((r: any) => r.id)).toEqual([upstream.id]);

    const book = await download('/api/reports/contract-execution/export', { keyword: 'EXE' });
    const [header, ...sheetRows] = book.sheets[0]!.rows;
    expect(header).toEqual([
      'contractCode',
      'name',
      'contractType',
      'commodity',
      'count',
      'executed',
      'remaining',
      'progress',
      'inboundQuantity',
      'outboundQuantity',
      'transferredQuantity',
      'blNumbers',
    ]);
    expect(sheetRows).toEqual(
      rows.map((r: any) => [
        r.contractCode,
        r.name,
        r.contractType,
        r.commodity,
        r.count,
        r.executed,
        r.remaining,
        r.progress,
        r.inboundQuantity,
        r.outboundQuantity,
        r.transferredQuantity,
        r.blNumbers.join(';'),
      ]),
    );
  });

  it('answers the dashboard charts per commodity, never across commodities: stock per warehouse and twelve months of movements', async () => {
    const chart = await get('/api/reports/stock-chart');
    const moved = [...new Set(chart.months.map((m: any) => m.commodity))];
    expect(moved.length).toBeGreaterThan(1);
    expect(chart.months).toHaveLength(12 * moved.length);
    for (const commodity of moved) expect(chart.months.filter((m: any) => m.commodity === commodity)).toHaveLength(12);
    const summary = await get('/api/inventory/summary');
    const stock = new Map<string, number>();
    for (const r of summary) stock.set(`${r.warehouse}|${r.commodity}`, (stock.get(`${r.warehouse}|${r.commodity}`) ?? 0) + r.currentStock);
    expect(chart.byWarehouse.length).toBe([...stock.values()].filter((v) => v !== 0).length);
    for (const r of chart.byWarehouse) expect(r.currentStock).toBeCloseTo(stock.get(`${r.warehouse}|${r.commodity}`)!, 6);
  });
});

// SQLite only: rewinds an existing SQLite file to before migration 009
describe.skipIf(onPostgres)('migration 009', () => {
  it('backfills the B/L numbers of the ledger and the day tables from the documents as they stand', async () => {
    const dataDir = await newDataDir();
    const own = await startTestApp({ dataDir });
    try {
      let ownToken = (await signInAdmin(own)).token;
      const call = async (path: string, query: Record<string, string> = {}) => (await own.request('GET', `${path}?${new URLSearchParams(query)}`, { token: ownToken })).body.data;
      const w = await makeWarehouse(own, ownToken);
      // cargo without a B/L, received first: the order without a B/L below takes from it (the oldest
      // lot, issue 27), as it did before lots were guarded, when it drove that lot to -1
      await makeInbound(own, ownToken, { warehouse: w.code, inboundWeight: 1, inboundDate: '2026-05-01' });
      const order = await makeInbound(own, ownToken, { warehouse: w.code, blNumber: 'MIG-1', inboundWeight: 12, inboundDate: '2026-05-02' });
      await own.request('PUT', `/api/inventory/inbound/${order.id}`, { token: ownToken, body: { inboundWeight: 13 } });
      await makeOutbound(own, ownToken, { warehouse: w.code, blNumber: 'MIG-1', quantity: 2, outboundDate: '2026-05-03' });
      await makeOutbound(own, ownToken, { warehouse: w.code, quantity: 1, outboundDate: '2026-05-04' });
      const read = async () => ({
        lots: await call('/api/inventory/lots', { inStock: 'all' }),
        trace: await call('/api/bl/MIG-1/trace'),
        report: await call('/api/reports/stock-movement', { startDate: '2026-05-01', endDate: '2026-12-31' }),
      });
      const before = await read();
      expect(before.trace.timeline.map((e: any) => e.balance)).toEqual([12, 25, 13, 11]);
      expect(before.lots.items).toHaveLength(2);

      // the database as it was before migration 009, then the service started on it again
      await own.close();
      const { db } = await openDatabase(join(dataDir, 'cargodesk.sqlite'));
      // 009 and every later migration undone (their `down`, in reverse order)
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('008-token-families');
      await db.destroy();
      if (error) throw error;
      await own.restart();
      ownToken = (await signInAdmin(own)).token;
      expect(await read()).toEqual(before);
    } finally {
      await own.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
