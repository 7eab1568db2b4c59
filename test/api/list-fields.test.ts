// No presenter leaks what only the storage keeps: for every list route of the API (a page of records
// or an unpaged array of them), an answered item has exactly the fields of the route's shared record
// schema (its optional fields may be left out), so no keyword or search column, password hash, name
// key, thousandths column or JSON column reaches a client. The routes are read from the app's own
// mounts, so a list route added later is checked too (and fails here until this file seeds it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mounts } from '../../server/app.js';
import { type ApiResponse, sampleFiles, startAdminApp, type TestApp, uniqueName } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { KIND_SAMPLES } from '../helpers/finance.js';
import { onPostgres } from '../helpers/postgres.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makeWarehouse } from '../helpers/warehouse.js';

/** List routes whose items are not records of the database. */
const NOT_RECORDS: Record<string, string> = {
  '/admin/backups': 'backup files on disk',
};

/** Storage-only columns: none may appear in an answered item. */
const STORAGE_ONLY = /hash|^usernameKey$|^nameKey$|searchText|keywords?$|Milli$|^fields$/i;

interface ListRoute {
  path: string;
  record: z.ZodObject;
  paged: boolean;
}

/** Every GET route under /api that answers a page of records or an array of them, with the record's schema. */
function listRoutes(): ListRoute[] {
  const found: ListRoute[] = [];
  for (const mount of mounts.filter((m) => m.prefix === '/api'))
    for (const r of mount.routes) {
      if (r.method !== 'get' || !r.response) continue;
      const path = [r.path].flat()[0]!;
      if (path in NOT_RECORDS) continue;
      const items = r.response instanceof z.ZodObject ? r.response.shape.items : undefined;
      const array = items instanceof z.ZodArray ? items : r.response instanceof z.ZodArray ? r.response : undefined;
      if (array?.element instanceof z.ZodObject) found.push({ path, record: array.element, paged: array !== r.response });
    }
  return found;
}

let app: TestApp;
let token: string;
/** what to ask of a list route with path parameters (the records seeded) or required filters; others are asked as they are */
const requests: Record<string, string> = {
  '/reports/stock-movement': '/reports/stock-movement?startDate=2026-01-01&endDate=2026-12-31',
};

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
  const ok = async (what: string, res: Promise<ApiResponse>) => {
    const answer = await res;
    if (answer.status !== 200) throw new Error(`${what}: ${answer.body.message}`);
    return answer.body.data;
  };

  // the warehouse kinds, the ledger, the stock summary and the lots
  const w = await makeWarehouse(app, token);
  await makeInbound(app, token, { warehouse: w.code, blNumber: 'COSU6300001', owner: 'Acme Trading', inboundWeight: 50 });
  await makeApprovedPickup(app, token, { warehouse: w.code, blNumber: 'COSU6300001' });
  const outbound = await makeOutbound(app, token, { warehouse: w.code, blNumber: 'COSU6300001' });
  await ok('receipt', app.request('PUT', `/api/delivery-details/confirm-receipt/${outbound.id}`, { token, body: { receivedQuantity: 1, receiver: '李四' } }));
  requests['/delivery-details/receipt-history/:id'] = `/delivery-details/receipt-history/${outbound.id}`;
  await ok(
    'transfer',
    app.request('POST', '/api/ownership-transfer', {
      token,
      body: { transferDate: '2026-11-22', blNumber: 'COSU6300001', quantity: 2, commodity: 'copper', warehouse: w.code, transferor: '甲公司', transferee: '乙公司' },
    }),
  );

  // the catalogs, finance of every kind
  await ok('commodity', app.request('POST', '/api/commodities', { token, body: { name: uniqueName('Zinc'), code: uniqueName('ZN') } }));
  await ok('party', app.request('POST', '/api/parties', { token, body: { name: uniqueName('Party') } }));
  for (const kind of KIND_SAMPLES) await ok(kind.segment, app.request('POST', `/api/corp-finances/${kind.segment}`, { token, body: kind.full }));

  // business contracts and the archive
  await ok('contract', app.upload('POST', '/api/contract/upload', { token, fields: contractForm(), files: [pdfFile()] }));
  const archive = await ok('archive folder', app.request('POST', '/api/contract/folders', { token, body: { name: uniqueName('folder') } }));
  await ok(
    'batch',
    app.upload('POST', '/api/contract/batches', {
      token,
      fields: { folderId: String(archive.id), batchName: uniqueName('batch') },
      files: [['files', 'a.pdf', sampleFiles.pdf()]],
    }),
  );

  // company folders and files
  const folder = await ok('company folder', app.request('POST', '/api/company/folders', { token, body: { name: uniqueName('folder') } }));
  await ok(
    'company file',
    app.upload('POST', '/api/company/files/upload', {
      token,
      fields: { data: JSON.stringify({ folderId: folder.id, companyName: 'A 公司', expireDate: '2026-12-31' }) },
      files: [['files', '执照.pdf', sampleFiles.pdf()]],
    }),
  );

  // corporate contracts and their lines
  const corpFolder = await ok('corp folder', app.request('POST', '/api/corp-contract/folders', { token, body: { name: uniqueName('folder'), category: 'upstream' } }));
  const corp = await ok(
    'corp contract',
    app.upload('POST', '/api/corp-contract/contracts', {
      token,
      fields: { folderId: String(corpFolder.id), contractNumber: uniqueName('HT') },
      files: [['file', '合同.pdf', sampleFiles.pdf()]],
    }),
  );
  await ok('detail', app.request('POST', `/api/corp-contract/contracts/${corp.id}/details`, { token, body: { commodity: '运费', quantity: 1, unitPrice: 100 } }));
  requests['/corp-contract/contracts/:id/details'] = `/corp-contract/contracts/${corp.id}/details`;
});

afterAll(async () => {
  await app?.close();
});

describe(`list routes answer their record's fields only (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const routes = listRoutes();

  it('finds the list routes of the app', () => {
    // the warehouse kinds, catalogs, finance, contracts, corporate contracts, company, users, audit, reports
    expect(routes.length).toBeGreaterThan(25);
  });

  it.each(routes.map((r) => [r.path, r] as const))('%s', async (path, { record, paged }) => {
    const url = requests[path] ?? path;
    expect(url, `${path}: say which record to ask for`).not.toContain(':');
    const res = await app.request('GET', `/api${url}`, { token });
    expect(res.status, res.body.message).toBe(200);
    const items = (paged ? res.body.data.items : res.body.data) as Record<string, unknown>[];
    expect(items.length, `${path} answered no item: seed one`).toBeGreaterThan(0);
    const fields = Object.keys(record.shape);
    const required = fields.filter((f) => !record.shape[f]!.safeParse(undefined).success);
    for (const item of items) {
      const keys = Object.keys(item);
      expect(
        keys.filter((k) => !fields.includes(k)),
        `${path}: fields not in the record schema`,
      ).toEqual([]);
      expect(
        required.filter((f) => !keys.includes(f)),
        `${path}: record fields missing`,
      ).toEqual([]);
      expect(
        keys.filter((k) => STORAGE_ONLY.test(k)),
        `${path}: storage-only columns`,
      ).toEqual([]);
    }
  });
});
