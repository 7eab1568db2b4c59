// Finance attachments (upload, read, remove, removal with the record), exact cent sums over many
// rows, and the contract summary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { KIND_SAMPLES } from '../helpers/finance.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

async function readFile(url: string): Promise<{ status: number; bytes: Uint8Array; type: string | null }> {
  const res = await fetch(`${app.url}/api/finance-files/${url}`);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

describe.each(KIND_SAMPLES.filter((k) => k.hasFiles))('files of $segment', (kind) => {
  it('attaches files under both prefixes, serves them, removes one, and removes the rest with the record', async () => {
    const body = { ...kind.full, [kind.numberField!]: `${kind.full[kind.numberField!] as string}-FILES` };
    const record = (await app.request('POST', `/api/corp-finances/${kind.segment}`, { token, body })).body.data;
    const start = await app.fileCount();

    const first = await app.upload('POST', `/corp-finances/${kind.segment}/${record.id}/upload`, {
      token,
      files: [
        ['files', 'invoice scan.pdf', sampleFiles.pdf()],
        ['files', '发票.png', sampleFiles.png()],
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('2 files attached');
    expect(first.body.data.files).toHaveLength(2);
    expect(first.body.data.files[0]).toMatchObject({ name: 'invoice scan.pdf', size: sampleFiles.pdf().length });
    expect(first.body.data.files[1]).toMatchObject({ name: '发票.png', size: sampleFiles.png().length });
    for (const f of first.body.data.files) expect(f.url).toMatch(/^finance\/[A-Za-z0-9_-]{22}\.(pdf|png)$/);
    expect(first.body.data).toMatchObject({ ...kind.full, [kind.numberField!]: body[kind.numberField!] });

    const second = await app.upload('POST', `/api/corp-finances/${kind.segment}/${record.id}/upload`, {
      token,
      files: [['files', 'notes.txt', sampleFiles.text()]],
    });
    expect(second.body.message).toBe('1 file attached');
    expect(second.body.data.files).toHaveLength(3);
    expect(await app.fileCount()).toBe(start + 3);
    expect((await app.request('GET', `/api/corp-finances/${kind.segment}/${record.id}`, { token })).body.data).toEqual(second.body.data);

    const pdf = await readFile(second.body.data.files[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes).toEqual(sampleFiles.pdf());

    const [, png, txt] = second.body.data.files;
    const removed = await app.request('DELETE', `/corp-finances/${kind.segment}/${record.id}/files/${png.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.files.map((f: { id: number }) => f.id)).not.toContain(png.id);
    expect(removed.body.data.files).toHaveLength(2);
    expect(await app.fileCount()).toBe(start + 2);
    expect((await readFile(png.url)).status).toBe(404);
    const again = await app.request('DELETE', `/api/corp-finances/${kind.segment}/${record.id}/files/${png.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`file ${png.id} of ${kind.label} ${record.id} not found`);
    expect((await app.request('DELETE', `/api/corp-finances/${kind.segment}/${record.id}/files/x`, { token })).body.message).toMatch(/^fileId must be a positive whole number/);

    const deleted = await app.request('DELETE', `/api/corp-finances/${kind.segment}/${record.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(await app.fileCount()).toBe(start);
    expect((await readFile(txt.url)).status).toBe(404);

    const audit = await app.request('GET', `/api/audit?entity=${kind.entity}&entityId=${record.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'update', 'update', 'create']);
    expect(audit.body.data.items[0].before.files).toHaveLength(2);
  });

  it('refuses programs, empty forms, JSON bodies and unknown records, and keeps no file', async () => {
    const body = { ...kind.full, [kind.numberField!]: `${kind.full[kind.numberField!] as string}-REFUSE` };
    const record = (await app.request('POST', `/api/corp-finances/${kind.segment}`, { token, body })).body.data;
    const start = await app.fileCount();
    const path = `/api/corp-finances/${kind.segment}/${record.id}/upload`;

    const program = await app.upload('POST', path, {
      token,
      files: [
        ['files', 'good.pdf', sampleFiles.pdf()],
        ['files', 'setup.exe', sampleFiles.exe()],
      ],
    });
    expect(program.status).toBe(400);
    expect(program.body.message).toBe('"setup.exe" is a program; programs cannot be uploaded');
    const none = await app.upload('POST', path, { token, fields: { remark: 'no file' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('attach at least one file in the form field "files"');
    const json = await app.request('POST', path, { token, body: { files: [] } });
    expect(json.status).toBe(400);
    const wrongField = await app.upload('POST', path, { token, files: [['file', 'a.pdf', sampleFiles.pdf()]] });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('files are not accepted in the field "file"');
    const unknown = await app.upload('POST', `/corp-finances/${kind.segment}/987654/upload`, { token, files: [['files', 'a.pdf', sampleFiles.pdf()]] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`${kind.label} 987654 not found`);
    const anonymous = await app.upload('POST', path, { files: [['files', 'a.pdf', sampleFiles.pdf()]] });
    expect(anonymous.status).toBe(401);

    expect(await app.fileCount()).toBe(start);
    expect((await app.request('GET', `/api/corp-finances/${kind.segment}/${record.id}`, { token })).body.data).toEqual(record);
  });
});

it('says attachment refusals in Chinese, and in English without the header', async () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const record = (await app.request('POST', '/api/corp-finances/settlements', { token, body: { settlementNumber: 'ZH-FILES-1', amount: 1 } })).body.data;
  const path = `/api/corp-finances/settlements/${record.id}/upload`;
  const none = await app.upload('POST', path, { token, fields: { remark: 'no file' }, headers: zh });
  expect(none.status).toBe(400);
  expect(none.body.message).toBe('请在表单字段“files”中至少附加一个文件');
  expect((await app.upload('POST', path, { token, fields: { remark: 'no file' } })).body.message).toBe('attach at least one file in the form field "files"');
  const unknown = await app.upload('POST', '/corp-finances/settlements/987654/upload', { token, files: [['files', 'a.pdf', sampleFiles.pdf()]], headers: zh });
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('未找到结算单 987654');
  const noFile = await app.request('DELETE', `/api/corp-finances/settlements/${record.id}/files/987654`, { token, headers: zh });
  expect(noFile.status).toBe(404);
  expect(noFile.body.message).toBe(`未找到结算单 ${record.id} 的文件 987654`);
  const noFileEnglish = await app.request('DELETE', `/api/corp-finances/settlements/${record.id}/files/987654`, { token });
  expect(noFileEnglish.body.message).toBe(`file 987654 of settlement ${record.id} not found`);
  expect(await app.fileCount()).toBe(0);
});

it('has no upload for the five record kinds', async () => {
  const record = (await app.request('POST', '/api/corp-finances/freight-charges', { token, body: { amount: 1 } })).body.data;
  const res = await app.upload('POST', `/api/corp-finances/freight-charges/${record.id}/upload`, { token, files: [['files', 'a.pdf', sampleFiles.pdf()]] });
  expect(res.status).toBe(404);
  expect(await app.fileCount()).toBe(0);
});

describe('totals', () => {
  it('sums many rows exactly to the cent, per currency, for the filtered rows only', async () => {
    const amounts = [0.1, 0.2, 0.01, 0.07, 1234.57, 99.99, 0.3];
    const expected = new Map<string, { cents: number; count: number }>();
    let floatSum = 0;
    const bodies = Array.from({ length: 350 }, (_, i) => {
      const amount = amounts[i % amounts.length]!;
      const currency = i % 5 === 0 ? 'USD' : 'CNY';
      const t = expected.get(currency) ?? { cents: 0, count: 0 };
      t.cents += Math.round(amount * 100);
      t.count += 1;
      expected.set(currency, t);
      if (currency === 'CNY') floatSum += amount;
      return { amount, currency, contractNumber: 'C-SUMS', chargeType: `row ${i}`, chargeDate: `2026-04-${String((i % 28) + 1).padStart(2, '0')}` };
    });
    for (let i = 0; i < bodies.length; i += 25) {
      const results = await Promise.all(bodies.slice(i, i + 25).map((body) => app.request('POST', '/corp-finances/misc-charges', { token, body })));
      for (const r of results) expect(r.status).toBe(200);
    }
    // noise in another contract and another kind must not count
    await app.request('POST', '/corp-finances/misc-charges', { token, body: { amount: 5, contractNumber: 'C-OTHER' } });
    await app.request('POST', '/corp-finances/freight-charges', { token, body: { amount: 5, contractNumber: 'C-SUMS' } });

    const list = await app.request('GET', '/api/corp-finances/misc-charges?contractNumber=C-SUMS&pageSize=10', { token });
    expect(list.body.data.total).toBe(350);
    expect(list.body.data.items).toHaveLength(10);
    expect(list.body.data.summary.totals).toEqual([
      { currency: 'CNY', count: expected.get('CNY')!.count, amount: expected.get('CNY')!.cents / 100 },
      { currency: 'USD', count: expected.get('USD')!.count, amount: expected.get('USD')!.cents / 100 },
    ]);
    expect(floatSum).not.toBe(expected.get('CNY')!.cents / 100); // adding floats would have lost a fraction of a cent

    const april1to7 = await app.request('GET', '/api/corp-finances/misc-charges?contractNumber=C-SUMS&startDate=2026-04-01&endDate=2026-04-07', { token });
    const inRange = bodies.filter((b) => b.chargeDate <= '2026-04-07');
    expect(april1to7.body.data.total).toBe(inRange.length);
    const cnyCents = inRange.filter((b) => b.currency === 'CNY').reduce((s, b) => s + Math.round(b.amount * 100), 0);
    expect(april1to7.body.data.summary.totals[0]).toEqual({ currency: 'CNY', count: inRange.filter((b) => b.currency === 'CNY').length, amount: cnyCents / 100 });
    // 350 creates of one contract, each its own transaction: ~2.5 s on a quiet machine, on PostgreSQL
    // 20-26 s in CI beside the browser suite (each also touches the contract's P&L rows, under its lock),
    // once over the default 30 s
  }, 120_000);

  it('gathers one contract in the contract summary, under both prefixes', async () => {
    const c = 'C-SUMMARY-7';
    const post = (segment: string, body: Record<string, unknown>) => app.request('POST', `/api/corp-finances/${segment}`, { token, body: { contractNumber: c, ...body } });
    await post('freight-charges', { amount: 1000.1, currency: 'USD' });
    await post('freight-charges', { amount: 0.2, currency: 'USD' });
    await post('misc-charges', { amount: 50 });
    await post('service-fees', { amount: 20.5 });
    await post('cost-breakdowns', { amount: 300, costItem: 'insurance' });
    await post('profit-records', { revenue: 5000, cost: 4000.01 });
    await post('upstream-invoices', { invoiceNumber: 'SUM-UP', amount: 1130, taxRate: 0.13 });
    await post('downstream-invoices', { invoiceNumber: 'SUM-DN', amount: 2260, taxRate: 0.13 });
    const settlement = (await post('settlements', { settlementNumber: 'SUM-ST', amount: 999.99 })).body.data;
    await app.upload('POST', `/api/corp-finances/settlements/${settlement.id}/upload`, { token, files: [['files', 's.pdf', sampleFiles.pdf()]] });
    await post('freight-charges', { amount: 7, contractNumber: 'C-ELSEWHERE' });

    const res = await app.request('GET', `/corp-finances/contract-summary?contractNumber=${c}`, { token });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(Object.keys(s)).toEqual([
      'contractNumber',
      'freightCharges',
      'miscCharges',
      'serviceFees',
      'costBreakdowns',
      'profitRecords',
      'upstreamInvoices',
      'downstreamInvoices',
      'freightMiscInvoices',
      'settlements',
    ]);
    expect(s.contractNumber).toBe(c);
    expect(s.freightCharges.count).toBe(2);
    expect(s.freightCharges.totals).toEqual([{ currency: 'USD', count: 2, amount: 1000.3 }]);
    expect(s.freightCharges.items.map((r: { amount: number }) => r.amount)).toEqual([0.2, 1000.1]);
    expect(s.miscCharges.totals).toEqual([{ currency: 'CNY', count: 1, amount: 50 }]);
    expect(s.serviceFees.totals).toEqual([{ currency: 'CNY', count: 1, amount: 20.5 }]);
    expect(s.costBreakdowns.items[0]).toMatchObject({ costItem: 'insurance', amount: 300 });
    expect(s.profitRecords.totals).toEqual([{ currency: 'CNY', count: 1, revenue: 5000, cost: 4000.01, profit: 999.99 }]);
    expect(s.profitRecords.items[0]).toMatchObject({ profit: 999.99, margin: 0.2 });
    expect(s.upstreamInvoices.totals).toEqual([{ currency: 'CNY', count: 1, amount: 1130, taxAmount: 146.9 }]);
    expect(s.downstreamInvoices.totals).toEqual([{ currency: 'CNY', count: 1, amount: 2260, taxAmount: 293.8 }]);
    expect(s.freightMiscInvoices).toEqual({ count: 0, totals: [], items: [] });
    expect(s.settlements.items[0].files).toHaveLength(1);
    expect((await app.request('GET', `/api/corp-finances/contract-summary?contractNumber=${c}`, { token })).body.data).toEqual(s);

    const unknown = await app.request('GET', '/api/corp-finances/contract-summary?contractNumber=NO-SUCH', { token });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.freightCharges).toEqual({ count: 0, totals: [], items: [] });
    const missing = await app.request('GET', '/api/corp-finances/contract-summary', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('contractNumber is required');
    expect((await app.request('GET', `/corp-finances/contract-summary?contractNumber=${c}`)).status).toBe(401);
  });
});
