// Excel out of every list a user sees (issue 29): each list's export takes the list's filters, writes
// the header in the reader's language, codes (statuses, types, kinds) as words, a report's period
// and filters in its first row, and names the file by its period. Read back with exceljs, as Excel
// would open it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInStaff, signInWithRoles, startTestApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { KIND_SAMPLES } from '../helpers/finance.js';
import { makeInbound, makeWarehouse } from '../helpers/warehouse.js';
import { readWorkbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;
const ZH = { 'accept-language': 'zh-CN' };

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

/** The export at `path` as a person asks for it (or a script, with headers=fields): its file name and rows. */
async function download(path: string, { headers = {}, expectStatus = 200, as = token }: { headers?: Record<string, string>; expectStatus?: number; as?: string } = {}) {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${as}`, ...headers } });
  expect(res.status, path).toBe(expectStatus);
  if (expectStatus !== 200) return { fileName: '', rows: [] as unknown[][] };
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { fileName, rows: (await readWorkbook(new Uint8Array(await res.arrayBuffer()))).sheets[0]!.rows };
}

const ok = async (res: Promise<{ status: number; body: { message: string; data?: any } }>) => {
  const answer = await res;
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
};

describe('finance exports', () => {
  it('exports every kind with its filters, in words, titled with the period, named by it', async () => {
    for (const kind of KIND_SAMPLES) await ok(app.request('POST', `/api/corp-finances/${kind.segment}`, { token, body: kind.full }));
    for (const kind of KIND_SAMPLES) {
      const { fileName, rows } = await download(`/api/corp-finances/${kind.segment}/export?startDate=2020-01-01&endDate=2030-12-31`);
      expect(fileName).toBe(`${kind.segment}-2020-01-01_2030-12-31.xlsx`);
      expect(String(rows[0]![0]), kind.segment).toContain('2020-01-01 – 2030-12-31');
      const [header, ...data] = rows.slice(1);
      expect(data, kind.segment).toHaveLength(1);
      const row = Object.fromEntries((header as string[]).map((h, i) => [h, data[0]![i]]));
      expect(row['Currency'], kind.segment).toBe(kind.full.currency ?? 'CNY');
      expect(row['Remark'], kind.segment).toBe(kind.full.remark);
      // the status is a word, never a code
      const status = row['Status'] ?? row['Payment status'];
      if ('paymentStatus' in kind.full) expect(status).toBe(kind.full.paymentStatus === 'paid' ? 'Paid' : 'Unpaid');
      // the same export for a script: the field names and the codes, no title
      const script = await download(`/api/corp-finances/${kind.segment}/export?headers=fields`);
      expect(script.rows[0]).toContain('currency');
      expect(script.fileName).toMatch(new RegExp(`^${kind.segment}-\\d{8}\\.xlsx$`));
    }
    // without /api too, with the filters of the list
    const invoices = await download('/corp-finances/upstream-invoices/export?status=void');
    expect(invoices.rows.slice(2)).toEqual([]);
    expect(invoices.rows[0]).toEqual(['Upstream invoices · Status: Void']);
    const zh = await download('/api/corp-finances/upstream-invoices/export', { headers: ZH });
    expect(zh.rows[1]).toContain('发票号');
    expect(zh.rows[2]).toContain('已收到');
  });

  it('exports the contract summary: a row per record of every kind, kinds and statuses in words', async () => {
    const contractNumber = 'C-SUM-EXP-1';
    await ok(
      app.request('POST', '/api/corp-finances/upstream-invoices', { token, body: { invoiceNumber: 'INV-SUM-1', contractNumber, amount: 100, taxRate: 0.13, status: 'issued' } }),
    );
    await ok(app.request('POST', '/api/corp-finances/freight-charges', { token, body: { contractNumber, amount: 50, currency: 'USD', paymentStatus: 'paid' } }));
    const { fileName, rows } = await download(`/api/corp-finances/contract-summary/export?contractNumber=${contractNumber}`, { headers: ZH });
    expect(fileName).toMatch(/^contract-summary-\d{8}\.xlsx$/);
    expect(rows[0]).toEqual([`合同财务汇总 · 合同号：${contractNumber}`]);
    const [header, ...data] = rows.slice(1);
    expect(header).toEqual(['类型', '编号', '日期', '往来单位', '提单号', '金额', '税额', '成本', '利润', '币种', '状态', '备注']);
    expect(data.map((r) => [r[0], r[1], r[5], r[9], r[10]])).toEqual([
      ['运费', undefined, 50, 'USD', '已付'],
      ['上游发票', 'INV-SUM-1', 100, 'CNY', '已开具'],
    ]);
    expect((await download('/api/corp-finances/contract-summary/export', { expectStatus: 400 })).rows).toEqual([]);
  });
});

describe('exports of the other lists', () => {
  it('exports business contracts with the type as a word, filtered like the list', async () => {
    await ok(app.upload('POST', '/api/contract/upload', { token, fields: contractForm({ contractType: '3', name: 'Downstream export test' }), files: [pdfFile()] }));
    await ok(app.upload('POST', '/api/contract/upload', { token, fields: contractForm({ contractType: '1', name: 'Purchase export test' }), files: [pdfFile()] }));
    const { fileName, rows } = await download('/api/contract/export?contractType=3');
    expect(fileName).toMatch(/^contracts-\d{8}\.xlsx$/);
    expect(rows[0]).toEqual(['Business contracts · Contract type: Downstream']);
    const [header, ...data] = rows.slice(1);
    expect(header!.slice(0, 3)).toEqual(['Contract no.', 'Contract name', 'Contract type']);
    expect(data.map((r) => [r[1], r[2]])).toEqual([['Downstream export test', 'Downstream']]);
    expect((await download('/api/contract/export', { headers: ZH })).rows.slice(2).map((r) => r[2])).toEqual(['采购合同', '下游合同']);
  });

  it('exports the company files, the corporate contracts, transfers, warehouses, the summary and the ledger', async () => {
    const folder = await ok(app.request('POST', '/api/company/folders', { token, body: { name: 'Licences export' } }));
    await ok(
      app.upload('POST', '/api/company/files/upload', {
        token,
        fields: { data: JSON.stringify({ companyName: 'Acme Trading', fileCategory: 'licence', expireDate: '2026-12-31', folderId: folder.id }) },
        files: [pdfFile('licence.pdf')],
      }),
    );
    const files = await download(`/api/company/files/export?folderId=${folder.id}`);
    expect(files.rows[2]!.slice(0, 4)).toEqual(['Acme Trading', 'licence', 'licence.pdf', new Date('2026-12-31T00:00:00.000Z')]);

    const corpFolder = await ok(app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'Corp export', category: 'logistics' } }));
    await ok(
      app.upload('POST', '/api/corp-contract/contracts', {
        token,
        fields: { folderId: String(corpFolder.id), contractNumber: 'CC-EXP-1', category: 'freight_forwarding', partyA: 'Acme Trading' },
        files: [['file', 'c.pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]],
      }),
    );
    const corp = await download(`/api/corp-contract/contracts/export?folderId=${corpFolder.id}`, { headers: ZH });
    expect(corp.rows[2]!.slice(0, 4)).toEqual(['CC-EXP-1', undefined, '货代', 'Acme Trading']);

    const w = await makeWarehouse(app, token, { status: 'inactive' });
    const active = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: active.code, commodity: 'Zinc ingot', inboundWeight: 20, inboundDate: '2026-11-03' });
    await ok(
      app.request('POST', '/api/ownership-transfer', {
        token,
        body: { transferDate: '2026-11-04', quantity: 5, commodity: 'zinc  ingot', warehouse: active.code, transferor: 'A Co', transferee: 'B Co', status: 'pending' },
      }),
    );
    const warehouses = await download('/api/inventory/warehouses/export?status=inactive');
    expect(warehouses.rows.slice(1).find((r) => r[0] === w.code)![5]).toBe('Inactive');
    const transfers = await download(`/api/ownership-transfer/export?warehouse=${active.code}`, { headers: ZH });
    expect(transfers.rows.slice(1).map((r) => [r[3], r[8]])).toEqual([['Zinc ingot', '待处理']]);
    const summary = await download(`/api/inventory/summary/export?warehouse=${active.code}&asOf=2026-11-30`);
    expect(summary.fileName).toBe('stock-summary-2026-11-30.xlsx');
    expect(summary.rows[0]).toEqual([`Stock summary · as of 2026-11-30 · Warehouse: ${active.code}`]);
    expect(summary.rows.slice(2)).toEqual([[active.name, 'Zinc ingot', 20, 0, 5, 15]]);
    const ledger = await download(`/api/inventory/ledger/export?warehouse=${active.code}&startDate=2026-11-01&endDate=2026-11-30`);
    expect(ledger.fileName).toBe('stock-ledger-2026-11-01_2026-11-30.xlsx');
    expect(ledger.rows.slice(2).map((r) => [r[3], r[4], r[5], r[8]])).toEqual([
      ['Zinc ingot', 'Zinc ingot', 'Inbound', 20],
      ['Zinc ingot', 'zinc  ingot', 'Transfer', -5],
    ]);
  });

  it('exports users for an admin only and the audit log for who reads the audit (admin, manager), roles, statuses and actions in words', async () => {
    const staff = await signInStaff(app, token);
    const trader = await signInWithRoles(app, token, ['trader']);
    const users = await download('/api/users/export?status=active', { headers: ZH });
    expect(users.rows[0]).toEqual(['用户 · 状态：已启用']);
    expect(users.rows.slice(2).map((r) => [r[0], r[3], r[4], r[6]])).toEqual(expect.arrayContaining([['admin', '管理员', 'admin', '已启用']]));
    const audit = await download('/api/audit/export?action=create&entity=contract');
    expect(audit.rows[0]).toEqual(['Audit log · Action: Created · Record type: contract']);
    expect(audit.rows.slice(2).every((r) => r[2] === 'Created' && r[3] === 'contract' && r[5] === undefined && typeof r[6] === 'string')).toBe(true);
    expect(JSON.parse(audit.rows[2]![6] as string).name).toBe('Purchase export test');
    await download('/api/users/export', { as: staff.token, expectStatus: 403 });
    await download('/api/audit/export', { as: staff.token, expectStatus: 200 });
    await download('/api/audit/export', { as: trader.token, expectStatus: 403 });
  });
});
