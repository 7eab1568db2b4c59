// The gate's search (issue 28): the pickup list's `plate` filter finds any part of a plate, ignoring
// case, spaces, dashes and dots, and `shippable` keeps the requests an outbound order may ship
// against (approved, in_progress). On the run's engine (SQLite, or PostgreSQL in the PostgreSQL pass).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type TestApp } from '../helpers/app.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makePickup, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;
let warehouse: { id: number; code: string; name: string };
const made: Record<string, { id: number; orderNumber: string }> = {};

const numbers = async (query: string) => {
  const res = await app.request('GET', `/api/apply-delivery?warehouse=${encodeURIComponent(warehouse.code)}&pageSize=100&${query}`, { token });
  expect(res.status, res.body.message).toBe(200);
  return { total: res.body.data.total as number, items: (res.body.data.items as { orderNumber: string }[]).map((p) => p.orderNumber).sort() };
};
const sorted = (...names: string[]) => names.map((n) => made[n]!.orderNumber).sort();

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
  warehouse = await makeWarehouse(app, token);
  // the requests' B/L (makePickup's BL001) is received: an approval reserves in its lot (issue 27)
  await makeInbound(app, token, { warehouse: warehouse.code, blNumber: 'BL001', inboundWeight: 100 });
  const base = { warehouse: warehouse.code };
  made.spaced = await makeApprovedPickup(app, token, { ...base, licensePlate: '沪A 12345' });
  made.dotted = await makePickup(app, token, { ...base, licensePlate: '沪A·12399' });
  made.other = await makeApprovedPickup(app, token, { ...base, licensePlate: '苏E-77881' });
  made.fullWidth = await makeApprovedPickup(app, token, { ...base, licensePlate: '浙Ｂ１２３４５' });
  made.none = await makeApprovedPickup(app, token, base);
  // one in progress (something shipped), one completed (all shipped)
  made.inProgress = await makeApprovedPickup(app, token, { ...base, licensePlate: '沪A-12346', quantity: 10 });
  await makeOutbound(app, token, { warehouse: warehouse.code, deliveryOrderNumber: made.inProgress.orderNumber, quantity: 4 });
  made.completed = await makeApprovedPickup(app, token, { ...base, licensePlate: '沪a12347', quantity: 2 });
  await makeOutbound(app, token, { warehouse: warehouse.code, deliveryOrderNumber: made.completed.orderNumber, quantity: 2 });
});
afterAll(() => app.close());

describe('the plate filter', () => {
  it('finds any part of a plate, ignoring case, spaces, dashes and dots', async () => {
    const all = sorted('spaced', 'dotted', 'inProgress', 'completed');
    expect((await numbers('plate=' + encodeURIComponent('沪a-12'))).items).toEqual(all);
    expect((await numbers('plate=' + encodeURIComponent('a 123'))).items).toEqual(all);
    expect((await numbers('plate=' + encodeURIComponent('A·1234'))).items).toEqual(sorted('spaced', 'inProgress', 'completed'));
    expect((await numbers('plate=2345')).items).toEqual(sorted('spaced', 'fullWidth'));
    expect((await numbers('plate=' + encodeURIComponent('e77'))).items).toEqual(sorted('other'));
    // fewer than three letters and digits: still any part
    expect((await numbers('plate=99')).items).toEqual(sorted('dotted'));
    expect((await numbers('plate=' + encodeURIComponent('-E-'))).items).toEqual(sorted('other'));
    expect((await numbers('plate=' + encodeURIComponent('沪A 99999'))).total).toBe(0);
  });

  it('follows a changed plate, and a plate removed is no longer found', async () => {
    const p = await makePickup(app, token, { warehouse: warehouse.code, licensePlate: '京C 55501' });
    expect((await numbers('plate=c555')).items).toEqual([p.orderNumber]);
    const changed = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { licensePlate: '京D-66602' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.licensePlate).toBe('京D-66602');
    expect((await numbers('plate=c555')).total).toBe(0);
    expect((await numbers('plate=d666')).items).toEqual([p.orderNumber]);
    await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { licensePlate: '' } });
    expect((await numbers('plate=d666')).total).toBe(0);
    await app.request('DELETE', `/api/apply-delivery/${p.id}`, { token });
  });

  it('keeps the search key out of the record', async () => {
    const res = await app.request('GET', `/api/apply-delivery/${made.spaced!.id}`, { token });
    expect(res.body.data.licensePlate).toBe('沪A 12345');
    expect(res.body.data).not.toHaveProperty('plateKey');
  });

  it('refuses a plate without a letter or digit, and one over 100 characters', async () => {
    for (const [plate, message] of [
      ['- -', 'plate must hold a letter or digit of the plate, like 沪A12'],
      ['A'.repeat(101), 'plate must be at most 100 characters'],
    ]) {
      const res = await app.request('GET', `/api/apply-delivery?plate=${encodeURIComponent(plate!)}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const zh = await app.request('GET', '/api/apply-delivery?plate=--', { token, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.message).toContain('必须包含车牌的字母或数字');
  });
});

describe('the shippable filter', () => {
  it('keeps approved and in-progress requests, and with the plate finds what the gate may ship', async () => {
    expect((await numbers('shippable=true&plate=' + encodeURIComponent('沪A12'))).items).toEqual(sorted('spaced', 'inProgress'));
    expect((await numbers('shippable=false&plate=' + encodeURIComponent('沪A12'))).items).toEqual(sorted('dotted', 'completed'));
    expect((await numbers('shippable=true')).items).toEqual(sorted('spaced', 'other', 'fullWidth', 'none', 'inProgress'));
    // with an order number instead of a plate
    expect((await numbers(`shippable=true&orderNumber=${made.inProgress!.orderNumber}`)).items).toEqual(sorted('inProgress'));
    expect((await numbers(`shippable=true&orderNumber=${made.completed!.orderNumber}`)).total).toBe(0);
  });

  it('refuses a value that is not true or false', async () => {
    const res = await app.request('GET', '/api/apply-delivery?shippable=maybe', { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('shippable');
  });
});
