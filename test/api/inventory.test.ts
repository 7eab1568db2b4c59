import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { expectPrefixPages, prefixRecords } from '../helpers/prefix-pages.js';
import { makeInbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

describe('inbound orders', () => {
  it('creates in both shapes with generated numbers, keeps blWeight and shows the difference', async () => {
    const w = await makeWarehouse(app, token);
    const a = await app.request('POST', '/api/inventory/inbound/create', {
      token,
      body: { warehouse: w.code, commodity: '电解铜', commodityCode: 'CU', blNumber: 'COSU1', blWeight: 100.5, inboundWeight: 100.25, owner: '甲', inboundDate: '2026-11-22' },
    });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('inbound order created');
    expect(a.body.data).toMatchObject({
      inboundNumber: expect.stringMatching(new RegExp(`^IB${today()}-\\d{4}$`)),
      warehouse: w.name,
      warehouseId: w.id,
      commodity: '电解铜',
      blWeight: 100.5,
      inboundWeight: 100.25,
      weightDifference: -0.25,
      inboundDate: '2026-11-22',
    });
    const b = await app.request('POST', '/api/inventory/inbound', {
      token,
      body: { warehouse: w.name, commodity: '电解铜', inboundWeight: 0.1, inboundDate: '2026-11-23' },
    });
    expect(b.status).toBe(200);
    expect(b.body.data.blWeight).toBeNull();
    expect(b.body.data.weightDifference).toBeNull();
    const n1 = Number(a.body.data.inboundNumber.slice(-4));
    expect(b.body.data.inboundNumber).toBe(`IB${today()}-${String(n1 + 1).padStart(4, '0')}`);
    const stock = await stockOf(app, token, w.code, '电解铜');
    expect(stock).toMatchObject({ inboundQuantity: 100.35, currentStock: 100.35 });
  });

  it('accepts a given inboundNumber once', async () => {
    const w = await makeWarehouse(app, token);
    const first = await makeInbound(app, token, { warehouse: w.code, inboundNumber: 'MY-IB-1' });
    expect(first.inboundNumber).toBe('MY-IB-1');
    const dup = await app.request('POST', '/api/inventory/inbound', {
      token,
      body: { warehouse: w.code, commodity: 'copper', inboundWeight: 1, inboundDate: '2026-11-01', inboundNumber: 'MY-IB-1' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('inboundNumber "MY-IB-1" is already used by another record; leave it empty to have one generated');
  });

  it('validates weights, dates and required fields; a refused request writes nothing', async () => {
    const w = await makeWarehouse(app, token);
    const base = { warehouse: w.code, commodity: 'copper', inboundWeight: 1, inboundDate: '2026-11-01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ inboundWeight: 1.0005 }, 'inboundWeight may have at most 3 decimals, like 12.345'],
      [{ inboundWeight: 0 }, 'inboundWeight must be greater than 0'],
      [{ inboundWeight: -3 }, 'inboundWeight must be greater than 0'],
      [{ inboundWeight: '12' }, 'inboundWeight must be a number'],
      [{ blWeight: 1.23456 }, 'blWeight may have at most 3 decimals, like 12.345'],
      [{ inboundDate: '2026-02-30' }, 'inboundDate is not a real calendar date'],
      [{ inboundDate: '22/11/2026' }, 'inboundDate must be a date written YYYY-MM-DD, like 2026-11-22'],
      [{ commodity: '  ' }, 'commodity must not be empty'],
      [{ warehouse: undefined }, 'warehouse is required'],
      [{ inboundNumber: 'has space' }, 'inboundNumber may hold 1 to 40 letters, digits, - or _'],
    ];
    for (const [change, message] of cases) {
      const res = await app.request('POST', '/api/inventory/inbound', { token, body: { ...base, ...change } });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    const list = await app.request('GET', `/api/inventory/inbound?warehouse=${w.code}`, { token });
    expect(list.body.data.total).toBe(0);
    expect(await stockOf(app, token, w.code)).toBeUndefined();
  });

  it('sums exactly: 0.1 + 0.2 is 0.3', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 0.1 });
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 0.2 });
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(0.3);
  });

  it('reads one in both shapes, lists with filters, newest first', async () => {
    const w = await makeWarehouse(app, token);
    const x = await makeInbound(app, token, { warehouse: w.code, commodity: 'zinc', blNumber: 'ABC123', inboundDate: '2026-10-01' });
    const y = await makeInbound(app, token, { warehouse: w.code, commodity: 'lead', blNumber: 'XYZ9', inboundDate: '2026-10-15', owner: 'Huaxin' });
    for (const path of [`/api/inventory/inbound/${x.id}`, `/api/inventory/inbound/detail/${x.id}`]) {
      const res = await app.request('GET', path, { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: x.id, commodity: 'zinc', blNumber: 'ABC123' });
    }
    expect((await app.request('GET', '/api/inventory/inbound/999999', { token })).status).toBe(404);
    expect((await app.request('GET', '/api/inventory/inbound/-1', { token })).status).toBe(400);

    const ids = async (qs: string) =>
      (await app.request('GET', `/api/inventory/inbound/list?warehouse=${w.code}&${qs}`, { token })).body.data.items.map((i: { id: number }) => i.id);
    expect(await ids('')).toEqual([y.id, x.id]);
    expect(await ids('sortOrder=asc')).toEqual([x.id, y.id]);
    expect(await ids('commodity=zinc')).toEqual([x.id]);
    expect(await ids('blNumber=ABC')).toEqual([x.id]);
    expect(await ids(`inboundNumber=${y.inboundNumber}`)).toEqual([y.id]);
    expect(await ids('startDate=2026-10-10')).toEqual([y.id]);
    expect(await ids('endDate=2026-10-10')).toEqual([x.id]);
    expect(await ids('keyword=uaxi')).toEqual([y.id]);
    const page = await app.request('GET', `/api/inventory/inbound?warehouse=${w.code}&page=2&pageSize=1`, { token });
    expect(page.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: x.id }] });
    expect((await app.request('GET', '/api/inventory/inbound?page=0', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/inventory/inbound?warehouse=nowhere', { token })).body.data.total).toBe(0);
  });

  it('number and B/L prefixes page right however many orders they match: totals, newest first, later pages', async () => {
    const w = await makeWarehouse(app, token);
    const made = await prefixRecords('IBQ', (inboundNumber) => makeInbound(app, token, { warehouse: w.code, inboundNumber, blNumber: inboundNumber.replace('IBQ', 'BLQ') }));
    await expectPrefixPages(app, token, '/api/inventory/inbound', 'inboundNumber', 'IBQ', made);
    const byBl = made.map((m) => ({ id: m.id, value: m.value.replace('IBQ', 'BLQ') }));
    // the other orders of this file have other B/L numbers or none (NULL)
    await expectPrefixPages(app, token, '/api/inventory/inbound', 'blNumber', 'BLQ', byBl);
    await expectPrefixPages(app, token, '/api/inventory/inbound', 'blNumber', 'BLQ', byBl, { extra: { warehouse: w.code } });
  });

  it('an edit appends a reversal and a new entry; a delete appends a reversal', async () => {
    const w = await makeWarehouse(app, token);
    const x = await makeInbound(app, token, { warehouse: w.code, inboundWeight: 10, inboundDate: '2026-11-01' });
    const a = await app.request('PUT', `/api/inventory/inbound/update/${x.id}`, { token, body: { inboundWeight: 12.5 } });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ inboundWeight: 12.5, inboundDate: '2026-11-01', commodity: 'copper' });
    // a change that does not touch stock adds no entry
    await app.request('PUT', `/api/inventory/inbound/${x.id}`, { token, body: { remark: 'checked' } });
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(12.5);
    const del = await app.request('DELETE', `/api/inventory/inbound/delete/${x.id}`, { token });
    expect(del.body).toMatchObject({ success: true, message: 'inbound order deleted' });
    expect((await app.request('GET', `/api/inventory/inbound/${x.id}`, { token })).status).toBe(404);

    const ledger = await app.request('GET', `/api/inventory/ledger?warehouse=${w.code}`, { token });
    expect(
      ledger.body.data.items.map((e: { quantityChange: number; balance: number; kind: string; documentNumber: string }) => [e.kind, e.quantityChange, e.balance, e.documentNumber]),
    ).toEqual([
      ['inbound', 10, 10, x.inboundNumber],
      // the edit: the new entry, then the reversal (entries adding stock come first)
      ['inbound', 12.5, 22.5, x.inboundNumber],
      ['inbound', -10, 12.5, x.inboundNumber],
      ['inbound', -12.5, 0, x.inboundNumber],
    ]);
    expect(await stockOf(app, token, w.code)).toBeUndefined();

    const y = await makeInbound(app, token, { warehouse: w.code });
    expect((await app.request('DELETE', `/api/inventory/inbound/${y.id}`, { token })).status).toBe(200);
    expect((await app.request('DELETE', `/api/inventory/inbound/${y.id}`, { token })).status).toBe(404);
    const audit = await app.request('GET', `/api/audit?entity=inboundOrder&entityId=${x.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
  });

  it('moving an inbound order to another warehouse moves its stock', async () => {
    const w1 = await makeWarehouse(app, token);
    const w2 = await makeWarehouse(app, token);
    const x = await makeInbound(app, token, { warehouse: w1.code, inboundWeight: 7 });
    const res = await app.request('PUT', `/api/inventory/inbound/${x.id}`, { token, body: { warehouse: w2.name, commodity: 'tin' } });
    expect(res.body.data).toMatchObject({ warehouse: w2.name, commodity: 'tin' });
    expect(await stockOf(app, token, w1.code)).toBeUndefined();
    expect((await stockOf(app, token, w2.code, 'tin'))!.currentStock).toBe(7);
  });

  it('summary asOf gives the stock at the end of that business date', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 5, inboundDate: '2026-01-10' });
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 3, inboundDate: '2026-01-20' });
    expect(await stockOf(app, token, w.code, 'copper', '2026-01-09')).toBeUndefined();
    expect((await stockOf(app, token, w.code, 'copper', '2026-01-10'))!.currentStock).toBe(5);
    expect((await stockOf(app, token, w.code, 'copper', '2026-01-19'))!.currentStock).toBe(5);
    expect((await stockOf(app, token, w.code, 'copper', '2026-01-20'))!.currentStock).toBe(8);
    expect((await app.request('GET', '/api/inventory/summary?asOf=2026-13-01', { token })).status).toBe(400);
  });
});

describe('inbound refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers a 404 and a taken inboundNumber in Chinese; without the header in English', async () => {
    const missing = await app.request('GET', '/api/inventory/inbound/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('未找到入库单 999999');
    expect((await app.request('GET', '/api/inventory/inbound/999999', { token })).body.message).toBe('inbound order 999999 not found');

    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, inboundNumber: 'MY-IB-ZH' });
    const body = { warehouse: w.code, commodity: 'copper', inboundWeight: 1, inboundDate: '2026-11-01', inboundNumber: 'MY-IB-ZH' };
    const dup = await app.request('POST', '/api/inventory/inbound', { token, headers: zh, body });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('inboundNumber “MY-IB-ZH” 已被另一条记录使用；留空即可自动生成');
    expect((await app.request('POST', '/api/inventory/inbound', { token, body })).body.message).toBe(
      'inboundNumber "MY-IB-ZH" is already used by another record; leave it empty to have one generated',
    );
  });
});
