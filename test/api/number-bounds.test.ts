// Number bounds of every area (shared/validation.ts: MAX_QUANTITY, MAX_AMOUNT, productFits):
// 1e200, 1e308 (finite, but any product of it is infinite) and Infinity-producing products are
// refused with 400 on each area's create and update, JSON and multipart alike, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_QUANTITY } from '../../shared/validation.js';
import { sampleFiles, signInAdmin, startTestApp, type ApiResponse, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { KIND_SAMPLES } from '../helpers/finance.js';
import { dbFingerprint, storedFiles } from '../helpers/reliability.js';
import { makeInbound, makeOutbound, makePickup, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const HUGE = [1e200, 1e308];

/** Sends a refused request and checks the answer names the field and that no row and no file changed. */
async function refusedUnchanged(send: () => Promise<ApiResponse>, field: string) {
  const rows = await dbFingerprint(app.server.db);
  const files = await storedFiles(app.dataDir);
  const res = await send();
  expect(res.status, `${field}: ${res.body.message}`).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toContain(field);
  expect(await dbFingerprint(app.server.db)).toEqual(rows);
  expect(await storedFiles(app.dataDir)).toEqual(files);
}

describe('number bounds', () => {
  it('business contracts: count and unitPrice of 1e200 / 1e308 refused on upload (multipart) and update (JSON and multipart)', async () => {
    const created = await app.upload('POST', '/api/contract/upload', { token, fields: contractForm(), files: [pdfFile()] });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    for (const value of HUGE) {
      for (const field of ['count', 'unitPrice']) {
        await refusedUnchanged(() => app.upload('POST', '/api/contract/upload', { token, fields: contractForm({ [field]: String(value) }), files: [pdfFile()] }), field);
        await refusedUnchanged(() => app.request('PUT', `/api/contract/${id}`, { token, body: { [field]: value } }), field);
        await refusedUnchanged(() => app.upload('PUT', `/api/contract/${id}`, { token, fields: { [field]: String(value) } }), field);
      }
    }
    const ok = await app.request('PUT', `/api/contract/${id}`, { token, body: { count: MAX_QUANTITY, unitPrice: MAX_AMOUNT } });
    expect(ok.status, ok.body.message).toBe(200);
    const over = await app.request('PUT', `/api/contract/${id}`, { token, body: { count: MAX_QUANTITY * 10 } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`count must be at most ${MAX_QUANTITY}`);
  });

  it('corporate contracts: amount of 1e308 refused on create (multipart) and update (JSON)', async () => {
    const folder = await app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'bounds', category: 'upstream' } });
    const folderId = String(folder.body.data.id);
    const created = await app.upload('POST', '/api/corp-contract/contracts', {
      token,
      fields: { folderId, contractNumber: 'HT-BOUNDS-1' },
      files: [['file', 'c.pdf', sampleFiles.pdf()]],
    });
    expect(created.status).toBe(200);
    for (const value of HUGE) {
      await refusedUnchanged(
        () =>
          app.upload('POST', '/api/corp-contract/contracts', {
            token,
            fields: { folderId, contractNumber: 'HT-BOUNDS-2', amount: String(value) },
            files: [['file', 'c.pdf', sampleFiles.pdf()]],
          }),
        'amount',
      );
      await refusedUnchanged(() => app.request('PUT', `/api/corp-contract/contracts/${created.body.data.id}`, { token, body: { amount: value } }), 'amount');
    }
  });

  it('corporate contract detail lines: huge numbers and a quantity × unitPrice beyond an amount refused on create, batch and update', async () => {
    const folder = await app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'bounds-lines', category: 'upstream' } });
    const contract = await app.upload('POST', '/api/corp-contract/contracts', {
      token,
      fields: { folderId: String(folder.body.data.id), contractNumber: 'HT-BOUNDS-3' },
      files: [['file', 'c.pdf', sampleFiles.pdf()]],
    });
    const contractId = contract.body.data.id as number;
    const path = `/api/corp-contract/contracts/${contractId}/details`;
    const line = await app.request('POST', path, { token, body: { commodity: 'copper', quantity: 2, unitPrice: 3 } });
    expect(line.status).toBe(200);
    const lineId = line.body.data.id as number;

    // the finding: 1e200 × 1e200 was stored as inf and answered as null
    await refusedUnchanged(() => app.request('POST', path, { token, body: { commodity: 'copper', quantity: 1e200, unitPrice: 1e200 } }), 'quantity');
    for (const value of HUGE) {
      for (const field of ['quantity', 'unitPrice', 'amount']) {
        await refusedUnchanged(() => app.request('POST', path, { token, body: { commodity: 'copper', quantity: 1, [field]: value } }), field);
        await refusedUnchanged(() => app.request('PUT', `/api/corp-contract/details/${lineId}`, { token, body: { [field]: value } }), field);
      }
    }
    // each factor within its bound, the product not: refused, in the schema (create, batch) and after merging with the stored line (update)
    const product = { commodity: 'copper', quantity: MAX_QUANTITY, unitPrice: MAX_AMOUNT };
    await refusedUnchanged(() => app.request('POST', path, { token, body: product }), 'amount');
    await refusedUnchanged(
      () => app.request('POST', '/api/corp-contract/details/batch', { token, body: { contractId, details: [{ commodity: 'a', quantity: 1 }, product] } }),
      'details.1.amount',
    );
    await refusedUnchanged(() => app.request('PUT', `/api/corp-contract/details/${lineId}`, { token, body: { quantity: MAX_QUANTITY, unitPrice: MAX_AMOUNT } }), 'amount');
    await refusedUnchanged(() => app.request('PUT', `/api/corp-contract/details/${lineId}`, { token, body: { quantity: MAX_QUANTITY } }), 'amount');
    // with an amount given, nothing is derived: accepted
    const given = await app.request('POST', path, { token, body: { ...product, amount: 5 } });
    expect(given.status, given.body.message).toBe(200);
    expect(given.body.data.amount).toBe(5);
  });

  it('finance: every amount, rate, quantity and price of 1e200 / 1e308 refused on create and update of each kind', async () => {
    for (const sample of KIND_SAMPLES) {
      const base = `/api/corp-finances/${sample.segment}`;
      const created = await app.request('POST', base, { token, body: sample.full });
      expect(created.status, `${sample.segment}: ${created.body.message}`).toBe(200);
      const numeric = Object.keys(sample.full).filter((k) => typeof sample.full[k] === 'number');
      expect(numeric.length, sample.segment).toBeGreaterThan(0);
      for (const field of numeric) {
        for (const value of HUGE) {
          await refusedUnchanged(() => app.request('POST', base, { token, body: { ...sample.full, [field]: value } }), field);
          await refusedUnchanged(() => app.request('PUT', `${base}/${created.body.data.id}`, { token, body: { [field]: value } }), field);
        }
      }
    }
  });

  it('warehouse: quantities and weights of 1e200 / 1e308 refused on create and update of inbound, outbound, pickup and ownership transfers', async () => {
    const wh = await makeWarehouse(app, token);
    const inbound = await makeInbound(app, token, { warehouse: wh.code, inboundWeight: 100 });
    const outbound = await makeOutbound(app, token, { warehouse: wh.code, quantity: 1 });
    const pickup = await makePickup(app, token, { warehouse: wh.code });
    const transferBody = { transferDate: '2026-11-03', quantity: 1, commodity: 'copper', warehouse: wh.code, transferor: 'A', transferee: 'B' };
    const transfer = await app.request('POST', '/api/ownership-transfer', { token, body: transferBody });
    expect(transfer.status, transfer.body.message).toBe(200);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/inventory/inbound', { warehouse: wh.code, commodity: 'copper', inboundDate: '2026-11-01', inboundWeight: 1 }, `/api/inventory/inbound/${inbound.id}`, 'inboundWeight'],
      ['/api/inventory/inbound', { warehouse: wh.code, commodity: 'copper', inboundDate: '2026-11-01', inboundWeight: 1 }, `/api/inventory/inbound/${inbound.id}`, 'blWeight'],
      ['/api/delivery-details', { warehouse: wh.code, commodity: 'copper', outboundDate: '2026-11-02', quantity: 1 }, `/api/delivery-details/${outbound.id}`, 'quantity'],
      [
        '/api/apply-delivery',
        { warehouse: wh.code, blNumber: 'BL1', commodity: 'copper', deliveryDate: '2026-11-22', quantity: 1 },
        `/api/apply-delivery/${pickup.id}`,
        'quantity',
      ],
      ['/api/ownership-transfer', transferBody, `/api/ownership-transfer/${transfer.body.data.id}`, 'quantity'],
    ];
    for (const [create, body, update, field] of cases) {
      for (const value of HUGE) {
        await refusedUnchanged(() => app.request('POST', create, { token, body: { ...body, [field]: value } }), field);
        await refusedUnchanged(() => app.request('PUT', update, { token, body: { [field]: value } }), field);
      }
    }
  });
});
