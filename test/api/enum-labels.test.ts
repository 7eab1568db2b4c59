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

  // [method, path, body, English, Chinese]: a finance status, a user role, a contract type and an audit action
  const refusals: [string, string, Record<string, unknown> | undefined, string, string][] = [
    [
      'POST',
      '/api/corp-finances/freight-charges',
      { amount: 1, paymentStatus: 'maybe' },
      'paymentStatus must be one of: Unpaid (unpaid), Paid (paid)',
      'paymentStatus 必须是以下之一：未付（unpaid）、已付（paid）',
    ],
    [
      'GET',
      '/api/corp-finances/reconciliations?status=closed',
      undefined,
      'status must be one of: Open (open), Agreed (agreed), Disputed (disputed)',
      'status 必须是以下之一：进行中（open）、已核对一致（agreed）、有争议（disputed）',
    ],
    ['GET', '/api/users?role=boss', undefined, 'role must be one of: Admin (admin), Staff (staff)', 'role 必须是以下之一：管理员（admin）、员工（staff）'],
    [
      'GET',
      '/api/users?status=gone',
      undefined,
      'status must be one of: Awaiting approval (pending), Active (active), Disabled (disabled)',
      'status 必须是以下之一：待审批（pending）、已启用（active）、已停用（disabled）',
    ],
    [
      'GET',
      '/api/reports/contract-execution?contractType=4',
      undefined,
      'contractType must be one of: Purchase (1), Upstream (2), Downstream (3)',
      'contractType 必须是以下之一：采购合同（1）、上游合同（2）、下游合同（3）',
    ],
    [
      'GET',
      '/api/audit?action=erase',
      undefined,
      'action must be one of: Created (create), Updated (update), Deleted (delete), Status changed (status), Merged (merge)',
      'action 必须是以下之一：创建（create）、修改（update）、删除（delete）、状态变更（status）、合并（merge）',
    ],
    ['GET', '/api/parties?active=yes', undefined, 'active must be one of: Active (true), Inactive (false)', 'active 必须是以下之一：启用（true）、停用（false）'],
  ];
  it.each(refusals)('%s %s: in English and in Chinese', async (method, path, body, en, cn) => {
    const english = await app.request(method, path, { token, body });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe(en);
    const chinese = await app.request(method, path, { token, headers: zh, body });
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toBe(cn);
  });
});

describe('the audit log', () => {
  it('filters by action', async () => {
    await makeWarehouse(app, token);
    const created = await app.request('GET', '/api/audit?action=create&pageSize=100', { token });
    expect(created.status).toBe(200);
    expect(created.body.data.items.length).toBeGreaterThan(0);
    expect(new Set(created.body.data.items.map((e: { action: string }) => e.action))).toEqual(new Set(['create']));
  });
});
