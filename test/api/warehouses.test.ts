import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { makeInbound, makeWarehouse } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

describe('warehouses', () => {
  it('creates in both shapes and lists all, not paged, by code', async () => {
    const a = await app.request('POST', '/api/inventory/warehouses/create', {
      token,
      body: { code: 'B-01', name: '北京库', address: '北京', contactPerson: '李', contactPhone: '010', remark: '', unknownField: 1 },
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: true, message: 'warehouse created' });
    expect(a.body.data).toMatchObject({ code: 'B-01', name: '北京库', status: 'active', remark: null, address: '北京' });
    expect(a.body.data).not.toHaveProperty('unknownField');
    const b = await app.request('POST', '/api/inventory/warehouses', { token, body: { code: 'A-01', name: 'Alpha', status: 'inactive' } });
    expect(b.status).toBe(200);
    expect(b.body.data.status).toBe('inactive');

    const list = await app.request('GET', '/api/inventory/warehouses', { token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.data)).toBe(true);
    const codes = list.body.data.map((w: { code: string }) => w.code);
    expect(codes.indexOf('A-01')).toBeLessThan(codes.indexOf('B-01'));
    const inactive = await app.request('GET', '/api/inventory/warehouses?status=inactive', { token });
    expect(inactive.body.data.map((w: { code: string }) => w.code)).toEqual(['A-01']);
  });

  it('refuses a duplicate code or name, and a missing code', async () => {
    const w = await makeWarehouse(app, token);
    const code = await app.request('POST', '/api/inventory/warehouses', { token, body: { code: w.code, name: 'other name' } });
    expect(code.status).toBe(400);
    expect(code.body.message).toBe(`a warehouse with code "${w.code}" already exists; choose another code`);
    // named as the field's error too, so a form shows it next to the code
    expect(code.body.data.errors).toEqual([{ field: 'code', message: code.body.message }]);
    const name = await app.request('POST', '/api/inventory/warehouses', { token, body: { code: 'OTHER-CODE', name: w.name } });
    expect(name.status).toBe(400);
    expect(name.body.message).toBe(`a warehouse named "${w.name}" already exists; choose another name`);
    expect(name.body.data.errors).toEqual([{ field: 'name', message: name.body.message }]);
    const missing = await app.request('POST', '/api/inventory/warehouses', { token, body: { name: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('code is required');
    const status = await app.request('POST', '/api/inventory/warehouses', { token, body: { code: 'Z', name: 'Z', status: 'closed' } });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('status must be one of: Active (active), Inactive (inactive)');
  });

  it('updates in both shapes; fields not sent stay', async () => {
    const w = await makeWarehouse(app, token, { address: 'old address' });
    const a = await app.request('PUT', `/api/inventory/warehouses/update/${w.id}`, { token, body: { contactPerson: '张三' } });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ contactPerson: '张三', address: 'old address', code: w.code });
    const b = await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token, body: { address: 'new address' } });
    expect(b.body.data).toMatchObject({ contactPerson: '张三', address: 'new address' });
    const other = await makeWarehouse(app, token);
    const dup = await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token, body: { code: other.code } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('already exists');
    expect((await app.request('PUT', '/api/inventory/warehouses/999999', { token, body: {} })).status).toBe(404);
    expect((await app.request('PUT', '/api/inventory/warehouses/abc', { token, body: {} })).status).toBe(400);
  });

  it('a renamed warehouse keeps its history; movements may name it by code or name', async () => {
    const w = await makeWarehouse(app, token);
    const byCode = await makeInbound(app, token, { warehouse: w.code });
    await makeInbound(app, token, { warehouse: w.name });
    await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token, body: { name: 'Renamed 仓' } });
    const detail = await app.request('GET', `/api/inventory/inbound/${byCode.id}`, { token });
    expect(detail.body.data).toMatchObject({ warehouse: 'Renamed 仓', warehouseId: w.id });
    const list = await app.request('GET', `/api/inventory/inbound/list?warehouse=${encodeURIComponent('Renamed 仓')}`, { token });
    expect(list.body.data.total).toBe(2);
    const summary = await app.request('GET', `/api/inventory/summary?warehouse=${w.code}`, { token });
    expect(summary.body.data).toEqual([
      {
        warehouse: 'Renamed 仓',
        warehouseId: w.id,
        commodity: 'copper',
        inboundQuantity: 20,
        outboundQuantity: 0,
        transferredQuantity: 0,
        currentStock: 20,
        reservedQuantity: 0,
        availableQuantity: 20,
      },
    ]);
  });

  it('refuses movements into unknown or inactive warehouses', async () => {
    const unknown = await app.request('POST', '/api/inventory/inbound', {
      token,
      body: { warehouse: 'no such place', commodity: 'copper', inboundWeight: 1, inboundDate: '2026-11-01' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('warehouse "no such place" does not exist: give the code or the name of a warehouse');
    const w = await makeWarehouse(app, token, { status: 'inactive' });
    const inactive = await app.request('POST', '/api/inventory/inbound', {
      token,
      body: { warehouse: w.code, commodity: 'copper', inboundWeight: 1, inboundDate: '2026-11-01' },
    });
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe(`warehouse "${w.name}" is inactive and takes no new movements; activate it first or choose another`);
    const ledger = await app.request('GET', `/api/inventory/ledger?warehouse=${w.code}`, { token });
    expect(ledger.body.data.total).toBe(0);
  });

  it('deletes an unused warehouse in both shapes and refuses one with movements', async () => {
    const a = await makeWarehouse(app, token);
    const b = await makeWarehouse(app, token);
    expect((await app.request('DELETE', `/api/inventory/warehouses/delete/${a.id}`, { token })).body).toMatchObject({ success: true, message: 'warehouse deleted' });
    expect((await app.request('DELETE', `/api/inventory/warehouses/${b.id}`, { token })).status).toBe(200);
    expect((await app.request('DELETE', `/api/inventory/warehouses/${b.id}`, { token })).status).toBe(404);

    const used = await makeWarehouse(app, token);
    const inbound = await makeInbound(app, token, { warehouse: used.code });
    // even after its only record is gone, its ledger history stays and keeps it
    await app.request('DELETE', `/api/inventory/inbound/${inbound.id}`, { token });
    const refused = await app.request('DELETE', `/api/inventory/warehouses/${used.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`warehouse "${used.name}" has movements and cannot be deleted; set its status to inactive instead`);
    const list = await app.request('GET', '/api/inventory/warehouses', { token });
    expect(list.body.data.some((w: { id: number }) => w.id === used.id)).toBe(true);
  });

  it('needs a token and writes the audit log', async () => {
    expect((await app.request('GET', '/api/inventory/warehouses')).status).toBe(401);
    const w = await makeWarehouse(app, token);
    await app.request('PUT', `/api/inventory/warehouses/${w.id}`, { token, body: { status: 'inactive' } });
    const audit = await app.request('GET', `/api/audit?entity=warehouse&entityId=${w.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['status', 'create']);
    expect(audit.body.data.items[0].before.status).toBe('active');
    expect(audit.body.data.items[0].after.status).toBe('inactive');
  });
});

describe('warehouse refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers a 404, a duplicate, an unknown warehouse and a refused delete in Chinese; without the header in English', async () => {
    const missing = await app.request('PUT', '/api/inventory/warehouses/999999', { token, headers: zh, body: { remark: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('未找到仓库 999999');
    expect((await app.request('PUT', '/api/inventory/warehouses/999999', { token, body: { remark: 'x' } })).body.message).toBe('warehouse 999999 not found');

    const w = await makeWarehouse(app, token);
    const code = await app.request('POST', '/api/inventory/warehouses', { token, headers: zh, body: { code: w.code, name: 'other name' } });
    expect(code.status).toBe(400);
    expect(code.body.message).toBe(`编码为“${w.code}”的仓库已存在；请换一个编码`);
    const name = await app.request('POST', '/api/inventory/warehouses', { token, headers: zh, body: { code: 'OTHER-CODE-ZH', name: w.name } });
    expect(name.body.message).toBe(`名称为“${w.name}”的仓库已存在；请换一个名称`);
    const english = await app.request('POST', '/api/inventory/warehouses', { token, body: { code: w.code, name: 'other name' } });
    expect(english.body.message).toBe(`a warehouse with code "${w.code}" already exists; choose another code`);

    const body = { warehouse: 'no such place', commodity: 'copper', inboundWeight: 1, inboundDate: '2026-11-01' };
    const unknown = await app.request('POST', '/api/inventory/inbound', { token, headers: zh, body });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('仓库“no such place”不存在：请填写仓库的编码或名称');
    const off = await makeWarehouse(app, token, { status: 'inactive' });
    const inactive = await app.request('POST', '/api/inventory/inbound', { token, headers: zh, body: { ...body, warehouse: off.code } });
    expect(inactive.body.message).toBe(`仓库“${off.name}”已停用，不能再办理新业务；请先启用该仓库，或选择其他仓库`);

    await makeInbound(app, token, { warehouse: w.code });
    const refused = await app.request('DELETE', `/api/inventory/warehouses/${w.id}`, { token, headers: zh });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`仓库“${w.name}”已有业务记录，不能删除；请将其状态改为停用`);
    expect((await app.request('DELETE', `/api/inventory/warehouses/${w.id}`, { token })).body.message).toBe(
      `warehouse "${w.name}" has movements and cannot be deleted; set its status to inactive instead`,
    );
  });
});
