import { Kysely, SqliteDialect } from 'kysely';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import type { Database } from '../../server/db/tables.js';
import { listContracts } from '../../server/routes/contracts/contracts.service.js';
import { newDataDir, sampleFiles, signInStaff, startAdminApp, type TestApp } from '../helpers/app.js';
import { operationAt } from '../helpers/openapi.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { onPostgres } from '../helpers/postgres.js';

let app: TestApp;
let adminToken: string;
let token: string;

beforeAll(async () => {
  ({ app, token: adminToken } = await startAdminApp());
  token = (await signInStaff(app, adminToken)).token;
});
afterAll(() => app.close());

const MB = 1024 * 1024;

async function upload(fields: Record<string, string>, files: [string, string, Uint8Array][] = [pdfFile()]) {
  return app.upload('POST', '/api/contract/upload', { token, fields, files });
}

async function create(overrides: Record<string, string | undefined> = {}, files?: [string, string, Uint8Array][]) {
  const res = await upload(contractForm(overrides), files);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function contractCount(): Promise<number> {
  return (await app.request('GET', '/api/contract', { token })).body.data.length;
}

/** Runs a request that must be refused, and checks it left no row and no file behind. */
async function refused(send: () => Promise<{ status: number; body: { success: boolean; message: string } }>, status: number, message: string | RegExp) {
  const files = await app.fileCount();
  const rows = await contractCount();
  const res = await send();
  expect(res.status, res.body.message).toBe(status);
  expect(res.body.success).toBe(false);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(await app.fileCount()).toBe(files);
  expect(await contractCount()).toBe(rows);
}

const getFile = (url: string) => fetch(`${app.url}/api/contract-files/${url}`);

describe('POST /contract/upload', () => {
  it('creates a contract with numbers parsed, bill-of-lading numbers normalised and every file kept', async () => {
    const before = await app.fileCount();
    const res = await upload(contractForm({ count: ' 1200.5 ', unitPrice: '0', BLNumber: ' BL001 ; BL002;;BL003；BL004 ; ', remarks: '', packaging: '吨袋' }), [
      ['files', '采购合同-签字版.pdf', sampleFiles.pdf()],
      ['files', 'scan page 2.png', sampleFiles.png()],
      ['files', '照片.JPG', sampleFiles.jpeg()],
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('contract created');
    const c = res.body.data;
    expect(c).toMatchObject({
      contractType: '1',
      buyParty: 'Cargodesk Trading Ltd',
      count: 1200.5,
      unitPrice: 0,
      blNumber: 'BL001;BL002;BL003;BL004',
      remarks: null,
      packaging: '吨袋',
      deliveryTime: null,
    });
    expect(c.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(c.files.map((f: { name: string }) => f.name)).toEqual(['采购合同-签字版.pdf', 'scan page 2.png', '照片.JPG']);
    expect(c.files.map((f: { mimeType: string }) => f.mimeType)).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
    for (const f of c.files) {
      expect(f.url).toMatch(/^uploads\/[A-Za-z0-9_-]{22}\.(pdf|png|jpg)$/);
      expect(f.url).not.toContain('合同');
    }
    expect(c.files[0].size).toBe(sampleFiles.pdf().length);
    expect(await app.fileCount()).toBe(before + 3);

    // attachments are public, served with their bytes intact
    const pdf = await getFile(c.files[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(sampleFiles.pdf());

    const read = await app.request('GET', `/api/contract/${c.id}`, { token });
    expect(read.body.data).toEqual(c);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const big = new Uint8Array(10 * MB);
    big.set(sampleFiles.pdf());
    const c = await create({}, [['files', 'big.pdf', big]]);
    expect(c.files[0].size).toBe(10 * MB);
  });

  it('refuses each missing required field, naming it', async () => {
    for (const field of ['name', 'contractType', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'count', 'unitPrice', 'BLNumber']) {
      await refused(() => upload(contractForm({ [field]: undefined })), 400, `${field} is required`);
    }
    await refused(() => upload(contractForm({ name: '   ' })), 400, 'name must not be empty');
  });

  it('refuses bad values with a message a clerk can act on', async () => {
    await refused(() => upload(contractForm({ contractType: '4' })), 400, 'contractType must be one of: Purchase (1), Upstream (2), Downstream (3)');
    await refused(() => upload(contractForm({ contractType: 'purchase' })), 400, 'contractType must be one of: Purchase (1), Upstream (2), Downstream (3)');
    await refused(() => upload(contractForm({ count: 'abc' })), 400, 'count must be a number');
    await refused(() => upload(contractForm({ count: '12 tons' })), 400, 'count must be a number');
    await refused(() => upload(contractForm({ count: '0' })), 400, 'count must be greater than 0');
    await refused(() => upload(contractForm({ count: '-5' })), 400, 'count must be greater than 0');
    await refused(() => upload(contractForm({ count: '1e999' })), 400, 'count must be a finite number');
    await refused(() => upload(contractForm({ unitPrice: '-0.01' })), 400, 'unitPrice must be at least 0');
    await refused(() => upload(contractForm({ unitPrice: 'NaN' })), 400, 'unitPrice must be a number');
    const sixteen = Array.from({ length: 16 }, (_, i) => `BL${i}`).join(';');
    await refused(() => upload(contractForm({ BLNumber: sixteen })), 400, 'BLNumber holds 16 numbers; at most 15 are allowed');
    await refused(() => upload(contractForm({ BLNumber: ' ; ;' })), 400, 'BLNumber must hold at least one bill-of-lading number');
  });

  it('accepts exactly 15 bill-of-lading numbers', async () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => `BL${i}`);
    const c = await create({ BLNumber: fifteen.join(' ; ') });
    expect(c.blNumber).toBe(fifteen.join(';'));
  });

  it('refuses files that are not PDF or image by their bytes, too large, too many or missing, keeping nothing', async () => {
    await refused(() => upload(contractForm(), [['files', 'invoice.pdf', sampleFiles.exe()]]), 400, '"invoice.pdf" is a program; programs cannot be uploaded');
    await refused(
      () => upload(contractForm(), [['files', 'notes.pdf', sampleFiles.text()]]),
      400,
      '"notes.pdf" is not a PDF or an image (judged by its content); scan it to PDF, JPEG or PNG',
    );
    await refused(() => upload(contractForm(), [['files', 'notes.txt', sampleFiles.text()]]), 400, /^"notes.txt" is not a PDF or an image/);
    // one good file and one bad: nothing is kept
    await refused(() => upload(contractForm(), [pdfFile(), ['files', 'x.png', sampleFiles.text()]]), 400, /^"x.png" is not a PDF or an image/);
    const tooBig = new Uint8Array(10 * MB + 1);
    tooBig.set(sampleFiles.pdf());
    await refused(() => upload(contractForm(), [pdfFile(), ['files', 'big.pdf', tooBig]]), 413, 'a file is larger than 10 MB; each file may be at most 10 MB');
    await refused(() => upload(contractForm(), []), 400, 'files is required: attach 1 to 20 scans of the contract (PDF or image)');
    await refused(
      () =>
        upload(
          contractForm(),
          Array.from({ length: 21 }, (_, i) => pdfFile(`p${i}.pdf`)),
        ),
      400,
      'too many files: at most 20 per request',
    );
    await refused(() => upload(contractForm(), [['attachment', 'a.pdf', sampleFiles.pdf()]]), 400, 'files are not accepted in the field "attachment"');
    await refused(() => app.request('POST', '/api/contract/upload', { token, body: contractForm() }), 400, 'send this form as multipart/form-data with the file attached');
  });

  it('accepts 20 files', async () => {
    const c = await create(
      {},
      Array.from({ length: 20 }, (_, i) => pdfFile(`page ${i}.pdf`)),
    );
    expect(c.files).toHaveLength(20);
  });

  it('needs a token', async () => {
    await refused(() => app.upload('POST', '/api/contract/upload', { fields: contractForm(), files: [pdfFile()] }), 401, /sign in/);
    expect((await app.request('GET', '/api/contract')).status).toBe(401);
  });
});

describe('GET /contract', () => {
  it('lists newest first, with files, filtered by contractType and keyword', async () => {
    const tag = `kw${Date.now()}`;
    const a = await create({ contractType: '2', commodity: `copper ${tag}` });
    const b = await create({ contractType: '3', sellParty: `Seller ${tag}` }, [pdfFile('b1.pdf'), ['files', 'b2.png', sampleFiles.png()]]);
    const c = await create({ contractType: '3', BLNumber: `${tag}X` });

    const all = await app.request('GET', '/api/contract', { token });
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body.data)).toBe(true);
    const ids = all.body.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const byKeyword = (await app.request('GET', `/api/contract?keyword=${tag}`, { token })).body.data;
    expect(byKeyword.map((x: { id: number }) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(byKeyword[1].files.map((f: { name: string }) => f.name)).toEqual(['b1.pdf', 'b2.png']);

    const downstream = (await app.request('GET', `/api/contract?contractType=3&keyword=${tag}`, { token })).body.data;
    expect(downstream.map((x: { id: number }) => x.id)).toEqual([c.id, b.id]);
    const upstream = (await app.request('GET', '/api/contract?contractType=2', { token })).body.data;
    expect(upstream.every((x: { contractType: string }) => x.contractType === '2')).toBe(true);
    expect(upstream.some((x: { id: number }) => x.id === a.id)).toBe(true);

    for (const bad of ['4', '0', 'purchase']) {
      const res = await app.request('GET', `/api/contract?contractType=${bad}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('contractType must be one of: Purchase (1), Upstream (2), Downstream (3)');
    }
    expect((await app.request('GET', '/api/contract?keyword=no-such-contract-anywhere', { token })).body.data).toEqual([]);
  });

  it('finds a keyword in any case, follows edits and deletes, and takes keywords of one or two characters', async () => {
    const tag = `Zq${Date.now()}`;
    const a = await create({ buyParty: `Jiangsu ${tag} Copper` });
    const ids = async (keyword: string) => (await app.request('GET', `/api/contract?keyword=${encodeURIComponent(keyword)}`, { token })).body.data.map((x: { id: number }) => x.id);
    expect(await ids(tag.toLowerCase())).toEqual([a.id]);
    expect(await ids(`${tag} copper`.toUpperCase())).toEqual([a.id]);
    expect(await ids(`${tag}%`)).toEqual([]); // a literal %, not a wildcard
    expect(await ids('Zq')).toContain(a.id);
    expect(await ids('Z')).toContain(a.id);
    expect((await app.request('PUT', `/api/contract/${a.id}`, { token, body: { buyParty: 'Someone else' } })).status).toBe(200);
    expect(await ids(tag)).toEqual([]);
    expect(await ids('someone ELSE')).toContain(a.id);
    expect((await app.request('DELETE', `/api/contract/${a.id}`, { token })).status).toBe(200);
    expect(await ids('someone ELSE')).not.toContain(a.id);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await app.request('GET', '/api/contract/999999', { token })).body).toEqual({ success: false, message: 'contract 999999 not found' });
    const bad = await app.request('GET', '/api/contract/abc', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a positive whole number, like 12; got "abc"');
  });
});

describe('PUT /contract/:id', () => {
  it('changes only the fields sent (JSON, either spelling of blNumber)', async () => {
    const c = await create();
    const res = await app.request('PUT', `/api/contract/${c.id}`, { token, body: { unitPrice: 110.25, blNumber: ' A1 ;A2 ', remarks: 'revised', unknownField: 'ignored' } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('contract updated');
    const { updateTime: _u, unitPrice: _p, blNumber: _b, remarks: _r, ...unchanged } = c;
    expect(res.body.data).toMatchObject({ ...unchanged, unitPrice: 110.25, blNumber: 'A1;A2', remarks: 'revised' });
    expect(res.body.data).not.toHaveProperty('unknownField');
    const upper = await app.request('PUT', `/api/contract/${c.id}`, { token, body: { BLNumber: 'B1;B2;B3', remarks: '' } });
    expect(upper.body.data).toMatchObject({ blNumber: 'B1;B2;B3', remarks: null });
  });

  it('accepts multipart fields, with the same rules', async () => {
    const c = await create();
    const res = await app.upload('PUT', `/api/contract/${c.id}`, { token, fields: { count: '75', contractType: '2', pickUpTime: '2026-12-01' } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ count: 75, contractType: '2', pickUpTime: '2026-12-01', name: c.name });
    const bad = await app.upload('PUT', `/api/contract/${c.id}`, { token, fields: { count: 'many' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('count must be a number');
  });

  it('refuses bad values, files, empty bodies and unknown ids, changing nothing', async () => {
    const c = await create();
    const sixteen = Array.from({ length: 16 }, (_, i) => `N${i}`).join(';');
    const cases: [unknown, string][] = [
      [{ blNumber: sixteen }, 'blNumber holds 16 numbers; at most 15 are allowed'],
      [{ count: '12' }, 'count must be a number'],
      [{ count: 0 }, 'count must be greater than 0'],
      [{ contractType: 1 }, 'contractType must be one of: Purchase (1), Upstream (2), Downstream (3)'],
      [{ name: '' }, 'name must not be empty'],
      [{}, 'nothing to change: send at least one contract field'],
    ];
    for (const [body, message] of cases) {
      const res = await app.request('PUT', `/api/contract/${c.id}`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    await refused(() => app.upload('PUT', `/api/contract/${c.id}`, { token, fields: { remarks: 'x' }, files: [pdfFile()] }), 400, 'files are not accepted in the field "files"');
    expect((await app.request('GET', `/api/contract/${c.id}`, { token })).body.data).toEqual(c);
    const missing = await app.request('PUT', '/api/contract/999999', { token, body: { remarks: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('contract 999999 not found');
  });
});

describe('POST /contract/:id/update-files', () => {
  it('adds files, removes files and changes fields in one step; removed bytes are gone', async () => {
    const c = await create({}, [pdfFile('old-1.pdf'), pdfFile('old-2.pdf')]);
    const before = await app.fileCount();
    const res = await app.upload('POST', `/api/contract/${c.id}/update-files`, {
      token,
      fields: { removeFileIds: `[${c.files[0].id}]`, remarks: '签字版替换草稿' },
      files: [['files', '新合同.png', sampleFiles.png()]],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.remarks).toBe('签字版替换草稿');
    expect(res.body.data.files.map((f: { name: string }) => f.name)).toEqual(['old-2.pdf', '新合同.png']);
    expect(await app.fileCount()).toBe(before);
    expect((await getFile(c.files[0].url)).status).toBe(404);
    expect((await getFile(res.body.data.files[1].url)).status).toBe(200);

    // comma-separated ids work too
    const again = await app.upload('POST', `/api/contract/${c.id}/update-files`, {
      token,
      fields: { removeFileIds: `${c.files[1].id}` },
      files: [pdfFile('third.pdf')],
    });
    expect(again.body.data.files.map((f: { name: string }) => f.name)).toEqual(['新合同.png', 'third.pdf']);

    // without new files the same can be sent as JSON
    const json = await app.request('POST', `/api/contract/${c.id}/update-files`, { token, body: { removeFileIds: [again.body.data.files[0].id], count: 9 } });
    expect(json.status, json.body.message).toBe(200);
    expect(json.body.data).toMatchObject({ count: 9, files: [{ name: 'third.pdf' }] });
  });

  it('refuses foreign file ids, removing the last file, bad fields and bad files, changing nothing', async () => {
    const c = await create();
    const other = await create();
    const same = async () => expect((await app.request('GET', `/api/contract/${c.id}`, { token })).body.data).toEqual(c);
    const path = `/api/contract/${c.id}/update-files`;
    await refused(
      () => app.upload('POST', path, { token, fields: { removeFileIds: `${other.files[0].id}` }, files: [pdfFile()] }),
      400,
      `removeFileIds: file ${other.files[0].id} is not an attachment of contract ${c.id}`,
    );
    await refused(
      () => app.upload('POST', path, { token, fields: { removeFileIds: `${c.files[0].id}` } }),
      400,
      'a contract keeps at least one attachment: add a file before removing the last one',
    );
    await refused(() => app.upload('POST', path, { token, fields: { removeFileIds: 'x,y' } }), 400, /^removeFileIds\.0 must be a number/);
    await refused(() => app.upload('POST', path, { token, fields: { count: 'lots' }, files: [pdfFile()] }), 400, 'count must be a number');
    await refused(() => app.upload('POST', path, { token, files: [['files', 'run.pdf', sampleFiles.exe()]] }), 400, '"run.pdf" is a program; programs cannot be uploaded');
    await refused(() => app.upload('POST', path, { token, fields: {} }), 400, 'nothing to change: send at least one contract field, files to add or removeFileIds');
    await refused(() => app.upload('POST', '/api/contract/999999/update-files', { token, files: [pdfFile()] }), 404, 'contract 999999 not found');
    await same();
    expect((await getFile(c.files[0].url)).status).toBe(200);
  });
});

describe('DELETE /contract/:id', () => {
  it('removes the record and its files', async () => {
    const c = await create({}, [pdfFile('a.pdf'), ['files', 'b.png', sampleFiles.png()]]);
    const before = await app.fileCount();
    const res = await app.request('DELETE', `/api/contract/${c.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'contract deleted' });
    expect(await app.fileCount()).toBe(before - 2);
    for (const f of c.files) expect((await getFile(f.url)).status).toBe(404);
    expect((await app.request('GET', `/api/contract/${c.id}`, { token })).status).toBe(404);
    expect((await app.request('DELETE', `/api/contract/${c.id}`, { token })).body).toEqual({ success: false, message: `contract ${c.id} not found` });
  });
});

describe('POST /contract/batch-upload', () => {
  it('creates every contract with its own files', async () => {
    const before = await app.fileCount();
    const contracts = [
      { ...contractForm(), count: 10, unitPrice: 5.5 },
      { ...contractForm({ contractType: '3' }), count: '20', unitPrice: '7', BLNumber: undefined, blNumber: 'X1;X2' },
    ];
    const res = await app.upload('POST', '/api/contract/batch-upload', {
      token,
      fields: { contracts: JSON.stringify(contracts) },
      files: [
        ['files_1', '第二份.pdf', sampleFiles.pdf()],
        ['files_0', 'first.pdf', sampleFiles.pdf()],
        ['files_0', 'first-2.jpg', sampleFiles.jpeg()],
      ],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('2 contracts created');
    const [a, b] = res.body.data;
    expect(a).toMatchObject({ count: 10, unitPrice: 5.5, contractType: '1' });
    expect(a.files.map((f: { name: string }) => f.name)).toEqual(['first.pdf', 'first-2.jpg']);
    expect(b).toMatchObject({ count: 20, unitPrice: 7, contractType: '3', blNumber: 'X1;X2' });
    expect(b.files.map((f: { name: string }) => f.name)).toEqual(['第二份.pdf']);
    expect(await app.fileCount()).toBe(before + 3);
  });

  it('creates nothing when any contract or file is refused', async () => {
    const send = (contracts: unknown, files: [string, string, Uint8Array][]) => () =>
      app.upload('POST', '/api/contract/batch-upload', { token, fields: { contracts: typeof contracts === 'string' ? contracts : JSON.stringify(contracts) }, files });
    const good = () => contractForm();
    const twoFiles: [string, string, Uint8Array][] = [
      ['files_0', 'a.pdf', sampleFiles.pdf()],
      ['files_1', 'b.pdf', sampleFiles.pdf()],
    ];
    await refused(send([good(), { ...good(), count: 'abc' }], twoFiles), 400, 'contracts.1.count must be a number');
    await refused(
      send([good(), { ...good(), name: undefined, contractType: '9' }], twoFiles),
      400,
      'contracts.1.name is required; contracts.1.contractType must be one of: Purchase (1), Upstream (2), Downstream (3)',
    );
    await refused(send([good(), good()], [twoFiles[0]!]), 400, 'contracts.1 has no files: attach at least one scan in files_1');
    await refused(send([good()], twoFiles), 400, 'files_1 has no contract: contracts holds 1 item (files_0 to files_0)');
    await refused(send([good(), good()], [twoFiles[0]!, ['files_1', 'b.pdf', sampleFiles.text()]]), 400, /^"b.pdf" is not a PDF or an image/);
    await refused(send([good()], [['files', 'a.pdf', sampleFiles.pdf()]]), 400, 'files are not accepted in the field "files"');
    await refused(send('not json', twoFiles), 400, 'contracts must be a JSON array of contract objects');
    await refused(send([], twoFiles), 400, 'contracts must hold at least 1 item');
  });

  it('creates nothing when the database refuses the second contract', async () => {
    // a trigger makes the insert of one contract fail after the first was written
    const { sql } = await import('kysely');
    if (onPostgres) {
      await sql`CREATE FUNCTION block_second() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.name = 'blocked' THEN RAISE EXCEPTION 'blocked'; END IF; RETURN NEW; END $$`.execute(
        app.server.db,
      );
      await sql`CREATE TRIGGER block_second BEFORE INSERT ON contracts FOR EACH ROW EXECUTE FUNCTION block_second()`.execute(app.server.db);
    } else await sql`CREATE TRIGGER block_second BEFORE INSERT ON contracts WHEN NEW.name = 'blocked' BEGIN SELECT RAISE(ABORT, 'blocked'); END`.execute(app.server.db);
    try {
      await refused(
        () =>
          app.upload('POST', '/api/contract/batch-upload', {
            token,
            fields: { contracts: JSON.stringify([contractForm(), contractForm({ name: 'blocked' })]) },
            files: [
              ['files_0', 'a.pdf', sampleFiles.pdf()],
              ['files_1', 'b.pdf', sampleFiles.pdf()],
            ],
          }),
        500,
        'something went wrong on the server; it has been logged',
      );
    } finally {
      await sql`DROP TRIGGER block_second${onPostgres ? sql` ON contracts` : sql``}`.execute(app.server.db);
    }
  });
});

describe('audit and documentation', () => {
  it('records create, update and delete of a contract with before and after', async () => {
    const c = await create();
    await app.request('PUT', `/api/contract/${c.id}`, { token, body: { remarks: 'audited' } });
    await app.upload('POST', `/api/contract/${c.id}/update-files`, { token, files: [pdfFile('more.pdf')] });
    await app.request('DELETE', `/api/contract/${c.id}`, { token });
    const audit = await app.request('GET', `/api/audit?entity=contract&entityId=${c.id}`, { token: adminToken });
    expect(audit.status).toBe(200);
    const entries = audit.body.data.items;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(entries[3].after).toEqual(c);
    expect(entries[2].after.remarks).toBe('audited');
    expect(entries[1].after.files).toHaveLength(2);
    expect(entries[0].before.id).toBe(c.id);
    expect(entries[0].after).toBeNull();
  });

  it('describes every contract route in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/contract']!)).toEqual(['get']);
    expect(doc.paths['/api/contract/upload']!.post).toBeDefined();
    expect(doc.paths['/api/contract/batch-upload']!.post).toBeDefined();
    expect(Object.keys(doc.paths['/api/contract/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    // the published /contract/{id}/update-files cannot be told from /contract/folders/{id}: an alias of its twin
    expect(operationAt(doc, 'post', '/api/contract/{id}/update-files')).toBe(doc.paths['/api/contract/update-files/{id}']!.post);
    // every contract and archive route carries an example answer, in the envelope
    type Operation = { responses: Record<string, { content?: Record<string, { example?: { success: boolean } }> }> };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/contract/') || path === '/api/contract')
      .flatMap(([path, methods]) => Object.entries(methods as Record<string, Operation>).map(([method, op]) => [`${method} ${path}`, op] as const));
    expect(operations).toHaveLength(17);
    // the export (.xlsx) aside, every answer is the envelope with an example
    const answers = operations.filter(([, op]) => op.responses['200']!.content!['application/json']);
    expect(answers.map(([name]) => name)).toHaveLength(16);
    for (const [name, op] of answers) expect(op.responses['200']!.content!['application/json']!.example?.success, name).toBe(true);
  });
});

describe('listing many contracts', () => {
  it('lists 10,000 contracts with their 20,000 files in two queries', async () => {
    const { db: plain, sqlite } = await openDatabase(join(await newDataDir(), 'list.sqlite'));
    const queries: string[] = [];
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void queries.push(e.query.sql) });
    try {
      const time = new Date().toISOString();
      await plain.transaction().execute(async (trx) => {
        for (let start = 1; start <= 10_000; start += 500) {
          const ids = Array.from({ length: 500 }, (_, i) => start + i);
          await trx
            .insertInto('contracts')
            .values(
              ids.map((id) => ({
                id,
                name: `c${id}`,
                contractType: String((id % 3) + 1),
                contractCode: `PC${id}`,
                buyParty: 'b',
                sellParty: 's',
                commodity: 'ore',
                count: id,
                unitPrice: 1,
                blNumber: `BL${id}`,
                createTime: time,
                updateTime: time,
              })),
            )
            .execute();
          await trx
            .insertInto('contractFiles')
            .values(
              ids.flatMap((id) =>
                [1, 2].map((n) => ({ contractId: id, name: `c${id}-${n}.pdf`, url: `uploads/f${id}-${n}`, size: n, mimeType: 'application/pdf', createTime: time })),
              ),
            )
            .execute();
        }
      });
      const started = performance.now();
      const list = await listContracts(db, {});
      const ms = performance.now() - started;
      expect(queries).toHaveLength(2);
      expect(list).toHaveLength(10_000);
      expect(list[0]!.id).toBe(10_000);
      for (const c of list) expect(c.files.map((f) => f.name)).toEqual([`c${c.id}-1.pdf`, `c${c.id}-2.pdf`]);
      expect(ms).toBeLessThan(5_000);

      queries.length = 0;
      const filtered = await listContracts(db, { contractType: '2', keyword: 'c99' });
      expect(queries).toHaveLength(2);
      expect(filtered.length).toBeGreaterThan(0);
      for (const c of filtered) expect(c.files.map((f) => f.name)).toEqual([`c${c.id}-1.pdf`, `c${c.id}-2.pdf`]);
    } finally {
      await plain.destroy();
    }
  });
});

describe('refusals in Chinese (Accept-Language: zh)', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

  it('answers an unknown id, an empty change and removing the last attachment in Chinese, and in English without the header', async () => {
    const missing = await app.request('GET', '/api/contract/999999', { token, headers: zh });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: '未找到合同 999999' });
    expect((await app.request('GET', '/api/contract/999999', { token })).body.message).toBe('contract 999999 not found');

    const c = await create();
    const nothing = await app.request('PUT', `/api/contract/${c.id}`, { token, body: {}, headers: zh });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('没有要修改的内容：请至少发送一个合同字段');
    expect((await app.request('PUT', `/api/contract/${c.id}`, { token, body: {} })).body.message).toBe('nothing to change: send at least one contract field');

    const path = `/api/contract/${c.id}/update-files`;
    const last = await app.upload('POST', path, { token, fields: { removeFileIds: `${c.files[0].id}` }, headers: zh });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('合同至少要保留一个附件：请先添加文件，再删除最后一个');
    const lastEn = await app.upload('POST', path, { token, fields: { removeFileIds: `${c.files[0].id}` } });
    expect(lastEn.body.message).toBe('a contract keeps at least one attachment: add a file before removing the last one');
    expect((await app.request('GET', `/api/contract/${c.id}`, { token })).body.data).toEqual(c);
  });
});
