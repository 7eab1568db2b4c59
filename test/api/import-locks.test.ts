// A sheet import beside single writes (issues 30/31). An import writes its rows 500 at a time in one
// transaction, so it holds what its first batch locked while its second batch locks more. Every
// writer takes its locks in one order (docs/architecture.md, "Lock order"): the day's number
// sequence, pickup requests, the contract-sums lock, the stocks, then the per-B/L keys of the open
// contracts and lot weights, the P&L row keys last. An import takes the first ones in its check, for
// the whole sheet, and counts the kept rows behind the last ones once, after its last batch.
// - On PostgreSQL, with two instances of one database: on main the import below held
//   `blStatus:IL-1` and `pnl:contract:<sale>` from its first batch and the stock of w2, and its second
//   batch waited for the stock of w1, which an order correction on the other instance held while it
//   waited for w2 or those keys; a freight charge there held `pnl:bl:IL-2` and waited for the sale's
//   key. PostgreSQL ended two of them with a deadlock (40P01: a 500 each).
// - On both engines: the kept rows counted at the end are what counting after each batch gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, startTwoInstances, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { onPostgres, type AuditHold } from '../helpers/postgres.js';
import { makeInbound, makeOutbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

// Counted once at the end, the kept rows an import changes are what counting after each batch gave:
// both engines (SQLite defers the same way).
describe("an import's kept rows, counted after its last batch", () => {
  it('the B/L weights, the missing-documents candidates, the position and the P&L rows follow two sheets of two batches each', async () => {
    const app = await startTestApp();
    try {
      const token = (await signInAdmin(app)).token;
      const w = await makeWarehouse(app, token);
      const ok = async (path: string) => {
        const res = await app.request('GET', path, { token });
        expect(res.status, res.body.message).toBe(200);
        return res.body.data as { items: Record<string, unknown>[]; total: number };
      };
      const candidates = async () => (await ok('/api/reports/missing-documents?blNumber=DF-&pageSize=100')).items.map((r) => `${r.blNumber}:${(r.warehouses as string[]).length}`);
      const codes: string[] = [];
      for (const [contractType, unitPrice] of [
        ['1', '12'],
        ['3', '20'],
      ]) {
        const made = await app.upload('POST', '/api/contract/upload', {
          token,
          fields: contractForm({ contractType, commodity: 'Tin', unitPrice, count: '10', BLNumber: 'DF-1;DF-2' }),
          files: [pdfFile()],
        });
        expect(made.status, made.body.message).toBe(200);
        codes.push(made.body.data.contractCode);
      }
      expect(await candidates()).toEqual(['DF-1:0', 'DF-2:0']);
      const sheet = async (path: string, header: string[], rows: unknown[][]) => {
        const res = await app.upload('POST', path, { token, files: [['file', 'sheet.xlsx', await workbook([header, ...rows])]] });
        expect(res.status, res.body.message).toBe(200);
      };
      // 500 inbound orders of 0.01 on DF-1, then 5 on DF-2 in the second batch: the purchase (10) received in full
      await sheet(
        '/api/inventory/upload',
        ['warehouse', 'commodity', 'blNumber', 'blWeight', 'inboundWeight', 'inboundDate'],
        [...Array.from({ length: 500 }, () => [w.code, 'Tin', 'DF-1', 0.01, 0.01, '2026-10-01']), [w.code, 'Tin', 'DF-2', 5.2, 5, '2026-10-01']],
      );
      const weights = (await ok('/api/reports/weights?blNumber=DF-&pageSize=100')).items.map((r) => [r.blNumber, r.blWeight, r.outturnWeight, r.contractCode]);
      expect(weights.sort()).toEqual([
        ['DF-1', 5, 5, codes[0]],
        ['DF-2', 5.2, 5, codes[0]],
      ]);
      // the purchase closed, the sale open: each B/L a candidate, its lot holding stock
      expect(await candidates()).toEqual(['DF-1:1', 'DF-2:1']);
      // the same out again: the sale (10) delivered in full, no stock left
      await sheet(
        '/api/delivery-details/import',
        ['warehouse', 'commodity', 'blNumber', 'quantity', 'outboundDate'],
        [...Array.from({ length: 500 }, () => [w.code, 'Tin', 'DF-1', 0.01, '2026-10-10']), [w.code, 'Tin', 'DF-2', 5, '2026-10-10']],
      );
      expect(await candidates()).toEqual([]);
      // the kept contract sums: both contracts executed in full
      expect((await ok('/api/reports/position?commodity=Tin')).items[0]).toMatchObject({
        purchased: 10,
        received: 10,
        sold: 10,
        delivered: 10,
        openToReceive: 0,
        openToDeliver: 0,
      });
      // by hand: sold at 20, bought at 12, 5 delivered on each B/L; the kept rows equal the rows counted from the records
      for (const groupBy of ['bl', 'contract'])
        expect(await ok(`/api/reports/pnl?groupBy=${groupBy}&pageSize=100`)).toEqual(await ok(`/api/reports/pnl?groupBy=${groupBy}&pageSize=100&startDate=2000-01-01`));
      const byBl = (await ok('/api/reports/pnl?groupBy=bl&pageSize=100')).items.filter((r) => String(r.blNumber).startsWith('DF-'));
      expect(byBl.map((r) => [r.blNumber, r.deliveredQuantity, r.revenue, r.purchaseCost, r.profit]).sort()).toEqual([
        ['DF-1', 5, 100, 60, 40],
        ['DF-2', 5, 100, 60, 40],
      ]);
      expect((await ok('/api/reports/pnl?groupBy=contract&pageSize=100')).items.find((r) => r.contractCode === codes[1])).toMatchObject({
        deliveredQuantity: 10,
        revenue: 200,
        purchaseCost: 120,
        profit: 80,
      });
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe.skipIf(!onPostgres)('an import beside single writes on another instance (PostgreSQL)', () => {
  let pair: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  let one: TestApp;
  let two: TestApp;
  let token: string;
  let audit: AuditHold;

  beforeAll(async () => {
    ({ one, two, token, audit } = pair = await startTwoInstances());
  });
  afterAll(() => pair?.close());

  it('an outbound import, an outbound order corrected to another warehouse and a freight charge on one sale all succeed, and the P&L adds them up', async () => {
    // w1 before w2: a write that takes both stocks takes w1's first
    const [w1, w2] = [await makeWarehouse(one, token), await makeWarehouse(one, token)];
    for (const [w, bl, weight] of [
      [w2, 'IL-1', 600],
      [w1, 'IL-2', 100],
      [w1, 'IL-3', 100],
      [w2, 'IL-3', 100],
    ] as const)
      await makeInbound(one, token, { warehouse: w.code, commodity: 'copper', blNumber: bl, inboundWeight: weight, inboundDate: '2026-10-01' });
    for (const [contractType, unitPrice] of [
      ['1', '12'],
      ['3', '20'],
    ]) {
      const made = await one.upload('POST', '/api/contract/upload', {
        token,
        fields: contractForm({ contractType, commodity: 'copper', unitPrice, count: '1000', BLNumber: 'IL-1;IL-2;IL-3' }),
        files: [pdfFile()],
      });
      expect(made.status, made.body.message).toBe(200);
    }
    // an order of 1 from IL-3 in w1, corrected below on the other instance
    const earlier = await makeOutbound(one, token, { warehouse: w1.code, commodity: 'copper', blNumber: 'IL-3', quantity: 1, outboundDate: '2026-10-11' });
    const header = ['commodity', 'quantity', 'outboundDate', 'warehouse', 'blNumber'];
    // batch 1: 500 orders from IL-1 in w2; batch 2: one from IL-2 in w1
    const sheet = await workbook([header, ...Array.from({ length: 500 }, () => ['copper', 1, '2026-10-10', w2.code, 'IL-1']), ['copper', 1, '2026-10-10', w1.code, 'IL-2']]);

    await audit.hold();
    // the import stops at its first batch's audit entry, its deliveries on IL-1 in w2 written
    const imported = one.upload('POST', '/api/delivery-details/import', { token, files: [['file', 'sheet.xlsx', sheet]] });
    await audit.waiting(1);
    // on the other instance: the order from IL-3 is corrected to 2 from w2 (it takes the stocks of w1,
    // which the import's second batch takes, and of w2; a new order would wait for the import's
    // numbering), and a freight charge on IL-2 (the B/L of that batch): both count the sale's P&L row
    const order = two.request('PUT', `/api/delivery-details/${earlier.id}`, { token, body: { warehouse: w2.code, quantity: 2, reason: 'weighed again' } });
    const freight = two.request('POST', '/api/corp-finances/freight-charges', { token, body: { blNumber: 'IL-2', amount: 10, chargeDate: '2026-10-12' } });
    await audit.waiting(3);
    await audit.release();
    const [i, o, f] = await Promise.all([imported, order, freight]);
    expect([i.status, o.status, f.status], JSON.stringify([i.body.message, o.body.message, f.body.message])).toEqual([200, 200, 200]);
    expect(i.body.data).toMatchObject({ imported: 501 });
    // w1: 200 in, IL-2's 1 out (the corrected order left it); w2: 700 in, 500 and 2 out
    expect(await stockOf(two, token, w1.code)).toMatchObject({ currentStock: 199 });
    expect(await stockOf(two, token, w2.code)).toMatchObject({ currentStock: 198 });

    // by hand: sold at 20, bought at 12; IL-1 500 delivered, IL-2 1 and 10 of freight, IL-3 2
    const rows = async (groupBy: string, period = '') => {
      const res = await two.request('GET', `/api/reports/pnl?groupBy=${groupBy}&pageSize=100${period}`, { token });
      expect(res.status, res.body.message).toBe(200);
      return res.body.data as { items: Record<string, unknown>[]; total: number };
    };
    for (const groupBy of ['bl', 'contract']) expect(await rows(groupBy), `${groupBy}: the kept rows against the records`).toEqual(await rows(groupBy, '&startDate=2000-01-01'));
    const byBl = new Map((await rows('bl')).items.map((r) => [r.blNumber, r]));
    expect(byBl.get('IL-1')).toMatchObject({ deliveredQuantity: 500, revenue: 10000, purchaseCost: 6000, freight: 0, profit: 4000 });
    expect(byBl.get('IL-2')).toMatchObject({ deliveredQuantity: 1, revenue: 20, purchaseCost: 12, freight: 10, profit: -2 });
    expect(byBl.get('IL-3')).toMatchObject({ deliveredQuantity: 2, revenue: 40, purchaseCost: 24, freight: 0, profit: 16 });
    expect((await rows('contract')).items).toMatchObject([{ deliveredQuantity: 503, revenue: 10060, purchaseCost: 6036, freight: 10, profit: 4014 }]);
  }, 120_000);
  // The kept contract sums (contractExecution per contract and warehouse, positionExecuted per group
  // and warehouse) are rows two contracts' writers share across stocks: the import's first batch
  // wrote the rows of K2, its second writes K1's; an order correction of zinc (a stock outside the
  // sheet) on a B/L both contracts list writes K1's rows, then K2's.
  it("an order correction on two contracts' kept sums beside an import of other stock succeeds, and the position adds both up", async () => {
    const w = await makeWarehouse(one, token);
    for (const [commodity, bl] of [
      ['copper', 'PX-1'],
      ['copper', 'PX-2'],
      ['zinc', 'PX-3'],
    ])
      await makeInbound(one, token, { warehouse: w.code, commodity, blNumber: bl, inboundWeight: 100, inboundDate: '2026-10-01' });
    // K1 before K2, each a sale of its own commodity (its own position group)
    for (const [commodity, bls] of [
      ['Lead', 'PX-1;PX-3'],
      ['Nickel', 'PX-2;PX-3'],
    ]) {
      const made = await one.upload('POST', '/api/contract/upload', {
        token,
        fields: contractForm({ contractType: '3', commodity, unitPrice: '20', count: '1000', BLNumber: bls }),
        files: [pdfFile()],
      });
      expect(made.status, made.body.message).toBe(200);
    }
    const earlier = await makeOutbound(one, token, { warehouse: w.code, commodity: 'zinc', blNumber: 'PX-3', quantity: 1, outboundDate: '2026-10-11' });
    // batch 1: 500 orders of 0.1 from PX-2 (K2); batch 2: one of 1 from PX-1 (K1)
    const sheet = await workbook([
      ['commodity', 'quantity', 'outboundDate', 'warehouse', 'blNumber'],
      ...Array.from({ length: 500 }, () => ['copper', 0.1, '2026-10-10', w.code, 'PX-2']),
      ['copper', 1, '2026-10-10', w.code, 'PX-1'],
    ]);
    await audit.hold();
    const imported = one.upload('POST', '/api/delivery-details/import', { token, files: [['file', 'sheet.xlsx', sheet]] });
    await audit.waiting(1);
    const order = two.request('PUT', `/api/delivery-details/${earlier.id}`, { token, body: { quantity: 2, reason: 'weighed again' } });
    await audit.waiting(2);
    await audit.release();
    const [i, o] = await Promise.all([imported, order]);
    expect([i.status, o.status], JSON.stringify([i.body.message, o.body.message])).toEqual([200, 200]);
    // by hand: K1 (Lead) 1 from PX-1 and 2 from PX-3; K2 (Nickel) 50 from PX-2 and 2 from PX-3
    for (const [commodity, delivered] of [
      ['Lead', 3],
      ['Nickel', 52],
    ] as const) {
      const res = await two.request('GET', `/api/reports/position?commodity=${commodity}`, { token });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.items[0], commodity).toMatchObject({ sold: 1000, delivered, openToDeliver: 1000 - delivered });
    }
  }, 120_000);
});
