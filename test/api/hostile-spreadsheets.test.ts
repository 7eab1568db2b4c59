// Issue 19: hostile spreadsheets (zip bombs of every kind), detail-line floods, non-finite numbers
// in exports, Excel's 1900 dates, and answers whose body cannot be serialised.
import { readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { Backups } from '../../server/backups/backups.js';
import { loadConfig } from '../../server/config.js';
import { ProgressBoard } from '../../server/progress.js';
import { openDatabase } from '../../server/db/database.js';
import { FileStore } from '../../server/files/file-store.js';
import { createLogger } from '../../server/logger.js';
import { LoginThrottle } from '../../server/routes/auth/auth.service.js';
import { newDataDir, sampleFiles, signInAdmin, signInStaff, startTestApp, type ApiResponse, type TestApp } from '../helpers/app.js';
import { bombs, cell, frame, row, sheet, smallWorkbook, zip } from '../helpers/hostile-xlsx.js';
import { readWorkbook, workbook } from '../helpers/xlsx.js';
import { ChangeHub, COALESCE_MS } from '../../server/live/changes.js';

let app: TestApp;
let token: string;
let staff: string;
let folderId: number;
let counter = 0;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
  staff = (await signInStaff(app, token)).token;
  folderId = (await app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'hostile', category: 'upstream' } })).body.data.id;
});
afterAll(() => app.close());

async function newContract() {
  const res = await app.upload('POST', '/api/corp-contract/contracts', {
    token,
    fields: { folderId: String(folderId), contractNumber: `HS-${Date.now()}-${counter++}` },
    files: [['file', 'c.pdf', sampleFiles.pdf()]],
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractNumber: string };
}

const importLines = (id: number, bytes: Uint8Array, lang = 'en') =>
  app.upload('POST', `/api/corp-contract/contracts/${id}/details/import`, { token: staff, files: [['file', 'lines.xlsx', bytes]], headers: { 'accept-language': lang } });

const detailCount = async (id: number) => (await app.request('GET', `/api/corp-contract/contracts/${id}`, { token })).body.data.detailCount as number;

/** exceljs's temp files of this process (tmp-<pid>-...) in the system temp folder. */
const ownTempFiles = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(`tmp-${process.pid}-`));

/**
 * Sends `bomb` while small authenticated GETs run one after another until it is answered. Answers
 * the bomb's answer, and the GETs: each one's status and whether it was answered before the bomb.
 */
async function whileServing(bomb: () => Promise<ApiResponse>) {
  let bombDone = false;
  const gets: { status: number; beforeBomb: boolean }[] = [];
  const answer = bomb().finally(() => (bombDone = true));
  const loop = (async () => {
    while (!bombDone) {
      const res = await app.request('GET', '/api/corp-contract/folders', { token: staff });
      gets.push({ status: res.status, beforeBomb: !bombDone });
    }
  })();
  const res = await answer;
  await loop;
  return { res, gets };
}

