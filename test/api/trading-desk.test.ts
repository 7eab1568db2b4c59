// The trading desk (issue 31 items 1–3): contract unit, currency and weight tolerance; the open
// position; B/L weights and claims. One seeded company, figures checked against hand calculations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BL_DOCUMENTS } from '../../shared/trading.js';
import { signInAdmin, signInWithRoles, startAdminApp, startTestApp, startTwoInstances, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { onPostgres, type AuditHold } from '../helpers/postgres.js';
import { readWorkbook } from '../helpers/xlsx.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  ({ app, token: admin } = await startAdminApp());
});
afterAll(() => app.close());

const upload = (fields: Record<string, string>, token = admin) => app.upload('POST', '/api/contract/upload', { token, fields, files: [pdfFile()] });

async function contract(overrides: Record<string, string | undefined>) {
  const res = await upload(contractForm(overrides));
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractCode: string; unit: string | null; currency: string; weightTolerance: number | null };
}

/** The rows of an export (with headers=fields: the field names as the header row). */
async function sheetRows(path: string, token = admin): Promise<unknown[][]> {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await readWorkbook(new Uint8Array(await res.arrayBuffer()))).sheets[0]!.rows;
}

const contractCount = async () => (await app.request('GET', '/api/contract', { token: admin })).body.data.length as number;

