import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, signInStaff, startAdminApp, type TestApp, uniqueName } from '../helpers/app.js';

let app: TestApp;
let adminToken: string;
let token: string;

beforeAll(async () => {
  ({ app, token: adminToken } = await startAdminApp());
  token = (await signInStaff(app, adminToken)).token;
});
afterAll(() => app.close());

const MB = 1024 * 1024;
const getFile = (url: string) => fetch(`${app.url}/api/contract-files/${url}`);

async function newFolder(name = uniqueName('folder'), description?: string) {
  const res = await app.request('POST', '/api/contract/folders', { token, body: { name, description } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

function sendBatch(fields: Record<string, string>, files: [string, string, Uint8Array][]) {
  return app.upload('POST', '/api/contract/batches', { token, fields, files });
}

async function newBatch(folderId: number, files: [string, string, Uint8Array][] = [['files', 'a.pdf', sampleFiles.pdf()]]) {
  const res = await sendBatch({ folderId: String(folderId), batchName: uniqueName('batch') }, files);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function batchCount(): Promise<number> {
  return (await app.request('GET', '/api/contract/batches', { token })).body.data.length;
}

describe('archive folders', () => {
  it('creates, reads, lists, renames and deletes a folder', async () => {
    const created = await app.request('POST', '/api/contract/folders', { token, body: { name: ' 2026 Q4 铁矿 ', description: 'signed originals' } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('folder created');
    const folder = created.body.data;
    expect(folder).toMatchObject({ name: '2026 Q4 铁矿', description: 'signed originals', batchCount: 0 });
    expect(Object.keys(folder).sort()).toEqual(['batchCount', 'createTime', 'description', 'id', 'name', 'updateTime']);

    expect((await app.request('GET', `/api/contract/folders/${folder.id}`, { token })).body.data).toEqual(folder);
    const list = (await app.request('GET', '/api/contract/folders', { token })).body.data;
    expect(list[0]).toEqual(folder);

    const renamed = await app.request('PUT', `/api/contract/folders/${folder.id}`, { token, body: { name: '2026 Q4 closed' } });
    expect(renamed.body.data).toMatchObject({ id: folder.id, name: '2026 Q4 closed', description: 'signed originals' });
    const cleared = await app.request('PUT', `/api/contract/folders/${folder.id}`, { token, body: { description: '' } });
    expect(cleared.body.data).toMatchObject({ name: '2026 Q4 closed', description: null });

    const deleted = await app.request('DELETE', `/api/contract/folders/${folder.id}`, { token });
    expect(deleted.body).toEqual({ success: true, message: 'folder deleted' });
    expect((await app.request('GET', `/api/contract/folders/${folder.id}`, { token })).body).toEqual({ success: false, message: `archive folder ${folder.id} not found` });
  });

  it('refuses a missing or duplicate name, an empty change and unknown or malformed ids', async () => {
    const folder = await newFolder();
    const other = await newFolder();
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/contract/folders', {}, 400, 'name is required'],
      ['POST', '/api/contract/folders', { name: '  ' }, 400, 'name must not be empty'],
      ['POST', '/api/contract/folders', { name: 42 }, 400, 'name must be text'],
      ['POST', '/api/contract/folders', { name: folder.name.toUpperCase() }, 400, `an archive folder named "${folder.name.toUpperCase()}" already exists; choose another name`],
      ['PUT', `/api/contract/folders/${other.id}`, { name: folder.name }, 400, `an archive folder named "${folder.name}" already exists; choose another name`],
      ['PUT', `/api/contract/folders/${other.id}`, {}, 400, 'nothing to change: send name or description'],
      ['PUT', '/api/contract/folders/999999', { name: 'x' }, 404, 'archive folder 999999 not found'],
      ['DELETE', '/api/contract/folders/999999', undefined, 404, 'archive folder 999999 not found'],
      ['GET', '/api/contract/folders/abc', undefined, 400, 'id must be a positive whole number, like 12; got "abc"'],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await app.request(method, path, { token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body).toMatchObject({ success: false, message });
    }
    expect((await app.request('GET', `/api/contract/folders/${other.id}`, { token })).body.data).toEqual(other);
  });

  it('counts batches, and refuses to delete a folder that holds any', async () => {
    const folder = await newFolder();
    const batch = await newBatch(folder.id);
    await newBatch(folder.id);
    expect((await app.request('GET', `/api/contract/folders/${folder.id}`, { token })).body.data.batchCount).toBe(2);
    const refused = await app.request('DELETE', `/api/contract/folders/${folder.id}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`folder is not empty: "${folder.name}" holds 2 batches; delete them first`);
    await app.request('DELETE', `/api/contract/batches/${batch.id}`, { token });
    expect((await app.request('GET', `/api/contract/folders/${folder.id}`, { token })).body.data.batchCount).toBe(1);
  });
});

describe('archive batches', () => {
  it('archives files of any document type with their original names, serves them, and lists by folder', async () => {
    const folder = await newFolder();
    const other = await newFolder();
    const before = await app.fileCount();
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
    const res = await sendBatch({ folderId: String(folder.id), batchName: ' November shipments ', remark: '第一批' }, [
      ['files', '提单-COSU6312345670.pdf', sampleFiles.pdf()],
      ['files', '装箱单.docx', docx],
      ['files', 'notes.txt', sampleFiles.text()],
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('batch archived');
    const batch = res.body.data;
    expect(batch).toMatchObject({ folderId: folder.id, batchName: 'November shipments', remark: '第一批', fileCount: 3 });
    expect(batch.totalSize).toBe(sampleFiles.pdf().length + docx.length + sampleFiles.text().length);
    expect(batch.files.map((f: { name: string }) => f.name)).toEqual(['提单-COSU6312345670.pdf', '装箱单.docx', 'notes.txt']);
    for (const f of batch.files) expect(f.url).toMatch(/^batch_archive\/[A-Za-z0-9_-]{22}\.(pdf|docx|txt)$/);
    expect(await app.fileCount()).toBe(before + 3);

    const served = await getFile(batch.files[1].url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(docx);
    // the archive route does not serve contract uploads under another folder name
    expect((await fetch(`${app.url}/api/contract-files/batch_archive/../uploads/x.pdf`)).status).toBe(404);

    expect((await app.request('GET', `/api/contract/batches/${batch.id}`, { token })).body.data).toEqual(batch);
    const second = await newBatch(folder.id);
    await newBatch(other.id);
    const inFolder = (await app.request('GET', `/api/contract/batches?folderId=${folder.id}`, { token })).body.data;
    expect(inFolder).toEqual([second, batch]);
    const all = (await app.request('GET', '/api/contract/batches', { token })).body.data;
    expect(all.length).toBeGreaterThanOrEqual(3);

    const unknown = await app.request('GET', '/api/contract/batches?folderId=999999', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('archive folder 999999 not found');
    const malformed = await app.request('GET', '/api/contract/batches?folderId=abc', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('folderId must be a number');
  });

  it('refuses bad batches and leaves no row and no file behind', async () => {
    const folder = await newFolder();
    const fields = { folderId: String(folder.id), batchName: 'b' };
    const ok: [string, string, Uint8Array] = ['files', 'a.pdf', sampleFiles.pdf()];
    const cases: [() => ReturnType<typeof sendBatch>, number, string | RegExp][] = [
      [() => sendBatch({ batchName: 'b' }, [ok]), 400, 'folderId is required'],
      [() => sendBatch({ ...fields, folderId: 'x' }, [ok]), 400, 'folderId must be a number'],
      [() => sendBatch({ ...fields, folderId: '999999' }, [ok]), 400, 'folderId 999999 names no archive folder; create the folder first'],
      [() => sendBatch({ folderId: String(folder.id) }, [ok]), 400, 'batchName is required'],
      [() => sendBatch(fields, []), 400, 'files is required: attach 1 to 200 documents to archive'],
      [() => sendBatch(fields, [ok, ['files', 'setup.exe', sampleFiles.exe()]]), 400, '"setup.exe" is a program; programs cannot be uploaded'],
      [() => sendBatch(fields, [ok, ['files', 'scan.pdf', sampleFiles.exe()]]), 400, '"scan.pdf" is a program; programs cannot be uploaded'],
      [() => sendBatch(fields, [ok, ['files', 'tool.bat', sampleFiles.text()]]), 400, '"tool.bat" is a program; programs cannot be uploaded'],
      [() => sendBatch(fields, [ok, ['files', 'empty.pdf', new Uint8Array()]]), 400, '"empty.pdf" is empty'],
      [() => sendBatch(fields, [['other', 'a.pdf', sampleFiles.pdf()]]), 400, 'files are not accepted in the field "other"'],
      [
        () => app.request('POST', '/api/contract/batches', { token, body: fields }) as ReturnType<typeof sendBatch>,
        400,
        'send this form as multipart/form-data with the file attached',
      ],
    ];
    for (const [send, status, message] of cases) {
      const files = await app.fileCount();
      const rows = await batchCount();
      const res = await send();
      expect(res.status, res.body.message).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
      expect(await app.fileCount()).toBe(files);
      expect(await batchCount()).toBe(rows);
    }
  });

  it('refuses a file over 50 MB and more than 200 files', async () => {
    const folder = await newFolder();
    const fields = { folderId: String(folder.id), batchName: 'big' };
    const files = await app.fileCount();
    const huge = await sendBatch(fields, [['files', 'huge.pdf', new Uint8Array(50 * MB + 1)]]);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('a file is larger than 50 MB; each file may be at most 50 MB');
    const many = await sendBatch(
      fields,
      Array.from({ length: 201 }, (_, i): [string, string, Uint8Array] => ['files', `p${i}.pdf`, sampleFiles.pdf()]),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('too many files: at most 200 per request');
    expect(await app.fileCount()).toBe(files);
    const exactly = await newBatch(
      folder.id,
      Array.from({ length: 200 }, (_, i): [string, string, Uint8Array] => ['files', `p${i}.pdf`, sampleFiles.pdf()]),
    );
    expect(exactly.fileCount).toBe(200);
  });

  it('deletes a batch with its files; 404 after, and for unknown ids', async () => {
    const folder = await newFolder();
    const batch = await newBatch(folder.id, [
      ['files', 'a.pdf', sampleFiles.pdf()],
      ['files', 'b.png', sampleFiles.png()],
    ]);
    const before = await app.fileCount();
    const res = await app.request('DELETE', `/api/contract/batches/${batch.id}`, { token });
    expect(res.body).toEqual({ success: true, message: 'batch deleted' });
    expect(await app.fileCount()).toBe(before - 2);
    for (const f of batch.files) expect((await getFile(f.url)).status).toBe(404);
    expect((await app.request('GET', `/api/contract/batches/${batch.id}`, { token })).body).toEqual({ success: false, message: `archive batch ${batch.id} not found` });
    expect((await app.request('DELETE', `/api/contract/batches/${batch.id}`, { token })).status).toBe(404);
    expect((await app.request('GET', '/api/contract/batches/0', { token })).status).toBe(400);
  });

  it('records every change in the audit log', async () => {
    const folder = await newFolder();
    await app.request('PUT', `/api/contract/folders/${folder.id}`, { token, body: { description: 'x' } });
    const batch = await newBatch(folder.id);
    await app.request('DELETE', `/api/contract/batches/${batch.id}`, { token });
    await app.request('DELETE', `/api/contract/folders/${folder.id}`, { token });
    const folderLog = (await app.request('GET', `/api/audit?entity=archiveFolder&entityId=${folder.id}`, { token: adminToken })).body.data.items;
    expect(folderLog.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(folderLog[1].after.description).toBe('x');
    const batchLog = (await app.request('GET', `/api/audit?entity=archiveBatch&entityId=${batch.id}`, { token: adminToken })).body.data.items;
    expect(batchLog.map((e: { action: string }) => e.action)).toEqual(['delete', 'create']);
    expect(batchLog[1].after).toEqual(batch);
  });

  it('needs a token, and documents every archive route', async () => {
    expect((await app.request('GET', '/api/contract/folders')).status).toBe(401);
    expect((await app.request('GET', '/api/contract/batches')).status).toBe(401);
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/contract/folders']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/contract/folders/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/contract/batches']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/contract/batches/{id}']!).sort()).toEqual(['delete', 'get']);
  });
});

describe('refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers an unknown folder, a duplicate name and a non-empty folder in Chinese, and in English without the header', async () => {
    const missing = await app.request('GET', '/api/contract/folders/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: '未找到归档文件夹 999999' });
    expect((await app.request('GET', '/api/contract/folders/999999', { token })).body.message).toBe('archive folder 999999 not found');

    const folder = await newFolder();
    const dup = await app.request('POST', '/api/contract/folders', { token, body: { name: folder.name }, headers: zh });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`已存在名为“${folder.name}”的归档文件夹；请换一个名称`);
    const dupEn = await app.request('POST', '/api/contract/folders', { token, body: { name: folder.name } });
    expect(dupEn.body.message).toBe(`an archive folder named "${folder.name}" already exists; choose another name`);

    await newBatch(folder.id);
    const full = await app.request('DELETE', `/api/contract/folders/${folder.id}`, { token, headers: zh });
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(`文件夹不是空的：“${folder.name}”中有 1 个批次；请先删除这些批次`);
    const fullEn = await app.request('DELETE', `/api/contract/folders/${folder.id}`, { token });
    expect(fullEn.body.message).toBe(`folder is not empty: "${folder.name}" holds 1 batch; delete them first`);

    const noFolder = await app.upload('POST', '/api/contract/batches', {
      token,
      fields: { folderId: '999999', batchName: uniqueName('batch') },
      files: [['files', 'a.pdf', sampleFiles.pdf()]],
      headers: zh,
    });
    expect(noFolder.status).toBe(400);
    expect(noFolder.body.message).toBe('folderId 999999 对应的归档文件夹不存在；请先创建文件夹');
  });
});
