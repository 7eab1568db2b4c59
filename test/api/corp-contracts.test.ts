import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, signInAdmin, signInStaff, startTestApp, type TestApp } from '../helpers/app.js';

let app: TestApp;
let token: string;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

async function newFolder(overrides: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/api/corp-contract/folders', { token, body: { name: unique('folder'), category: 'upstream', ...overrides } });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string; category: string };
}

async function newContract(folderId: number, fields: Record<string, string> = {}) {
  const res = await app.upload('POST', '/api/corp-contract/contracts', {
    token,
    fields: { folderId: String(folderId), contractNumber: unique('HT'), ...fields },
    files: [['file', '合同.pdf', sampleFiles.pdf()]],
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractNumber: string; fileUrl: string; folderId: number };
}

async function auditOf(entity: string, entityId: number) {
  const res = await app.request('GET', `/api/audit?entity=${entity}&entityId=${entityId}`, { token });
  return res.body.data.items as { action: string; before: any; after: any }[];
}

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

describe('corporate contract folders', () => {
  it('creates, reads, lists, updates and deletes a folder, with contractCount', async () => {
    const created = await app.request('POST', '/api/corp-contract/folders', {
      token,
      body: { name: '  2026 上游合同  ', description: '铜', category: 'foreign_purchase', unknownField: 1 },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('folder created');
    const folder = created.body.data;
    expect(folder).toMatchObject({ name: '2026 上游合同', description: '铜', category: 'foreign_purchase', contractCount: 0 });
    expect(folder).not.toHaveProperty('unknownField');

    const one = await app.request('GET', `/api/corp-contract/folders/${folder.id}`, { token });
    expect(one.body.data).toEqual(folder);

    const list = await app.request('GET', '/api/corp-contract/folders?category=foreign_purchase', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((f: any) => f.id)).toContain(folder.id);
    expect(list.body.data.items.every((f: any) => f.category === 'foreign_purchase')).toBe(true);

    const updated = await app.request('PUT', `/api/corp-contract/folders/${folder.id}`, { token, body: { category: 'logistics', description: '' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: '2026 上游合同', category: 'logistics', description: null });

    const del = await app.request('DELETE', `/api/corp-contract/folders/${folder.id}`, { token });
    expect(del.status).toBe(200);
    expect((await app.request('GET', `/api/corp-contract/folders/${folder.id}`, { token })).status).toBe(404);
    expect((await auditOf('corpContractFolder', folder.id)).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses a bad category, a missing name, a duplicate name, bad and unknown ids', async () => {
    const bad = await app.request('POST', '/api/corp-contract/folders', { token, body: { name: unique('f'), category: 'sideways' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(
      'category must be one of: Upstream (upstream), Downstream (downstream), Foreign purchase (foreign_purchase), Freight forwarding (freight_forwarding), Logistics (logistics), Other (other)',
    );
    const noName = await app.request('POST', '/api/corp-contract/folders', { token, body: { category: 'other' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('name is required');

    const folder = await newFolder();
    const dup = await app.request('POST', '/api/corp-contract/folders', { token, body: { name: folder.name, category: 'other' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`a folder named "${folder.name}" already exists; choose another name`);
    const other = await newFolder();
    const rename = await app.request('PUT', `/api/corp-contract/folders/${other.id}`, { token, body: { name: folder.name } });
    expect(rename.status).toBe(400);

    expect((await app.request('GET', '/api/corp-contract/folders/abc', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/corp-contract/folders/999999', { token })).body.message).toBe('folder 999999 not found');
    expect((await app.request('PUT', '/api/corp-contract/folders/999999', { token, body: { name: 'x' } })).status).toBe(404);
    expect((await app.request('DELETE', '/api/corp-contract/folders/999999', { token })).status).toBe(404);
  });

  it('refuses to delete a folder that holds contracts', async () => {
    const folder = await newFolder();
    await newContract(folder.id);
    const res = await app.request('DELETE', `/api/corp-contract/folders/${folder.id}`, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^folder is not empty/);
    expect((await app.request('GET', `/api/corp-contract/folders/${folder.id}`, { token })).body.data.contractCount).toBe(1);
  });

  it('needs a token', async () => {
    expect((await app.request('GET', '/api/corp-contract/folders')).status).toBe(401);
    expect((await app.request('POST', '/api/corp-contract/folders', { body: { name: 'x', category: 'other' } })).status).toBe(401);
  });
});

describe('corporate contracts', () => {
  it('uploads a contract with its file and fields; the file is readable publicly', async () => {
    const folder = await newFolder({ category: 'downstream' });
    const res = await app.upload('POST', '/api/corp-contract/contracts', {
      token,
      fields: {
        folderId: String(folder.id),
        contractNumber: unique('HT'),
        name: '铜精矿销售合同',
        partyA: 'A 公司',
        partyB: 'B 公司',
        signDate: '2026-03-01',
        amount: '1250000.5',
        currency: 'usd',
        remark: '首批',
      },
      files: [['files', 'contract scan.pdf', sampleFiles.pdf()]],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('contract created');
    const c = res.body.data;
    expect(c).toMatchObject({
      folderId: folder.id,
      name: '铜精矿销售合同',
      category: 'downstream',
      partyA: 'A 公司',
      partyB: 'B 公司',
      signDate: '2026-03-01',
      amount: 1250000.5,
      currency: 'USD',
      remark: '首批',
      fileName: 'contract scan.pdf',
      fileSize: sampleFiles.pdf().length,
      details: [],
    });
    expect(c.fileUrl).toMatch(/^files\/[A-Za-z0-9_-]{22}\.pdf$/);
    const file = await fetch(`${app.url}/api/corp-contract-files/${c.fileUrl}`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(sampleFiles.pdf());

    const one = await app.request('GET', `/api/corp-contract/contracts/${c.id}`, { token });
    expect(one.body.data).toEqual(c);
    expect((await auditOf('corpContract', c.id))[0]).toMatchObject({ action: 'create', after: { contractNumber: c.contractNumber, detailCount: 0 } });
  });

  it('refuses a duplicate contractNumber, a missing folder, missing fields, no file, two files and a program; nothing is stored', async () => {
    const folder = await newFolder();
    const existing = await newContract(folder.id);
    const files = await app.fileCount();
    const cases: [Record<string, string>, [string, string, Uint8Array][], string][] = [
      [
        { folderId: String(folder.id), contractNumber: existing.contractNumber },
        [['file', 'a.pdf', sampleFiles.pdf()]],
        `contractNumber "${existing.contractNumber}" is already used by another contract; contract numbers are unique`,
      ],
      [{ folderId: '999999', contractNumber: unique('HT') }, [['file', 'a.pdf', sampleFiles.pdf()]], 'folderId 999999 names no corporate contract folder'],
      [{ contractNumber: unique('HT') }, [['file', 'a.pdf', sampleFiles.pdf()]], 'folderId is required'],
      [{ folderId: String(folder.id) }, [['file', 'a.pdf', sampleFiles.pdf()]], 'contractNumber is required'],
      [{ folderId: String(folder.id), contractNumber: unique('HT') }, [], 'file is required: attach the contract file in the field "file" (or "files")'],
      [
        { folderId: String(folder.id), contractNumber: unique('HT') },
        [
          ['file', 'a.pdf', sampleFiles.pdf()],
          ['files', 'b.pdf', sampleFiles.pdf()],
        ],
        'send one contract file; 2 were sent',
      ],
      [{ folderId: String(folder.id), contractNumber: unique('HT') }, [['file', 'setup.exe', sampleFiles.exe()]], '"setup.exe" is a program; programs cannot be uploaded'],
      [{ folderId: String(folder.id), contractNumber: unique('HT'), amount: 'lots' }, [['file', 'a.pdf', sampleFiles.pdf()]], 'amount must be a number'],
      [{ folderId: String(folder.id), contractNumber: unique('HT'), signDate: '2026-02-30' }, [['file', 'a.pdf', sampleFiles.pdf()]], 'signDate is not a real calendar date'],
      [{ folderId: String(folder.id), contractNumber: unique('HT'), category: 'x' }, [['file', 'a.pdf', sampleFiles.pdf()]], 'category must be one of'],
    ];
    for (const [fields, upload, message] of cases) {
      const res = await app.upload('POST', '/api/corp-contract/contracts', { token, fields, files: upload });
      expect(res.status, message).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    }
    expect(await app.fileCount()).toBe(files);
    const list = await app.request('GET', `/api/corp-contract/contracts?folderId=${folder.id}`, { token });
    expect(list.body.data.total).toBe(1);
  });

  it('lists contracts with their details, filtered by folderId, category and keyword, paged', async () => {
    const a = await newFolder({ category: 'logistics' });
    const b = await newFolder({ category: 'other' });
    const c1 = await newContract(a.id, { name: '运输合同 甲' });
    const c2 = await newContract(a.id, { partyB: '顺丰物流' });
    const c3 = await newContract(b.id, { name: '其他' });
    await app.request('POST', `/api/corp-contract/contracts/${c1.id}/details`, { token, body: { commodity: '运费', quantity: 1, unitPrice: 100 } });

    const byFolder = await app.request('GET', `/api/corp-contract/contracts?folderId=${a.id}`, { token });
    expect(byFolder.body.data.total).toBe(2);
    expect(byFolder.body.data.items.map((c: any) => c.id)).toEqual([c2.id, c1.id]); // newest first
    expect(byFolder.body.data.items[1].details).toHaveLength(1);
    expect(byFolder.body.data.items[1].details[0]).toMatchObject({ commodity: '运费', amount: 100 });

    const byCategory = await app.request('GET', '/api/corp-contract/contracts?category=other', { token });
    expect(byCategory.body.data.items.map((c: any) => c.id)).toContain(c3.id);
    expect(byCategory.body.data.items.every((c: any) => c.category === 'other')).toBe(true);

    const byKeyword = await app.request('GET', `/api/corp-contract/contracts?keyword=${encodeURIComponent('顺丰')}`, { token });
    expect(byKeyword.body.data.items.map((c: any) => c.id)).toEqual([c2.id]);
    const byNumber = await app.request('GET', `/api/corp-contract/contracts?keyword=${encodeURIComponent(c3.contractNumber)}`, { token });
    expect(byNumber.body.data.items.map((c: any) => c.id)).toEqual([c3.id]);

    const paged = await app.request('GET', `/api/corp-contract/contracts?folderId=${a.id}&pageSize=1&page=2`, { token });
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.data.items.map((c: any) => c.id)).toEqual([c1.id]);

    expect((await app.request('GET', '/api/corp-contract/contracts?folderId=abc', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/corp-contract/contracts?category=nope', { token })).status).toBe(400);
    expect((await app.request('GET', '/api/corp-contract/contracts?page=0', { token })).status).toBe(400);
  });

  it('updates contract fields by JSON and replaces the file by multipart; the old file is deleted', async () => {
    const folder = await newFolder();
    const other = await newFolder({ category: 'downstream' });
    const c = await newContract(folder.id, { name: 'old' });
    const json = await app.request('PUT', `/api/corp-contract/contracts/${c.id}`, { token, body: { name: 'new name', folderId: other.id, remark: '' } });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ name: 'new name', folderId: other.id, remark: null, category: 'upstream', fileUrl: c.fileUrl });

    const files = await app.fileCount();
    const multipart = await app.upload('PUT', `/api/corp-contract/contracts/${c.id}`, { token, fields: { amount: '88.5' }, files: [['file', 'v2.png', sampleFiles.png()]] });
    expect(multipart.status, multipart.body.message).toBe(200);
    expect(multipart.body.data).toMatchObject({ name: 'new name', amount: 88.5, fileName: 'v2.png' });
    expect(multipart.body.data.fileUrl).not.toBe(c.fileUrl);
    expect(await app.fileCount()).toBe(files);
    expect((await fetch(`${app.url}/api/corp-contract-files/${c.fileUrl}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/corp-contract-files/${multipart.body.data.fileUrl}`)).status).toBe(200);

    const taken = await newContract(folder.id);
    const dup = await app.request('PUT', `/api/corp-contract/contracts/${c.id}`, { token, body: { contractNumber: taken.contractNumber } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('is already used by another contract');
    const noFolder = await app.request('PUT', `/api/corp-contract/contracts/${c.id}`, { token, body: { folderId: 999999 } });
    expect(noFolder.status).toBe(400);
    const badFile = await app.upload('PUT', `/api/corp-contract/contracts/${c.id}`, { token, fields: { name: 'x' }, files: [['file', 'run.sh', sampleFiles.exe()]] });
    expect(badFile.status).toBe(400);
    expect(await app.fileCount()).toBe(files + 1);
    expect((await app.request('GET', `/api/corp-contract/contracts/${c.id}`, { token })).body.data.name).toBe('new name');
    expect((await app.request('PUT', '/api/corp-contract/contracts/999999', { token, body: { name: 'x' } })).status).toBe(404);
  });

  it('deletes a contract with its lines and its file', async () => {
    const folder = await newFolder();
    const c = await newContract(folder.id);
    const line = await app.request('POST', `/api/corp-contract/contracts/${c.id}/details`, { token, body: { commodity: 'x', quantity: 1 } });
    const files = await app.fileCount();
    const res = await app.request('DELETE', `/api/corp-contract/contracts/${c.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('contract deleted');
    expect(await app.fileCount()).toBe(files - 1);
    expect((await app.request('GET', `/api/corp-contract/contracts/${c.id}`, { token })).status).toBe(404);
    expect((await app.request('PUT', `/api/corp-contract/details/${line.body.data.id}`, { token, body: { remark: 'x' } })).status).toBe(404);
    expect((await app.request('DELETE', `/api/corp-contract/contracts/${c.id}`, { token })).status).toBe(404);
    expect((await auditOf('corpContract', c.id))[0]).toMatchObject({ action: 'delete', before: { id: c.id, detailCount: 1 } });
    expect((await app.request('DELETE', `/api/corp-contract/folders/${folder.id}`, { token })).status).toBe(200);
  });

  it('staff may work with contracts too', async () => {
    const staff = await signInStaff(app, token);
    const res = await app.request('POST', '/api/corp-contract/folders', { token: staff.token, body: { name: unique('staff'), category: 'other' } });
    expect(res.status).toBe(200);
  });
});

describe('detail lines', () => {
  it('creates lines with amount = quantity × unitPrice and lineNo in order; lists them in lineNo order', async () => {
    const c = await newContract((await newFolder()).id);
    const path = `/api/corp-contract/contracts/${c.id}/details`;
    const first = await app.request('POST', path, {
      token,
      body: { commodity: ' 电解铜 ', specification: 'A级', quantity: 3.333, unit: '吨', unitPrice: 1.5, deliveryDate: '2026-12-01', remark: '' },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('detail line created');
    expect(first.body.data).toMatchObject({
      contractId: c.id,
      lineNo: 1,
      commodity: '电解铜',
      specification: 'A级',
      quantity: 3.333,
      unit: '吨',
      unitPrice: 1.5,
      amount: 5,
      deliveryDate: '2026-12-01',
      remark: null,
    });
    const given = await app.request('POST', path, { token, body: { commodity: 'b', quantity: 2, unitPrice: 10, amount: 19.99, lineNo: 10 } });
    expect(given.body.data).toMatchObject({ lineNo: 10, amount: 19.99 });
    const noPrice = await app.request('POST', path, { token, body: { commodity: 'c', quantity: 2 } });
    expect(noPrice.body.data).toMatchObject({ lineNo: 11, unitPrice: null, amount: null });
    const between = await app.request('POST', path, { token, body: { commodity: 'd', quantity: 1, lineNo: 5 } });
    expect(between.body.data.lineNo).toBe(5);

    const list = await app.request('GET', path, { token });
    expect(list.body.data.items.map((d: any) => d.lineNo)).toEqual([1, 5, 10, 11]);
    expect(list.body.data.total).toBe(4);
    const contract = await app.request('GET', `/api/corp-contract/contracts/${c.id}`, { token });
    expect(contract.body.data.details.map((d: any) => d.commodity)).toEqual(['电解铜', 'd', 'b', 'c']);
  });

  it("answers with each page the totals of all the contract's lines: quantity per unit, never across units, and the amount in the contract's currency", async () => {
    const c = await newContract((await newFolder()).id, { amount: '500000', currency: 'usd' });
    const path = `/api/corp-contract/contracts/${c.id}/details`;
    const empty = await app.request('GET', path, { token });
    expect(empty.body.data.summary).toEqual({ quantities: [], amount: null, currency: 'USD' });
    const lines = [
      { commodity: 'Copper cathode', quantity: 25.5, unit: 't', unitPrice: 9800 },
      { commodity: 'Copper cathode', quantity: 0.125, unit: 't', amount: 1225.5 },
      { commodity: 'Copper wire', quantity: 500, unit: 'kg', unitPrice: 10.01 },
      { commodity: 'Copper wire', quantity: 250.25, unit: 'kg' },
      { commodity: 'Samples', quantity: 3 },
    ];
    expect((await app.request('POST', '/api/corp-contract/details/batch', { token, body: { contractId: c.id, details: lines } })).status).toBe(200);
    const page = await app.request('GET', `${path}?pageSize=2&page=2`, { token });
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((d: any) => d.lineNo)).toEqual([3, 4]);
    // all five lines, not the page's two: 249,900 + 1,225.50 + 5,005 (the lines without an amount add nothing)
    expect(page.body.data.summary).toEqual({
      quantities: [
        { unit: 'kg', quantity: 750.25, lines: 2 },
        { unit: 't', quantity: 25.625, lines: 2 },
        { unit: null, quantity: 3, lines: 1 },
      ],
      amount: 256130.5,
      currency: 'USD',
    });
    const doc: any = await (await fetch(`${app.url}/api/openapi.json`)).json();
    expect(JSON.stringify(doc.paths['/api/corp-contract/contracts/{id}/details'].get)).toContain('quantities');
  });

  it('refuses bad lines: taken lineNo, zero quantity, negative price, bad date, missing commodity, unknown contract', async () => {
    const c = await newContract((await newFolder()).id);
    const path = `/api/corp-contract/contracts/${c.id}/details`;
    await app.request('POST', path, { token, body: { commodity: 'a', quantity: 1 } });
    const cases: [unknown, string][] = [
      [{ commodity: 'a', quantity: 1, lineNo: 1 }, 'lineNo 1 is already used in this contract; choose another or leave it out'],
      [{ commodity: 'a', quantity: 0 }, 'quantity must be greater than 0'],
      [{ commodity: 'a', quantity: 1, unitPrice: -1 }, 'unitPrice must be at least 0'],
      [{ commodity: 'a', quantity: 1, deliveryDate: '01/12/2026' }, 'deliveryDate must be a date written YYYY-MM-DD'],
      [{ quantity: 1 }, 'commodity is required'],
      [{ commodity: 'a', quantity: '1x' }, 'quantity must be a number'],
    ];
    for (const [body, message] of cases) {
      const res = await app.request('POST', path, { token, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await app.request('GET', path, { token })).body.data.total).toBe(1);
    expect((await app.request('POST', '/api/corp-contract/contracts/999999/details', { token, body: { commodity: 'a', quantity: 1 } })).status).toBe(404);
    expect((await app.request('GET', '/api/corp-contract/contracts/999999/details', { token })).status).toBe(404);
  });

  it('updates a line, recomputing amount when quantity or unitPrice change, and deletes it', async () => {
    const c = await newContract((await newFolder()).id);
    const line = (await app.request('POST', `/api/corp-contract/contracts/${c.id}/details`, { token, body: { commodity: 'a', quantity: 2, unitPrice: 3 } })).body.data;
    await app.request('POST', `/api/corp-contract/contracts/${c.id}/details`, { token, body: { commodity: 'b', quantity: 1 } });

    const q = await app.request('PUT', `/api/corp-contract/details/${line.id}`, { token, body: { quantity: 4 } });
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({ quantity: 4, unitPrice: 3, amount: 12, commodity: 'a' });
    const fixed = await app.request('PUT', `/api/corp-contract/details/${line.id}`, { token, body: { amount: 11 } });
    expect(fixed.body.data.amount).toBe(11);
    const remark = await app.request('PUT', `/api/corp-contract/details/${line.id}`, { token, body: { remark: 'note' } });
    expect(remark.body.data).toMatchObject({ amount: 11, remark: 'note' });
    const taken = await app.request('PUT', `/api/corp-contract/details/${line.id}`, { token, body: { lineNo: 2 } });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('lineNo 2 is already used in this contract; choose another');
    const bad = await app.request('PUT', `/api/corp-contract/details/${line.id}`, { token, body: { quantity: -1 } });
    expect(bad.status).toBe(400);
    expect((await app.request('PUT', '/api/corp-contract/details/999999', { token, body: { remark: 'x' } })).status).toBe(404);
    expect((await app.request('PUT', '/api/corp-contract/details/x1', { token, body: { remark: 'x' } })).status).toBe(400);

    const del = await app.request('DELETE', `/api/corp-contract/details/${line.id}`, { token });
    expect(del.status).toBe(200);
    expect((await app.request('GET', `/api/corp-contract/contracts/${c.id}/details`, { token })).body.data.items.map((d: any) => d.commodity)).toEqual(['b']);
    expect((await app.request('DELETE', `/api/corp-contract/details/${line.id}`, { token })).status).toBe(404);
    expect((await auditOf('corpContractDetail', line.id)).map((e) => e.action)).toEqual(['delete', 'update', 'update', 'update', 'create']);
  });

  it('creates a batch of lines all or none', async () => {
    const c = await newContract((await newFolder()).id);
    const ok = await app.request('POST', '/api/corp-contract/details/batch', {
      token,
      body: {
        contractId: c.id,
        details: [
          { commodity: 'a', quantity: 1, unitPrice: 0.1 },
          { commodity: 'b', quantity: 3, unitPrice: 0.1 },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('2 detail line(s) created');
    expect(ok.body.data.map((d: any) => [d.lineNo, d.amount])).toEqual([
      [1, 0.1],
      [2, 0.3],
    ]);

    const bad = await app.request('POST', '/api/corp-contract/details/batch', {
      token,
      body: {
        contractId: c.id,
        details: [
          { commodity: 'c', quantity: 1 },
          { commodity: 'd', quantity: 0 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('details.1.quantity must be greater than 0');
    const dupLine = await app.request('POST', '/api/corp-contract/details/batch', {
      token,
      body: {
        contractId: c.id,
        details: [
          { commodity: 'c', quantity: 1, lineNo: 7 },
          { commodity: 'd', quantity: 1, lineNo: 7 },
        ],
      },
    });
    expect(dupLine.status).toBe(400);
    expect(dupLine.body.message).toBe('details.1.lineNo 7 is already used in this contract; choose another or leave it out');
    const noContract = await app.request('POST', '/api/corp-contract/details/batch', { token, body: { contractId: 999999, details: [{ commodity: 'c', quantity: 1 }] } });
    expect(noContract.status).toBe(400);
    expect(noContract.body.message).toBe('contractId 999999 names no corporate contract');
    const empty = await app.request('POST', '/api/corp-contract/details/batch', { token, body: { contractId: c.id, details: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('details must hold at least 1 item');
    expect((await app.request('GET', `/api/corp-contract/contracts/${c.id}/details`, { token })).body.data.total).toBe(2);
  });
});

describe('OpenAPI', () => {
  it('documents the corporate contract routes', async () => {
    const doc: any = await (await fetch(`${app.url}/api/openapi.json`)).json();
    for (const path of [
      '/api/corp-contract/folders',
      '/api/corp-contract/folders/{id}',
      '/api/corp-contract/contracts',
      '/api/corp-contract/contracts/{id}',
      '/api/corp-contract/contracts/{id}/details',
      '/api/corp-contract/details/{id}',
      '/api/corp-contract/details/batch',
      '/api/corp-contract/contracts/{id}/details/import',
      '/api/corp-contract/contracts/{id}/details/export',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});

describe('refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers an unknown detail line, a taken contractNumber and a taken lineNo in Chinese, and in English without the header', async () => {
    const missing = await app.request('PUT', '/api/corp-contract/details/999999', { token, body: { remark: 'x' }, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: '未找到明细行 999999' });
    expect((await app.request('PUT', '/api/corp-contract/details/999999', { token, body: { remark: 'x' } })).body.message).toBe('detail line 999999 not found');

    const folder = await newFolder();
    const c = await newContract(folder.id);
    const send = (headers?: Record<string, string>) =>
      app.upload('POST', '/api/corp-contract/contracts', {
        token,
        fields: { folderId: String(folder.id), contractNumber: c.contractNumber },
        files: [['file', '合同.pdf', sampleFiles.pdf()]],
        headers,
      });
    const taken = await send(zh);
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(`contractNumber “${c.contractNumber}” 已被另一份合同使用；编号必须唯一`);
    expect((await send()).body.message).toBe(`contractNumber "${c.contractNumber}" is already used by another contract; contract numbers are unique`);

    const path = `/api/corp-contract/contracts/${c.id}/details`;
    await app.request('POST', path, { token, body: { commodity: 'a', quantity: 1 } });
    const line = await app.request('POST', path, { token, body: { commodity: 'b', quantity: 1, lineNo: 1 }, headers: zh });
    expect(line.status).toBe(400);
    expect(line.body.message).toBe('lineNo 1 在此合同中已被使用；请换一个或不填');
    const full = await app.request('DELETE', `/api/corp-contract/folders/${folder.id}`, { token, headers: zh });
    expect(full.status).toBe(400);
    expect(full.body.message).toBe('文件夹不是空的：其中有 1 份合同；请先移走或删除这些合同');
  });
});
