import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { makeInbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

async function stocked(quantity = 100) {
  const w = await makeWarehouse(app, token);
  // the transfers name B/L COSU6300001: its lot must hold what they take (issue 27)
  await makeInbound(app, token, { warehouse: w.code, blNumber: 'COSU6300001', inboundWeight: quantity });
  return w;
}

const fields = (warehouse: string, extra: Record<string, string> = {}) => ({
  transferDate: '2026-11-22',
  blNumber: 'COSU6300001',
  quantity: '20.5',
  commodity: 'copper',
  warehouse,
  transferor: '甲公司',
  transferee: '乙公司',
  remark: '货权转移',
  ...extra,
});

describe('ownership transfers', () => {
  it('creates with files in both shapes; the files are served at their url', async () => {
    const w = await stocked();
    const files0 = await app.fileCount();
    const a = await app.upload('POST', '/api/ownership-transfer/create-with-files', {
      token,
      fields: fields(w.code),
      files: [
        ['files', '转让协议.pdf', sampleFiles.pdf()],
        ['files', 'photo.png', sampleFiles.png()],
      ],
    });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('ownership transfer created');
    expect(a.body.data).toMatchObject({
      transferNumber: expect.stringMatching(/^OT\d{8}-\d{4}$/),
      transferDate: '2026-11-22',
      quantity: 20.5,
      warehouse: w.name,
      transferor: '甲公司',
      transferee: '乙公司',
      status: 'completed',
    });
    expect(a.body.data.fileList).toHaveLength(2);
    expect(a.body.data.fileList[0]).toMatchObject({ name: '转让协议.pdf', size: sampleFiles.pdf().length, url: expect.stringMatching(/^ownership\/[A-Za-z0-9_-]{22}\.pdf$/) });
    const served = await fetch(`${app.url}/api/ownership-files/${a.body.data.fileList[0].url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sampleFiles.pdf());

    const b = await app.upload('POST', '/api/ownership-transfer/with-files', { token, fields: fields(w.code, { quantity: '1' }), files: [['files', 'a.txt', sampleFiles.text()]] });
    expect(b.status).toBe(200);
    expect(b.body.data.fileList).toHaveLength(1);
    expect(await app.fileCount()).toBe(files0 + 3);
    expect(await stockOf(app, token, w.code)).toMatchObject({ transferredQuantity: 21.5, currentStock: 78.5 });

    const json = await app.request('POST', '/api/ownership-transfer/with-files', { token, body: { ...fields(w.code), quantity: 1 } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('send this form as multipart/form-data with the file attached');
  });

  it('creates from JSON in both shapes and from a stock row', async () => {
    const w = await stocked(10);
    const a = await app.request('POST', '/api/ownership-transfer/create', { token, body: { ...fields(w.code), quantity: 2, status: 'pending' } });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ quantity: 2, status: 'pending', fileList: [] });
    const b = await app.request('POST', '/api/ownership-transfer', { token, body: { ...fields(w.name), quantity: 3 } });
    expect(b.body.data.status).toBe('completed');
    const fromStock = await app.request('POST', '/api/inventory/transfer/create', {
      token,
      body: { warehouse: w.code, commodity: 'copper', quantity: 4, transferor: 'A', transferee: 'B' },
    });
    expect(fromStock.status).toBe(200);
    const d = new Date();
    const todayIso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(fromStock.body.data).toMatchObject({ transferDate: todayIso, quantity: 4, blNumber: null });
    expect(await stockOf(app, token, w.code)).toMatchObject({ transferredQuantity: 9, currentStock: 1 });
  });

  it('refuses a transfer beyond stock, a bad field or a program; nothing is written, no file kept', async () => {
    const w = await stocked(10);
    const files0 = await app.fileCount();
    const short = await app.upload('POST', '/api/ownership-transfer/create-with-files', {
      token,
      fields: fields(w.code, { quantity: '10.5' }),
      files: [['files', 'a.pdf', sampleFiles.pdf()]],
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(`insufficient stock: 10 available of copper in ${w.name}; 10.5 requested`);
    const badQty = await app.upload('POST', '/api/ownership-transfer/create-with-files', {
      token,
      fields: fields(w.code, { quantity: 'ten' }),
      files: [['files', 'a.pdf', sampleFiles.pdf()]],
    });
    expect(badQty.status).toBe(400);
    expect(badQty.body.message).toBe('quantity must be a number');
    const exe = await app.upload('POST', '/api/ownership-transfer/create-with-files', {
      token,
      fields: fields(w.code, { quantity: '1' }),
      files: [['files', 'setup.exe', sampleFiles.exe()]],
    });
    expect(exe.status).toBe(400);
    const missing = await app.request('POST', '/api/inventory/transfer/create', { token, body: { warehouse: w.code, commodity: 'copper', quantity: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('transferor is required; transferee is required');
    expect(await app.fileCount()).toBe(files0);
    expect((await app.request('GET', `/api/ownership-transfer?warehouse=${w.code}`, { token })).body.data.total).toBe(0);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(10);
  });

  it('reads with fileList in both shapes and lists with every filter', async () => {
    const w = await stocked(100);
    // the transfers name B/Ls MSKU1 and COSU2: their lots must hold what they take (issue 27)
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'MSKU1', inboundWeight: 1 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'COSU2', inboundWeight: 2 });
    const x = (
      await app.upload('POST', '/api/ownership-transfer/create-with-files', {
        token,
        fields: fields(w.code, { transferDate: '2026-03-01', blNumber: 'MSKU1', transferor: 'Huatai Trading', transferee: 'Jinlong', quantity: '1' }),
        files: [['files', 'x.pdf', sampleFiles.pdf()]],
      })
    ).body.data;
    const y = (
      await app.request('POST', '/api/ownership-transfer', {
        token,
        body: {
          ...fields(w.code),
          transferDate: '2026-03-20',
          blNumber: 'COSU2',
          transferor: 'Minmetals',
          transferee: 'Huatai Trading',
          quantity: 2,
          status: 'pending',
          commodity: 'copper',
        },
      })
    ).body.data;
    for (const path of [`/api/ownership-transfer/detail/${x.id}`, `/api/ownership-transfer/${x.id}`]) {
      const res = await app.request('GET', path, { token });
      expect(res.body.data).toMatchObject({ id: x.id, fileList: [{ name: 'x.pdf' }] });
    }
    const ids = async (qs: string) =>
      (await app.request('GET', `/api/ownership-transfer/list?warehouse=${w.code}&${qs}`, { token })).body.data.items.map((i: { id: number }) => i.id);
    expect(await ids('')).toEqual([y.id, x.id]);
    expect(await ids(`transferNumber=${x.transferNumber}`)).toEqual([x.id]);
    expect(await ids('blNumber=COSU')).toEqual([y.id]);
    expect(await ids('status=pending')).toEqual([y.id]);
    expect(await ids('transferor=huatai')).toEqual([x.id]);
    expect(await ids('transferee=huatai')).toEqual([y.id]);
    expect(await ids('commodity=copper')).toEqual([y.id, x.id]);
    expect(await ids('startDate=2026-03-01&endDate=2026-03-01')).toEqual([x.id]);
    expect(await ids('startDate=2026-03-02')).toEqual([y.id]);
    const list = await app.request('GET', `/api/ownership-transfer?warehouse=${w.code}&pageSize=1&page=2`, { token });
    expect(list.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: x.id, fileList: [{ name: 'x.pdf' }] }] });
    expect((await app.request('GET', '/api/ownership-transfer/999999', { token })).status).toBe(404);
    expect((await app.request('GET', '/api/ownership-transfer?status=open', { token })).status).toBe(400);
  });

  it('updates in both shapes: fields, files added and removed, cancel and re-activate with the stock rule', async () => {
    const w = await stocked(10);
    const t = (
      await app.upload('POST', '/api/ownership-transfer/create-with-files', {
        token,
        fields: fields(w.code, { quantity: '6' }),
        files: [
          ['files', 'one.pdf', sampleFiles.pdf()],
          ['files', 'two.png', sampleFiles.png()],
        ],
      })
    ).body.data;
    const files0 = await app.fileCount();
    const a = await app.upload('PUT', `/api/ownership-transfer/update/${t.id}`, {
      token,
      fields: { removeFileIds: String(t.fileList[0].id), remark: 'changed' },
      files: [['files', 'three.jpg', sampleFiles.jpeg()]],
    });
    expect(a.status).toBe(200);
    expect(a.body.data.remark).toBe('changed');
    expect(a.body.data.fileList.map((f: { name: string }) => f.name)).toEqual(['two.png', 'three.jpg']);
    expect(await app.fileCount()).toBe(files0);
    expect((await fetch(`${app.url}/api/ownership-files/${t.fileList[0].url}`)).status).toBe(404);

    const foreign = await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, body: { removeFileIds: [999999] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`removeFileIds: attachment 999999 does not belong to ownership transfer ${t.transferNumber}`);

    const tooMuch = await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, body: { quantity: 11 } });
    expect(tooMuch.body.message).toBe(`insufficient stock: 10 available of copper in ${w.name}; 11 requested`);
    const cancel = await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, body: { status: 'cancelled' } });
    expect(cancel.body.data.status).toBe('cancelled');
    expect(await stockOf(app, token, w.code)).toMatchObject({ transferredQuantity: 0, currentStock: 10 });
    await app.request('POST', '/api/delivery-details', { token, body: { warehouse: w.code, commodity: 'copper', quantity: 5, outboundDate: '2026-11-23' } });
    const reactivate = await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, body: { status: 'completed' } });
    expect(reactivate.status).toBe(400);
    expect(reactivate.body.message).toBe(`insufficient stock: 5 available of copper in ${w.name}; 6 requested`);
    expect((await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, body: { status: 'pending', quantity: 5 } })).body.data).toMatchObject({
      status: 'pending',
      quantity: 5,
    });
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(0);
    const audit = await app.request('GET', `/api/audit?entity=ownershipTransfer&entityId=${t.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['status', 'status', 'update', 'create']);
  });

  it('deletes with its files; its quantity goes back to stock', async () => {
    const w = await stocked(10);
    const files0 = await app.fileCount();
    const t = (
      await app.upload('POST', '/api/ownership-transfer/create-with-files', { token, fields: fields(w.code, { quantity: '4' }), files: [['files', 'x.pdf', sampleFiles.pdf()]] })
    ).body.data;
    expect(await app.fileCount()).toBe(files0 + 1);
    const res = await app.request('DELETE', `/api/ownership-transfer/${t.id}`, { token });
    expect(res.body).toMatchObject({ success: true, message: 'ownership transfer deleted' });
    expect(await app.fileCount()).toBe(files0);
    expect((await app.request('GET', `/api/ownership-transfer/${t.id}`, { token })).status).toBe(404);
    expect((await app.request('DELETE', `/api/ownership-transfer/${t.id}`, { token })).status).toBe(404);
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(10);
  });
});

describe('ownership transfer refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers a 404, a transfer beyond stock and a foreign attachment in Chinese; without the header in English', async () => {
    const missing = await app.request('GET', '/api/ownership-transfer/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('未找到货权转移 999999');
    expect((await app.request('GET', '/api/ownership-transfer/999999', { token })).body.message).toBe('ownership transfer 999999 not found');

    const w = await stocked(10);
    const short = await app.upload('POST', '/api/ownership-transfer/create-with-files', {
      token,
      headers: zh,
      fields: fields(w.code, { quantity: '10.5' }),
      files: [['files', 'a.pdf', sampleFiles.pdf()]],
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(`库存不足：${w.name}的copper可用 10；需要 10.5`);

    const t = (await app.request('POST', '/api/ownership-transfer', { token, body: { ...fields(w.code), quantity: 1 } })).body.data;
    const foreign = await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, headers: zh, body: { removeFileIds: [999999] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`removeFileIds：附件 999999 不属于货权转移 ${t.transferNumber}`);
    expect((await app.request('PUT', `/api/ownership-transfer/${t.id}`, { token, body: { removeFileIds: [999999] } })).body.message).toBe(
      `removeFileIds: attachment 999999 does not belong to ownership transfer ${t.transferNumber}`,
    );
  });
});
