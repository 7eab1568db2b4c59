// Warehouse scope (issue 26, point 4): a user limited to some warehouses holds only those in the
// pickup, warehouse and stock areas: lists and their totals, exports, the summary, the ledger, lots,
// reports, the dashboard, print pages and the B/L trace leave the others out; reading a record of
// another warehouse is 403; creating, changing or importing one that names another warehouse is 403
// (an import names the row), and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithRoles, startAdminApp, stateOf, type TestApp } from '../helpers/app.js';
import { makeInbound, makeOutbound, makePickup, makeWarehouse } from '../helpers/warehouse.js';
import { readWorkbook, workbook } from '../helpers/xlsx.js';

let app: TestApp;
let admin: string;
let clerk: Awaited<ReturnType<typeof signInWithRoles>>;
let manager: Awaited<ReturnType<typeof signInWithRoles>>;
let a: { id: number; code: string; name: string };
let b: { id: number; code: string; name: string };
/** the records of each warehouse, by kind */
const made: Record<'a' | 'b', { inbound: number; outbound: number; pickup: number; transfer: number }> = {
  a: { inbound: 0, outbound: 0, pickup: 0, transfer: 0 },
  b: { inbound: 0, outbound: 0, pickup: 0, transfer: 0 },
};
const BL = 'SCOPE-BL-1';
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

