// The office's settings (the company name) and the printable pages of inbound orders, pickup
// requests and ownership transfers, which carry it above their title (issue 21, point 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInStaff, startAdminApp, type TestApp } from '../helpers/app.js';
import { makeInbound, makeOutbound, makePickup, makeWarehouse } from '../helpers/warehouse.js';
import { DEFAULT_DOCUMENT_KINDS } from '../../shared/trading.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let staff: Awaited<ReturnType<typeof signInStaff>>;

beforeAll(async () => {
  ({ app, admin } = await startAdminApp());
  staff = await signInStaff(app, admin.token);
});
afterAll(() => app.close());

async function printed(path: string, token = admin.token) {
  const res = await fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
  return res.text();
}

describe('settings', () => {
  it('starts without a company name; an admin sets it (trimmed, audited), staff read it and may not change it', async () => {
    const rules = { selfRegistration: 'open', secondPersonApproves: true, outboundNeedsPickup: false, documentKinds: DEFAULT_DOCUMENT_KINDS };
    expect((await app.request('GET', '/api/settings', { token: staff.token })).body.data).toEqual({ companyName: null, ...rules });
    const denied = await app.request('PUT', '/api/settings', { token: staff.token, body: { companyName: 'X' } });
    expect(denied.status).toBe(403);
    const set = await app.request('PUT', '/api/settings', { token: admin.token, body: { companyName: '  上海示例贸易有限公司 <Ltd> ' } });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ companyName: '上海示例贸易有限公司 <Ltd>', ...rules });
    expect((await app.request('GET', '/api/settings', { token: staff.token })).body.data).toEqual({ companyName: '上海示例贸易有限公司 <Ltd>', ...rules });
    const audit = await app.request('GET', '/api/audit?entity=settings', { token: admin.token });
    expect(audit.body.data.items[0]).toMatchObject({ action: 'update', entity: 'settings', before: { companyName: null }, after: { companyName: '上海示例贸易有限公司 <Ltd>' } });
    // nothing given changes nothing; too long is refused
    expect((await app.request('PUT', '/api/settings', { token: admin.token, body: {} })).body.data).toEqual({ companyName: '上海示例贸易有限公司 <Ltd>', ...rules });
    const long = await app.request('PUT', '/api/settings', { token: admin.token, body: { companyName: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('companyName must be at most 200 characters');
  });
});

describe('printable pages', () => {
  it('prints an inbound order, a pickup request and an ownership transfer with the company name, bilingual labels, list words and local time', async () => {
    await app.request('PUT', '/api/settings', { token: admin.token, body: { companyName: '上海示例贸易有限公司 <Ltd>' } });
    const w = await makeWarehouse(app, admin.token);
    const inbound = await makeInbound(app, admin.token, { warehouse: w.code, inboundWeight: 1234.5, blWeight: 1234, owner: '甲公司 & Co', blNumber: 'BLPRINT1' });
    const html = await printed(`/inventory/inbound/print/${inbound.id}`, staff.token);
    expect(html).toContain('<p class="company">上海示例贸易有限公司 &lt;Ltd&gt;</p>');
    expect(html).toContain('<h1>入库单</h1>');
    expect(html).toContain(`Inbound order ${inbound.inboundNumber}`);
    expect(html).toContain('入库重量 Inbound weight</th><td>1,234.500</td>');
    expect(html).toContain('重量差 Difference</th><td>0.500</td>');
    expect(html).toContain('甲公司 &amp; Co');
    expect(html).toContain(w.name);
    expect(html).toMatch(/Printed \d{4}-\d{2}-\d{2} \d{2}:\d{2}<\/p>/);
    expect(html).not.toContain('<script');

    const pickup = await makePickup(app, admin.token, { warehouse: w.code, quantity: 5, unit: '吨', blNumber: 'BLPRINT1' });
    const pickupHtml = await printed(`/apply-delivery/print/${pickup.id}`);
    expect(pickupHtml).toContain('<h1>提货单</h1>');
    expect(pickupHtml).toContain(`Pickup request ${pickup.orderNumber}`);
    expect(pickupHtml).toContain('数量 Quantity</th><td>5.000 吨</td>');
    expect(pickupHtml).toContain('剩余 Remaining</th><td>5.000 吨</td>');
    expect(pickupHtml).toContain('状态 Status</th><td>待审核 Pending</td>');

    const transfer = await app.request('POST', '/api/ownership-transfer', {
      token: admin.token,
      body: { transferDate: '2026-11-03', warehouse: w.code, commodity: 'copper', quantity: 2, transferor: '甲公司 & Co', transferee: '乙公司', blNumber: 'BLPRINT1' },
    });
    expect(transfer.status).toBe(200);
    const transferHtml = await printed(`/ownership-transfer/print/${transfer.body.data.id}`);
    expect(transferHtml).toContain('<h1>货权转移单</h1>');
    expect(transferHtml).toContain(`Ownership transfer ${transfer.body.data.transferNumber}`);
    expect(transferHtml).toContain('受让方 Transferee</th><td>乙公司</td>');
    expect(transferHtml).toContain('数量 Quantity</th><td>2.000</td>');
    expect(transferHtml).toMatch(/状态 Status<\/th><td>(已完成 Completed|待处理 Pending)<\/td>/);

    // the outbound slip carries the company name too; without one there is no company line
    const outbound = await makeOutbound(app, admin.token, { warehouse: w.code, quantity: 1 });
    expect(await printed(`/delivery-details/print/${outbound.id}`)).toContain('<p class="company">上海示例贸易有限公司 &lt;Ltd&gt;</p>');
    await app.request('PUT', '/api/settings', { token: admin.token, body: { companyName: '' } });
    expect(await printed(`/inventory/inbound/print/${inbound.id}`)).not.toContain('class="company"');

    for (const path of ['/inventory/inbound/print/999999', '/apply-delivery/print/999999', '/ownership-transfer/print/999999']) {
      const missing = await app.request('GET', `/api${path}`, { token: admin.token });
      expect(missing.status, path).toBe(404);
      expect(missing.body.success).toBe(false);
      expect((await app.request('GET', `/api${path.replace('999999', '1')}`)).status).toBe(401);
    }
  });
});
