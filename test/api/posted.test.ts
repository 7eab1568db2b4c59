// Posted documents (issue 27 item 1; decisions.md "Posted documents, lots and reservations"): an
// inbound order, an outbound order or an ownership transfer changes its stock fields, is cancelled,
// re-activated or deleted only by a user with `warehouse: approve`; other fields and receipt
// confirmations need `warehouse: write`; `reason` is kept in the audit entry. Both route sets, JSON
// and multipart alike. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInWithRoles, startTestApp, stateOf, type TestApp } from '../helpers/app.js';
import { makeInbound, makeOutbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';

let app: TestApp;
let admin: string;
let clerk: string; // warehouse: write
let manager: string; // warehouse: approve

beforeAll(async () => {
  app = await startTestApp();
  admin = (await signInAdmin(app)).token;
  clerk = (await signInWithRoles(app, admin, ['warehouse'])).token;
  manager = (await signInWithRoles(app, admin, ['manager'])).token;
});
afterAll(() => app.close());

async function auditOf(entity: string, entityId: number) {
  const res = await app.request('GET', `/api/audit?entity=${entity}&entityId=${entityId}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.data.items as { action: string; reason: string | null; after: Record<string, unknown> | null }[];
}

/** A warehouse with 100 of copper on B/L POSTED-1, an outbound order of 10 and a transfer of 5 taken from it. */
async function postedDocuments() {
  const w = await makeWarehouse(app, admin);
  const inbound = await makeInbound(app, admin, { warehouse: w.code, blNumber: 'POSTED-1', inboundWeight: 100 });
  const outbound = await makeOutbound(app, admin, { warehouse: w.code, blNumber: 'POSTED-1', quantity: 10 });
  const transfer = await app.request('POST', '/api/ownership-transfer', {
    token: admin,
    body: { transferDate: '2026-11-03', warehouse: w.code, commodity: 'copper', blNumber: 'POSTED-1', quantity: 5, transferor: 'A Co', transferee: 'B Co' },
  });
  expect(transfer.status).toBe(200);
  return { w, inbound, outbound, transfer: transfer.body.data as { id: number; transferNumber: string } };
}

describe('a plain warehouse user (write) and the stock fields of a posted document', () => {
  it('is refused 403 with the roles envelope for stock fields, cancel, re-activate and delete, on both route sets; nothing changes', async () => {
    const { w, inbound, outbound, transfer } = await postedDocuments();
    const state = await stateOf(app);
    const refused = [
      await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: clerk, body: { quantity: 5 } }),
      await app.request('PUT', `/api/delivery-details/update/${outbound.id}`, { token: clerk, body: { outboundDate: '2026-11-05' } }),
      await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: clerk, body: { outboundStatus: 'cancelled', reason: 'driver did not come' } }),
      await app.request('DELETE', `/api/delivery-details/${outbound.id}`, { token: clerk }),
      await app.request('PUT', `/api/inventory/inbound/update/${inbound.id}`, { token: clerk, body: { inboundWeight: 90 } }),
      await app.request('PUT', `/api/inventory/inbound/${inbound.id}`, { token: clerk, body: { blNumber: 'POSTED-2' } }),
      await app.request('DELETE', `/api/inventory/inbound/delete/${inbound.id}`, { token: clerk }),
      await app.request('PUT', `/api/ownership-transfer/${transfer.id}`, { token: clerk, body: { warehouse: w.code, commodity: 'Copper cathode' } }),
      await app.upload('PUT', `/api/ownership-transfer/update/${transfer.id}`, { token: clerk, fields: { quantity: '4' } }),
      await app.request('PUT', `/api/ownership-transfer/${transfer.id}`, { token: clerk, body: { status: 'cancelled' } }),
      await app.request('DELETE', `/api/ownership-transfer/${transfer.id}`, { token: clerk }),
    ];
    for (const res of refused) {
      expect(res.status, res.body.message).toBe(403);
      expect(res.body.message).toContain('you need approve access to warehouse');
      expect(res.body.data).toMatchObject({ area: 'warehouse', level: 'approve' });
    }
    expect(refused[0]!.body.message).toBe(`changing the quantity of posted outbound order ${outbound.outboundNumber}: you need approve access to warehouse`);
    expect(refused[0]!.body.data.fields).toEqual(['quantity']);
    expect(refused[2]!.body.message).toBe(`cancelling posted outbound order ${outbound.outboundNumber}: you need approve access to warehouse`);
    const zh = await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: clerk, headers: { 'accept-language': 'zh' }, body: { quantity: 5 } });
    expect(zh.body.message).toBe(`出库单 ${outbound.outboundNumber} 已过账：修改数量需要仓库的审批权限`);
    expect(await stateOf(app)).toEqual(state);
    expect((await stockOf(app, admin, w.code))?.currentStock).toBe(85);
  });

  it('changes the other fields, sends a stock field unchanged, and confirms receipts (200)', async () => {
    const { inbound, outbound, transfer, w } = await postedDocuments();
    const remark = await app.request('PUT', `/api/delivery-details/${outbound.id}`, {
      token: clerk,
      body: { remark: 'plate corrected', licensePlate: '沪A12345', driverName: 'Wang', quantity: 10, warehouse: w.code, outboundStatus: 'completed' },
    });
    expect(remark.status, remark.body.message).toBe(200);
    expect(remark.body.data).toMatchObject({ remark: 'plate corrected', quantity: 10 });
    expect((await app.request('PUT', `/api/delivery-details/confirm-receipt/${outbound.id}`, { token: clerk, body: { receiver: 'Li' } })).status).toBe(200);
    expect((await app.request('PUT', `/api/inventory/inbound/${inbound.id}`, { token: clerk, body: { owner: 'C Co', contractNumber: 'K-1', inboundWeight: 100 } })).status).toBe(
      200,
    );
    expect((await app.upload('PUT', `/api/ownership-transfer/${transfer.id}`, { token: clerk, fields: { remark: 'signed' } })).status).toBe(200);
  });
});

describe('a manager (approve) corrects, cancels, re-activates and deletes with a reason', () => {
  it('keeps the reason in the audit entry; a reason too long is 400 and changes nothing', async () => {
    const { w, inbound, outbound, transfer } = await postedDocuments();
    const tooLong = await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: manager, body: { quantity: 8, reason: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.errors[0].field).toBe('reason');
    const corrected = await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: manager, body: { quantity: 8, reason: 'weighbridge slip says 8 t' } });
    expect(corrected.status, corrected.body.message).toBe(200);
    expect((await stockOf(app, admin, w.code))?.currentStock).toBe(87);
    expect((await auditOf('outboundOrder', outbound.id))[0]).toMatchObject({ action: 'update', reason: 'weighbridge slip says 8 t', after: { quantity: 8 } });
    const cancelled = await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: manager, body: { outboundStatus: 'cancelled', reason: 'truck turned back' } });
    expect(cancelled.status).toBe(200);
    const again = await app.request('PUT', `/api/delivery-details/${outbound.id}`, { token: manager, body: { outboundStatus: 'completed', reason: 'truck came back' } });
    expect(again.status).toBe(200);
    expect((await auditOf('outboundOrder', outbound.id)).slice(0, 2).map((a) => a.reason)).toEqual(['truck came back', 'truck turned back']);
    const deleted = await app.request('DELETE', `/api/delivery-details/${outbound.id}?reason=${encodeURIComponent('entered twice')}`, { token: manager });
    expect(deleted.status).toBe(200);
    expect((await auditOf('outboundOrder', outbound.id))[0]).toMatchObject({ action: 'delete', reason: 'entered twice' });
    const transferDeleted = await app.request('DELETE', `/api/ownership-transfer/${transfer.id}?reason=void`, { token: manager });
    expect(transferDeleted.status).toBe(200);
    const inboundChanged = await app.request('PUT', `/api/inventory/inbound/${inbound.id}`, { token: manager, body: { inboundWeight: 99 } });
    expect(inboundChanged.status).toBe(200);
    expect((await auditOf('inboundOrder', inbound.id))[0]).toMatchObject({ action: 'update', reason: null });
    const badQuery = await app.request('DELETE', `/api/inventory/inbound/${inbound.id}?reason=${'y'.repeat(600)}`, { token: manager });
    expect(badQuery.status).toBe(400);
    expect((await stockOf(app, admin, w.code))?.currentStock).toBe(99);
  });
});
