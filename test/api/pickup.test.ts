import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type TestApp } from '../helpers/app.js';
import { expectPrefixPages, prefixRecords } from '../helpers/prefix-pages.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makePickup, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;
let warehouse: { id: number; code: string; name: string };

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
  warehouse = await makeWarehouse(app, token);
  // the requests' B/L (makePickup's BL001) is received: an approval reserves in its lot (issue 27)
  await makeInbound(app, token, { warehouse: warehouse.code, blNumber: 'BL001', inboundWeight: 100000 });
});
afterAll(() => app.close());

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

const full = () => ({
  blNumber: 'COSU6300001',
  licensePlate: '沪A12345',
  driverName: '张师傅',
  driverPhone: '13900000000',
  driverIdCard: '310101199001011234',
  commodity: '电解铜',
  quantity: 25.5,
  unit: '吨',
  deliveryDate: '2026-11-22',
  deliveryAddress: '上海市宝山区',
  warehouse: warehouse.code,
  remark: '',
});

describe('pickup requests', () => {
  it('creates in both shapes: pending, generated orderNumbers in sequence', async () => {
    const a = await app.request('POST', '/api/apply-delivery/create', { token, body: full() });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('pickup request created');
    expect(a.body.data).toMatchObject({ ...full(), warehouse: warehouse.name, warehouseId: warehouse.id, status: 'pending', remark: null });
    expect(a.body.data.orderNumber).toMatch(new RegExp(`^PU${today()}-\\d{4}$`));
    expect(a.body.data.createTime).toBe(a.body.data.updateTime);
    const b = await app.request('POST', '/api/apply-delivery', { token, body: { ...full(), status: 'completed', orderNumber: 'X' } });
    expect(b.body.data.status).toBe('pending');
    const n = Number(a.body.data.orderNumber.slice(-4));
    expect(b.body.data.orderNumber).toBe(`PU${today()}-${String(n + 1).padStart(4, '0')}`);
  });

  it('validates the body; a refused request writes nothing', async () => {
    const before = (await app.request('GET', '/api/apply-delivery', { token })).body.data.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ blNumber: undefined }, 'blNumber is required'],
      [{ quantity: 0 }, 'quantity must be greater than 0'],
      [{ quantity: 1.2345 }, 'quantity may have at most 3 decimals, like 12.345'],
      [{ deliveryDate: '2026-11-31' }, 'deliveryDate is not a real calendar date'],
      [{ warehouse: 'nowhere' }, 'warehouse "nowhere" does not exist: give the code or the name of a warehouse'],
      [{ driverName: 'x'.repeat(101) }, 'driverName must be at most 100 characters'],
    ];
    for (const [change, message] of cases) {
      const res = await app.request('POST', '/api/apply-delivery', { token, body: { ...full(), ...change } });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const bad = await app.request('POST', '/api/apply-delivery', { token, rawBody: '{"blNumber":' });
    expect(bad.status).toBe(400);
    expect((await app.request('GET', '/api/apply-delivery', { token })).body.data.total).toBe(before);
  });

  it('reads one in both shapes; 404 and 400 for unknown and malformed ids', async () => {
    const p = await makePickup(app, token, { warehouse: warehouse.code });
    for (const path of [`/api/apply-delivery/detail/${p.id}`, `/api/apply-delivery/${p.id}`]) {
      const res = await app.request('GET', path, { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: p.id, orderNumber: p.orderNumber });
    }
    expect((await app.request('GET', '/api/apply-delivery/999999', { token })).body).toMatchObject({ success: false, message: 'pickup request 999999 not found' });
    expect((await app.request('GET', '/api/apply-delivery/1.5', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/apply-delivery/detail/abc', { token })).status).toBe(400);
  });

  it('moves along pending → approved → in_progress → completed; then takes no edits', async () => {
    const p = await makePickup(app, token, { warehouse: warehouse.code });
    const step = (path: string, body: unknown) => app.request('PUT', path, { token, body });
    const skip = await step(`/api/apply-delivery/${p.id}`, { status: 'in_progress' });
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe(`pickup request ${p.orderNumber} is pending and cannot become in_progress; from pending it may only become approved or cancelled`);
    expect((await step(`/api/apply-delivery/update/${p.id}`, { status: 'approved', driverName: '新司机' })).body.data).toMatchObject({ status: 'approved', driverName: '新司机' });
    const back = await step(`/api/apply-delivery/${p.id}`, { status: 'pending' });
    expect(back.status).toBe(400);
    expect((await step(`/api/apply-delivery/${p.id}`, { status: 'completed' })).status).toBe(400);
    expect((await step(`/api/apply-delivery/${p.id}`, { status: 'in_progress' })).body.data.status).toBe('in_progress');
    expect((await step(`/api/apply-delivery/${p.id}`, { status: 'approved' })).status).toBe(400);
    expect((await step(`/api/apply-delivery/${p.id}`, { status: 'completed' })).body.data.status).toBe('completed');
    const edit = await step(`/api/apply-delivery/${p.id}`, { remark: 'late' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(`pickup request ${p.orderNumber} is completed and can no longer be changed`);
    const cancel = await app.request('PUT', `/api/apply-delivery/cancel/${p.id}`, { token });
    expect(cancel.status).toBe(400);
    expect(cancel.body.message).toBe(`pickup request ${p.orderNumber} is completed and cannot become cancelled`);
    expect((await step(`/api/apply-delivery/${p.id}`, { status: 'shipped' })).body.message).toBe(
      'status must be one of: Pending (pending), Approved (approved), In progress (in_progress), Completed (completed), Cancelled (cancelled)',
    );
    const audit = await app.request('GET', `/api/audit?entity=pickupRequest&entityId=${p.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['status', 'status', 'status', 'create']);
  });

  it('allows exactly the transitions of the status machine (every pair tried)', async () => {
    const path: Record<string, string[]> = {
      pending: [],
      approved: ['approved'],
      in_progress: ['approved', 'in_progress'],
      completed: ['approved', 'in_progress', 'completed'],
      cancelled: ['cancelled'],
    };
    const allowed = new Set(['pending>approved', 'approved>in_progress', 'in_progress>completed', 'pending>cancelled', 'approved>cancelled', 'in_progress>cancelled']);
    const statuses = Object.keys(path);
    for (const from of statuses) {
      for (const to of statuses) {
        const p = await makePickup(app, token, { warehouse: warehouse.code });
        for (const s of path[from]!) expect((await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: s } })).status).toBe(200);
        const res = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: to } });
        const ok = allowed.has(`${from}>${to}`) || (from === to && from !== 'completed' && from !== 'cancelled');
        expect(res.status, `${from} -> ${to}`).toBe(ok ? 200 : 400);
        const now = (await app.request('GET', `/api/apply-delivery/${p.id}`, { token })).body.data.status;
        expect(now, `${from} -> ${to}`).toBe(ok ? to : from);
      }
    }
  });

  it('cancels from pending, approved and in_progress in both shapes; a cancelled request takes nothing more', async () => {
    const statuses = [[], ['approved'], ['approved', 'in_progress']];
    for (const [i, path] of statuses.entries()) {
      const p = await makePickup(app, token, { warehouse: warehouse.code });
      for (const s of path) await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: s } });
      const url = i % 2 ? `/api/apply-delivery/cancel/${p.id}` : `/api/apply-delivery/${p.id}/cancel`;
      const res = await app.request('PUT', url, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'pickup request cancelled', data: { status: 'cancelled' } });
      const again = await app.request('PUT', `/api/apply-delivery/${p.id}/cancel`, { token });
      expect(again.body.message).toBe(`pickup request ${p.orderNumber} is already cancelled`);
      const edit = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: 'approved' } });
      expect(edit.body.message).toBe(`pickup request ${p.orderNumber} is cancelled and can no longer be changed`);
    }
    const viaUpdate = await makePickup(app, token, { warehouse: warehouse.code });
    expect((await app.request('PUT', `/api/apply-delivery/${viaUpdate.id}`, { token, body: { status: 'cancelled' } })).body.data.status).toBe('cancelled');
    expect((await app.request('PUT', '/api/apply-delivery/999999/cancel', { token })).status).toBe(404);
  });

  it('lists with every filter, newest first, paged', async () => {
    const w = await makeWarehouse(app, token);
    const x = await makePickup(app, token, { warehouse: w.code, blNumber: 'MSKU111', deliveryDate: '2026-09-01', driverName: 'Zhao Lei' });
    const y = await makePickup(app, token, { warehouse: w.name, blNumber: 'COSU222', deliveryDate: '2026-09-15' });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'COSU222', inboundWeight: 5 });
    await app.request('PUT', `/api/apply-delivery/${y.id}`, { token, body: { status: 'approved' } });
    const ids = async (qs: string) => (await app.request('GET', `/api/apply-delivery/list?warehouse=${w.code}&${qs}`, { token })).body.data.items.map((i: { id: number }) => i.id);
    expect(await ids('')).toEqual([y.id, x.id]);
    expect(await ids('status=approved')).toEqual([y.id]);
    expect(await ids('status=pending')).toEqual([x.id]);
    expect(await ids('blNumber=MSKU')).toEqual([x.id]);
    expect(await ids(`orderNumber=${y.orderNumber}`)).toEqual([y.id]);
    expect(await ids('keyword=zhao')).toEqual([x.id]);
    expect(await ids('startDate=2026-09-10')).toEqual([y.id]);
    expect(await ids('endDate=2026-09-10')).toEqual([x.id]);
    const paged = await app.request('GET', `/api/apply-delivery?warehouse=${w.code}&pageSize=1&page=1`, { token });
    expect(paged.body.data).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ id: y.id }] });
    const clamp = await app.request('GET', '/api/apply-delivery?pageSize=1000', { token });
    expect(clamp.body.data.pageSize).toBe(100);
    expect((await app.request('GET', '/api/apply-delivery?status=done', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/apply-delivery?startDate=2026-9-1', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/apply-delivery')).status).toBe(401);
  });

  it('a B/L prefix pages right however many requests it matches: totals, newest first, later pages', async () => {
    const made = await prefixRecords('BLQ', (blNumber) => makePickup(app, token, { warehouse: warehouse.code, blNumber }));
    await expectPrefixPages(app, token, '/api/apply-delivery', 'blNumber', 'BLQ', made);
    // the generated order numbers of today: every request of this file, the newest first
    const all: { id: number; orderNumber: string }[] = [];
    for (let page = 1; page === 1 || all.length % 100 === 0; page++) {
      const items = (await app.request('GET', `/api/apply-delivery?pageSize=100&page=${page}`, { token })).body.data.items;
      if (!items.length) break;
      all.push(...items);
    }
    const byNumber = all.map((p) => ({ id: p.id, value: p.orderNumber }));
    for (const [prefix, pageSize, page] of [
      [`PU${today()}`, 10, 2],
      [`PU${today()}-00`, 7, 3],
      ['PU', 5, 1],
    ] as const) {
      const res = await app.request('GET', `/api/apply-delivery?orderNumber=${prefix}&pageSize=${pageSize}&page=${page}`, { token });
      const want = byNumber.filter((p) => p.value.startsWith(prefix));
      expect({ total: res.body.data.total, ids: res.body.data.items.map((p: { id: number }) => p.id) }).toEqual({
        total: want.length,
        ids: want.slice((page - 1) * pageSize, page * pageSize).map((p) => p.id),
      });
    }
  });

  it('deletes in both shapes (one path); refuses while an outbound order refers to it', async () => {
    const p = await makePickup(app, token, { warehouse: warehouse.code });
    expect((await app.request('DELETE', `/api/apply-delivery/${p.id}`, { token })).body).toMatchObject({ success: true, message: 'pickup request deleted' });
    expect((await app.request('DELETE', `/api/apply-delivery/${p.id}`, { token })).status).toBe(404);

    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'BL001', inboundWeight: 5 });
    const used = await makeApprovedPickup(app, token, { warehouse: w.code });
    const o = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: used.orderNumber });
    const refused = await app.request('DELETE', `/api/apply-delivery/${used.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`pickup request ${used.orderNumber} is referred to by outbound order ${o.outboundNumber}; delete or change that order first`);
    expect((await app.request('GET', `/api/apply-delivery/${used.id}`, { token })).status).toBe(200);
  });

  it('an inactive warehouse takes no new pickup requests, but its requests stay editable', async () => {
    const w = await makeWarehouse(app, token);
    const p = await makePickup(app, token, { warehouse: w.code });
    await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token, body: { status: 'inactive' } });
    const res = await app.request('POST', '/api/apply-delivery', { token, body: { ...full(), warehouse: w.code } });
    expect(res.status).toBe(400);
    expect((await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { warehouse: w.code, remark: 'ok' } })).status).toBe(200);
  });
});