describe('business contracts: unit, currency, weightTolerance', () => {
  it('defaults the unit from the commodity catalog and the currency to CNY; keeps what is sent', async () => {
    const made = await app.request('POST', '/api/commodities', { token: admin, body: { name: 'Soybeans', unit: 't' } });
    expect(made.status, made.body.message).toBe(200);
    const plain = await contract({ commodity: ' soybeans ' });
    expect(plain).toMatchObject({ unit: 't', currency: 'CNY', weightTolerance: null });
    const unknown = await contract({ commodity: 'Unlisted ore' });
    expect(unknown).toMatchObject({ unit: null, currency: 'CNY' });
    const given = await contract({ commodity: 'Soybeans', unit: 'bags', currency: 'USD', weightTolerance: '0.5' });
    expect(given).toMatchObject({ unit: 'bags', currency: 'USD', weightTolerance: 0.5 });
    // PUT as JSON changes them; null clears the tolerance
    const put = await app.request('PUT', `/api/contract/${given.id}`, { token: admin, body: { currency: 'EUR', weightTolerance: null } });
    expect(put.status, put.body.message).toBe(200);
    expect(put.body.data).toMatchObject({ unit: 'bags', currency: 'EUR', weightTolerance: null });
    // the export carries the three columns
    const [header, ...rows] = await sheetRows('/api/contract/export?headers=fields');
    const at = (row: unknown[], key: string) => row[header!.indexOf(key)];
    const row = rows.find((r) => at(r, 'contractCode') === given.contractCode)!;
    expect([at(row, 'unit'), at(row, 'currency'), at(row, 'weightTolerance')]).toEqual(['bags', 'EUR', undefined]);
    expect(
      at(
        rows.find((r) => at(r, 'contractCode') === plain.contractCode)!,
        'unit',
      ),
    ).toBe('t');
  });

  it('refuses a tolerance outside 0–100 and a currency that is not 3 capital letters, naming the field and keeping nothing', async () => {
    const before = await contractCount();
    for (const [fields, message] of [
      [{ weightTolerance: '100.5' }, 'weightTolerance must be a percent from 0 to 100, like 0.5'],
      [{ weightTolerance: '-1' }, 'weightTolerance must be a percent from 0 to 100, like 0.5'],
      [{ weightTolerance: 'five' }, 'weightTolerance must be a percent from 0 to 100, like 0.5'],
      [{ currency: 'usd' }, 'currency must be a currency code of 3 capital letters, like CNY or USD'],
      [{ currency: 'DOLLAR' }, 'currency must be a currency code of 3 capital letters, like CNY or USD'],
    ] as const) {
      const res = await upload(contractForm(fields));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const c = await contract({});
    const put = await app.request('PUT', `/api/contract/${c.id}`, { token: admin, body: { weightTolerance: 101 } });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe('weightTolerance must be a percent from 0 to 100, like 0.5');
    expect((await app.request('GET', `/api/contract/${c.id}`, { token: admin })).body.data.weightTolerance).toBeNull();
    expect(await contractCount()).toBe(before + 1);
  });
});

describe('the open position and the B/L weights of a seeded company', () => {
  // Two commodities (catalog unit t), two warehouses, contracts in USD and CNY:
  //   P1 purchase  copper   100 t @ 8000 USD, tolerance 0.5 %, B/Ls CU-BL1;CU-BL2, delivery 2026-12
  //   P2 upstream  soybeans 500 t @ 4000 CNY, tolerance 1 %,   B/L SB-BL1,        delivery 2027-01
  //   S1 downstream copper   60 t, B/L CU-BL1, delivery 2026-12 (created after its documents: recounted)
  // Documents: A: copper CU-BL1 B/L 50 outturn 49.5 (short 1 % > 0.5 %: claim 50×0.5 % = 0.25 short of
  // 0.5 → 0.25 t, 2000 USD); copper CU-BL2 B/L 30 outturn 29.9 (0.33 %, within); outbound 20 and a
  // transfer of 10 of CU-BL1. B: soybeans SB-BL1 200/200 naming P2 by number too (counts once), and
  // 100 t naming P2 only by contract number (first typed wrong, then corrected).
  let a: { code: string };
  let p1: { contractCode: string; id: number };
  let p2: { contractCode: string };
  let s1: { contractCode: string; id: number };
  let clerkA: string; // warehouse clerk limited to A: stock read, no finance
  let trader: string; // finance read

  beforeAll(async () => {
    // a company of its own: nothing from the tests above
    await app.close();
    app = await startTestApp();
    admin = (await signInAdmin(app)).token;
    const { makeWarehouse, makeInbound, makeOutbound } = await import('../helpers/warehouse.js');
    for (const name of ['Copper cathode', 'Soybeans']) await app.request('POST', '/api/commodities', { token: admin, body: { name, unit: 't' } });
    a = await makeWarehouse(app, admin);
    const b = await makeWarehouse(app, admin);
    p1 = await contract({
      contractType: '1',
      commodity: 'copper cathode',
      count: '100',
      unitPrice: '8000',
      currency: 'USD',
      weightTolerance: '0.5',
      BLNumber: 'CU-BL1;CU-BL2',
      deliveryTime: '2026-12',
    });
    p2 = await contract({ contractType: '2', commodity: 'Soybeans', count: '500', unitPrice: '4000', weightTolerance: '1', BLNumber: 'SB-BL1', deliveryTime: '2027-01-15' });
    await makeInbound(app, admin, { warehouse: a.code, commodity: 'Copper cathode', blNumber: 'CU-BL1', blWeight: 50, inboundWeight: 49.5 });
    await makeInbound(app, admin, { warehouse: a.code, commodity: 'Copper cathode', blNumber: 'CU-BL2', blWeight: 30, inboundWeight: 29.9 });
    await makeInbound(app, admin, { warehouse: b.code, commodity: 'soybeans', blNumber: 'SB-BL1', contractNumber: p2.contractCode, blWeight: 200, inboundWeight: 200 });
    const typo = await makeInbound(app, admin, { warehouse: b.code, commodity: 'soybeans', contractNumber: 'NOT-A-CONTRACT', inboundWeight: 100 });
    const fixed = await app.request('PUT', `/api/inventory/inbound/${typo.id}`, { token: admin, body: { contractNumber: p2.contractCode } });
    expect(fixed.status, fixed.body.message).toBe(200);
    await makeOutbound(app, admin, { warehouse: a.code, commodity: 'Copper cathode', blNumber: 'CU-BL1', quantity: 20 });
    const transfer = await app.request('POST', '/api/ownership-transfer', {
      token: admin,
      body: { warehouse: a.code, commodity: 'Copper cathode', blNumber: 'CU-BL1', quantity: 10, transferDate: '2026-11-20', transferor: 'A', transferee: 'B' },
    });
    expect(transfer.status, transfer.body.message).toBe(200);
    s1 = await contract({ contractType: '3', commodity: 'Copper cathode', count: '60', unitPrice: '8500', BLNumber: 'CU-BL1', deliveryTime: '2026-12' });
    clerkA = (await signInWithRoles(app, admin, ['warehouse'], [a.code])).token;
    trader = (await signInWithRoles(app, admin, ['trader'])).token;
  });

  const position = async (token = admin, qs = '') => {
    const res = await app.request('GET', `/api/reports/position${qs}`, { token });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.items as Record<string, any>[];
  };

  it('adds up each commodity as a hand calculation does, by delivery month', async () => {
    const rows = await position();
    expect(rows.map((r) => [r.commodity, r.unit])).toEqual([
      ['Copper cathode', 't'],
      ['Soybeans', 't'],
    ]);
    const copper = { purchased: 100, sold: 60, received: 79.4, delivered: 30, inStock: 49.4, openToReceive: 20.6, openToDeliver: 30, netPosition: 40 };
    expect(rows[0]).toMatchObject(copper);
    expect(rows[0]!.byMonth).toEqual([{ month: '2026-12', purchased: 100, sold: 60, received: 79.4, delivered: 30, openToReceive: 20.6, openToDeliver: 30 }]);
    expect(rows[1]).toMatchObject({ purchased: 500, sold: 0, received: 300, delivered: 0, inStock: 300, openToReceive: 200, openToDeliver: 0, netPosition: 500 });
    expect(rows[1]!.byMonth.map((m: { month: string }) => m.month)).toEqual(['2027-01']);
    // the same received and delivered as the contract execution report
    const execution = (await app.request('GET', '/api/reports/contract-execution?pageSize=100', { token: admin })).body.data.items as { contractCode: string; executed: number }[];
    const executed = (code: string) => execution.find((e) => e.contractCode === code)!.executed;
    expect(executed(p1.contractCode)).toBe(79.4);
    expect(executed(s1.contractCode)).toBe(30);
    expect(executed(p2.contractCode)).toBe(300);
    // one commodity, by another spelling; the export has a row per commodity and one per month
    expect((await position(admin, '?commodity=COPPER%20CATHODE')).map((r) => r.commodity)).toEqual(['Copper cathode']);
    const [header, ...sheet] = await sheetRows('/api/reports/position/export?headers=fields');
    expect(sheet.map((r) => [r[header!.indexOf('commodity')], r[header!.indexOf('month')], r[header!.indexOf('netPosition')]])).toEqual([
      ['Copper cathode', 'All 全部', 40],
      ['Copper cathode', '2026-12', undefined],
      ['Soybeans', 'All 全部', 500],
      ['Soybeans', '2027-01', undefined],
    ]);
  });

  it('follows contract edits and deletes, and stays equal to a recount from the documents', async () => {
    // S1 also lists CU-BL2 (nothing went out of it) and a B/L with no documents: delivered stays 30
    const edited = await app.request('PUT', `/api/contract/${s1.id}`, { token: admin, body: { blNumber: 'CU-BL1;CU-BL2;XX-9' } });
    expect(edited.status, edited.body.message).toBe(200);
    expect((await position())[0]).toMatchObject({ sold: 60, delivered: 30 });
    // P1 loses CU-BL2: its 29.9 no longer counts
    await app.request('PUT', `/api/contract/${p1.id}`, { token: admin, body: { blNumber: 'CU-BL1' } });
    expect((await position())[0]).toMatchObject({ purchased: 100, received: 49.5, openToReceive: 50.5 });
    await app.request('PUT', `/api/contract/${p1.id}`, { token: admin, body: { blNumber: 'CU-BL1;CU-BL2' } });
    const extra = await contract({ contractType: '3', commodity: 'Copper cathode', count: '5', BLNumber: 'CU-BL1' });
    expect((await position())[0]).toMatchObject({ sold: 65, delivered: 60 });
    expect((await app.request('DELETE', `/api/contract/${extra.id}`, { token: admin })).status).toBe(200);
    expect((await position())[0]).toMatchObject({ sold: 60, delivered: 30, netPosition: 40 });
    // asOf: the documents dated by then (none of them before November)
    const before = await position(admin, '?asOf=2026-10-31');
    expect(before[0]).toMatchObject({ purchased: 100, received: 0, inStock: 0 });
    const asOfToday = await position(admin, '?asOf=2099-12-31');
    expect(asOfToday).toEqual(await position());
  });

  it("keeps to the reader's warehouses", async () => {
    const rows = await position(clerkA);
    expect(rows[0]).toMatchObject({ received: 79.4, delivered: 30, inStock: 49.4, netPosition: 40 });
    expect(rows[1]).toMatchObject({ commodity: 'Soybeans', purchased: 500, received: 0, inStock: 0, openToReceive: 500, netPosition: 500 });
  });

  it('weighs each lot against its B/L and its contract tolerance, out-of-tolerance first', async () => {
    const res = await app.request('GET', '/api/reports/weights', { token: trader });
    expect(res.status, res.body.message).toBe(200);
    const rows = res.body.data.items as Record<string, unknown>[];
    expect(rows.map((r) => r.blNumber)).toEqual(['CU-BL1', 'CU-BL2', 'SB-BL1']);
    expect(rows[0]).toEqual({
      warehouse: expect.any(String),
      warehouseId: expect.any(Number),
      commodity: 'Copper cathode',
      blNumber: 'CU-BL1',
      blWeight: 50,
      outturnWeight: 49.5,
      difference: -0.5,
      differencePercent: -1,
      contractCode: p1.contractCode,
      tolerance: 0.5,
      outOfTolerance: true,
      claimQuantity: 0.25,
      claimAmount: 2000,
      currency: 'USD',
    });
    expect(rows[1]).toMatchObject({ blWeight: 30, outturnWeight: 29.9, difference: -0.1, differencePercent: -0.333, outOfTolerance: false, claimQuantity: 0, claimAmount: 0 });
    expect(rows[2]).toMatchObject({ blWeight: 200, outturnWeight: 200, contractCode: p2.contractCode, tolerance: 1, outOfTolerance: false, currency: 'CNY' });
    const only = await app.request('GET', '/api/reports/weights?outOfTolerance=true', { token: trader });
    expect(only.body.data.items.map((r: { blNumber: string }) => r.blNumber)).toEqual(['CU-BL1']);
    // without finance: no claim amount, in the JSON and in the export; only warehouse A
    const clerk = await app.request('GET', '/api/reports/weights', { token: clerkA });
    expect(clerk.body.data.items.map((r: { blNumber: string }) => r.blNumber)).toEqual(['CU-BL1', 'CU-BL2']);
    expect(clerk.body.data.items[0]).not.toHaveProperty('claimAmount');
    expect(clerk.body.data.items[0]).toMatchObject({ claimQuantity: 0.25 });
    const [clerkHeader] = await sheetRows('/api/reports/weights/export?headers=fields', clerkA);
    expect(clerkHeader).not.toContain('claimAmount');
    const [header, ...sheet] = await sheetRows('/api/reports/weights/export?headers=fields', trader);
    expect(sheet[0]![header!.indexOf('claimAmount')]).toBe(2000);
    // the B/L trace shows its lots' weights
    const trace = await app.request('GET', '/api/bl/CU-BL1/trace', { token: clerkA });
    expect(trace.body.data.weights).toEqual([clerk.body.data.items[0]]);
  });

  it('refuses unknown filters and bad values, naming the field', async () => {
    for (const [path, message] of [
      ['/api/reports/position?warehouse=A', 'warehouse is not a filter of this report: use commodity, asOf'],
      ['/api/reports/position?asOf=2026-13-01', 'asOf is not a real calendar date'],
      ['/api/reports/weights?outOfTolerance=maybe', 'outOfTolerance must be one of: Out of tolerance (true), Within tolerance (false)'],
      ['/api/reports/weights?tolerance=1', 'tolerance is not a filter of this report: use page, pageSize, sortOrder, warehouse, commodity, blNumber, outOfTolerance'],
    ] as const) {
      const res = await app.request('GET', path, { token: admin });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
});

describe('kept sums under concurrent writes', () => {
  it('equal a recount from the documents after stock writes and contract edits race each other', async () => {
    const { makeWarehouse, makeInbound } = await import('../helpers/warehouse.js');
    const w = await makeWarehouse(app, admin);
    const bought = await contract({ contractType: '1', commodity: 'Race ore', count: '1000', BLNumber: 'RACE-1' });
    // inbound orders on RACE-1..RACE-4 while the contract's B/L list keeps changing
    const writes = [
      ...Array.from({ length: 12 }, (_, i) => makeInbound(app, admin, { warehouse: w.code, commodity: 'Race ore', blNumber: `RACE-${1 + (i % 4)}`, inboundWeight: 1 + i })),
      ...['RACE-1;RACE-2', 'RACE-2;RACE-3', 'RACE-1;RACE-3;RACE-4', 'RACE-1;RACE-2;RACE-3'].map((blNumber) =>
        app.request('PUT', `/api/contract/${bought.id}`, { token: admin, body: { blNumber } }).then((res) => expect(res.status, res.body.message).toBe(200)),
      ),
    ];
    await Promise.all(writes);
    const listed = (await app.request('GET', `/api/contract/${bought.id}`, { token: admin })).body.data.blNumber as string;
    const execution = (await app.request('GET', '/api/reports/contract-execution?pageSize=100', { token: admin })).body.data.items as { contractCode: string; executed: number }[];
    const recounted = execution.find((e) => e.contractCode === bought.contractCode)!.executed;
    // by hand: the orders of the B/Ls the list ends with (order i weighs 1 + i, on RACE-(1 + i % 4))
    const expected = Array.from({ length: 12 }, (_, i) => i)
      .filter((i) => listed.split(';').includes(`RACE-${1 + (i % 4)}`))
      .reduce((sum, i) => sum + 1 + i, 0);
    expect(recounted).toBe(expected);
    const race = (await app.request('GET', '/api/reports/position?commodity=Race%20ore', { token: admin })).body.data.items[0];
    expect(race).toMatchObject({ purchased: 1000, received: expected });
  });
});

// The trading desk's PostgreSQL locks, each made certain on two instances of one database: a write is
// held at its audit entry, the last thing it does before it commits (test/helpers/postgres.ts,
// `auditHold`), after it read and wrote what the lock guards; the competing write is sent to the other
// instance, waits for the lock, then reads what the first committed. Without the lock it reads past
// the first one's uncommitted change, and each test fails (as each did with its lock call removed).
describe.skipIf(!onPostgres)("the trading desk's locks across two instances (PostgreSQL)", () => {
  let pair: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  let one: TestApp;
  let two: TestApp;
  let token: string;
  let audit: AuditHold;

  beforeAll(async () => {
    ({ one, two, token, audit } = pair = await startTwoInstances());
  });
  afterAll(() => pair?.close());

  // The contract sums' lock (lockContractSums): an inbound order is held after it matched its B/L
  // against the contracts' B/L lists; a contract edit that adds that B/L waits for the order (and
  // recounts it). Without the lock the edit counts the documents without the order, the order added
  // nothing to a contract that did not list its B/L yet, and the position loses it.
  it('a contract edit on one instance waits for a stock write in progress on the other', async () => {
    const { makeWarehouse, makeInbound } = await import('../helpers/warehouse.js');
    const w = await makeWarehouse(one, token);
    await makeInbound(one, token, { warehouse: w.code, commodity: 'Lock ore', blNumber: 'LOCK-1', inboundWeight: 10 });
    const made = await one.upload('POST', '/api/contract/upload', {
      token,
      fields: contractForm({ contractType: '1', commodity: 'Lock ore', count: '100', BLNumber: 'LOCK-1' }),
      files: [pdfFile()],
    });
    expect(made.status, made.body.message).toBe(200);

    await audit.hold();
    // the order on LOCK-2 (listed by no contract yet) stops at its audit entry, its ledger written
    const order = makeInbound(one, token, { warehouse: w.code, commodity: 'Lock ore', blNumber: 'LOCK-2', inboundWeight: 7 });
    await audit.waiting(1);
    const edit = two.request('PUT', `/api/contract/${made.body.data.id}`, { token, body: { BLNumber: 'LOCK-1;LOCK-2' } });
    // the edit waits too: for the order (the lock), or, without the lock, for its own audit entry
    await audit.waiting(2);
    await audit.release();
    await order;
    expect((await edit).status).toBe(200);

    // by hand: the contract lists LOCK-1 (10) and LOCK-2 (7)
    for (const app of [one, two]) {
      const position = (await app.request('GET', '/api/reports/position?commodity=Lock%20ore', { token })).body.data.items[0];
      expect(position).toMatchObject({ purchased: 100, received: 17, openToReceive: 83 });
    }
    const execution = (await one.request('GET', '/api/reports/contract-execution?pageSize=100', { token })).body.data.items as { contractCode: string; executed: number }[];
    expect(execution.find((e) => e.contractCode === made.body.data.contractCode)!.executed).toBe(17);
  }, 60_000);

  // The B/L weights' per-B/L lock (lotWeights, refreshLotWeights): two B/L weight edits of one lot move
  // no stock and name no contract, so nothing else makes them wait for each other. Without the lock
  // the second counts the lot with the first order's old weight and rewrites the lot row the first
  // has just rewritten: a 500 (the row exists twice) or a lot that lost an edit.
  it('two B/L weight edits of one lot on two instances both count', async () => {
    const { makeWarehouse, makeInbound } = await import('../helpers/warehouse.js');
    const w = await makeWarehouse(one, token);
    const a = await makeInbound(one, token, { warehouse: w.code, commodity: 'Lock tin', blNumber: 'LOCK-W1', blWeight: 10, inboundWeight: 10 });
    const b = await makeInbound(one, token, { warehouse: w.code, commodity: 'Lock tin', blNumber: 'LOCK-W1', blWeight: 20, inboundWeight: 19 });

    await audit.hold();
    const first = one.request('PUT', `/api/inventory/inbound/${a.id}`, { token, body: { blWeight: 11 } });
    await audit.waiting(1);
    const second = two.request('PUT', `/api/inventory/inbound/${b.id}`, { token, body: { blWeight: 22 } });
    await audit.waiting(2);
    await audit.release();
    for (const res of [await first, await second]) expect(res.status, res.body.message).toBe(200);

    // by hand: B/L 11 + 22, outturn 10 + 19, one lot
    for (const app of [one, two]) {
      const res = await app.request('GET', '/api/reports/weights?blNumber=LOCK-W1', { token });
      expect(res.body.data.items.map((r: Record<string, unknown>) => [r.blNumber, r.blWeight, r.outturnWeight])).toEqual([['LOCK-W1', 33, 29]]);
    }
  }, 60_000);

  // lockNamed('exchangeRates'): the list is replaced whole. Without the lock the second save deletes
  // the list it read (the one before the first save) and adds its own to the first one's.
  it('two saves of the exchange rates on two instances leave the second list whole', async () => {
    const put = (app: TestApp, rates: { currency: string; month: string; rate: number }[]) => app.request('PUT', '/api/settings/exchange-rates', { token, body: { rates } });
    expect((await put(one, [{ currency: 'USD', month: '2026-10', rate: 7 }])).status).toBe(200);
    const firstList = [
      { currency: 'EUR', month: '2026-11', rate: 7.8 },
      { currency: 'USD', month: '2026-11', rate: 7.2 },
    ];
    const secondList = [{ currency: 'JPY', month: '2026-11', rate: 0.048 }];

    await audit.hold();
    const first = put(one, firstList);
    await audit.waiting(1);
    const second = put(two, secondList);
    await audit.waiting(2);
    await audit.release();
    for (const res of [await first, await second]) expect(res.status, res.body.message).toBe(200);

    for (const app of [one, two]) expect((await app.request('GET', '/api/settings/exchange-rates', { token })).body.data.rates).toEqual(secondList);
    // the audit log shows the second save replacing the first one's list
    const log = (await one.request('GET', '/api/audit?entity=exchangeRates', { token })).body.data.items as { before: { rates: unknown } }[];
    expect(log[0]!.before.rates).toEqual(firstList);
  }, 60_000);

  // lockNamed('blDocuments:<B/L>'): a set holds at most MAX_BL_DOCUMENTS files, counted before the new
  // ones join it. Without the lock the second upload counts the set without the first one's files and
  // both join: a set larger than the bound.
  it('two uploads to one B/L document set on two instances keep it within its bound', async () => {
    const upload = (app: TestApp, n: number) =>
      app.upload('POST', '/api/bl/LOCK-D1/documents', { token, fields: { kind: 'billOfLading' }, files: Array.from({ length: n }, (_, i) => pdfFile(`page-${i}.pdf`)) });
    // the set 20 short of its bound, 20 files an upload
    for (let i = 0; i < MAX_BL_DOCUMENTS / 20 - 1; i++) expect((await upload(one, 20)).status).toBe(200);
    const held = MAX_BL_DOCUMENTS - 20;
    const filesOfTwo = await two.fileCount();

    await audit.hold();
    const first = upload(one, 11);
    await audit.waiting(1);
    const second = upload(two, 11);
    await audit.waiting(2);
    await audit.release();
    expect((await first).status).toBe(200);
    const refused = await second;
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`B/L LOCK-D1 already has ${held + 11} documents; a set holds at most ${MAX_BL_DOCUMENTS} files`);

    const set = (await two.request('GET', '/api/bl/LOCK-D1/documents', { token })).body.data as { kinds: { files: unknown[] }[] };
    expect(set.kinds.reduce((n, k) => n + k.files.length, 0)).toBe(held + 11);
    expect(await two.fileCount()).toBe(filesOfTwo);
  }, 60_000);
});
