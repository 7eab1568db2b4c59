// The profit and loss report counted from the records on the request (a period, a reader limited to
// some warehouses: server/routes/trading/pnl.service.ts, `countedPage`), over HTTP against the real
// service: every row there is — a sold B/L with nothing in the period, a B/L with only a charge, a
// contract without a delivery — on the page its difference puts it, with the hand-counted figures,
// page after page (pages of two cross from the rows with a difference to the rows by key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithRoles, startAdminApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

async function ok(method: string, path: string, body?: unknown, as = token) {
  const res = await app.request(method, path, { token: as, body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function contract(fields: Record<string, string>) {
  const res = await app.upload('POST', '/api/contract/upload', { token, fields: contractForm(fields), files: [pdfFile()] });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractCode: string };
}

type Row = Record<string, unknown> & { blNumber?: string; contractCode?: string };

/** Every row of the query, two a page, each page's total checked. */
async function pages(query: string, as: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const data = await ok('GET', `/api/reports/pnl?${query}&page=${page}&pageSize=2`, undefined, as);
    rows.push(...data.items);
    if (data.items.length < 2) {
      expect(rows.length).toBe(data.total);
      return rows;
    }
  }
}

describe('profit and loss counted for a period or a warehouse-limited reader', () => {
  it('has every row, in the order of its difference, with the hand-counted figures', async () => {
    const a = await makeWarehouse(app, token);
    const b = await makeWarehouse(app, token);
    // X-1..X-3 bought at 100; X-1..X-4 sold at 150 (S1); Z-1 sold at 200 (S2); L-1 sold at 50 (S3), nothing delivered
    await contract({ contractType: '1', commodity: 'copper', unitPrice: '100', count: '300', BLNumber: 'X-1;X-2;X-3' });
    const s1 = await contract({ contractType: '3', commodity: 'copper', unitPrice: '150', count: '300', BLNumber: 'X-1;X-2;X-3;X-4' });
    const s2 = await contract({ contractType: '3', commodity: 'zinc', unitPrice: '200', count: '10', BLNumber: 'Z-1' });
    const s3 = await contract({ contractType: '3', commodity: 'lead', unitPrice: '50', count: '10', BLNumber: 'L-1' });
    const stock = [
      // B/L, warehouse, received, delivered on dates
      ['X-1', a, 100, [10, '2026-10-05'], [20, '2026-11-03']],
      ['X-2', b, 100, [30, '2026-10-06']],
      ['X-3', a, 50, [5, '2026-10-07']],
      ['X-3', b, 50, [7, '2026-10-08']],
      ['Z-1', a, 10, [4, '2026-10-09']],
    ] as const;
    for (const [blNumber, w, received, ...out] of stock) {
      const commodity = blNumber === 'Z-1' ? 'zinc' : 'copper';
      await makeInbound(app, token, { warehouse: w.code, commodity, blNumber, inboundWeight: received, inboundDate: '2026-10-01' });
      for (const [quantity, outboundDate] of out) await makeOutbound(app, token, { warehouse: w.code, commodity, blNumber, quantity, outboundDate });
    }
    const finance = (segment: string, body: Record<string, unknown>) => ok('POST', `/api/corp-finances/${segment}`, body);
    await finance('profit-records', { blNumber: 'X-1', revenue: 3000, cost: 1000, recordDate: '2026-10-31' }); // 2000
    await finance('profit-records', { blNumber: 'X-2', revenue: 500, cost: 0, recordDate: '2026-10-20' }); // 500
    await finance('profit-records', { blNumber: 'X-3', revenue: 300, cost: 0, recordDate: '2026-11-15' }); // 300, after October
    await finance('profit-records', { contractNumber: s2.contractCode, revenue: 100, cost: 0, recordDate: '2026-10-15' }); // S2's only
    await finance('freight-charges', { blNumber: 'X-3', amount: 10, chargeDate: '2026-10-10' });
    await finance('misc-charges', { blNumber: 'R-9', amount: 7, chargeDate: '2026-10-11' }); // a B/L of no contract
    await finance('service-fees', { blNumber: 'R-8', amount: 3, feeDate: '2026-11-20' }); // likewise, after October
    const october = 'startDate=2026-10-01&endDate=2026-10-31';
    const keys = (rows: Row[]) => rows.map((r) => r.blNumber ?? r.contractCode);
    const of = (rows: Row[], key: string) => rows.find((r) => (r.blNumber ?? r.contractCode) === key);

    // October, every warehouse: X-1 10 delivered, X-2 30, X-3 12, Z-1 4; R-8's fee is in November
    let rows = await pages(`groupBy=bl&${october}`, token);
    expect(keys(rows)).toEqual(['X-1', 'X-2', 'L-1', 'R-9', 'X-3', 'X-4', 'Z-1']);
    expect(rows[0]).toMatchObject({ commodity: 'copper', deliveredQuantity: 10, revenue: 1500, purchaseCost: 1000, profit: 500, recordedProfit: 2000, difference: -1500 });
    expect(rows[1]).toMatchObject({ deliveredQuantity: 30, revenue: 4500, purchaseCost: 3000, profit: 1500, recordedProfit: 500, difference: 1000 });
    expect(of(rows, 'L-1')).toMatchObject({ commodity: 'lead', deliveredQuantity: 0, revenue: 0, profit: 0, difference: null });
    expect(of(rows, 'R-9')).toMatchObject({ commodity: null, deliveredQuantity: 0, miscCharges: 7, profit: -7, recordedProfit: null, difference: null });
    expect(of(rows, 'X-3')).toMatchObject({ deliveredQuantity: 12, revenue: 1800, purchaseCost: 1200, freight: 10, profit: 590, recordedProfit: null, difference: null });
    expect(of(rows, 'X-4')).toMatchObject({ commodity: 'copper', deliveredQuantity: 0, revenue: 0, profit: 0, difference: null });
    expect(of(rows, 'Z-1')).toMatchObject({ commodity: 'zinc', deliveredQuantity: 4, revenue: 800, purchaseCost: 0, profit: 800, difference: null });
    // S1: 52 delivered, X-1..X-3 bought; X-1's and X-2's profit records; S2: its own record
    rows = await pages(`groupBy=contract&${october}`, token);
    expect(keys(rows)).toEqual([s2.contractCode, s1.contractCode, s3.contractCode]);
    expect(rows[0]).toMatchObject({ deliveredQuantity: 4, revenue: 800, profit: 800, recordedProfit: 100, difference: 700 });
    expect(rows[1]).toMatchObject({ deliveredQuantity: 52, revenue: 7800, purchaseCost: 5200, freight: 10, profit: 2590, recordedProfit: 2500, difference: 90 });
    expect(rows[2]).toMatchObject({ commodity: 'lead', deliveredQuantity: 0, revenue: 0, recordedProfit: null, difference: null });
    // one commodity: its rows only
    expect(keys(await pages(`groupBy=bl&${october}&commodity=COPPER`, token))).toEqual(['X-1', 'X-2', 'X-3', 'X-4']);

    // a finance clerk of warehouse A, every date: X-1 30 delivered there, X-2 none, X-3 5, Z-1 4
    const clerk = (await signInWithRoles(app, token, ['finance'], [a.code])).token;
    rows = await pages('groupBy=bl', clerk);
    expect(keys(rows)).toEqual(['X-1', 'X-2', 'X-3', 'L-1', 'R-8', 'R-9', 'X-4', 'Z-1']);
    expect(rows[0]).toMatchObject({ deliveredQuantity: 30, revenue: 4500, purchaseCost: 3000, profit: 1500, recordedProfit: 2000, difference: -500 });
    expect(rows[1]).toMatchObject({ deliveredQuantity: 0, revenue: 0, purchaseCost: 0, profit: 0, recordedProfit: 500, difference: -500 });
    expect(rows[2]).toMatchObject({ deliveredQuantity: 5, revenue: 750, purchaseCost: 500, freight: 10, profit: 240, recordedProfit: 300, difference: -60 });
    expect(of(rows, 'R-8')).toMatchObject({ serviceFees: 3, profit: -3, difference: null });
    expect(of(rows, 'Z-1')).toMatchObject({ deliveredQuantity: 4, revenue: 800, difference: null });
    rows = await pages('groupBy=contract', clerk);
    expect(keys(rows)).toEqual([s1.contractCode, s2.contractCode, s3.contractCode]);
    expect(rows[0]).toMatchObject({ deliveredQuantity: 35, revenue: 5250, purchaseCost: 3500, freight: 10, profit: 1740, recordedProfit: 2800, difference: -1060 });
    expect(rows[1]).toMatchObject({ deliveredQuantity: 4, revenue: 800, recordedProfit: 100, difference: 700 });
    // both: October in warehouse A
    rows = await pages(`groupBy=bl&${october}`, clerk);
    expect(keys(rows)).toEqual(['X-1', 'X-2', 'L-1', 'R-9', 'X-3', 'X-4', 'Z-1']);
    expect(rows.map((r) => r.deliveredQuantity)).toEqual([10, 0, 0, 0, 5, 0, 4]);
    expect(rows.slice(0, 2).map((r) => r.difference)).toEqual([-1500, -500]);
  });
});
