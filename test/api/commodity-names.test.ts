// One commodity, one stock: names that differ only by case, spaces or full-width characters are one
// commodity (decisions.md, "Commodity names") in the stock guard, the summary, the ledger, the lots
// and the reports; the ledger keeps what was typed, responses show the catalog's spelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { makeInbound, makeOutbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const get = async (path: string) => {
  const res = await app.request('GET', path, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

describe('one commodity, one key', () => {
  it('lower-case, extra-space and full-width spellings all ship from the same stock; the summary shows one row', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Copper Cathode', inboundWeight: 30, blNumber: 'CU-1', inboundDate: '2026-10-01' });
    for (const spelling of ['copper cathode', '  Copper   Cathode ', 'Ｃｏｐｐｅｒ　Ｃａｔｈｏｄｅ']) {
      await makeOutbound(app, token, { warehouse: w.code, commodity: spelling, quantity: 10, blNumber: 'CU-1', outboundDate: '2026-10-02' });
    }
    const summary = await get(`/api/inventory/summary?warehouse=${w.code}`);
    expect(summary).toEqual([
      {
        warehouse: w.name,
        warehouseId: w.id,
        commodity: 'Copper Cathode',
        inboundQuantity: 30,
        outboundQuantity: 30,
        transferredQuantity: 0,
        currentStock: 0,
        reservedQuantity: 0,
        availableQuantity: 0,
      },
    ]);
    // nothing is left under any spelling
    const more = await app.request('POST', '/api/delivery-details', {
      token,
      body: { warehouse: w.code, commodity: 'COPPER CATHODE', quantity: 0.001, outboundDate: '2026-10-03' },
    });
    expect(more.status).toBe(400);
    expect(more.body.message).toBe(`insufficient stock: 0 available of Copper Cathode in ${w.name}; 0.001 requested`);
    // any spelling filters the one stock
    expect(await stockOf(app, token, w.code, 'copper  cathode')).toMatchObject({ commodity: 'Copper Cathode', inboundQuantity: 30, currentStock: 0 });
    expect(await stockOf(app, token, w.code, 'ｃｏｐｐｅｒ ｃａｔｈｏｄｅ', '2026-10-01')).toMatchObject({ commodity: 'Copper Cathode', currentStock: 30 });
  });

  it('the ledger keeps what was typed, answers with the catalog spelling and runs one balance', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: '电解铜 A级', inboundWeight: 5 });
    await makeInbound(app, token, { warehouse: w.code, commodity: '电解铜　a级', inboundWeight: 5 });
    await makeOutbound(app, token, { warehouse: w.code, commodity: '电解铜  A级', quantity: 8 });
    const ledger = await get(`/api/inventory/ledger?warehouse=${w.code}&commodity=${encodeURIComponent('电解铜 a级')}`);
    expect(ledger.items.map((e: Record<string, unknown>) => [e.commodity, e.enteredCommodity, e.quantityChange, e.balance])).toEqual([
      ['电解铜 A级', '电解铜 A级', 5, 5],
      ['电解铜 A级', '电解铜　a级', 5, 10],
      ['电解铜 A级', '电解铜  A级', -8, 2],
    ]);
  });

  it('lots and the stock movement report group by the key too', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Zinc Ingot', inboundWeight: 20, blNumber: 'ZN-1', inboundDate: '2026-09-01' });
    await makeInbound(app, token, { warehouse: w.code, commodity: 'zinc ingot', inboundWeight: 10, blNumber: 'ZN-1', inboundDate: '2026-09-02' });
    await makeOutbound(app, token, { warehouse: w.code, commodity: 'ZINC  INGOT', quantity: 4, blNumber: 'ZN-1', outboundDate: '2026-09-03' });
    const lots = await get(`/api/inventory/lots?warehouse=${w.code}&commodity=zinc%20ingot`);
    expect(lots.items).toMatchObject([{ commodity: 'Zinc Ingot', blNumber: 'ZN-1', inboundQuantity: 30, outboundQuantity: 4, currentStock: 26 }]);
    const report = await get(`/api/reports/stock-movement?warehouse=${w.code}&startDate=2026-09-01&endDate=2026-09-30&commodity=ZINC%20INGOT`);
    expect(report.items).toMatchObject([{ commodity: 'Zinc Ingot', opening: 0, inbound: 30, outbound: 4, closing: 26 }]);
    const trace = await get('/api/bl/ZN-1/trace');
    expect(trace.timeline.map((e: { commodity: string; balance: number }) => [e.commodity, e.balance])).toEqual([
      ['Zinc Ingot', 20],
      ['Zinc Ingot', 30],
      ['Zinc Ingot', 26],
    ]);
  });

  it('an outbound import counts the spellings of a sheet against one stock', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Nickel', inboundWeight: 5 });
    const { workbook } = await import('../helpers/xlsx.js');
    const header = ['commodity', 'quantity', 'outboundDate', 'warehouse'];
    const sheet = await workbook([header, ['nickel', 3, '2026-11-05', w.code], ['NICKEL ', 3, '2026-11-05', w.code]]);
    const res = await app.upload('POST', '/api/delivery-details/import', { token, files: [['file', 'o.xlsx', sheet]] });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { row: 3, column: 'quantity', message: `insufficient stock: 2 available of NICKEL in ${w.name} after row 2 of this sheet; 3 requested` },
    ]);
  });
});