describe('hostile workbooks are refused with a 400, write nothing, and do not hold up other users', () => {
  const cases: [string, () => Promise<Uint8Array>, RegExp, RegExp][] = [
    ['a shared-strings bomb (2,000,000 empty <si/> before the sheet)', () => bombs.sharedStrings(), /more than 1,000,000 texts \(shared strings\)/, /超过 1,000,000 条文本/],
    ['an entry bomb: a worksheet unpacking to 130 MB, stored before sharedStrings', () => bombs.entry(true), /too large to import: unpacked/, /工作簿太大/],
    ['an entry bomb: a worksheet unpacking to 130 MB in a workbook without sharedStrings', () => bombs.entry(false), /too large to import: unpacked/, /工作簿太大/],
    ['a row bomb: 3,000,000 empty rows', () => bombs.rows(), /more than 200,000 rows \(empty rows count too\)/, /超过 200,000 行/],
    ['a column bomb: a cell in column XFD (16,384)', () => bombs.farColumn('XFD2'), /a cell beyond column 1,024/, /超出第 1,024 列/],
    ["a column bomb: a cell past Excel's last column", () => bombs.farColumn('XFE2'), /a cell beyond column 1,024/, /超出第 1,024 列/],
    ['a column bomb: 5,000 cells in one row', () => bombs.manyColumns(), /a cell beyond column 1,024/, /超出第 1,024 列/],
  ];

  it('the same builder makes a workbook that imports (so the bombs fail on their bound, not their form)', async () => {
    const c = await newContract();
    const res = await importLines(c.id, await smallWorkbook(3));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.imported).toBe(3);
  });

  for (const [name, build, en, zh] of cases) {
    it(name, async () => {
      const c = await newContract();
      const bytes = await build();
      const filesBefore = await app.fileCount();
      const { res, gets } = await whileServing(() => importLines(c.id, bytes));
      expect(res.status, res.body.message).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(en);
      expect(gets.length).toBeGreaterThan(0);
      expect(gets.every((g) => g.status === 200)).toBe(true);
      expect(gets[0]!.beforeBomb).toBe(true);

      const chinese = await importLines(c.id, bytes, 'zh');
      expect(chinese.status).toBe(400);
      expect(chinese.body.message).toMatch(zh);

      expect(await detailCount(c.id)).toBe(0);
      expect(await app.fileCount()).toBe(filesBefore);
      expect(await readdir(join(app.dataDir, 'files', 'tmp'))).toEqual([]);
      expect(await ownTempFiles()).toEqual([]);
    });
  }

  it('the warehouse import (POST /api/inventory/upload) refuses a shared-strings bomb the same way', async () => {
    const bytes = await bombs.sharedStrings();
    const { res, gets } = await whileServing(() => app.upload('POST', '/api/inventory/upload', { token: staff, files: [['file', 'stock.xlsx', bytes]] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/more than 1,000,000 texts/);
    expect(gets.every((g) => g.status === 200)).toBe(true);
    expect((await app.request('GET', '/api/inventory/inbound/list', { token })).body.data.total).toBe(0);
    expect(await readdir(join(app.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('a zip that declares smaller sizes than it unpacks to is refused on the bytes that come out', async () => {
    const bytes = await bombs.entry(false, 40 * 2 ** 20);
    // the central directory's uncompressed size of every part: 1 byte
    const view = Buffer.from(bytes);
    for (let at = view.indexOf('PK\x01\x02'); at !== -1; at = view.indexOf('PK\x01\x02', at + 4)) view.writeUInt32LE(1, at + 24);
    const c = await newContract();
    const res = await importLines(c.id, new Uint8Array(view));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/could not be read as an Excel \.xlsx workbook/);
    expect(await detailCount(c.id)).toBe(0);
    expect(await readdir(join(app.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('a header error stops the read: the rows after it are not parsed (a column bomb under a bad header answers the header error)', async () => {
    const bytes = await zip([
      ...frame(false),
      { name: 'xl/worksheets/sheet1.xml', content: sheet(row(1, ['remark']) + `<row r="2">${cell('A2', 'x')}${cell('XFD2', 'x')}</row>`) },
    ]);
    const c = await newContract();
    const res = await importLines(c.id, bytes);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/the header row has no column "Commodity" \(or "commodity", "品名"\)/);
    expect(res.body.data.errorCount).toBe(2); // commodity and quantity, nothing about row 2
  });
});

describe('detail-line floods', () => {
  it('refuses a sheet of more than 100,000 lines before writing anything, saying how many it has', async () => {
    const c = await newContract();
    const bytes = await workbook([['commodity', 'quantity'], ...Array.from({ length: 100_001 }, (_, i) => [`item ${i + 1}`, i + 1])]);
    const res = await importLines(c.id, bytes);
    expect(res.status, res.body.message).toBe(400);
    expect(res.body.message).toMatch(/100,001 rows below its header; import at most 100,000 rows at a time/);
    expect(res.body.data).toMatchObject({ rows: 100_001, maxRows: 100_000 });
    expect(await detailCount(c.id)).toBe(0);
    // writing and reading 100,001 rows takes 10-30 s on a loaded 2-core machine
  }, 120_000);

  it('a contract read embeds its first 100 lines and the count; the rest are paged from /details', async () => {
    const c = await newContract();
    const details = Array.from({ length: 250 }, (_, i) => ({ commodity: `line ${i + 1}`, quantity: 1 }));
    expect((await app.request('POST', '/api/corp-contract/details/batch', { token, body: { contractId: c.id, details } })).status).toBe(200);

    const one = (await app.request('GET', `/api/corp-contract/contracts/${c.id}`, { token })).body.data;
    expect(one.detailCount).toBe(250);
    expect(one.details).toHaveLength(100);
    expect(one.details.map((d: { lineNo: number }) => d.lineNo)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));

    const list = (await app.request('GET', `/api/corp-contract/contracts?folderId=${folderId}&pageSize=100`, { token })).body.data.items;
    const listed = list.find((x: { id: number }) => x.id === c.id);
    expect(listed.detailCount).toBe(250);
    expect(listed.details).toHaveLength(100);

    const page3 = (await app.request('GET', `/api/corp-contract/contracts/${c.id}/details?page=3&pageSize=100`, { token })).body.data;
    expect(page3.total).toBe(250);
    expect(page3.items.map((d: { commodity: string }) => d.commodity)).toEqual(Array.from({ length: 50 }, (_, i) => `line ${i + 201}`));
  });
});

describe('numbers and dates', () => {
  it('a non-finite number never reaches an export: the cell is left blank and the workbook opens', async () => {
    const c = await newContract();
    await app.request('POST', '/api/corp-contract/details/batch', { token, body: { contractId: c.id, details: [{ commodity: 'huge', quantity: 2, unitPrice: 3 }] } });
    // stored as SQLite's inf, as a product of two huge numbers was before inputs were bounded
    await app.server.db.updateTable('corpContractDetails').set({ amount: Infinity }).where('contractId', '=', c.id).execute();
    const res = await fetch(`${app.url}/api/corp-contract/contracts/${c.id}/details/export?headers=fields`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const book = await readWorkbook(new Uint8Array(await res.arrayBuffer()));
    const [header, line] = book.sheets[0]!.rows as unknown[][];
    const amount = header!.indexOf('amount');
    expect(line![header!.indexOf('commodity')]).toBe('huge');
    expect(line![header!.indexOf('quantity')]).toBe(2);
    expect(line![amount] ?? null).toBeNull();
  });

  it('date serials import as the days Excel shows: 1..59 before its 1900-02-29, 61 on after it; 60 (1900-02-29) is no real day', async () => {
    const c = await newContract();
    const serials: [number, string][] = [
      [1, '1900-01-01'],
      [2, '1900-01-02'],
      [31, '1900-01-31'],
      [59, '1900-02-28'],
      [61, '1900-03-01'],
      [62, '1900-03-02'],
      [45000, '2023-03-15'],
    ];
    const bytes = await workbook([['commodity', 'quantity', 'deliveryDate'], ...serials.map(([serial], i) => [`d${i}`, 1, serial])]);
    const res = await importLines(c.id, bytes);
    expect(res.status, res.body.message).toBe(200);
    const lines = (await app.request('GET', `/api/corp-contract/contracts/${c.id}`, { token })).body.data.details;
    expect(lines.map((l: { deliveryDate: string }) => l.deliveryDate)).toEqual(serials.map(([, day]) => day));

    const sixty = await importLines(
      c.id,
      await workbook([
        ['commodity', 'quantity', 'deliveryDate'],
        ['x', 1, 60],
      ]),
    );
    expect(sixty.status).toBe(400);
    expect(sixty.body.data.errors[0]).toMatchObject({ row: 2, column: 'deliveryDate' });
  });
});

describe('an answer whose body cannot be serialised', () => {
  let server: Server;
  let url: string;
  let dataDir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // the real app on its own data folder, with one more middleware (before the router) answering
    // a body JSON.stringify throws on
    dataDir = await newDataDir();
    const config = { ...loadConfig([], {}), dataDir, logToStdout: false };
    const { logger, close: closeLogger } = await createLogger(dataDir, { level: 'info', stdout: false });
    const { db, reader, sqlite } = await openDatabase(join(dataDir, 'cargodesk.sqlite'));
    const files = new FileStore(join(dataDir, 'files'));
    await files.init();
    const backups = new Backups({ dataDir, db, sqlite, files, appVersion: config.version, logger, keepDays: 7 });
    const koa = createApp({
      config,
      db,
      reader,
      files,
      backups,
      logger,
      jwtSecret: 'x'.repeat(64),
      throttle: new LoginThrottle(db),
      progress: new ProgressBoard(),
      changes: new ChangeHub({ perUser: 1, total: 1, heartbeatMs: 25_000, coalesceMs: COALESCE_MS }),
    });
    const unserialisable: Middleware = (ctx, next) => {
      if (ctx.path !== '/api/unserialisable') return next();
      ctx.body = { success: true, data: { count: 10n } };
    };
    koa.middleware.splice(koa.middleware.length - 2, 0, unserialisable);
    server = createServer(koa.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    close = async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      await closeLogger();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it("is answered with the 500 envelope and the security headers, in the request's language", async () => {
    const res = await fetch(`${url}/api/unserialisable`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.json()).toEqual({ success: false, message: 'something went wrong on the server; it has been logged' });
    const zh = await fetch(`${url}/api/unserialisable`, { headers: { 'accept-language': 'zh' } });
    expect(((await zh.json()) as { message: string }).message).toBe('服务器出错了；错误已记录');
  });
});
