// The ledger and the summary against the records, after a long mixed run of changes; and the
// published paths of both route sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { operationAt } from '../helpers/openapi.js';
import { makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

async function all<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await app.request('GET', `${path}${sep}page=${page}&pageSize=100`, { token });
    items.push(...res.body.data.items);
    if (items.length >= res.body.data.total) return items;
  }
}

describe('stock ledger', () => {
  it('after a mixed run, running balances, summary and records agree; the ledger only grows', async () => {
    const warehouses = [await makeWarehouse(app, token), await makeWarehouse(app, token)];
    const commodities = ['copper', 'zinc'];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(xs: T[]) => xs[rand(xs.length)]!;
    const qty = () => (rand(5000) + 1) / 1000 + rand(20);
    const date = () => `2026-0${rand(3) + 1}-1${rand(10)}`;
    const inbound: number[] = [];
    const outbound: number[] = [];
    const transfers: number[] = [];
    let ledgerSize = 0;
    for (let i = 0; i < 150; i++) {
      const w = pick(warehouses).code;
      const commodity = pick(commodities);
      const op = rand(10);
      let res;
      if (op < 3 || inbound.length === 0) {
        res = await app.request('POST', '/api/inventory/inbound', { token, body: { warehouse: w, commodity, inboundWeight: qty(), inboundDate: date() } });
        if (res.status === 200) inbound.push(res.body.data.id);
      } else if (op < 5) {
        res = await app.request('POST', '/api/delivery-details', {
          token,
          body: { warehouse: w, commodity, quantity: qty(), outboundDate: date(), outboundStatus: pick(['pending', 'completed']) },
        });
        if (res.status === 200) outbound.push(res.body.data.id);
      } else if (op < 6) {
        res = await app.request('POST', '/api/ownership-transfer', {
          token,
          body: { warehouse: w, commodity, quantity: qty(), transferDate: date(), transferor: 'A', transferee: 'B' },
        });
        if (res.status === 200) transfers.push(res.body.data.id);
      } else if (op < 7) {
        res = await app.request('PUT', `/api/inventory/inbound/${pick(inbound)}`, { token, body: { inboundWeight: qty(), warehouse: w } });
      } else if (op < 8 && outbound.length) {
        res = await app.request('PUT', `/api/delivery-details/${pick(outbound)}`, {
          token,
          body: { outboundStatus: pick(['pending', 'completed', 'cancelled']), quantity: qty() },
        });
      } else if (op < 9 && transfers.length) {
        res = await app.request('PUT', `/api/ownership-transfer/${pick(transfers)}`, { token, body: { status: pick(['completed', 'cancelled']), commodity } });
      } else {
        const id = inbound.splice(rand(inbound.length), 1)[0]!;
        res = await app.request('DELETE', `/api/inventory/inbound/${id}`, { token });
        if (res.status !== 200) inbound.push(id);
      }
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect(res.body.message).toMatch(/^insufficient stock: /);
      const size = (await app.request('GET', '/api/inventory/ledger?pageSize=1', { token })).body.data.total;
      expect(size).toBeGreaterThanOrEqual(ledgerSize);
      ledgerSize = size;
    }

    type Entry = { warehouseId: number; commodity: string; kind: string; quantityChange: number; balance: number; businessDate: string };
    const ledger = await all<Entry>('/api/inventory/ledger');
    const summary = (await app.request('GET', '/api/inventory/summary', { token })).body.data as {
      warehouseId: number;
      commodity: string;
      inboundQuantity: number;
      outboundQuantity: number;
      transferredQuantity: number;
      currentStock: number;
    }[];
    const milli = (n: number) => Math.round(n * 1000);
    const expected = new Map<string, { in: number; out: number; tr: number; last: number }>();
    for (const e of ledger) {
      const key = `${e.warehouseId}/${e.commodity}`;
      const row = expected.get(key) ?? { in: 0, out: 0, tr: 0, last: 0 };
      if (e.kind === 'inbound') row.in += milli(e.quantityChange);
      if (e.kind === 'outbound') row.out -= milli(e.quantityChange);
      if (e.kind === 'transfer') row.tr -= milli(e.quantityChange);
      // running balance of each warehouse and commodity, entry by entry, never below zero
      expect(milli(e.balance)).toBe(row.in - row.out - row.tr);
      expect(e.balance).toBeGreaterThanOrEqual(0);
      row.last = milli(e.balance);
      expected.set(key, row);
    }
    for (const s of summary) {
      const row = expected.get(`${s.warehouseId}/${s.commodity}`)!;
      expect([milli(s.inboundQuantity), milli(s.outboundQuantity), milli(s.transferredQuantity), milli(s.currentStock)]).toEqual([row.in, row.out, row.tr, row.last]);
    }
    expect(summary.length).toBe([...expected.values()].filter((r) => r.in || r.out || r.tr).length);

    // and the summary is what the records say
    const fromRecords = new Map<string, number>();
    const add = (w: number, c: string, n: number) => fromRecords.set(`${w}/${c}`, (fromRecords.get(`${w}/${c}`) ?? 0) + milli(n));
    for (const r of await all<{ warehouseId: number; commodity: string; inboundWeight: number }>('/api/inventory/inbound')) add(r.warehouseId, r.commodity, r.inboundWeight);
    for (const r of await all<{ warehouseId: number; commodity: string; quantity: number; outboundStatus: string }>('/api/delivery-details'))
      if (r.outboundStatus !== 'cancelled') add(r.warehouseId, r.commodity, -r.quantity);
    for (const r of await all<{ warehouseId: number; commodity: string; quantity: number; status: string }>('/api/ownership-transfer'))
      if (r.status !== 'cancelled') add(r.warehouseId, r.commodity, -r.quantity);
    for (const s of summary) expect(milli(s.currentStock)).toBe(fromRecords.get(`${s.warehouseId}/${s.commodity}`) ?? 0);

    // asOf the last date of the run equals today's summary; asOf an earlier date sums the ledger up to it
    const asOf = (await app.request('GET', '/api/inventory/summary?asOf=2026-12-31', { token })).body.data;
    // reservations are today's: asOf leaves them out (null)
    expect(asOf).toEqual(summary.map((row: object) => ({ ...row, reservedQuantity: null, availableQuantity: null })));
    const early = (await app.request('GET', '/api/inventory/summary?asOf=2026-02-15', { token })).body.data as typeof summary;
    for (const s of early) {
      const sum = ledger
        .filter((e) => e.warehouseId === s.warehouseId && e.commodity === s.commodity && e.businessDate <= '2026-02-15')
        .reduce((t, e) => t + milli(e.quantityChange), 0);
      expect(milli(s.currentStock)).toBe(sum);
    }
  });

  it('filters the ledger by warehouse, commodity, document number and business date', async () => {
    const w = await makeWarehouse(app, token);
    const a = (await app.request('POST', '/api/inventory/inbound', { token, body: { warehouse: w.code, commodity: 'tin', inboundWeight: 3, inboundDate: '2026-05-01' } })).body
      .data;
    await app.request('POST', '/api/inventory/inbound', { token, body: { warehouse: w.code, commodity: 'lead', inboundWeight: 4, inboundDate: '2026-05-09' } });
    const q = async (qs: string) => (await app.request('GET', `/api/inventory/ledger?warehouse=${w.name}&${qs}`, { token })).body.data;
    expect((await q('')).total).toBe(2);
    expect((await q('commodity=tin')).items).toMatchObject([
      {
        commodity: 'tin',
        kind: 'inbound',
        documentType: 'inboundOrder',
        documentId: a.id,
        documentNumber: a.inboundNumber,
        quantityChange: 3,
        balance: 3,
        businessDate: '2026-05-01',
        warehouse: w.name,
      },
    ]);
    expect((await q(`documentNumber=${a.inboundNumber}`)).total).toBe(1);
    expect((await q('startDate=2026-05-02')).items.map((e: { commodity: string }) => e.commodity)).toEqual(['lead']);
    expect((await q('endDate=2026-05-02')).items.map((e: { commodity: string }) => e.commodity)).toEqual(['tin']);
    expect((await q('sortOrder=desc')).items.map((e: { commodity: string }) => e.commodity)).toEqual(['lead', 'tin']);
  });
});

