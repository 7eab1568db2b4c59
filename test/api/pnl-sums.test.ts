// The profit and loss rows kept per B/L and per downstream contract (migration 029,
// server/routes/trading/pnl-rows.ts), over HTTP against the real service: after each write that
// changes a figure — a finance record edited, moved and deleted, an outbound cancelled, a contract's
// B/L list and price changed, a contract deleted, writes at once, rates entered and changed — the
// first page read from the kept rows shows the hand-computed figures, and equals the report counted
// from the records on the request (any period is counted so: 2000-01-01 onwards covers every date
// here). On PostgreSQL, two instances of one database write the same rows at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveOwnRequests, signInAdmin, startAdminApp, startTestApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';
import { createTestDatabase, onPostgres } from '../helpers/postgres.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

async function ok(method: string, path: string, body?: unknown, on: TestApp = app) {
  const res = await on.request(method, path, { token, body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function contract(fields: Record<string, string>, on: TestApp = app) {
  const res = await on.upload('POST', '/api/contract/upload', { token, fields: contractForm(fields), files: [pdfFile()] });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractCode: string };
}

type Row = { blNumber?: string; contractCode?: string; [figure: string]: unknown };

/** Every row by B/L and by contract, from the kept rows; each equal to the rows counted from the records. */
async function report(on: TestApp = app): Promise<{ bl: Map<string, Row>; contract: Map<string, Row> }> {
  const out = { bl: new Map<string, Row>(), contract: new Map<string, Row>() };
  for (const groupBy of ['bl', 'contract'] as const) {
    const kept = (await ok('GET', `/api/reports/pnl?groupBy=${groupBy}&pageSize=100`, undefined, on)) as { items: Row[]; total: number };
    const counted = (await ok('GET', `/api/reports/pnl?groupBy=${groupBy}&pageSize=100&startDate=2000-01-01`, undefined, on)) as { items: Row[]; total: number };
    expect(kept, `${groupBy}: the kept rows against the records`).toEqual(counted);
    for (const row of kept.items) out[groupBy].set((row.blNumber ?? row.contractCode)!, row);
  }
  return out;
}

describe('profit and loss kept rows', () => {
  it('follow finance record edits and deletes, an outbound cancel, a contract B/L list and price change, a contract delete, and concurrent writes', async () => {
    const w = await makeWarehouse(app, token);
    // KS-1 bought at 100 and sold at 150; KS-3 has stock and deliveries but no contract yet
    await contract({ contractType: '1', commodity: 'copper', unitPrice: '100', count: '100', BLNumber: 'KS-1' });
    const sale = await contract({ contractType: '3', commodity: 'copper', unitPrice: '150', count: '100', BLNumber: 'KS-1' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'KS-1', inboundWeight: 100, inboundDate: '2026-10-01' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'KS-3', inboundWeight: 50, inboundDate: '2026-10-01' });
    const out = await makeOutbound(app, token, { warehouse: w.code, blNumber: 'KS-1', quantity: 40, outboundDate: '2026-10-10' });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'KS-3', quantity: 10, outboundDate: '2026-10-12' });
    const freight = await ok('POST', '/api/corp-finances/freight-charges', { blNumber: 'KS-1', amount: 100, chargeDate: '2026-10-20' });
    await ok('POST', '/api/corp-finances/profit-records', { blNumber: 'KS-1', revenue: 6000, cost: 4000, recordDate: '2026-10-31' });

    let r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ deliveredQuantity: 40, revenue: 6000, purchaseCost: 4000, freight: 100, profit: 1900, recordedProfit: 2000, difference: -100 });
    expect(r.bl.has('KS-3')).toBe(false); // no sale, no record: no row
    expect(r.contract.get(sale.contractCode)).toMatchObject({ deliveredQuantity: 40, freight: 100, difference: -100 });

    // a finance record edited, then moved to another B/L, then deleted
    await ok('PUT', `/api/corp-finances/freight-charges/${freight.id}`, { amount: 300 });
    r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ freight: 300, profit: 1700, difference: -300 });
    await ok('PUT', `/api/corp-finances/freight-charges/${freight.id}`, { blNumber: 'KS-2' });
    r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ freight: 0, profit: 2000, difference: 0 });
    expect(r.bl.get('KS-2')).toMatchObject({ commodity: null, deliveredQuantity: 0, freight: 300, profit: -300, recordedProfit: null, difference: null });
    expect(r.contract.get(sale.contractCode)).toMatchObject({ freight: 0, difference: 0 });
    await ok('DELETE', `/api/corp-finances/freight-charges/${freight.id}`);
    r = await report();
    expect(r.bl.has('KS-2')).toBe(false);

    // the outbound cancelled: its delivery nets out
    await ok('PUT', `/api/delivery-details/${out.id}`, { outboundStatus: 'cancelled' });
    r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ deliveredQuantity: 0, revenue: 0, purchaseCost: 0, profit: 0, difference: -2000 });

    // the sale's B/L list becomes KS-3, then its price 160: KS-1 keeps only its profit record
    await ok('PUT', `/api/contract/${sale.id}`, { blNumber: 'KS-3' });
    r = await report();
    expect(r.bl.get('KS-3')).toMatchObject({ commodity: 'copper', deliveredQuantity: 10, revenue: 1500, purchaseCost: 0, profit: 1500, recordedProfit: null });
    expect(r.bl.get('KS-1')).toMatchObject({ deliveredQuantity: 0, revenue: 0, recordedProfit: 2000, difference: -2000 });
    // by contract, KS-1's profit record no longer counts for the sale (its B/L is not sold under it)
    expect(r.contract.get(sale.contractCode)).toMatchObject({ deliveredQuantity: 10, revenue: 1500, recordedProfit: null, difference: null });
    await ok('PUT', `/api/contract/${sale.id}`, { unitPrice: 160 });
    r = await report();
    expect(r.bl.get('KS-3')).toMatchObject({ revenue: 1600, profit: 1600 });

    // writes at once on one B/L: deliveries and records all counted, once
    await ok('PUT', `/api/contract/${sale.id}`, { blNumber: 'KS-1;KS-3' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'KS-1', inboundWeight: 100, inboundDate: '2026-11-01' });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        app.request('POST', '/api/delivery-details', { token, body: { warehouse: w.code, commodity: 'copper', blNumber: 'KS-1', quantity: 5, outboundDate: `2026-11-0${i + 2}` } }),
      ),
      ...Array.from({ length: 4 }, () => app.request('POST', '/api/corp-finances/misc-charges', { token, body: { blNumber: 'KS-1', amount: 25, chargeDate: '2026-11-05' } })),
      app.request('PUT', `/api/contract/${sale.id}`, { token, body: { unitPrice: 150 } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ deliveredQuantity: 20, revenue: 3000, purchaseCost: 2000, miscCharges: 100, profit: 900, recordedProfit: 2000, difference: -1100 });
    expect(r.contract.get(sale.contractCode)).toMatchObject({ deliveredQuantity: 30, revenue: 4500, miscCharges: 100, recordedProfit: 2000 });

    // the sale deleted: its rows go, the profit record's B/L row stays
    await ok('DELETE', `/api/contract/${sale.id}`);
    r = await report();
    expect(r.contract.has(sale.contractCode)).toBe(false);
    expect(r.bl.has('KS-3')).toBe(false);
    expect(r.bl.get('KS-1')).toMatchObject({ deliveredQuantity: 0, revenue: 0, miscCharges: 100, recordedProfit: 2000 });

    // an amount in another currency: without its rate the row names it; the rate entered counts at once
    await ok('POST', '/api/corp-finances/service-fees', { blNumber: 'KS-1', amount: 10, currency: 'USD', feeDate: '2026-10-15' });
    r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ serviceFees: null, profit: null, difference: null, missingRates: ['USD 2026-10'] });
    await ok('PUT', '/api/settings/exchange-rates', { rates: [{ currency: 'USD', month: '2026-10', rate: 7.1 }] });
    r = await report();
    expect(r.bl.get('KS-1')).toMatchObject({ serviceFees: 71, profit: -171, difference: -2171, missingRates: [] });

    // a sale in USD: its revenue converts month by month; a rate changed counts again at once, a rate removed is missing again
    const usd = await contract({ contractType: '3', commodity: 'copper', unitPrice: '2', count: '100', currency: 'USD', BLNumber: 'KS-4' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'KS-4', inboundWeight: 30, inboundDate: '2026-10-01' });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'KS-4', quantity: 10, outboundDate: '2026-10-05' });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'KS-4', quantity: 5, outboundDate: '2026-11-05' });
    r = await report();
    expect(r.bl.get('KS-4')).toMatchObject({ deliveredQuantity: 15, revenue: null, missingRates: ['USD 2026-11'] });
    await ok('PUT', '/api/settings/exchange-rates', {
      rates: [
        { currency: 'USD', month: '2026-10', rate: 7 },
        { currency: 'USD', month: '2026-11', rate: 7.2 },
      ],
    });
    r = await report();
    expect(r.bl.get('KS-4')).toMatchObject({ revenue: 140 + 72, profit: 212, missingRates: [] });
    expect(r.contract.get(usd.contractCode)).toMatchObject({ revenue: 212, profit: 212 });
    expect(r.bl.get('KS-1')).toMatchObject({ serviceFees: 70, difference: -2170 });
    await ok('PUT', '/api/settings/exchange-rates', { rates: [{ currency: 'USD', month: '2026-11', rate: 7.2 }] });
    r = await report();
    expect(r.bl.get('KS-4')).toMatchObject({ revenue: null, missingRates: ['USD 2026-10'] });
    expect(r.bl.get('KS-1')).toMatchObject({ serviceFees: null, missingRates: ['USD 2026-10'] });
  });

  it('stay equal to the records when writers race, on PostgreSQL from two instances of one database', async () => {
    const database = onPostgres ? await createTestDatabase({ migrated: true }) : undefined;
    const config = database ? { databaseUrl: database.url } : undefined;
    const one = database ? await startTestApp({ config, jwtSecret: 'shared-secret-of-both' }) : app;
    const two = database ? await startTestApp({ config, jwtSecret: 'shared-secret-of-both' }) : app;
    const saved = token;
    try {
      if (database) {
        token = (await signInAdmin(one)).token;
        await approveOwnRequests(one, token);
      }
      const w = await makeWarehouse(one, token);
      // one sale of three B/Ls (at 20), each bought at 12; deliveries, records and a price change from both instances at once
      await contract({ contractType: '1', commodity: 'copper', unitPrice: '12', count: '300', BLNumber: 'RC-1;RC-2;RC-3' }, one);
      const sale = await contract({ contractType: '3', commodity: 'copper', unitPrice: '20', count: '300', BLNumber: 'RC-1;RC-2;RC-3' }, one);
      for (const bl of ['RC-1', 'RC-2', 'RC-3']) await makeInbound(one, token, { warehouse: w.code, blNumber: bl, inboundWeight: 100, inboundDate: '2026-10-01' });
      const writes: Promise<{ status: number; body: { message: string } }>[] = [];
      for (let i = 0; i < 9; i++) {
        const on = i % 2 ? two : one;
        writes.push(
          on.request('POST', '/api/delivery-details', {
            token,
            body: { warehouse: w.code, commodity: 'copper', blNumber: `RC-${(i % 3) + 1}`, quantity: 2, outboundDate: '2026-10-10' },
          }),
        );
        writes.push(on.request('POST', '/api/corp-finances/freight-charges', { token, body: { blNumber: `RC-${(i % 3) + 1}`, amount: 10, chargeDate: '2026-10-11' } }));
      }
      writes.push(
        two.request('POST', '/api/corp-finances/profit-records', { token, body: { contractNumber: sale.contractCode, revenue: 100, cost: 0, recordDate: '2026-10-31' } }),
      );
      writes.push(one.request('PUT', `/api/contract/${sale.id}`, { token, body: { unitPrice: 25 } }));
      for (const a of await Promise.all(writes)) expect(a.status, a.body.message).toBe(200);
      const r = await report(two);
      // by hand: 3 deliveries of 2 and 3 freight charges of 10 on each B/L; sold at 25, bought at 12
      for (const bl of ['RC-1', 'RC-2', 'RC-3']) expect(r.bl.get(bl)).toMatchObject({ deliveredQuantity: 6, revenue: 150, purchaseCost: 72, freight: 30, profit: 48 });
      expect(r.contract.get(sale.contractCode)).toMatchObject({
        deliveredQuantity: 18,
        revenue: 450,
        purchaseCost: 216,
        freight: 90,
        profit: 144,
        recordedProfit: 100,
        difference: 44,
      });
    } finally {
      token = saved;
      if (database) {
        await one.close();
        await two.close();
        await database.drop();
      }
    }
  });
});