describe('pickup refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers a 404, the status machine and a refused delete in Chinese; without the header in English', async () => {
    const missing = await app.request('GET', '/api/apply-delivery/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: '未找到提货申请 999999' });

    const p = await makePickup(app, token, { warehouse: warehouse.code });
    const skip = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, headers: zh, body: { status: 'in_progress' } });
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe(`提货申请 ${p.orderNumber} 的状态为“待审核”，不能改为“提货中”；“待审核”只能改为“已审核”或“已取消”`);
    const english = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, body: { status: 'in_progress' } });
    expect(english.body.message).toBe(`pickup request ${p.orderNumber} is pending and cannot become in_progress; from pending it may only become approved or cancelled`);

    await app.request('PUT', `/api/apply-delivery/cancel/${p.id}`, { token });
    const edit = await app.request('PUT', `/api/apply-delivery/${p.id}`, { token, headers: zh, body: { remark: 'late' } });
    expect(edit.body.message).toBe(`提货申请 ${p.orderNumber} 已取消，不能再修改`);
    const again = await app.request('PUT', `/api/apply-delivery/cancel/${p.id}`, { token, headers: zh });
    expect(again.body.message).toBe(`提货申请 ${p.orderNumber} 已经取消`);

    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'BL001', inboundWeight: 5 });
    const used = await makeApprovedPickup(app, token, { warehouse: w.code });
    const o = await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: used.orderNumber });
    const refused = await app.request('DELETE', `/api/apply-delivery/${used.id}`, { token, headers: zh });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`出库单 ${o.outboundNumber} 引用了提货申请 ${used.orderNumber}；请先删除或修改该出库单`);
  });
});