describe('published paths', () => {
  const setA = [
    'GET /apply-delivery/list',
    'GET /apply-delivery/detail/{id}',
    'POST /apply-delivery/create',
    'PUT /apply-delivery/update/{id}',
    'PUT /apply-delivery/cancel/{id}',
    'DELETE /apply-delivery/{id}',
    'GET /delivery-details/list',
    'GET /delivery-details/detail/{id}',
    'POST /delivery-details/create',
    'PUT /delivery-details/update/{id}',
    'DELETE /delivery-details/{id}',
    'GET /inventory/warehouses',
    'POST /inventory/warehouses/create',
    'PUT /inventory/warehouses/update/{id}',
    'DELETE /inventory/warehouses/delete/{id}',
    'GET /inventory/inbound/list',
    'POST /inventory/inbound/create',
    'PUT /inventory/inbound/update/{id}',
    'DELETE /inventory/inbound/delete/{id}',
    'GET /inventory/summary',
    'GET /ownership-transfer/list',
    'GET /ownership-transfer/detail/{id}',
    'POST /ownership-transfer/create',
    'POST /ownership-transfer/create-with-files',
    'DELETE /ownership-transfer/{id}',
  ];
  const setB = [
    'GET /apply-delivery',
    'GET /apply-delivery/{id}',
    'POST /apply-delivery',
    'PUT /apply-delivery/{id}',
    'PUT /apply-delivery/{id}/cancel',
    'DELETE /apply-delivery/{id}',
    'GET /delivery-details',
    'GET /delivery-details/{id}',
    'POST /delivery-details',
    'PUT /delivery-details/{id}',
    'DELETE /delivery-details/{id}',
    'GET /inventory/warehouses',
    'POST /inventory/warehouses',
    'PUT /inventory/warehouses/{id}',
    'DELETE /inventory/warehouses/{id}',
    'GET /inventory/inbound',
    'POST /inventory/inbound',
    'PUT /inventory/inbound/{id}',
    'DELETE /inventory/inbound/{id}',
    'GET /inventory/summary',
    'GET /ownership-transfer',
    'POST /ownership-transfer',
    'POST /ownership-transfer/with-files',
    'DELETE /ownership-transfer/{id}',
    'GET /inventory/inbound/{id}',
    'GET /ownership-transfer/{id}',
  ];
  const extra = [
    'PUT /delivery-details/confirm-receipt/{id}',
    'GET /delivery-details/receipt-history/{id}',
    'GET /delivery-details/print/{id}',
    'POST /inventory/transfer/create',
    'GET /inventory/ledger',
    'PUT /ownership-transfer/update/{id}',
    'PUT /ownership-transfer/{id}',
  ];

  it('every path of 4.6, 4.7 and the pickup rows of 4.9 is in the OpenAPI document and asks for a token', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const entry of [...setA, ...setB, ...extra]) {
      const [method, path] = entry.split(' ') as [string, string];
      // a path a generated client could not tell from another (set B's /apply-delivery/{id}/cancel) is its twin's alias
      expect(operationAt(doc, method, `/api${path}`), entry).toBeDefined();
      const res = await app.request(method, `/api${path.replace('{id}', '1')}`);
      expect(res.status, entry).toBe(401);
    }
  });

  it('literal paths are not read as ids', async () => {
    for (const path of ['/api/apply-delivery/list', '/api/delivery-details/list', '/api/inventory/inbound/list', '/api/ownership-transfer/list']) {
      const res = await app.request('GET', path, { token });
      expect(res.status, path).toBe(200);
      expect(res.body.data).toHaveProperty('items');
    }
  });
});

describe('stock refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('an inbound change whose stock has gone out is refused in Chinese; without the header in English', async () => {
    const w = await makeWarehouse(app, token);
    const inbound = await makeInbound(app, token, { warehouse: w.code, inboundWeight: 10 });
    await makeOutbound(app, token, { warehouse: w.code, quantity: 6 });
    const del = await app.request('DELETE', `/api/inventory/inbound/${inbound.id}`, { token, headers: zh });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(`库存不足：${w.name}的copper现有 4；此次修改要扣减 10，但其中部分货物已经出库`);
    const shrink = await app.request('PUT', `/api/inventory/inbound/${inbound.id}`, { token, body: { inboundWeight: 5 } });
    expect(shrink.body.message).toBe(`insufficient stock: 4 available of copper in ${w.name}; this change would take away 5, as much has already gone out`);
  });
});