beforeAll(async () => {
  ({ app, token: admin } = await startAdminApp({ approveOwnRequests: true }));
  a = await makeWarehouse(app, admin, { code: 'WH-A', name: 'Port yard A' });
  b = await makeWarehouse(app, admin, { code: 'WH-B', name: 'Bonded B' });
  for (const [key, w, qty] of [
    ['a', a, 100],
    ['b', b, 70],
  ] as const) {
    made[key].inbound = (await makeInbound(app, admin, { warehouse: w.code, inboundWeight: qty, blNumber: BL, inboundDate: '2026-10-05', contractNumber: 'SC-1' })).id;
    made[key].outbound = (await makeOutbound(app, admin, { warehouse: w.code, quantity: 10, blNumber: BL, outboundDate: '2026-10-06' })).id;
    made[key].pickup = (await makePickup(app, admin, { warehouse: w.code, blNumber: BL, quantity: 5 })).id;
    const transfer = await app.request('POST', '/api/ownership-transfer', {
      token: admin,
      body: { warehouse: w.code, commodity: 'copper', quantity: 3, blNumber: BL, transferDate: '2026-10-07', transferor: 'Seller Co', transferee: 'Buyer Co' },
    });
    made[key].transfer = transfer.body.data.id;
  }
  await app.upload('POST', '/api/contract/upload', {
    token: admin,
    fields: {
      name: 'Scope sale',
      contractType: '3',
      contractCode: 'SC-1',
      buyParty: 'Buyer Co',
      sellParty: 'Us',
      commodity: 'copper',
      count: '50',
      unitPrice: '70000',
      BLNumber: BL,
    },
    files: [['files', 'c.pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]],
  });
  clerk = await signInWithRoles(app, admin, ['warehouse'], ['WH-A']);
  manager = await signInWithRoles(app, admin, ['manager'], ['WH-A']);
});
afterAll(() => app.close());

const get = (token: string, path: string, headers?: Record<string, string>) => app.request('GET', `/api${path}`, { token, headers });

describe('lists and their totals', () => {
  it('hold only the warehouses of the user, their totals counted over those rows; a filter on another warehouse finds nothing', async () => {
    for (const [path, key] of [
      ['/inventory/inbound/list', 'inbound'],
      ['/delivery-details/list', 'outbound'],
      ['/apply-delivery/list', 'pickup'],
      ['/ownership-transfer/list', 'transfer'],
    ] as const) {
      const mine = await get(clerk.token, `${path}?pageSize=100`);
      expect(mine.status, path).toBe(200);
      expect(
        mine.body.data.items.map((r: { id: number }) => r.id),
        path,
      ).toEqual([made.a[key]]);
      expect(mine.body.data.total, path).toBe(1);
      expect(mine.body.data.items.every((r: { warehouse: string }) => r.warehouse === a.name)).toBe(true);
      expect((await get(clerk.token, `${path}?warehouse=${b.code}`)).body.data).toMatchObject({ items: [], total: 0 });
      expect((await get(admin, path)).body.data.total, path).toBe(2);
    }
    const ledger = await get(clerk.token, '/inventory/ledger?pageSize=100');
    expect(ledger.body.data.items.map((e: { warehouseId: number }) => e.warehouseId)).toEqual([a.id, a.id, a.id]);
    expect(ledger.body.data.total).toBe(3);
    const warehouses = await get(clerk.token, '/inventory/warehouses');
    expect(warehouses.body.data.map((w: { code: string }) => w.code)).toEqual(['WH-A']);
  });

  it("sums the summary, the lots, the movement report, the contract execution and the dashboard over the user's warehouses only", async () => {
    const summary = (await get(clerk.token, '/inventory/summary')).body.data;
    expect(summary).toEqual([expect.objectContaining({ warehouse: a.name, inboundQuantity: 100, outboundQuantity: 10, transferredQuantity: 3, currentStock: 87 })]);
    expect((await get(clerk.token, '/inventory/summary?asOf=2026-10-06')).body.data).toEqual([expect.objectContaining({ warehouse: a.name, currentStock: 90 })]);

    const lots = (await get(clerk.token, '/inventory/lots')).body.data;
    expect(lots.items).toEqual([expect.objectContaining({ warehouse: a.name, blNumber: BL, currentStock: 87 })]);
    expect(lots.total).toBe(1);

    const movement = (await get(clerk.token, '/reports/stock-movement?startDate=2026-10-01&endDate=2026-10-31')).body.data;
    expect(movement.items.map((r: { warehouseId: number }) => r.warehouseId)).toEqual([a.id]);
    expect(movement.totals).toEqual([{ commodity: 'copper', opening: 0, inbound: 100, outbound: 10, transferred: 3, closing: 87 }]);
    // the admin's totals add both warehouses: the clerk's are not the admin's filtered afterwards
    expect((await get(admin, '/reports/stock-movement?startDate=2026-10-01&endDate=2026-10-31')).body.data.totals[0]).toMatchObject({ inbound: 170, closing: 144 });

    const execution = (await get(clerk.token, '/reports/contract-execution')).body.data.items;
    expect(execution).toEqual([expect.objectContaining({ contractCode: 'SC-1', outboundQuantity: 10, transferredQuantity: 3, executed: 13, inboundQuantity: 100 })]);
    expect((await get(admin, '/reports/contract-execution')).body.data.items[0]).toMatchObject({ executed: 26 });

    const chart = (await get(clerk.token, '/reports/stock-chart')).body.data;
    expect(chart.byWarehouse).toEqual([{ warehouse: a.name, commodity: 'copper', currentStock: 87 }]);
    expect(chart.months.find((m: { month: string }) => m.month === '2026-10')).toMatchObject({ inbound: 100, outbound: 10, transferred: 3 });
  });

  it('exports only the rows the user may see', async () => {
    for (const path of ['/inventory/export', '/delivery-details/export', '/apply-delivery/export', '/inventory/lots/export']) {
      const res = await fetch(`${app.url}/api${path}?headers=fields`, { headers: { authorization: `Bearer ${clerk.token}` } });
      expect(res.status, path).toBe(200);
      const rows = (await readWorkbook(new Uint8Array(await res.arrayBuffer()))).sheets[0]!.rows;
      const warehouseColumn = (rows[0] as string[]).indexOf('warehouse');
      expect(
        rows.slice(1).map((r) => r[warehouseColumn]),
        path,
      ).toEqual([a.name]);
    }
    const movement = await fetch(`${app.url}/api/reports/stock-movement/export?startDate=2026-10-01&endDate=2026-10-31&headers=fields`, {
      headers: { authorization: `Bearer ${clerk.token}` },
    });
    const rows = (await readWorkbook(new Uint8Array(await movement.arrayBuffer()))).sheets[0]!.rows;
    expect(rows.slice(1).map((r) => [r[0], r[6]])).toEqual([
      [a.name, 87],
      ['Total 合计', 87],
    ]);
  });
});

describe('one record of another warehouse', () => {
  it('is 403 to read, print or follow, saying which warehouses the account holds; its own are read', async () => {
    const paths = [
      `/inventory/inbound/${made.b.inbound}`,
      `/inventory/inbound/print/${made.b.inbound}`,
      `/delivery-details/${made.b.outbound}`,
      `/delivery-details/print/${made.b.outbound}`,
      `/delivery-details/receipt-history/${made.b.outbound}`,
      `/apply-delivery/detail/${made.b.pickup}`,
      `/apply-delivery/print/${made.b.pickup}`,
      `/ownership-transfer/${made.b.transfer}`,
      `/ownership-transfer/print/${made.b.transfer}`,
    ];
    for (const path of paths) {
      const res = await get(clerk.token, path);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toMatch(
        /^your account is limited to the warehouses WH-A: (inbound order|outbound order|pickup request|ownership transfer) \S+ is in another warehouse$/,
      );
      expect(res.body.data).toEqual({ warehouses: ['WH-A'] });
    }
    const zh = await get(clerk.token, `/inventory/inbound/${made.b.inbound}`, ZH);
    expect(zh.body.message).toMatch(/^您的账号仅限仓库 WH-A：入库单 \S+ 属于其他仓库$/);
    for (const path of [`/inventory/inbound/${made.a.inbound}`, `/apply-delivery/print/${made.a.pickup}`, `/ownership-transfer/${made.a.transfer}`])
      expect((await get(clerk.token, path)).status, path).toBe(200);
  });

  it('is 403 to change, cancel, confirm or delete, and a record may not be given another warehouse; nothing changes', async () => {
    const before = await stateOf(app);
    const attempts: [string, string, unknown][] = [
      ['PUT', `/api/inventory/inbound/${made.b.inbound}`, { remark: 'x' }],
      ['DELETE', `/api/inventory/inbound/${made.b.inbound}`, undefined],
      ['PUT', `/api/delivery-details/${made.b.outbound}`, { remark: 'x' }],
      ['PUT', `/api/delivery-details/confirm-receipt/${made.b.outbound}`, { receiver: 'x' }],
      ['DELETE', `/api/delivery-details/${made.b.outbound}`, undefined],
      ['PUT', `/api/ownership-transfer/${made.b.transfer}`, { remark: 'x' }],
      ['DELETE', `/api/ownership-transfer/${made.b.transfer}`, undefined],
      ['PUT', `/api/inventory/inbound/${made.a.inbound}`, { warehouse: 'WH-B' }],
      ['PUT', `/api/ownership-transfer/${made.a.transfer}`, { warehouse: 'WH-B' }],
      ['PUT', `/api/inventory/warehouses/${b.id}`, { remark: 'x' }],
      ['DELETE', `/api/inventory/warehouses/${b.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await app.request(method, path, { token: clerk.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // the manager (pickup: approve) limited to WH-A: requests of WH-B are out of reach too
    for (const [method, path, body] of [
      ['PUT', `/api/apply-delivery/${made.b.pickup}`, { status: 'approved' }],
      ['PUT', `/api/apply-delivery/cancel/${made.b.pickup}`, undefined],
      ['DELETE', `/api/apply-delivery/${made.b.pickup}`, undefined],
      ['PUT', `/api/apply-delivery/${made.a.pickup}`, { warehouse: 'WH-B' }],
    ] as const) {
      const res = await app.request(method, path, { token: manager.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const moved = await app.request('PUT', `/api/inventory/inbound/${made.a.inbound}`, { token: clerk.token, body: { warehouse: 'Bonded B' } });
    expect(moved.body).toEqual({ success: false, message: 'your account is limited to the warehouses WH-A: it may not name warehouse WH-B', data: { warehouse: 'WH-B' } });
    expect(await stateOf(app)).toEqual(before);
  });

  it('is 403 to create naming another warehouse, files included; nothing is written', async () => {
    const before = await stateOf(app);
    for (const [path, body] of [
      ['/api/inventory/inbound', { warehouse: 'WH-B', commodity: 'copper', inboundWeight: 1, inboundDate: '2026-10-08' }],
      ['/api/delivery-details', { warehouse: 'WH-B', commodity: 'copper', quantity: 1, outboundDate: '2026-10-08' }],
      ['/api/inventory/transfer/create', { warehouse: 'WH-B', commodity: 'copper', quantity: 1, transferor: 'S', transferee: 'T' }],
    ] as const) {
      const res = await app.request('POST', path, { token: clerk.token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('your account is limited to the warehouses WH-A: it may not name warehouse WH-B');
    }
    const pickup = await app.request('POST', '/api/apply-delivery', {
      token: manager.token,
      body: { warehouse: 'WH-B', blNumber: BL, commodity: 'copper', quantity: 1, deliveryDate: '2026-11-22' },
    });
    expect(pickup.status).toBe(403);
    const withFiles = await app.upload('POST', '/api/ownership-transfer/with-files', {
      token: clerk.token,
      fields: { warehouse: 'WH-B', commodity: 'copper', quantity: '1', transferDate: '2026-10-08', transferor: 'S', transferee: 'T' },
      files: [['files', 'deed.pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]],
    });
    expect(withFiles.status).toBe(403);
    const warehouse = await app.request('POST', '/api/inventory/warehouses', { token: clerk.token, body: { code: 'WH-C', name: 'New C' } });
    expect(warehouse.status).toBe(403);
    expect(warehouse.body.message).toBe('your account is limited to some warehouses: creating a warehouse needs an account for every warehouse');
    expect(await stateOf(app)).toEqual(before);
    // its own warehouse takes new records as before
    expect(
      (await app.request('POST', '/api/inventory/inbound', { token: clerk.token, body: { warehouse: 'WH-A', commodity: 'copper', inboundWeight: 1, inboundDate: '2026-10-08' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a whole import naming another warehouse, naming the rows; nothing is imported', async () => {
    const header = ['warehouse', 'commodity', 'inboundWeight', 'inboundDate'];
    const file = await workbook([
      header,
      ['WH-A', 'copper', 1, '2026-10-09'],
      ['WH-B', 'copper', 2, '2026-10-09'],
      ['WH-A', 'copper', 3, '2026-10-09'],
      ['Bonded B', 'copper', 4, '2026-10-09'],
    ]);
    const before = await stateOf(app);
    const res = await app.upload('POST', '/api/inventory/upload', { token: clerk.token, files: [['file', 'in.xlsx', file]] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('your account is limited to the warehouses WH-A, so nothing was imported: row 3 names warehouse WH-B (2 rows in all, listed in data.errors)');
    expect(res.body.data).toEqual({
      errors: [
        { row: 3, column: 'warehouse', message: 'your account is limited to the warehouses WH-A: it may not name warehouse WH-B' },
        { row: 5, column: 'warehouse', message: 'your account is limited to the warehouses WH-A: it may not name warehouse WH-B' },
      ],
      errorCount: 2,
    });
    expect(await stateOf(app)).toEqual(before);
    const pickups = await workbook([
      ['blNumber', 'commodity', 'quantity', 'deliveryDate', 'warehouse'],
      [BL, 'copper', 1, '2026-11-22', 'WH-B'],
    ]);
    const refused = await app.upload('POST', '/api/apply-delivery/import', { token: manager.token, headers: ZH, files: [['file', 'p.xlsx', pickups]] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('您的账号仅限仓库 WH-A，因此没有导入任何数据：第 2 行填写了仓库 WH-B');
    expect(await stateOf(app)).toEqual(before);
  });
});

describe('the B/L trace', () => {
  it("holds only the documents, lots and ledger of the user's warehouses, and leaves out the areas the user may not read", async () => {
    const trace = (await get(clerk.token, `/bl/${BL}/trace`)).body.data;
    expect(trace.inboundOrders.map((d: { id: number }) => d.id)).toEqual([made.a.inbound]);
    expect(trace.outboundOrders.map((d: { id: number }) => d.id)).toEqual([made.a.outbound]);
    expect(trace.ownershipTransfers.map((d: { id: number }) => d.id)).toEqual([made.a.transfer]);
    expect(trace.pickupRequests.map((d: { id: number }) => d.id)).toEqual([made.a.pickup]);
    expect(trace.lots).toEqual([expect.objectContaining({ warehouse: a.name, currentStock: 87 })]);
    expect(new Set(trace.timeline.map((e: { warehouse: string }) => e.warehouse))).toEqual(new Set([a.name]));
    // a warehouse clerk reads neither contracts nor finance: those parts are not sent at all
    expect(trace).not.toHaveProperty('contracts');
    expect(trace).not.toHaveProperty('finance');
    const full = (await get(admin, `/bl/${BL}/trace`)).body.data;
    expect(full.inboundOrders).toHaveLength(2);
    expect(full.contracts).toHaveLength(1);
  });
});

describe('warehouses named in a scope', () => {
  it('cannot be deleted while an account is limited to them', async () => {
    const c = await makeWarehouse(app, admin, { code: 'WH-EMPTY' });
    const limited = await signInWithRoles(app, admin, ['viewer'], ['WH-EMPTY']);
    const res = await app.request('DELETE', `/api/inventory/warehouses/${c.id}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`warehouse "${c.name}" is the scope of the accounts ${limited.username}; change their warehouses first`);
    expect((await get(limited.token, '/inventory/warehouses')).body.data.map((w: { code: string }) => w.code)).toEqual(['WH-EMPTY']);
  });
});
