// Refusals name an enum's choices by their words in the request's language, with the code for
// scripts (issue 21, point 3): "category must be one of: Upstream (upstream), …" / "上游（upstream）…".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token = '';

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

describe('enum refusals', () => {
  it('name the choices by their labels in English and in Chinese, in bodies and queries', async () => {
    const en = await app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'F', category: 'shipping' } });
    expect(en.status).toBe(400);
    expect(en.body.message).toContain(
      'category must be one of: Upstream (upstream), Downstream (downstream), Foreign purchase (foreign_purchase), Freight forwarding (freight_forwarding), Logistics (logistics), Other (other)',
    );
    const cn = await app.request('POST', '/api/corp-contract/folders', { token, headers: zh, body: { name: 'F', category: 'shipping' } });
    expect(cn.body.message).toContain(
      'category 必须是以下之一：上游（upstream）、下游（downstream）、外采（foreign_purchase）、货代（freight_forwarding）、物流（logistics）、其他（other）',
    );

    const w = await makeWarehouse(app, token);
    const status = await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token, headers: zh, body: { status: 'closed' } });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('status 必须是以下之一：启用（active）、停用（inactive）');
    const query = await app.request('GET', '/api/delivery-details?outboundStatus=done', { token });
    expect(query.status).toBe(400);
    expect(query.body.message).toBe('outboundStatus must be one of: Pending (pending), Shipped (completed), Cancelled (cancelled)');
  });
});
