// The trading desk, part 2, over HTTP against the real service: exchange rates, profit and loss by
// B/L and by contract against a hand calculation (kept, and counted for a period or a reader limited
// to some warehouses), the document set of a B/L with its upload bounds, the missing-documents
// report, warehouse scope and grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, signInWithRoles, startAdminApp, stateOf, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';
import { readWorkbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;
const MB = 1024 * 1024;

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

const finance = (segment: string, body: Record<string, unknown>) => ok('POST', `/api/corp-finances/${segment}`, body);

describe('exchange rates', () => {
  it('are replaced whole by the admin, audited; a bad rate, month or currency is 400 naming the field and changes nothing', async () => {
    expect(await ok('GET', '/api/settings/exchange-rates')).toEqual({ base: 'CNY', rates: [] });
    const before = await stateOf(app);
    const refusals: [unknown, string, number][] = [
      [{ rates: [{ currency: 'USD', month: '2026-11', rate: 0 }] }, 'rates.0.rate', 400],
      [{ rates: [{ currency: 'USD', month: '2026-11', rate: -7 }] }, 'rates.0.rate', 400],
      [{ rates: [{ currency: 'USD', month: '2026-11', rate: '7' }] }, 'rates.0.rate', 400],
      [{ rates: [{ currency: 'USD', month: '2026-13', rate: 7 }] }, 'rates.0.month', 400],
      [{ rates: [{ currency: 'USD', month: '2026-1', rate: 7 }] }, 'rates.0.month', 400],
      [{ rates: [{ currency: 'XYZ', month: '2026-11', rate: 7 }] }, 'rates.0.currency', 400],
      [{ rates: [{ currency: 'CNY', month: '2026-11', rate: 1 }] }, 'rates.0.currency', 400],
      [
        {
          rates: [
            { currency: 'USD', month: '2026-11', rate: 7 },
            { currency: 'usd', month: '2026-11', rate: 7.1 },
          ],
        },
        'rates.1.month',
        400,
      ],
      [
        { rates: Array.from({ length: 2001 }, (_, i) => ({ currency: 'USD', month: `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, rate: 7 })) },
        'rates',
        400,
      ],
    ];
    for (const [body, field, status] of refusals) {
      const res = await app.request('PUT', '/api/settings/exchange-rates', { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.data.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const clerk = await signInWithRoles(app, token, ['finance']);
    const forbidden = await app.request('PUT', '/api/settings/exchange-rates', { token: clerk.token, body: { rates: [] } });
    expect(forbidden.status).toBe(403);
    expect(await stateOf(app)).toEqual({ ...before, users: before.users! + 1, refreshTokens: expect.any(Number), auditLog: expect.any(Number) });
    const audits = before.auditLog!;

    const saved = await ok('PUT', '/api/settings/exchange-rates', {
      base: 'CNY',
      rates: [
        { currency: 'usd', month: '2026-11', rate: 7.2 },
        { currency: 'USD', month: '2026-10', rate: 7 },
        { currency: 'EUR', month: '2026-11', rate: 7.8 },
      ],
    });
    expect(saved.rates).toEqual([
      { currency: 'EUR', month: '2026-11', rate: 7.8 },
      { currency: 'USD', month: '2026-10', rate: 7 },
      { currency: 'USD', month: '2026-11', rate: 7.2 },
    ]);
    expect(await ok('GET', '/api/settings/exchange-rates', undefined, clerk.token)).toEqual(saved);
    const log = await ok('GET', '/api/audit?entity=exchangeRates');
    expect(log.items).toHaveLength(1);

    // two admins saving at once: both succeed, one list stands whole
    const lists = [saved.rates, [{ currency: 'USD', month: '2026-10', rate: 7.05 }]];
    const answers = await Promise.all(lists.map((rates) => app.request('PUT', '/api/settings/exchange-rates', { token, body: { rates } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(lists).toContainEqual((await ok('GET', '/api/settings/exchange-rates')).rates);
    await ok('PUT', '/api/settings/exchange-rates', { rates: saved.rates });
    expect((await stateOf(app)).auditLog).toBeGreaterThan(audits);
  });
});

describe('profit and loss', () => {
  it('derives every figure from the contracts and the finance records in CNY, beside the profit records, by B/L and by contract', async () => {
    const w = await makeWarehouse(app, token);
    // B/L PNL-A (copper): bought at 100, sold at 150; 30 delivered in October, 20 in November
    await contract({ contractType: '1', commodity: 'copper', unitPrice: '100', count: '100', BLNumber: 'PNL-A' });
    const saleA = await contract({ contractType: '3', commodity: 'copper', unitPrice: '150', count: '50', BLNumber: 'PNL-A' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'PNL-A', inboundWeight: 100, inboundDate: '2026-10-01' });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'PNL-A', quantity: 30, outboundDate: '2026-10-15' });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'PNL-A', quantity: 20, outboundDate: '2026-11-10' });
    const cancelled = await makeOutbound(app, token, { warehouse: w.code, blNumber: 'PNL-A', quantity: 5, outboundDate: '2026-11-11' });
    await ok('PUT', `/api/delivery-details/${cancelled.id}`, { outboundStatus: 'cancelled' });
    await finance('freight-charges', { blNumber: 'PNL-A', amount: 100, currency: 'USD', chargeDate: '2026-10-20' }); // 700 at 7
    await finance('misc-charges', { blNumber: 'PNL-A', amount: 50.5, chargeDate: '2026-11-01' });
    await finance('misc-charges', { contractNumber: saleA.contractCode, amount: 100, chargeDate: '2026-11-02' }); // the contract's, no B/L
    await finance('service-fees', { blNumber: 'PNL-A', amount: 10, currency: 'USD', feeDate: '2026-11-05' }); // 72 at 7.2
    await finance('cost-breakdowns', { blNumber: 'PNL-A', costItem: 'insurance', amount: 27.5 });
    // the profit record typed by hand disagrees: 2,500 where the documents give 1,650
    await finance('profit-records', { blNumber: 'PNL-A', revenue: 7500, cost: 5000, recordDate: '2026-11-30' });

    // B/L PNL-B (zinc): its freight is in USD in December, a month without a rate
    await contract({ contractType: '2', commodity: 'zinc', unitPrice: '120', count: '10', BLNumber: 'PNL-B' });
    const saleB = await contract({ contractType: '3', commodity: 'zinc', unitPrice: '200', count: '10', BLNumber: 'PNL-B' });
    await makeInbound(app, token, { warehouse: w.code, commodity: 'zinc', blNumber: 'PNL-B', inboundWeight: 10, inboundDate: '2026-11-01' });
    await makeOutbound(app, token, { warehouse: w.code, commodity: 'zinc', blNumber: 'PNL-B', quantity: 10, outboundDate: '2026-11-20' });
    await finance('freight-charges', { blNumber: 'PNL-B', amount: 50, currency: 'USD', chargeDate: '2026-12-02' });
    await finance('profit-records', { blNumber: 'PNL-B', commodity: 'zinc', revenue: 2000, cost: 1200, recordDate: '2026-11-30' });

    const byBl = await ok('GET', '/api/reports/pnl?groupBy=bl&pageSize=100');
    const a = byBl.items.find((r: { blNumber: string }) => r.blNumber === 'PNL-A');
    expect(a).toEqual({
      blNumber: 'PNL-A',
      commodity: 'copper',
      deliveredQuantity: 50,
      revenue: 7500, // 150 × 50
      purchaseCost: 5000, // 100 × 50
      freight: 700, // USD 100 × 7 (October)
      miscCharges: 50.5,
      serviceFees: 72, // USD 10 × 7.2 (November)
      otherCosts: 27.5,
      profit: 1650,
      margin: 0.22,
      recordedProfit: 2500,
      difference: -850,
      currency: 'CNY',
      missingRates: [],
    });
    const b = byBl.items.find((r: { blNumber: string }) => r.blNumber === 'PNL-B');
    expect(b).toMatchObject({ revenue: 2000, purchaseCost: 1200, freight: null, profit: null, margin: null, recordedProfit: 800, difference: null, missingRates: ['USD 2026-12'] });
    // sorted by difference: the disagreeing record first, the row without a difference after it
    const order = byBl.items.map((r: { blNumber: string }) => r.blNumber);
    expect(order.indexOf('PNL-A')).toBe(0);
    expect(order.indexOf('PNL-B')).toBeGreaterThan(0);

    const byContract = await ok('GET', '/api/reports/pnl?groupBy=contract&commodity=copper');
    expect(byContract.items).toEqual([
      expect.objectContaining({ contractCode: saleA.contractCode, deliveredQuantity: 50, miscCharges: 150.5, profit: 1550, recordedProfit: 2500, difference: -950 }),
    ]);
    expect((await ok('GET', '/api/reports/pnl?groupBy=contract&commodity=zinc')).items.map((r: { contractCode: string }) => r.contractCode)).toEqual([saleB.contractCode]);

    // October alone: 30 delivered; November's charges and the profit record dated November 30 are left out
    const october = (await ok('GET', '/api/reports/pnl?startDate=2026-10-01&endDate=2026-10-31')).items.find((r: { blNumber: string }) => r.blNumber === 'PNL-A');
    expect(october).toMatchObject({
      deliveredQuantity: 30,
      revenue: 4500,
      purchaseCost: 3000,
      freight: 700,
      miscCharges: 0,
      serviceFees: 0,
      profit: 800,
      recordedProfit: null,
      difference: null,
    });

    // the December rate arrives: PNL-B is whole
    const rates = (await ok('GET', '/api/settings/exchange-rates')).rates;
    await ok('PUT', '/api/settings/exchange-rates', { rates: [...rates, { currency: 'USD', month: '2026-12', rate: 7.3 }] });
    const whole = (await ok('GET', '/api/reports/pnl?commodity=zinc')).items[0];
    expect(whole).toMatchObject({ blNumber: 'PNL-B', freight: 365, profit: 435, recordedProfit: 800, difference: -365, missingRates: [] });

    // the export carries the same figures
    const res = await fetch(`${app.url}/api/reports/pnl/export?headers=fields&commodity=copper`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const sheet = (await readWorkbook(new Uint8Array(await res.arrayBuffer()))).sheets[0]!;
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['blNumber', 'revenue', 'profit', 'recordedProfit', 'difference', 'missingRates']));
    const header = sheet.rows[0] as string[];
    const row = sheet.rows.find((r) => r[header.indexOf('blNumber')] === 'PNL-A')!;
    expect(row[header.indexOf('profit')]).toBe(1650);
    expect(row[header.indexOf('difference')]).toBe(-850);

    // area profit: a trader has none, a finance clerk reads it; an end before the start is 400
    const trader = await signInWithRoles(app, token, ['trader']);
    expect((await app.request('GET', '/api/reports/pnl', { token: trader.token })).status).toBe(403);
    expect((await app.request('GET', '/api/reports/pnl/export', { token: trader.token })).status).toBe(403);
    const clerk = await signInWithRoles(app, token, ['finance']);
    expect((await ok('GET', '/api/reports/pnl?commodity=copper', undefined, clerk.token)).items[0].profit).toBe(1650);
    expect((await app.request('GET', '/api/reports/pnl?startDate=2026-11-02&endDate=2026-11-01', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/reports/pnl?groupBy=lot', { token })).status).toBe(400);
  });

  it("prices a contract in its own currency, month by month at that month's rate", async () => {
    const w = await makeWarehouse(app, token);
    // B/L PNL-C (lead): bought in USD at 10, sold in CNY at 100; 4 delivered in October (USD at 7), 6 in November (7.2)
    const purchase = await contract({ contractType: '1', commodity: 'lead', unitPrice: '10', currency: 'USD', count: '10', BLNumber: 'PNL-C' });
    expect((await ok('GET', `/api/contract/${purchase.id}`)).currency).toBe('USD');
    const sale = await contract({ contractType: '3', commodity: 'lead', unitPrice: '100', count: '10', BLNumber: 'PNL-C' });
    await makeInbound(app, token, { warehouse: w.code, commodity: 'lead', blNumber: 'PNL-C', inboundWeight: 10, inboundDate: '2026-10-01' });
    await makeOutbound(app, token, { warehouse: w.code, commodity: 'lead', blNumber: 'PNL-C', quantity: 4, outboundDate: '2026-10-15' });
    await makeOutbound(app, token, { warehouse: w.code, commodity: 'lead', blNumber: 'PNL-C', quantity: 6, outboundDate: '2026-11-15' });
    const row = (await ok('GET', '/api/reports/pnl?commodity=lead')).items[0];
    expect(row).toMatchObject({ blNumber: 'PNL-C', deliveredQuantity: 10, revenue: 1000, purchaseCost: 712, profit: 288, currency: 'CNY', missingRates: [] }); // 10 × (4 × 7 + 6 × 7.2)
    const byContract = (await ok('GET', '/api/reports/pnl?groupBy=contract&commodity=lead')).items;
    expect(byContract).toEqual([expect.objectContaining({ contractCode: sale.contractCode, revenue: 1000, purchaseCost: 712, profit: 288 })]);
    // without November's rate the purchase cost cannot be converted: named, not guessed
    const rates = (await ok('GET', '/api/settings/exchange-rates')).rates as { currency: string; month: string; rate: number }[];
    await ok('PUT', '/api/settings/exchange-rates', { rates: rates.filter((r) => !(r.currency === 'USD' && r.month === '2026-11')) });
    expect((await ok('GET', '/api/reports/pnl?commodity=lead')).items[0]).toMatchObject({ revenue: 1000, purchaseCost: null, profit: null, missingRates: ['USD 2026-11'] });
    await ok('PUT', '/api/settings/exchange-rates', { rates });
  });
});

describe('document sets', () => {
  const upload = (bl: string, kind: string | undefined, files: [string, string, Uint8Array][], as = token) =>
    app.upload('POST', `/api/bl/${encodeURIComponent(bl)}/documents`, { token: as, fields: kind === undefined ? {} : { kind }, files });

  it('attach files by kind with the upload rules of every area; a refused upload leaves no file and no row', async () => {
    const settings = await ok('GET', '/api/settings');
    expect(settings.documentKinds.map((k: { kind: string }) => k.kind)).toEqual([
      'billOfLading',
      'commercialInvoice',
      'packingList',
      'weightCertificate',
      'qualityCertificate',
      'certificateOfOrigin',
      'insuranceCertificate',
    ]);
    expect(settings.documentKinds.filter((k: { required: boolean }) => k.required)).toHaveLength(5);

    const before = await stateOf(app);
    const refusals: [Promise<{ status: number; body: { message: string; data?: { errors?: { field: string }[] } } }>, number, RegExp][] = [
      [upload('DOC-1', 'weightTicket', [pdfFile('w.pdf')]), 400, /kind "weightTicket" is not a document kind/],
      [upload('DOC-1', 'billOfLading', [['files', 'setup.pdf', sampleFiles.exe()]]), 400, /is a program/],
      [upload('DOC-1', 'billOfLading', [['files', 'big.pdf', new Uint8Array(50 * MB + 1)]]), 413, /larger than 50 MB/],
      [upload('DOC-1', 'billOfLading', []), 400, /at least one file/],
      [
        upload(
          'DOC-1',
          'billOfLading',
          Array.from({ length: 21 }, (): [string, string, Uint8Array] => pdfFile()),
        ),
        400,
        /too many files/,
      ],
    ];
    for (const [request, status, message] of refusals) {
      const res = await request;
      expect(res.status, res.body.message).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await upload('DOC-1', 'weightTicket', [pdfFile('w.pdf')]);
    expect(unknown.body.data.errors[0].field).toBe('kind');
    expect(await stateOf(app)).toEqual(before);

    const set = (await upload('DOC-1', 'billOfLading', [pdfFile('bl-original.pdf'), ['files', 'bl-copy.png', sampleFiles.png()]])).body.data;
    expect(set.blNumber).toBe('DOC-1');
    expect(set.complete).toBe(false);
    const bl = set.kinds.find((k: { kind: string }) => k.kind === 'billOfLading');
    expect(bl).toMatchObject({ status: 'received', required: true });
    expect(bl.files.map((f: { name: string }) => f.name)).toEqual(['bl-original.pdf', 'bl-copy.png']);
    expect(set.kinds.find((k: { kind: string }) => k.kind === 'packingList')).toMatchObject({ status: 'missing', files: [] });
    // read back like a contract file
    const file = await fetch(`${app.url}/api/contract-files/${bl.files[0].url}`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(sampleFiles.pdf());
    expect(await ok('GET', '/api/bl/DOC-1/documents')).toEqual(set);

    // a kind with files cannot leave the list
    const dropping = await app.request('PUT', '/api/settings', { token, body: { documentKinds: [{ kind: 'packingList', label: 'Packing list', required: true }] } });
    expect(dropping.status).toBe(400);
    expect(dropping.body.message).toMatch(/billOfLading/);
    const badKind = await app.request('PUT', '/api/settings', { token, body: { documentKinds: [{ kind: 'a b', label: 'x' }] } });
    expect(badKind.status).toBe(400);
    expect(badKind.body.data.errors[0].field).toBe('documentKinds.0.kind');

    // deleting a file removes it from disk
    const files = await app.fileCount();
    const after = (await app.request('DELETE', `/api/bl/DOC-1/documents/${bl.files[1].id}`, { token })).body.data;
    expect(after.kinds[0].files.map((f: { name: string }) => f.name)).toEqual(['bl-original.pdf']);
    expect(await app.fileCount()).toBe(files - 1);
    expect((await app.request('DELETE', `/api/bl/DOC-2/documents/${bl.files[0].id}`, { token })).status).toBe(404);
  });

  it('the missing-documents report lists the B/Ls with stock or an open contract that lack a required kind, within warehouse scope and grants', async () => {
    const w1 = await makeWarehouse(app, token);
    const w2 = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w1.code, blNumber: 'MD-1', inboundWeight: 10 });
    await makeInbound(app, token, { warehouse: w2.code, blNumber: 'MD-2', inboundWeight: 10 });
    await makeInbound(app, token, { warehouse: w1.code, blNumber: 'MD-4', inboundWeight: 10 });
    await makeOutbound(app, token, { warehouse: w1.code, blNumber: 'MD-4', quantity: 10 }); // no stock left
    await contract({ contractType: '1', commodity: 'nickel', count: '100', BLNumber: 'MD-3' }); // open, nothing received
    const required = ['billOfLading', 'commercialInvoice', 'packingList', 'weightCertificate', 'qualityCertificate'];
    for (const kind of required) await upload('MD-1', kind, [pdfFile(`${kind}.pdf`)]);
    expect((await ok('GET', '/api/bl/MD-1/documents')).complete).toBe(true);
    await upload('MD-2', 'weightCertificate', [pdfFile()]);

    const report = await ok('GET', '/api/reports/missing-documents?blNumber=MD-&pageSize=100');
    expect(report.items).toEqual([
      { blNumber: 'MD-2', commodity: 'copper', warehouses: [w2.name], missing: required.filter((k) => k !== 'weightCertificate') },
      { blNumber: 'MD-3', commodity: 'nickel', warehouses: [], missing: required },
    ]);
    expect(report.total).toBe(2);
    const paged = await ok('GET', '/api/reports/missing-documents?blNumber=MD-&pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, items: [{ blNumber: 'MD-3' }] });

    // a viewer limited to the first warehouse: no MD-2 (its stock is elsewhere), no contract-only B/L; MD-2's set is 403
    const viewer = await signInWithRoles(app, token, ['viewer'], [w1.code]);
    expect((await ok('GET', '/api/reports/missing-documents?blNumber=MD-', undefined, viewer.token)).items).toEqual([]);
    expect((await app.request('GET', '/api/bl/MD-2/documents', { token: viewer.token })).status).toBe(403);
    expect((await ok('GET', '/api/bl/MD-1/documents', undefined, viewer.token)).complete).toBe(true);
    // a viewer reads but does not attach; a warehouse clerk has no contracts area
    expect((await upload('MD-1', 'billOfLading', [pdfFile()], viewer.token)).status).toBe(403);
    const clerk = await signInWithRoles(app, token, ['warehouse']);
    expect((await app.request('GET', '/api/reports/missing-documents', { token: clerk.token })).status).toBe(403);
    expect((await app.request('GET', '/api/bl/MD-1/documents', { token: clerk.token })).status).toBe(403);
  });
});

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

// The report counted on the request (a period, a reader limited to some warehouses: `countedPage` in
// pnl.service.ts): every row there is — a sold B/L with nothing in the period, a B/L with only a
// charge, a contract without a delivery — on the page its difference puts it, with the hand-counted
// figures, page after page (pages of two cross from the rows with a difference to the rows by key).
describe('profit and loss counted for a period or a warehouse-limited reader', () => {
  beforeAll(async () => {
    // a company of its own: no row of the tests above
    await app.close();
    ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
  });

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
