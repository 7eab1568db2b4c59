import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';

let app: TestApp;
let token: string;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`;

function localDate(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function newFolder() {
  const res = await app.request('POST', '/api/company/folders', { token, body: { name: unique('folder') } });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; name: string };
}

async function upload(data: Record<string, unknown> | string | undefined, files: [string, string, Uint8Array][] = [['files', '执照.pdf', sampleFiles.pdf()]]) {
  return app.upload('POST', '/api/company/files/upload', {
    token,
    fields: data === undefined ? {} : { data: typeof data === 'string' ? data : JSON.stringify(data) },
    files,
  });
}

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

describe('company folders', () => {
  it('creates, reads, lists, updates and deletes a folder, with fileCount', async () => {
    const created = await app.request('POST', '/api/company/folders', { token, body: { name: ' 营业执照 ', description: '各公司' } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('folder created');
    const folder = created.body.data;
    expect(folder).toMatchObject({ name: '营业执照', description: '各公司', fileCount: 0 });
    expect((await app.request('GET', `/api/company/folders/${folder.id}`, { token })).body.data).toEqual(folder);
    const list = await app.request('GET', `/api/company/folders?keyword=${encodeURIComponent('营业')}`, { token });
    expect(list.body.data.items.map((f: any) => f.id)).toEqual([folder.id]);
    const updated = await app.request('PUT', `/api/company/folders/${folder.id}`, { token, body: { description: null } });
    expect(updated.body.data).toMatchObject({ name: '营业执照', description: null });
    expect((await app.request('DELETE', `/api/company/folders/${folder.id}`, { token })).status).toBe(200);
    expect((await app.request('GET', `/api/company/folders/${folder.id}`, { token })).status).toBe(404);
    const audit = await app.request('GET', `/api/audit?entity=companyFolder&entityId=${folder.id}`, { token });
    expect(audit.body.data.items.map((e: any) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses a missing or duplicate name, unknown ids, and deleting a folder with files', async () => {
    expect((await app.request('POST', '/api/company/folders', { token, body: { name: '  ' } })).body.message).toContain('name must not be empty');
    const folder = await newFolder();
    const dup = await app.request('POST', '/api/company/folders', { token, body: { name: folder.name } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`a folder named "${folder.name}" already exists; choose another name`);
    expect((await app.request('PUT', '/api/company/folders/999999', { token, body: { name: 'x' } })).status).toBe(404);
    expect((await app.request('DELETE', '/api/company/folders/0', { token })).status).toBe(400);
    await upload({ folderId: folder.id });
    const del = await app.request('DELETE', `/api/company/folders/${folder.id}`, { token });
    expect(del.status).toBe(400);
    expect(del.body.message).toMatch(/^folder is not empty/);
    expect((await app.request('GET', `/api/company/folders/${folder.id}`, { token })).body.data.fileCount).toBe(1);
    expect((await app.request('GET', '/api/company/folders')).status).toBe(401);
  });
});

describe('company files', () => {
  it('uploads several files with the data JSON: one record per file, readable at /api/company-files and downloadable by name', async () => {
    const folder = await newFolder();
    const res = await upload(
      { companyName: '星海贸易有限公司', fileCategory: 'licence', expireDate: '2027-06-30', description: '正副本', folderId: String(folder.id), extra: 'ignored' },
      [
        ['files', '营业执照 正本.pdf', sampleFiles.pdf()],
        ['files', 'copy.png', sampleFiles.png()],
      ],
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('2 file(s) uploaded');
    const [a, b] = res.body.data;
    expect(a).toMatchObject({
      folderId: folder.id,
      companyName: '星海贸易有限公司',
      fileCategory: 'licence',
      expireDate: '2027-06-30',
      description: '正副本',
      fileName: '营业执照 正本.pdf',
      fileSize: sampleFiles.pdf().length,
      mimeType: 'application/pdf',
    });
    expect(a).not.toHaveProperty('extra');
    expect(b).toMatchObject({ fileName: 'copy.png', mimeType: 'image/png', companyName: '星海贸易有限公司' });
    expect(a.fileUrl).toMatch(/^company\/[A-Za-z0-9_-]{22}\.pdf$/);

    const read = await fetch(`${app.url}/api/company-files/${a.fileUrl}`);
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(sampleFiles.pdf());

    const dl = await fetch(`${app.url}/api/company/files/${a.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="____ __.pdf"; filename*=UTF-8''${encodeURIComponent('营业执照 正本.pdf')}`);
    expect(new Uint8Array(await dl.arrayBuffer())).toEqual(sampleFiles.pdf());
    expect((await fetch(`${app.url}/api/company/files/${a.id}/download`)).status).toBe(401);
    expect((await app.request('GET', '/api/company/files/999999/download', { token })).status).toBe(404);
  });

  it('uploads without data, and with the fields sent as plain form fields', async () => {
    const bare = await upload(undefined);
    expect(bare.status).toBe(200);
    expect(bare.body.data[0]).toMatchObject({ folderId: null, companyName: null, expireDate: null });
    const folder = await newFolder();
    const plain = await app.upload('POST', '/api/company/files/upload', {
      token,
      fields: { folderId: String(folder.id), companyName: 'Plain Co' },
      files: [['files', 'a.pdf', sampleFiles.pdf()]],
    });
    expect(plain.body.data[0]).toMatchObject({ folderId: folder.id, companyName: 'Plain Co' });
  });

  it('refuses malformed data JSON, bad fields, unknown folder, no file and programs; nothing is stored', async () => {
    const files = await app.fileCount();
    const total = (await app.request('GET', '/api/company/files', { token })).body.data.total;
    const cases: [Record<string, unknown> | string | undefined, [string, string, Uint8Array][] | undefined, string][] = [
      ['{"companyName": "A"', undefined, 'data is not valid JSON'],
      ['[1,2]', undefined, 'data must be a JSON object'],
      [{ expireDate: '2027-02-30' }, undefined, 'data.expireDate is not a real calendar date'],
      [{ folderId: 'three' }, undefined, 'data.folderId must be a number'],
      [{ folderId: 999999 }, undefined, 'folderId 999999 names no company folder'],
      [{ companyName: 'A' }, [], 'files is required: attach one or more files in the field "files"'],
      [
        { companyName: 'A' },
        [
          ['files', 'a.pdf', sampleFiles.pdf()],
          ['files', 'tool.exe', sampleFiles.exe()],
        ],
        '"tool.exe" is a program; programs cannot be uploaded',
      ],
      [{ companyName: 'A' }, [['file', 'a.pdf', sampleFiles.pdf()]], 'files are not accepted in the field "file"'],
    ];
    for (const [data, upl, message] of cases) {
      const res = await upload(data, upl);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await app.fileCount()).toBe(files);
    expect((await app.request('GET', '/api/company/files', { token })).body.data.total).toBe(total);
  });

  it('lists with folderId, companyName, fileCategory, keyword and expiringWithinDays', async () => {
    const folder = await newFolder();
    const tag = unique('cat');
    const soon = (await upload({ folderId: folder.id, companyName: 'Alpha Metals', fileCategory: tag, expireDate: localDate(10) })).body.data[0];
    const expired = (await upload({ folderId: folder.id, companyName: 'Beta 物流', fileCategory: tag, expireDate: localDate(-3) })).body.data[0];
    const later = (await upload({ folderId: folder.id, companyName: 'Alpha Metals', fileCategory: 'tax', expireDate: localDate(90), description: 'VAT 开票信息' })).body.data[0];
    const never = (await upload({ folderId: folder.id, companyName: 'Gamma' })).body.data[0];
    const ids = async (query: string) => (await app.request('GET', `/api/company/files?folderId=${folder.id}&${query}`, { token })).body.data.items.map((f: any) => f.id);

    expect(await ids('')).toEqual([never.id, later.id, expired.id, soon.id]);
    expect(await ids('companyName=alpha')).toEqual([later.id, soon.id]);
    expect(await ids(`fileCategory=${tag}`)).toEqual([expired.id, soon.id]);
    expect(await ids(`keyword=${encodeURIComponent('开票')}`)).toEqual([later.id]);
    expect(await ids('expiringWithinDays=30')).toEqual([expired.id, soon.id]);
    expect(await ids('expiringWithinDays=0')).toEqual([expired.id]);
    expect(await ids('expiringWithinDays=90')).toEqual([later.id, expired.id, soon.id]);
    for (const bad of ['expiringWithinDays=-1', 'expiringWithinDays=abc', 'folderId=x', 'pageSize=0']) {
      expect((await app.request('GET', `/api/company/files?${bad}`, { token })).status, bad).toBe(400);
    }
  });

  it('updates the record fields and moves a file between folders', async () => {
    const a = await newFolder();
    const b = await newFolder();
    const file = (await upload({ folderId: a.id, companyName: 'Old', expireDate: '2026-01-01' })).body.data[0];
    const res = await app.request('PUT', `/api/company/files/${file.id}`, {
      token,
      body: { companyName: 'New Co', expireDate: '', folderId: b.id, fileUrl: 'company/evil', fileName: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ companyName: 'New Co', expireDate: null, folderId: b.id, fileUrl: file.fileUrl, fileName: file.fileName });
    expect((await app.request('GET', `/api/company/folders/${b.id}`, { token })).body.data.fileCount).toBe(1);
    const unfiled = await app.request('PUT', `/api/company/files/${file.id}`, { token, body: { folderId: null } });
    expect(unfiled.body.data.folderId).toBeNull();
    const bad = await app.request('PUT', `/api/company/files/${file.id}`, { token, body: { expireDate: '31.12.2027' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('expireDate must be a date written YYYY-MM-DD');
    expect((await app.request('PUT', `/api/company/files/${file.id}`, { token, body: { folderId: 999999 } })).status).toBe(400);
    expect((await app.request('PUT', '/api/company/files/999999', { token, body: { companyName: 'x' } })).status).toBe(404);
    const audit = await app.request('GET', `/api/audit?entity=companyFile&entityId=${file.id}`, { token });
    expect(audit.body.data.items[1]).toMatchObject({ action: 'update', before: { companyName: 'Old' }, after: { companyName: 'New Co' } });
  });

  it('deletes a record and its bytes', async () => {
    const file = (await upload({ companyName: 'Del' })).body.data[0];
    const files = await app.fileCount();
    const res = await app.request('DELETE', `/api/company/files/${file.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('file deleted');
    expect(await app.fileCount()).toBe(files - 1);
    expect((await fetch(`${app.url}/api/company-files/${file.fileUrl}`)).status).toBe(404);
    expect((await app.request('DELETE', `/api/company/files/${file.id}`, { token })).status).toBe(404);
    expect((await app.request('GET', `/api/company/files/${file.id}/download`, { token })).status).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc: any = await (await fetch(`${app.url}/api/openapi.json`)).json();
    for (const path of [
      '/api/company/folders',
      '/api/company/folders/{id}',
      '/api/company/files',
      '/api/company/files/upload',
      '/api/company/files/{id}',
      '/api/company/files/{id}/download',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});

describe('refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers an unknown folder, a duplicate name, a non-empty folder and malformed data in Chinese, and in English without the header', async () => {
    const missing = await app.request('GET', '/api/company/folders/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: '未找到文件夹 999999' });
    expect((await app.request('GET', '/api/company/folders/999999', { token })).body.message).toBe('folder 999999 not found');
    const noFile = await app.request('DELETE', '/api/company/files/999999', { token, headers: zh });
    expect(noFile.body).toEqual({ success: false, message: '未找到公司文件 999999' });

    const folder = await newFolder();
    const dup = await app.request('POST', '/api/company/folders', { token, body: { name: folder.name }, headers: zh });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`已存在名为“${folder.name}”的文件夹；请换一个名称`);
    expect((await app.request('POST', '/api/company/folders', { token, body: { name: folder.name } })).body.message).toBe(
      `a folder named "${folder.name}" already exists; choose another name`,
    );

    await upload({ folderId: folder.id });
    const full = await app.request('DELETE', `/api/company/folders/${folder.id}`, { token, headers: zh });
    expect(full.status).toBe(400);
    expect(full.body.message).toBe('文件夹不是空的：其中有 1 个文件；请先移走或删除这些文件');
    expect((await app.request('DELETE', `/api/company/folders/${folder.id}`, { token })).body.message).toBe('folder is not empty: it holds 1 file(s); move or delete them first');

    const bad = await app.upload('POST', '/api/company/files/upload', {
      token,
      fields: { data: '{"companyName": "A"' },
      files: [['files', '执照.pdf', sampleFiles.pdf()]],
      headers: zh,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('data 不是有效的 JSON：请发送一个 JSON 对象，例如 {"companyName":"A 公司","expireDate":"2027-06-30"}');
  });
});
