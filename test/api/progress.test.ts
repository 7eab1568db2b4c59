// Progress of long work (issue 18): X-Progress-Id on an import, export or backup, polled on
// GET /api/progress/:id by the same user; and reads answered while an import writes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '../../server/spreadsheets/row-import.js';
import { signInAdmin, signInStaff, startTestApp, type TestApp } from '../helpers/app.js';
import { makeWarehouse } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const INBOUND = ['warehouse', 'commodity', 'commodityCode', 'blNumber', 'blWeight', 'inboundWeight', 'owner', 'contractNumber', 'inboundDate'];
const inboundSheet = (warehouse: string, rows: number) =>
  workbook([INBOUND, ...Array.from({ length: rows }, (_, i) => [warehouse, 'copper', null, `P-${i + 1}`, null, 1, null, null, '2026-11-10'])]);
const importInbound = (bytes: Uint8Array, headers: Record<string, string> = {}, as = token) =>
  app.upload('POST', '/api/inventory/upload', { token: as, headers, files: [['file', 'sheet.xlsx', bytes]] });
const progressOf = (id: string, as = token) => app.request('GET', `/api/progress/${id}`, { token: as });
const inboundTotal = async (warehouse: string) => (await app.request('GET', `/api/inventory/inbound/list?warehouse=${warehouse}`, { token })).body.data.total as number;

// enough rows for the import to be seen writing, and for a list sent then to be answered before it
// commits: the most one import takes, on both engines, and the list sent while at least half of the
// rows are still to write. With 5,000 rows (about ten batches, a third of a second on SQLite) a list
// sent at the last batch came after the commit on a loaded CI machine: its reads wait their turn
// between batches like any other request's.
const ROWS = MAX_IMPORT_ROWS;

describe('an import sent with X-Progress-Id', () => {
  it('moves through its phases with row counts; meanwhile a list answers first, showing the state before the import', async () => {
    const w = await makeWarehouse(app, token);
    const id = randomUUID();
    const bytes = await inboundSheet(w.code, ROWS);
    const finished: string[] = [];
    const importing = importInbound(bytes, { 'x-progress-id': id }).then((res) => (finished.push('import'), res));
    const seen: Record<string, unknown>[] = [];
    let listed: Promise<number> | undefined;
    while (!finished.length) {
      const res = await progressOf(id);
      if (res.status === 200) {
        seen.push(res.body.data);
        // while the rows are being written (half of them still to come), another request reads the last
        // committed state at once
        if (!listed && res.body.data.phase === 'writing' && res.body.data.done <= ROWS / 2) listed = inboundTotal(w.code).then((n) => (finished.push('list'), n));
      } else expect(res.status).toBe(404); // the upload is still arriving
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await importing;
    expect(res.status, res.body.message).toBe(200);
    expect(listed, 'a poll saw the writing phase').toBeDefined();
    expect(await listed).toBe(0);
    expect(finished).toEqual(['list', 'import']);
    expect(seen.some((s) => s.phase === 'writing' && s.total === ROWS && (s.done as number) < ROWS)).toBe(true);
    expect(new Set(seen.map((s) => `${s.phase}:${s.done}`)).size).toBeGreaterThanOrEqual(2);
    expect((await progressOf(id)).body.data).toEqual({ phase: 'writing', done: ROWS, total: ROWS, finished: true, failed: false });
    expect(await inboundTotal(w.code)).toBe(ROWS);
  }, 180_000);

  it('a refused import: the answer lists its row errors and the progress says it failed', async () => {
    const id = randomUUID();
    const res = await importInbound(await workbook([INBOUND, ['NO-SUCH-WH', 'copper', null, null, null, 1, null, null, '2026-11-10']]), { 'x-progress-id': id });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([{ row: 2, column: 'warehouse', message: 'warehouse "NO-SUCH-WH" does not exist: give the code or the name of a warehouse' }]);
    expect((await progressOf(id)).body.data).toMatchObject({ finished: true, failed: true });
  });

  it('answers only the user who sent it; a malformed id is refused and the import does not run', async () => {
    const w = await makeWarehouse(app, token);
    const id = randomUUID();
    expect((await importInbound(await inboundSheet(w.code, 2), { 'x-progress-id': id })).status).toBe(200);
    expect((await progressOf(id)).status).toBe(200);
    const staff = (await signInStaff(app, token)).token;
    const other = await progressOf(id, staff);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: `progress ${id} not found` });
    expect((await app.request('GET', `/api/progress/${id}`)).status).toBe(401);

    const bad = await progressOf('short');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('a progress id is 16 to 64 letters, digits, "-" or "_"');
    const refused = await importInbound(await inboundSheet(w.code, 1), { 'x-progress-id': 'x'.repeat(65) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('X-Progress-Id must be 16 to 64 letters, digits, "-" or "_" (a random UUID fits)');
    const zh = await app.upload('POST', '/api/inventory/upload', {
      token,
      headers: { 'x-progress-id': '../../etc/passwd-long-enough', 'accept-language': 'zh-CN' },
      files: [['file', 'sheet.xlsx', await inboundSheet(w.code, 1)]],
    });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('X-Progress-Id 须为 16 到 64 个字母、数字、“-”或“_”（随机 UUID 即可）');
    expect(await inboundTotal(w.code)).toBe(2);
  });
});

describe('exports and backups', () => {
  it('an export reports the rows it has written', async () => {
    const w = await makeWarehouse(app, token);
    await importInbound(await inboundSheet(w.code, 2500));
    const id = randomUUID();
    const res = await fetch(`${app.url}/api/inventory/export?warehouse=${w.code}`, { headers: { authorization: `Bearer ${token}`, 'x-progress-id': id } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // the progress is marked finished when the workbook is complete, just after the last byte went out
    let state = (await progressOf(id)).body.data;
    for (let i = 0; i < 100 && !state.finished; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = (await progressOf(id)).body.data;
    }
    expect(state).toEqual({ phase: 'writing', done: 2500, total: null, finished: true, failed: false });
    // its 2,500-row set-up import takes minutes on PostgreSQL on a loaded 2-core machine
  }, 300_000);

  // on PostgreSQL the rows it exported instead of the database pages
  it('a backup reports the database pages (or rows) it copied, then the files it packed', async () => {
    const id = randomUUID();
    const res = await app.request('POST', '/api/admin/backups', { token, headers: { 'x-progress-id': id } });
    expect(res.status, res.body.message).toBe(200);
    const state = (await progressOf(id)).body.data;
    expect(state).toMatchObject({ phase: 'packing', finished: true, failed: false });
    expect(state.done).toBe(state.total);
  });
});
