// The catalogs of commodities and parties: CRUD with the name rule, delete refused while in use,
// catalogs filled by use, the admin's merge (stock follows), and xlsx export and import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInStaff, startTestApp, type TestApp } from '../helpers/app.js';
import { makeInbound, makeOutbound, makePickup, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { readWorkbook, workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;
const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

async function find(base: string, keyword: string) {
  const res = await app.request('GET', `${base}?${new URLSearchParams({ keyword, pageSize: '100' })}`, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { items: Record<string, unknown>[]; total: number; page: number; pageSize: number };
}

describe('commodity and party catalogs', () => {
  it('create, list by keyword (by the name rule) with paging, update; a variant spelling of a name is 400', async () => {
    const a = await app.request('POST', '/api/commodities', { token, body: { name: 'Aluminium Ingot', code: 'AL-99', unit: 't', category: 'metals' } });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ message: 'commodity created', data: { name: 'Aluminium Ingot', code: 'AL-99', unit: 't', category: 'metals', remark: null, active: true } });
    await app.request('POST', '/api/commodities', { token, body: { name: 'Aluminium Scrap' } });
    const dup = await app.request('POST', '/api/commodities', { token, body: { name: 'ａｌｕｍｉｎｉｕｍ  ingot' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(
      'commodity "ａｌｕｍｉｎｉｕｍ  ingot" is already in the catalog as "Aluminium Ingot" (names differing only in case, spaces or full-width characters are the same); use that entry',
    );
    expect(dup.body.data.errors[0].field).toBe('name');
    const dupZh = await app.request('POST', '/api/commodities', { token, headers: zh, body: { name: 'aluminium ingot' } });
    expect(dupZh.body.message).toBe('品名“aluminium ingot”已在目录中，名为“Aluminium Ingot”（仅大小写、空格或全角半角不同的名称视为同一个）；请使用该条目');

    const found = await find('/api/commodities', 'ALUMINIUM');
    expect(found.items.map((c) => c.name)).toEqual(['Aluminium Scrap', 'Aluminium Ingot']);
    const page = await app.request('GET', '/api/commodities?keyword=aluminium&pageSize=1&page=2', { token });
    expect(page.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ name: 'Aluminium Ingot' }] });
    expect((await find('/api/commodities', 'AL-99')).items.map((c) => c.name)).toEqual(['Aluminium Ingot']);

    const renamed = await app.request('PUT', `/api/commodities/${a.body.data.id}`, { token, body: { name: 'Aluminium ingot A00', unit: 'kg' } });
    expect(renamed.body.data).toMatchObject({ name: 'Aluminium ingot A00', unit: 'kg', code: 'AL-99' });
    // the old name still means the entry: it is not a new one
    expect((await app.request('POST', '/api/commodities', { token, body: { name: 'aluminium ingot' } })).status).toBe(400);
    const party = await app.request('POST', '/api/parties', { token, body: { name: 'Ocean Freight Co.', kind: 'carrier', contact: 'Li', phone: '021-1234' } });
    expect(party.body.data).toMatchObject({ name: 'Ocean Freight Co.', kind: 'carrier', contact: 'Li', phone: '021-1234', active: true });
    expect((await app.request('POST', '/api/parties', { token, body: { name: 'Ocean', kind: 'shipper' } })).status).toBe(400);
    expect((await app.request('GET', '/api/commodities/abc', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/commodities/999999', { token })).status).toBe(404);
  });

  it('names used on records are added to the catalogs, in the same transaction; a refused record adds nothing', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Tin Bar', owner: 'Huaxin Trading' });
    await makePickup(app, token, { warehouse: w.code, commodity: 'Lead Block' });
    await makeOutbound(app, token, { warehouse: w.code, commodity: 'TIN  BAR', quantity: 1 });
    const t = await app.request('POST', '/api/ownership-transfer/create', {
      token,
      body: { warehouse: w.code, commodity: 'tin bar', quantity: 1, transferor: 'Huaxin  trading', transferee: 'Jinlong Metals', transferDate: '2026-11-22' },
    });
    expect(t.status, t.body.message).toBe(200);
    expect((await find('/api/commodities', 'tin bar')).items.map((c) => c.name)).toEqual(['Tin Bar']);
    expect((await find('/api/commodities', 'lead block')).items.map((c) => c.name)).toEqual(['Lead Block']);
    expect((await find('/api/parties', 'huaxin')).items.map((c) => c.name)).toEqual(['Huaxin Trading']);
    expect((await find('/api/parties', 'jinlong')).items.map((c) => c.name)).toEqual(['Jinlong Metals']);
    const refused = await app.request('POST', '/api/delivery-details', { token, body: { warehouse: w.code, commodity: 'Cobalt Powder', quantity: 1, outboundDate: '2026-11-22' } });
    expect(refused.status).toBe(400);
    expect((await find('/api/commodities', 'cobalt')).total).toBe(0);
  });

  it('delete is refused while a record uses the entry (deactivate instead); an unused one is deleted', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Silver Grain' });
    const [used] = (await find('/api/commodities', 'silver grain')).items;
    const refused = await app.request('DELETE', `/api/commodities/${used!.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^commodity "Silver Grain" is used by IB\d{8}-\d{4} and cannot be deleted; deactivate it instead \(active: false\)$/);
    const off = await app.request('PUT', `/api/commodities/${used!.id}`, { token, body: { active: false } });
    expect(off.body.data.active).toBe(false);
    expect((await app.request('GET', '/api/commodities?active=false&keyword=silver', { token })).body.data.items).toHaveLength(1);
    const unused = await app.request('POST', '/api/parties', { token, body: { name: 'Nobody Ltd' } });
    expect((await app.request('DELETE', `/api/parties/${unused.body.data.id}`, { token })).body.message).toBe('party deleted');
    expect((await app.request('GET', `/api/parties/${unused.body.data.id}`, { token })).status).toBe(404);
  });

  it('an admin merges one commodity into another: its stock, ledger and lots follow, its names mean the other; audited; staff get 403', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Cu Cathode', inboundWeight: 10, blNumber: 'M-1' });
    await makeInbound(app, token, { warehouse: w.code, commodity: 'Copper Cathode Grade A', inboundWeight: 5, blNumber: 'M-1' });
    const from = (await find('/api/commodities', 'cu cathode')).items[0]!;
    const into = (await find('/api/commodities', 'copper cathode grade a')).items[0]!;
    const staff = await signInStaff(app, token);
    const forbidden = await app.request('POST', `/api/commodities/${from.id}/merge`, { token: staff.token, body: { intoId: into.id } });
    expect(forbidden.status).toBe(403);
    expect((await app.request('POST', `/api/commodities/${from.id}/merge`, { token, body: { intoId: from.id } })).status).toBe(400);
    const merged = await app.request('POST', `/api/commodities/${from.id}/merge`, { token, body: { intoId: into.id } });
    expect(merged.status, merged.body.message).toBe(200);
    expect(merged.body).toMatchObject({ message: 'commodity merged', data: { id: into.id, name: 'Copper Cathode Grade A' } });
    expect((await app.request('GET', `/api/commodities/${from.id}`, { token })).status).toBe(404);
    const summary = await app.request('GET', `/api/inventory/summary?warehouse=${w.code}`, { token });
    expect(summary.body.data).toMatchObject([{ commodity: 'Copper Cathode Grade A', inboundQuantity: 15, currentStock: 15 }]);
    // the merged name ships from the joined stock and finds the entry
    await makeOutbound(app, token, { warehouse: w.code, commodity: 'cu cathode', quantity: 12, blNumber: 'M-1' });
    expect(await stockOf(app, token, w.code, 'Cu Cathode')).toMatchObject({ commodity: 'Copper Cathode Grade A', currentStock: 3 });
    const lots = await app.request('GET', `/api/inventory/lots?warehouse=${w.code}`, { token });
    expect(lots.body.data.items).toMatchObject([{ commodity: 'Copper Cathode Grade A', blNumber: 'M-1', inboundQuantity: 15, outboundQuantity: 12, currentStock: 3 }]);
    expect((await find('/api/commodities', 'cu cathode')).items.map((c) => c.id)).toEqual([into.id]);
    const audit = await app.request('GET', `/api/audit?entity=commodity&entityId=${into.id}`, { token });
    expect(audit.body.data.items[0]).toMatchObject({ action: 'merge', before: { merged: { name: 'Cu Cathode' }, into: { name: 'Copper Cathode Grade A' } } });
  });

  it('exports the filtered catalog and imports a sheet all or none, a name already in the catalog being a row error', async () => {
    await app.request('POST', '/api/parties', { token, body: { name: 'Export Party One', kind: 'customer' } });
    const res = await fetch(`${app.url}/api/parties/export?keyword=export%20party&headers=fields`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const book = await readWorkbook(new Uint8Array(await res.arrayBuffer()));
    expect(book.sheets[0]!.rows).toEqual([
      ['name', 'kind', 'contact', 'phone', 'remark'],
      ['Export Party One', 'customer'],
    ]);
    const header = ['name', 'kind', 'contact', 'phone'];
    const upload = async (rows: unknown[][]) => app.upload('POST', '/api/parties/import', { token, files: [['file', 'p.xlsx', await workbook([header, ...rows])]] });
    const refused = await upload([['Import Party A', 'supplier'], ['export  party one'], ['IMPORT PARTY A']]);
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'name'],
      [4, 'name'],
    ]);
    expect((await find('/api/parties', 'import party')).total).toBe(0);
    const ok = await upload([['Import Party A', 'supplier', 'Wang', '139'], ['Import Party B']]);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toEqual({ imported: 2 });
    expect((await find('/api/parties', 'import party')).items).toMatchObject([
      { name: 'Import Party B', kind: null },
      { name: 'Import Party A', kind: 'supplier', contact: 'Wang' },
    ]);
  });
});
