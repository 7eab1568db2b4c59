import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type TestApp } from '../helpers/app.js';
import { expectPrefixPages, prefixRecords } from '../helpers/prefix-pages.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makePickup, makeWarehouse, stockOf } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

async function stocked(quantity = 10) {
  const w = await makeWarehouse(app, token);
  const inbound = await makeInbound(app, token, { warehouse: w.code, inboundWeight: quantity });
  return { w, inbound };
}

describe('outbound orders', () => {
  it('creates in both shapes, with defaults, and takes the quantity from stock', async () => {
    const { w } = await stocked(10);
    const a = await app.request('POST', '/api/delivery-details/create', {
      token,
      body: { warehouse: w.code, commodity: 'copper', quantity: 2.5, unit: 't', outboundDate: '2026-11-20', licensePlate: '沪A1', driverName: '王' },
    });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('outbound order created');
    expect(a.body.data).toMatchObject({
      outboundNumber: expect.stringMatching(/^OB\d{8}-\d{4}$/),
      warehouse: w.name,
      quantity: 2.5,
      outboundStatus: 'completed',
      receiptStatus: 'unconfirmed',
      operator: 'admin',
      deliveryOrderNumber: null,
    });
    const b = await app.request('POST', '/api/delivery-details', {
      token,
      body: { warehouse: w.name, commodity: 'copper', quantity: 1, outboundDate: '2026-11-21', outboundNumber: 'OB-MANUAL-1', outboundStatus: 'pending' },
    });
    expect(b.body.data).toMatchObject({ outboundNumber: 'OB-MANUAL-1', outboundStatus: 'pending' });
    const dup = await app.request('POST', '/api/delivery-details', {
      token,
      body: { warehouse: w.name, commodity: 'copper', quantity: 1, outboundDate: '2026-11-21', outboundNumber: 'OB-MANUAL-1' },
    });
    expect(dup.status).toBe(400);
    // pending orders hold their stock too
    expect(await stockOf(app, token, w.code)).toMatchObject({ inboundQuantity: 10, outboundQuantity: 3.5, currentStock: 6.5 });
  });

  it('deliveryOrderNumber must name a pickup request that is not cancelled', async () => {
    // 10 in all, 5 of them on the request's B/L (makePickup's BL001): an approval reserves in its lot (issue 27)
    const { w } = await stocked(5);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'BL001', inboundWeight: 5 });
    const base = { warehouse: w.code, commodity: 'copper', quantity: 1, outboundDate: '2026-11-20' };
    const none = await app.request('POST', '/api/delivery-details', { token, body: { ...base, deliveryOrderNumber: 'PU19990101-0001' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('deliveryOrderNumber "PU19990101-0001" is not the orderNumber of any pickup request');
    const pickup = await makeApprovedPickup(app, token, { warehouse: w.code });
    const ok = await app.request('POST', '/api/delivery-details', { token, body: { ...base, deliveryOrderNumber: pickup.orderNumber } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.deliveryOrderNumber).toBe(pickup.orderNumber);
    const filtered = await app.request('GET', `/api/delivery-details?deliveryOrderNumber=${pickup.orderNumber}`, { token });
    expect(filtered.body.data.items.map((o: { id: number }) => o.id)).toEqual([ok.body.data.id]);
    const other = await makePickup(app, token, { warehouse: w.code });
    await app.request('PUT', `/api/apply-delivery/${other.id}/cancel`, { token });
    const cancelled = await app.request('PUT', `/api/delivery-details/${ok.body.data.id}`, { token, body: { deliveryOrderNumber: other.orderNumber } });
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.message).toBe(`pickup request ${other.orderNumber} is cancelled; an outbound order cannot refer to it`);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(9);
  });

  it('refuses to take more than the stock, saying how much is available; nothing is written', async () => {
    const { w } = await stocked(40);
    const res = await app.request('POST', '/api/delivery-details', {
      token,
      body: { warehouse: w.code, commodity: 'copper', quantity: 40.001, outboundDate: '2026-11-20' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`insufficient stock: 40 available of copper in ${w.name}; 40.001 requested`);
    const none = await app.request('POST', '/api/delivery-details', {
      token,
      body: { warehouse: w.code, commodity: 'nickel', quantity: 1, outboundDate: '2026-11-20' },
    });
    expect(none.body.message).toBe(`insufficient stock: 0 available of nickel in ${w.name}; 1 requested`);
    expect((await app.request('GET', `/api/delivery-details?warehouse=${w.code}`, { token })).body.data.total).toBe(0);
    expect((await app.request('GET', `/api/inventory/ledger?warehouse=${w.code}`, { token })).body.data.total).toBe(1);
    expect(await stockOf(app, token, w.code)).toMatchObject({ outboundQuantity: 0, currentStock: 40 });
    const exact = await app.request('POST', '/api/delivery-details', { token, body: { warehouse: w.code, commodity: 'copper', quantity: 40, outboundDate: '2026-11-20' } });
    expect(exact.status).toBe(200);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(0);
  });

  it('checks stock on edit, cancel and re-activation', async () => {
    const { w } = await stocked(10);
    const o = await makeOutbound(app, token, { warehouse: w.code, quantity: 4 });
    const tooMuch = await app.request('PUT', `/api/delivery-details/update/${o.id}`, { token, body: { quantity: 10.5 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(`insufficient stock: 10 available of copper in ${w.name}; 10.5 requested`);
    expect((await app.request('GET', `/api/delivery-details/${o.id}`, { token })).body.data.quantity).toBe(4);
    expect((await app.request('PUT', `/api/delivery-details/${o.id}`, { token, body: { quantity: 10 } })).status).toBe(200);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(0);

    const cancel = await app.request('PUT', `/api/delivery-details/${o.id}`, { token, body: { outboundStatus: 'cancelled' } });
    expect(cancel.body.data.outboundStatus).toBe('cancelled');
    expect(await stockOf(app, token, w.code)).toMatchObject({ outboundQuantity: 0, currentStock: 10 });
    // the freed stock goes to another order; re-activating the first is then refused
    await makeOutbound(app, token, { warehouse: w.code, quantity: 3 });
    const again = await app.request('PUT', `/api/delivery-details/${o.id}`, { token, body: { outboundStatus: 'completed' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`insufficient stock: 7 available of copper in ${w.name}; 10 requested`);
    const fits = await app.request('PUT', `/api/delivery-details/${o.id}`, { token, body: { outboundStatus: 'pending', quantity: 7 } });
    expect(fits.status).toBe(200);
    expect(await stockOf(app, token, w.code)).toMatchObject({ outboundQuantity: 10, currentStock: 0 });
    const audit = await app.request('GET', `/api/audit?entity=outboundOrder&entityId=${o.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['status', 'status', 'update', 'create']);
  });

  it('refuses an inbound shrink, move or delete that would leave stock below zero', async () => {
    const { w, inbound } = await stocked(10);
    await makeOutbound(app, token, { warehouse: w.code, quantity: 6 });
    const shrink = await app.request('PUT', `/api/inventory/inbound/${inbound.id}`, { token, body: { inboundWeight: 5 } });
    expect(shrink.status).toBe(400);
    expect(shrink.body.message).toBe(`insufficient stock: 4 available of copper in ${w.name}; this change would take away 5, as much has already gone out`);
    const other = await makeWarehouse(app, token);
    const move = await app.request('PUT', `/api/inventory/inbound/update/${inbound.id}`, { token, body: { warehouse: other.code } });
    expect(move.status).toBe(400);
    const del = await app.request('DELETE', `/api/inventory/inbound/${inbound.id}`, { token });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(`insufficient stock: 4 available of copper in ${w.name}; this change would take away 10, as much has already gone out`);
    expect((await app.request('GET', `/api/inventory/inbound/${inbound.id}`, { token })).body.data.inboundWeight).toBe(10);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(4);
    expect((await app.request('PUT', `/api/inventory/inbound/${inbound.id}`, { token, body: { inboundWeight: 6 } })).status).toBe(200);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(0);
  });

  it('25 concurrent requests against stock for 10 accept exactly 10', async () => {
    const { w } = await stocked(10);
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        app.request('POST', '/api/delivery-details', { token, body: { warehouse: w.code, commodity: 'copper', quantity: 1, outboundDate: '2026-11-20' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body.message).toBe(`insufficient stock: 0 available of copper in ${w.name}; 1 requested`);
    expect(await stockOf(app, token, w.code)).toMatchObject({ outboundQuantity: 10, currentStock: 0 });
    expect((await app.request('GET', `/api/delivery-details?warehouse=${w.code}`, { token })).body.data.total).toBe(10);
  });

  it('reads, lists with filters, deletes in both shapes; delete gives stock back', async () => {
    // 10 in all: the orders name B/Ls, whose lots must hold what they take (issue 27)
    const { w } = await stocked(7);
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'MSKU77', inboundWeight: 1 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'COSU88', inboundWeight: 2 });
    const x = await makeOutbound(app, token, { warehouse: w.code, quantity: 1, blNumber: 'MSKU77', outboundDate: '2026-10-01' });
    const y = await makeOutbound(app, token, { warehouse: w.code, quantity: 2, blNumber: 'COSU88', outboundDate: '2026-10-20', outboundStatus: 'pending', driverName: 'Liu Yang' });
    for (const path of [`/api/delivery-details/detail/${x.id}`, `/api/delivery-details/${x.id}`]) {
      const res = await app.request('GET', path, { token });
      expect(res.body.data).toMatchObject({ id: x.id, blNumber: 'MSKU77' });
    }
    const ids = async (qs: string) =>
      (await app.request('GET', `/api/delivery-details/list?warehouse=${w.code}&${qs}`, { token })).body.data.items.map((i: { id: number }) => i.id);
    expect(await ids('')).toEqual([y.id, x.id]);
    expect(await ids('outboundStatus=pending')).toEqual([y.id]);
    expect(await ids('receiptStatus=unconfirmed')).toEqual([y.id, x.id]);
    expect(await ids('blNumber=MSKU')).toEqual([x.id]);
    expect(await ids(`outboundNumber=${x.outboundNumber}`)).toEqual([x.id]);
    expect(await ids('startDate=2026-10-10&endDate=2026-10-31')).toEqual([y.id]);
    expect(await ids('keyword=yang')).toEqual([y.id]);
    expect(await ids('commodity=copper')).toEqual([y.id, x.id]);
    expect((await app.request('GET', '/api/delivery-details?outboundStatus=shipped', { token })).status).toBe(400);

    expect((await app.request('DELETE', `/api/delivery-details/${x.id}`, { token })).body.message).toBe('outbound order deleted');
    expect((await app.request('DELETE', `/api/delivery-details/${x.id}`, { token })).status).toBe(404);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(8);
  });

  it('number and B/L prefixes page right however many orders they match: totals, newest first, later pages', async () => {
    const { w } = await stocked(100);
    const bl = new Map<number, string | null>();
    const pending = new Set<number>();
    let n = 0;
    const made = await prefixRecords('OBQ', async (outboundNumber) => {
      // B/L numbers BLQA-…, BLQC-… follow the number; the B block has none (NULL)
      const blNumber = outboundNumber.startsWith('OBQB') ? null : outboundNumber.replace('OBQ', 'BLQ');
      const outboundStatus = n++ % 3 === 0 ? 'pending' : 'completed';
      // an order naming a B/L takes from that lot alone (issue 27): its lot is received first
      if (blNumber) await makeInbound(app, token, { warehouse: w.code, blNumber, inboundWeight: 1 });
      const order = await makeOutbound(app, token, { warehouse: w.code, outboundNumber, blNumber, outboundStatus });
      bl.set(order.id, blNumber);
      if (outboundStatus === 'pending') pending.add(order.id);
      return order;
    });
    await expectPrefixPages(app, token, '/api/delivery-details', 'outboundNumber', 'OBQ', made);
    const byBl = made.map((m) => ({ id: m.id, value: bl.get(m.id) ?? '' }));
    await expectPrefixPages(app, token, '/api/delivery-details', 'blNumber', 'BLQ', byBl);
    // with another filter, and with both prefixes at once
    await expectPrefixPages(app, token, '/api/delivery-details', 'outboundNumber', 'OBQ', made, {
      extra: { outboundStatus: 'pending' },
      keep: (m) => pending.has(m.id),
    });
    await expectPrefixPages(app, token, '/api/delivery-details', 'outboundNumber', 'OBQ', made, {
      extra: { blNumber: 'BLQA-0' },
      keep: (m) => (bl.get(m.id) ?? '').startsWith('BLQA-0'),
    });
  });

  it('confirms receipt and keeps a receipt history; refuses for cancelled orders', async () => {
    const { w } = await stocked(10);
    const o = await makeOutbound(app, token, { warehouse: w.code, quantity: 5 });
    const first = await app.request('PUT', `/api/delivery-details/confirm-receipt/${o.id}`, { token, body: { receivedQuantity: 4.5, receiver: '李四', remark: '少半吨' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'receipt confirmed', data: { receiptStatus: 'confirmed' } });
    await app.request('PUT', `/api/delivery-details/confirm-receipt/${o.id}`, { token, body: {} });
    const history = await app.request('GET', `/api/delivery-details/receipt-history/${o.id}`, { token });
    expect(history.body.data).toHaveLength(2);
    expect(history.body.data[0]).toMatchObject({ outboundId: o.id, receivedQuantity: 4.5, receiver: '李四', remark: '少半吨', username: 'admin' });
    expect(history.body.data[1]).toMatchObject({ receivedQuantity: null, receiver: null });
    expect(history.body.data[0].id).toBeLessThan(history.body.data[1].id);
    expect((await app.request('PUT', `/api/delivery-details/confirm-receipt/${o.id}`, { token, body: { receivedQuantity: -1 } })).status).toBe(400);
    expect((await app.request('PUT', '/api/delivery-details/confirm-receipt/999999', { token, body: {} })).status).toBe(404);
    expect((await app.request('GET', '/api/delivery-details/receipt-history/999999', { token })).status).toBe(404);

    const c = await makeOutbound(app, token, { warehouse: w.code, quantity: 1, outboundStatus: 'cancelled' });
    const refused = await app.request('PUT', `/api/delivery-details/confirm-receipt/${c.id}`, { token, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`outbound order ${c.outboundNumber} is cancelled; its receipt cannot be confirmed`);
    expect((await app.request('GET', `/api/delivery-details/receipt-history/${c.id}`, { token })).body.data).toEqual([]);
  });

  it('prints a clean A4 HTML page with every value escaped', async () => {
    const { w } = await stocked(10);
    const o = await makeOutbound(app, token, { warehouse: w.code, quantity: 3, remark: '<script>alert(1)</script> & 备注', driverName: '张"师傅"', unit: '吨' });
    const res = await fetch(`${app.url}/api/delivery-details/print/${o.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('@page { size: A4;');
    expect(html).toContain('"Noto Sans CJK SC"');
    expect(html).toContain('出库单');
    expect(html).toContain(o.outboundNumber);
    expect(html).toContain(w.name);
    expect(html).toContain('3.000 吨');
    // the words of the lists, and the time as a clerk reads it
    expect(html).toContain('已出库 Shipped');
    expect(html).toMatch(/Printed \d{4}-\d{2}-\d{2} \d{2}:\d{2}<\/p>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; 备注');
    expect(html).toContain('张&quot;师傅&quot;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('司机签字');
    const missing = await app.request('GET', '/api/delivery-details/print/999999', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    expect((await app.request('GET', `/api/delivery-details/print/${o.id}`)).status).toBe(401);
  });
});

describe('outbound refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers a 404, insufficient stock, an unknown or cancelled pickup request and a cancelled receipt in Chinese', async () => {
    const missing = await app.request('GET', '/api/delivery-details/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('未找到出库单 999999');
    expect((await app.request('GET', '/api/delivery-details/999999', { token })).body.message).toBe('outbound order 999999 not found');

    const { w } = await stocked(40);
    const base = { warehouse: w.code, commodity: 'copper', quantity: 40.001, outboundDate: '2026-11-20' };
    const short = await app.request('POST', '/api/delivery-details', { token, headers: zh, body: base });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(`库存不足：${w.name}的copper可用 40；需要 40.001`);
    expect((await app.request('POST', '/api/delivery-details', { token, body: base })).body.message).toBe(
      `insufficient stock: 40 available of copper in ${w.name}; 40.001 requested`,
    );

    const none = await app.request('POST', '/api/delivery-details', { token, headers: zh, body: { ...base, quantity: 1, deliveryOrderNumber: 'PU19990101-0001' } });
    expect(none.body.message).toBe('deliveryOrderNumber “PU19990101-0001” 不是任何提货申请的提货单号');
    const pickup = await makePickup(app, token, { warehouse: w.code });
    await app.request('PUT', `/api/apply-delivery/${pickup.id}/cancel`, { token });
    const cancelled = await app.request('POST', '/api/delivery-details', { token, headers: zh, body: { ...base, quantity: 1, deliveryOrderNumber: pickup.orderNumber } });
    expect(cancelled.body.message).toBe(`提货申请 ${pickup.orderNumber} 已取消，出库单不能引用它`);

    const c = await makeOutbound(app, token, { warehouse: w.code, quantity: 1, outboundStatus: 'cancelled' });
    const receipt = await app.request('PUT', `/api/delivery-details/confirm-receipt/${c.id}`, { token, headers: zh, body: {} });
    expect(receipt.status).toBe(400);
    expect(receipt.body.message).toBe(`出库单 ${c.outboundNumber} 已取消，不能确认签收`);
  });
});
