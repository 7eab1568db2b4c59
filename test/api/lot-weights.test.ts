// The B/L weights report reads rows kept per lot (lotWeights, migration 028): they must follow every
// inbound write (an edit of the weights only, of the outturn, of the B/L, a delete), every contract
// write (its tolerance, the B/L list moving a B/L to another contract, a delete), and concurrent
// writers — on PostgreSQL two service instances on one database. Figures checked by hand. And the
// missing-documents report's kept candidates (blStatus: lots in stock, open contracts per B/L) follow
// the stock leaving a lot, a contract received in full, a contract deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startAdminApp, startTestApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { createTestDatabase, onPostgres } from '../helpers/postgres.js';
import { makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({ app, token: admin } = await startAdminApp());
});
afterAll(() => app.close());

async function contract(on: TestApp, token: string, fields: Record<string, string>) {
  const res = await on.upload('POST', '/api/contract/upload', { token, fields: contractForm(fields), files: [pdfFile()] });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractCode: string };
}

/** The report's rows of the B/Ls starting with `prefix`: B/L, B/L weight, outturn, contract, tolerance, out of tolerance, claim, claim amount. */
async function weights(prefix: string, on: TestApp = app, token = admin) {
  const res = await on.request('GET', `/api/reports/weights?blNumber=${prefix}&pageSize=100`, { token });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data.items as Record<string, unknown>[]).map((r) => [
    r.blNumber,
    r.blWeight,
    r.outturnWeight,
    r.contractCode,
    r.tolerance,
    r.outOfTolerance,
    r.claimQuantity,
    r.claimAmount,
  ]);
}

const put = async (path: string, body: Record<string, unknown>) => {
  const res = await app.request('PUT', path, { token: admin, body });
  expect(res.status, res.body.message).toBe(200);
};

describe('B/L weights kept per lot', () => {
  it('follow inbound edits and deletes, a contract tolerance change and a B/L moved between contracts', async () => {
    const w = await makeWarehouse(app, admin);
    const p = await contract(app, admin, { contractType: '1', commodity: 'Zinc', count: '500', unitPrice: '100', weightTolerance: '1', BLNumber: 'LW-1;LW-2' });
    const one = await makeInbound(app, admin, { warehouse: w.code, commodity: 'Zinc', blNumber: 'LW-1', blWeight: 100, inboundWeight: 98 });
    await makeInbound(app, admin, { warehouse: w.code, commodity: 'zinc', blNumber: 'LW-2', blWeight: 50, inboundWeight: 49.8 });
    // LW-1 short 2 of 100, 1 allowed: claim 1 (100 CNY); LW-2 short 0.2 of 50, 0.5 allowed: within
    expect(await weights('LW-')).toEqual([
      ['LW-1', 100, 98, p.contractCode, 1, true, 1, 100],
      ['LW-2', 50, 49.8, p.contractCode, 1, false, 0, 0],
    ]);
    // the outturn edited (stock moves): short 0.5, within
    await put(`/api/inventory/inbound/${one.id}`, { inboundWeight: 99.5 });
    expect((await weights('LW-1'))[0]).toEqual(['LW-1', 100, 99.5, p.contractCode, 1, false, 0, 0]);
    // the B/L weight alone edited (no stock moves): short 2.5 of 102, 1.02 allowed: claim 1.48
    await put(`/api/inventory/inbound/${one.id}`, { blWeight: 102 });
    expect((await weights('LW-1'))[0]).toEqual(['LW-1', 102, 99.5, p.contractCode, 1, true, 1.48, 148]);
    // the order moved to another B/L: LW-1 has no lot left, LW-3 is listed by no contract
    await put(`/api/inventory/inbound/${one.id}`, { blNumber: 'LW-3' });
    expect(await weights('LW-')).toEqual([
      ['LW-2', 50, 49.8, p.contractCode, 1, false, 0, 0],
      ['LW-3', 102, 99.5, null, null, false, 0, null],
    ]);
    // the contract's tolerance lowered: LW-2 short 0.2, 0.05 allowed: claim 0.15 (15 CNY)
    await put(`/api/contract/${p.id}`, { weightTolerance: 0.1 });
    expect((await weights('LW-2'))[0]).toEqual(['LW-2', 50, 49.8, p.contractCode, 0.1, true, 0.15, 15]);
    // a newer upstream contract lists LW-2 and LW-3 (5 %, 10 USD): it is theirs now, both within
    const q = await contract(app, admin, { contractType: '2', commodity: 'Zinc', count: '200', unitPrice: '10', currency: 'USD', weightTolerance: '5', BLNumber: 'LW-2;LW-3' });
    expect(await weights('LW-')).toEqual([
      ['LW-2', 50, 49.8, q.contractCode, 5, false, 0, 0],
      ['LW-3', 102, 99.5, q.contractCode, 5, false, 0, 0],
    ]);
    // LW-2 moved back off it: P's 0.1 % again; LW-3 short 2.5 of 102 at 2 %: claim 0.46 (4.6 USD)
    await put(`/api/contract/${q.id}`, { blNumber: 'LW-3', weightTolerance: 2 });
    expect(await weights('LW-')).toEqual([
      ['LW-3', 102, 99.5, q.contractCode, 2, true, 0.46, 4.6],
      ['LW-2', 50, 49.8, p.contractCode, 0.1, true, 0.15, 15],
    ]);
    // the contract deleted, then the inbound order: nothing left of LW-3
    expect((await app.request('DELETE', `/api/contract/${q.id}`, { token: admin })).status).toBe(200);
    expect((await weights('LW-3'))[0]).toEqual(['LW-3', 102, 99.5, null, null, false, 0, null]);
    const deleted = await app.request('DELETE', `/api/inventory/inbound/${one.id}`, { token: admin, body: { reason: 'entered twice' } });
    expect(deleted.status, deleted.body.message).toBe(200);
    expect(await weights('LW-3')).toEqual([]);
    // the count and the filters read the same kept rows
    const out = await app.request('GET', '/api/reports/weights?blNumber=LW-&outOfTolerance=true', { token: admin });
    expect([out.body.data.total, out.body.data.items.map((r: { blNumber: string }) => r.blNumber)]).toEqual([1, ['LW-2']]);
  });

  // A timing race, not a proof of the per-B/L lock: every new inbound order here adds to contract c,
  // which lists RW-1, so the blStatus lock of RW-1 (recountOpenContracts) orders them already, and the
  // contract edits wait for every stock write (lockContractSums); only the B/L weight edit could slip
  // between them. It passed 3 of 3 with the lotWeights lock removed; test/api/trading-desk.test.ts
  // ("two B/L weight edits of one lot") fails without it.
  it('stay equal to the records when writers race, on PostgreSQL from two instances of one database', async () => {
    const database = onPostgres ? await createTestDatabase() : undefined;
    const config = database ? { databaseUrl: database.url } : undefined;
    const one = database ? await startTestApp({ config, jwtSecret: 'shared-secret-of-both' }) : app;
    const two = database ? await startTestApp({ config, jwtSecret: 'shared-secret-of-both' }) : app;
    try {
      const token = database ? (await signInAdmin(one)).token : admin;
      const [w1, w2] = [await makeWarehouse(one, token), await makeWarehouse(one, token)];
      const c = await contract(one, token, { contractType: '1', commodity: 'Tin', count: '1000', unitPrice: '10', weightTolerance: '1', BLNumber: 'RW-1' });
      const first = await makeInbound(one, token, { warehouse: w1.code, commodity: 'Tin', blNumber: 'RW-1', blWeight: 10, inboundWeight: 10 });
      // 16 inbound orders of RW-1 in two warehouses (B/L 10, outturn 9.9 each), a B/L weight edit and
      // tolerance changes, through both instances at once
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 16; i++)
        writes.push(makeInbound(i % 2 ? two : one, token, { warehouse: (i % 4 < 2 ? w1 : w2).code, commodity: 'Tin', blNumber: 'RW-1', blWeight: 10, inboundWeight: 9.9 }));
      writes.push(two.request('PUT', `/api/inventory/inbound/${first.id}`, { token, body: { blWeight: 12 } }));
      for (const tolerance of [3, 2, 0.5]) writes.push(one.request('PUT', `/api/contract/${c.id}`, { token, body: { weightTolerance: tolerance } }));
      const answers = await Promise.all(writes);
      for (const a of answers.slice(16)) expect((a as { status: number }).status).toBe(200);
      const tolerance = (await one.request('GET', `/api/contract/${c.id}`, { token })).body.data.weightTolerance as number;
      // by hand: w1 holds the first order (B/L 12, outturn 10) and 8 of the others, w2 the other 8
      const expect1 = { bl: 12 + 8 * 10, outturn: 10 + 8 * 9.9 };
      const expect2 = { bl: 8 * 10, outturn: 8 * 9.9 };
      const claim = (l: { bl: number; outturn: number }) => Math.max(Math.round((l.bl - l.outturn - (l.bl * tolerance) / 100) * 1000) / 1000, 0);
      const rows = await weights('RW-', two, token);
      expect(rows.map((r) => r.slice(0, 5)).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        ['RW-1', expect2.bl, Math.round(expect2.outturn * 1000) / 1000, c.contractCode, tolerance],
        ['RW-1', expect1.bl, Math.round(expect1.outturn * 1000) / 1000, c.contractCode, tolerance],
      ]);
      expect(rows.map((r) => r[6]).sort()).toEqual([claim(expect1), claim(expect2)].sort());
    } finally {
      if (database) {
        await one.close();
        await two.close();
        await database.drop();
      }
    }
  });

  it('the missing-documents report follows the stock leaving a lot, a contract received in full or deleted', async () => {
    const w = await makeWarehouse(app, admin);
    const listed = async () => {
      const res = await app.request('GET', '/api/reports/missing-documents?blNumber=MDK-&pageSize=100', { token: admin });
      expect(res.status, res.body.message).toBe(200);
      const items = res.body.data.items as { blNumber: string; warehouses: string[] }[];
      expect(res.body.data.total).toBe(items.length);
      return items.map((r) => `${r.blNumber}:${r.warehouses.length}`);
    };
    await makeInbound(app, admin, { warehouse: w.code, commodity: 'Lead', blNumber: 'MDK-1', inboundWeight: 10 });
    const bought = await contract(app, admin, { contractType: '1', commodity: 'Lead', count: '5', BLNumber: 'MDK-2' });
    const sold = await contract(app, admin, { contractType: '3', commodity: 'Lead', count: '3', BLNumber: 'MDK-3' });
    expect(await listed()).toEqual(['MDK-1:1', 'MDK-2:0', 'MDK-3:0']);
    // MDK-1 shipped in full: no stock, no contract
    await makeOutbound(app, admin, { warehouse: w.code, commodity: 'Lead', blNumber: 'MDK-1', quantity: 10 });
    // MDK-2 received in full: its contract closes, the lot holds stock until it ships
    await makeInbound(app, admin, { warehouse: w.code, commodity: 'Lead', blNumber: 'MDK-2', inboundWeight: 5 });
    expect(await listed()).toEqual(['MDK-2:1', 'MDK-3:0']);
    await makeOutbound(app, admin, { warehouse: w.code, commodity: 'Lead', blNumber: 'MDK-2', quantity: 5 });
    expect(await listed()).toEqual(['MDK-3:0']);
    // the purchase opened again by a larger quantity; the sale deleted
    await put(`/api/contract/${bought.id}`, { count: 8 });
    expect((await app.request('DELETE', `/api/contract/${sold.id}`, { token: admin })).status).toBe(200);
    expect(await listed()).toEqual(['MDK-2:0']);
  });
});
