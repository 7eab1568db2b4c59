// Finance records of every kind: round trip of every field under both prefixes, updates with
// derived fields recomputed, list filters and totals, validation, 404s, unique numbers, audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInStaff, startTestApp, type TestApp } from '../helpers/app.js';
import { KIND_SAMPLES, sampleOf } from '../helpers/finance.js';

let app: TestApp;
let token: string;
let staffToken: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
  staffToken = (await signInStaff(app, token)).token;
});
afterAll(() => app.close());

const today = () => new Date().toISOString().slice(0, 10);
const withoutKeys = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

async function countOf(segment: string): Promise<number> {
  const res = await app.request('GET', `/api/corp-finances/${segment}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.total;
}

describe.each(KIND_SAMPLES)('$segment', (kind) => {
  const api = `/api/corp-finances/${kind.segment}`;
  const bare = `/corp-finances/${kind.segment}`;

  it('keeps every field, answers the same record under /api and without it, and lists it', async () => {
    const created = await app.request('POST', bare, { token, body: kind.full });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(`${kind.label} created`);
    const record = created.body.data;
    expect(record).toMatchObject({ ...kind.full, ...kind.derived });
    const expectedKeys = ['id', ...Object.keys(kind.full), ...Object.keys(kind.derived), ...(kind.hasFiles ? ['files'] : []), 'createTime', 'updateTime'];
    expect(Object.keys(record).sort()).toEqual([...new Set(expectedKeys)].sort());
    if (kind.hasFiles) expect(record.files).toEqual([]);
    expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    const viaApi = await app.request('GET', `${api}/${record.id}`, { token });
    const viaBare = await app.request('GET', `${bare}/${record.id}`, { token: staffToken });
    expect(viaApi.status).toBe(200);
    expect(viaApi.body.data).toEqual(record);
    expect(viaBare.body.data).toEqual(record);

    // every filter finds it; another value of the same filter does not
    const date = kind.dateField ? (kind.full[kind.dateField] as string) : today();
    const filters: Record<string, string>[] = [
      { contractNumber: kind.full.contractNumber as string },
      {
        keyword: String(Object.values(kind.full).find((v) => typeof v === 'string' && v.length > 6))
          .slice(2, 6)
          .toUpperCase(),
      },
      { startDate: date, endDate: date },
    ];
    if (kind.full.blNumber) filters.push({ blNumber: kind.full.blNumber as string });
    filters.push({ contractNumber: kind.full.contractNumber as string });
    for (const filter of filters.filter((f) => Object.values(f).every((v) => v !== undefined && v !== 'undefined'))) {
      const qs = new URLSearchParams(filter).toString();
      for (const prefix of [api, bare]) {
        const list = await app.request('GET', `${prefix}?${qs}`, { token });
        expect(list.status, qs).toBe(200);
        expect(
          list.body.data.items.map((r: { id: number }) => r.id),
          qs,
        ).toContain(record.id);
        expect(list.body.data).toMatchObject({ page: 1, pageSize: 20 });
        expect(list.body.data.items.find((r: { id: number }) => r.id === record.id)).toEqual(record);
      }
    }
    const none = await app.request('GET', `${api}?startDate=1999-01-01&endDate=1999-12-31&keyword=nothing-like-this`, { token });
    expect(none.body.data).toMatchObject({ items: [], total: 0, summary: { totals: [] } });
  });

  it('changes only the fields sent, recomputes derived fields, and deletes under both prefixes', async () => {
    const full = kind.numberField ? { ...kind.full, [kind.numberField]: `${kind.full[kind.numberField] as string}-B` } : kind.full;
    const created = (await app.request('POST', api, { token, body: full })).body.data;
    while (Date.now() <= Date.parse(created.updateTime)) await new Promise((r) => setTimeout(r, 1)); // a later updateTime
    const changed = await app.request('PUT', `${bare}/${created.id}`, { token, body: kind.change });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(`${kind.label} saved`);
    const untouched = withoutKeys(created, [...Object.keys(kind.change), ...Object.keys(kind.changed), 'updateTime']);
    expect(changed.body.data).toMatchObject({ ...untouched, ...kind.changed });
    expect(changed.body.data.updateTime > created.updateTime).toBe(true);
    expect((await app.request('GET', `${api}/${created.id}`, { token })).body.data).toEqual(changed.body.data);

    const before = await countOf(kind.segment);
    const deleted = await app.request('DELETE', `${bare}/${created.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(`${kind.label} ${created.id} deleted`);
    expect(await countOf(kind.segment)).toBe(before - 1);
    for (const path of [`${api}/${created.id}`, `${bare}/${created.id}`]) {
      const gone = await app.request('GET', path, { token });
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ success: false, message: `${kind.label} ${created.id} not found` });
    }
    expect((await app.request('DELETE', `${api}/${created.id}`, { token })).status).toBe(404);
    expect((await app.request('PUT', `${api}/${created.id}`, { token, body: kind.change })).status).toBe(404);

    const audit = await app.request('GET', `/api/audit?entity=${kind.entity}&entityId=${created.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['delete', expect.stringMatching(/^(update|status)$/), 'create']);
    expect(audit.body.data.items[1].after).toEqual(changed.body.data);
  });

  it('refuses a record without its money and malformed or unknown ids', async () => {
    const before = await countOf(kind.segment);
    const moneyField = kind.segment === 'profit-records' ? 'revenue' : 'amount';
    const missing = await app.request('POST', api, { token, body: withoutKeys(kind.full, [moneyField]) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(`${moneyField} is required`);
    expect(await countOf(kind.segment)).toBe(before);

    for (const bad of ['abc', '-1', '1.5', '0']) {
      const res = await app.request('GET', `${api}/${bad}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^id must be a positive whole number/);
    }
    const unknown = await app.request('GET', `${bare}/987654`, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`${kind.label} 987654 not found`);

    for (const path of [api, bare]) {
      const anonymous = await app.request('GET', path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.success).toBe(false);
    }
  });
});

describe('money, currency and the rules of the fields', () => {
  const charges = '/api/corp-finances/freight-charges';

  it('refuses amounts that are negative, not numbers, not finite or finer than a cent, and changes nothing', async () => {
    const before = await countOf('freight-charges');
    const cases: [unknown, string][] = [
      [-1, 'amount must be at least 0'],
      [1.234, 'amount has more than 2 decimals; amounts are kept to the cent'],
      [0.001, 'amount has more than 2 decimals; amounts are kept to the cent'],
      ['12', 'amount must be a number'],
      [null, 'amount must be a number'],
      [200_000_000_000, 'amount must be at most 100000000000'],
    ];
    for (const [amount, message] of cases) {
      const res = await app.request('POST', charges, { token, body: { amount } });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const infinite = await app.request('POST', charges, { token, rawBody: '{"amount": 1e400}' });
    expect(infinite.status).toBe(400);
    expect(infinite.body.message).toBe('amount must be a finite number');
    const profit = await app.request('POST', '/api/corp-finances/profit-records', { token, body: { revenue: 10, cost: -0.01 } });
    expect(profit.body.message).toBe('cost must be at least 0');
    expect(await countOf('freight-charges')).toBe(before);
  });

  it('keeps amounts like 0.29 and 1234567.89 exactly', async () => {
    for (const amount of [0.29, 1234567.89, 0.1, 99999999999.99, 0]) {
      const res = await app.request('POST', charges, { token, body: { amount } });
      expect(res.status).toBe(200);
      expect(res.body.data.amount).toBe(amount);
    }
  });

  it('takes ISO 4217 currency codes in any case, defaults to CNY, refuses others', async () => {
    const lower = await app.request('POST', charges, { token, body: { amount: 1, currency: ' usd ' } });
    expect(lower.body.data.currency).toBe('USD');
    const omitted = await app.request('POST', charges, { token, body: { amount: 1 } });
    expect(omitted.body.data).toMatchObject({ currency: 'CNY', paymentStatus: 'unpaid', remark: null, blNumber: null, chargeDate: null });
    const empty = await app.request('POST', charges, { token, body: { amount: 1, currency: '' } });
    expect(empty.body.data.currency).toBe('CNY');
    for (const currency of ['XYZ', 'RMB', 'US']) {
      const res = await app.request('POST', charges, { token, body: { amount: 1, currency } });
      expect(res.status, String(currency)).toBe(400);
      expect(res.body.message).toBe('currency must be an ISO 4217 currency code like CNY, USD or EUR');
    }
    const notText = await app.request('POST', charges, { token, body: { amount: 1, currency: 12 } });
    expect(notText.body.message).toBe('currency must be text');
    const cleared = await app.request('PUT', `${charges}/${lower.body.data.id}`, { token, body: { currency: null } });
    expect(cleared.body.data.currency).toBe('CNY');
  });

  it('refuses a tax rate given as a percentage and computes the tax half-up to the cent', async () => {
    const invoices = '/api/corp-finances/upstream-invoices';
    const percent = await app.request('POST', invoices, { token, body: { invoiceNumber: 'TAX-1', amount: 100, taxRate: 13 } });
    expect(percent.status).toBe(400);
    expect(percent.body.message).toBe('taxRate is a fraction from 0 to 1: write 0.13 for 13%');
    const noRate = await app.request('POST', invoices, { token, body: { invoiceNumber: 'TAX-1', amount: 100 } });
    expect(noRate.body.message).toBe('taxRate is required');
    const fine = await app.request('POST', invoices, { token, body: { invoiceNumber: 'TAX-1', amount: 100, taxRate: 0.12345 } });
    expect(fine.body.message).toBe('taxRate has more than 4 decimals');
    const cases: [number, number, number][] = [
      [0.5, 0.13, 0.07], // 6.5 cents -> 7
      [0.15, 0.1, 0.02], // 1.5 cents -> 2 (floating point would say 1.4999...)
      [1.05, 0.5, 0.53], // 52.5 cents -> 53
      [12345.67, 0.13, 1604.94],
      [99999999999.99, 1, 99999999999.99],
    ];
    let n = 0;
    for (const [amount, taxRate, taxAmount] of cases) {
      const res = await app.request('POST', invoices, { token, body: { invoiceNumber: `TAX-${++n}`, amount, taxRate } });
      expect(res.status).toBe(200);
      expect(res.body.data.taxAmount, `${amount} x ${taxRate}`).toBe(taxAmount);
    }
  });

  it('derives profit and margin, null margin when revenue is 0', async () => {
    const profits = '/api/corp-finances/profit-records';
    const loss = await app.request('POST', profits, { token, body: { revenue: 200, cost: 250.25 } });
    expect(loss.body.data).toMatchObject({ revenue: 200, cost: 250.25, profit: -50.25, margin: -0.2513 });
    const zero = await app.request('PUT', `${profits}/${loss.body.data.id}`, { token, body: { revenue: 0 } });
    expect(zero.body.data).toMatchObject({ revenue: 0, cost: 250.25, profit: -250.25, margin: null });
    const ignored = await app.request('PUT', `${profits}/${loss.body.data.id}`, { token, body: { profit: 1, margin: 0.5 } });
    expect(ignored.body.data).toMatchObject({ profit: -250.25, margin: null });
  });

  it('checks dates, statuses and the reconciliation period', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['freight-charges', { amount: 1, chargeDate: '2026-02-30' }, 'chargeDate is not a real calendar date'],
      ['freight-charges', { amount: 1, chargeDate: '01/03/2026' }, 'chargeDate must be a date written YYYY-MM-DD, like 2026-11-22'],
      ['freight-charges', { amount: 1, paymentStatus: 'maybe' }, 'paymentStatus must be one of: Unpaid (unpaid), Paid (paid)'],
      ['freight-charges', { amount: 1, quantity: 0 }, 'quantity must be greater than 0'],
      ['upstream-invoices', { invoiceNumber: 'S-1', amount: 1, taxRate: 0, status: 'paid' }, 'status must be one of: Issued (issued), Received (received), Void (void)'],
      ['settlements', { amount: 1 }, 'settlementNumber is required'],
      ['settlements', { settlementNumber: '  ', amount: 1 }, 'settlementNumber must not be empty'],
      ['reconciliations', { reconciliationNumber: 'R-X', amount: 1, periodStart: '2026-03-31', periodEnd: '2026-03-01' }, 'periodEnd 2026-03-01 is before periodStart 2026-03-31'],
    ];
    for (const [segment, body, message] of cases) {
      const res = await app.request('POST', `/corp-finances/${segment}`, { token, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const rec = await app.request('POST', '/corp-finances/reconciliations', {
      token,
      body: { reconciliationNumber: 'R-Y', amount: 1, periodStart: '2026-03-01', periodEnd: '2026-03-31' },
    });
    const broken = await app.request('PUT', `/corp-finances/reconciliations/${rec.body.data.id}`, { token, body: { periodEnd: '2026-02-01' } });
    expect(broken.status).toBe(400);
    expect((await app.request('GET', `/corp-finances/reconciliations/${rec.body.data.id}`, { token })).body.data).toEqual(rec.body.data);
    const statusDefaults = await Promise.all(
      [
        ['upstream-invoices', 'received'],
        ['downstream-invoices', 'issued'],
        ['freight-misc-invoices', 'received'],
        ['settlements', 'draft'],
        ['reconciliations', 'open'],
      ].map(async ([segment, status]) => {
        const numberField = sampleOf(segment!).numberField!;
        const res = await app.request('POST', `/api/corp-finances/${segment}`, { token, body: { [numberField]: `DEF-${segment}`, amount: 1, taxRate: 0.13 } });
        return [res.body.data?.status, status];
      }),
    );
    for (const [got, wanted] of statusDefaults) expect(got).toBe(wanted);
  });

  it('keeps invoice and settlement numbers unique within their kind', async () => {
    const body = { invoiceNumber: 'UNIQ-1', amount: 10, taxRate: 0.13 };
    const first = await app.request('POST', '/api/corp-finances/upstream-invoices', { token, body });
    expect(first.status).toBe(200);
    const before = await countOf('upstream-invoices');
    const again = await app.request('POST', '/corp-finances/upstream-invoices', { token, body: { ...body, amount: 20 } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('invoiceNumber "UNIQ-1" is already used by another upstream invoice; numbers must be unique');
    expect(again.body.data.errors).toEqual([{ field: 'invoiceNumber', message: again.body.message }]);
    expect(await countOf('upstream-invoices')).toBe(before);
    const otherKind = await app.request('POST', '/api/corp-finances/downstream-invoices', { token, body });
    expect(otherKind.status).toBe(200);

    const second = await app.request('POST', '/api/corp-finances/upstream-invoices', { token, body: { ...body, invoiceNumber: 'UNIQ-2' } });
    const clash = await app.request('PUT', `/api/corp-finances/upstream-invoices/${second.body.data.id}`, { token, body: { invoiceNumber: 'UNIQ-1', amount: 99 } });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('invoiceNumber "UNIQ-1" is already used by another upstream invoice; numbers must be unique');
    expect((await app.request('GET', `/api/corp-finances/upstream-invoices/${second.body.data.id}`, { token })).body.data).toEqual(second.body.data);
    const cleared = await app.request('PUT', `/api/corp-finances/upstream-invoices/${second.body.data.id}`, { token, body: { invoiceNumber: null } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.message).toBe('invoiceNumber must be text');
    const noStatus = await app.request('PUT', `/api/corp-finances/upstream-invoices/${second.body.data.id}`, { token, body: { status: null } });
    expect(noStatus.body.message).toBe('status must be one of: Issued (issued), Received (received), Void (void)');
  });

  it('does not mix kinds: an invoice id is not a settlement', async () => {
    const inv = await app.request('POST', '/api/corp-finances/upstream-invoices', { token, body: { invoiceNumber: 'MIX-1', amount: 1, taxRate: 0 } });
    const res = await app.request('GET', `/api/corp-finances/settlements/${inv.body.data.id}`, { token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`settlement ${inv.body.data.id} not found`);
    expect((await app.request('DELETE', `/corp-finances/downstream-invoices/${inv.body.data.id}`, { token })).status).toBe(404);
  });
});

describe('lists', () => {
  it('filters by status, keyword with wildcards taken literally, and refuses impossible filters', async () => {
    const fees = '/api/corp-finances/service-fees';
    await app.request('POST', fees, { token, body: { amount: 5, feeType: '100% inspection_fee', paymentStatus: 'paid', contractNumber: 'C-LIST' } });
    await app.request('POST', fees, { token, body: { amount: 7, feeType: '1000 inspectionXfee', contractNumber: 'C-LIST' } });
    const paid = await app.request('GET', `${fees}?contractNumber=C-LIST&paymentStatus=paid`, { token });
    expect(paid.body.data.items.map((r: { amount: number }) => r.amount)).toEqual([5]);
    const literal = await app.request('GET', `${fees}?keyword=${encodeURIComponent('0% INSPECTION_')}`, { token });
    expect(literal.body.data.items.map((r: { amount: number }) => r.amount)).toEqual([5]);
    const both = await app.request('GET', `${fees}?contractNumber=C-LIST&keyword=inspection&sortOrder=asc`, { token });
    expect(both.body.data.items.map((r: { amount: number }) => r.amount)).toEqual([5, 7]);
    expect(both.body.data.summary).toEqual({ totals: [{ currency: 'CNY', count: 2, amount: 12 }] });

    const bad: [string, string][] = [
      ['/api/corp-finances/service-fees?paymentStatus=late', 'paymentStatus must be one of: Unpaid (unpaid), Paid (paid)'],
      ['/api/corp-finances/upstream-invoices?blNumber=BL-1', 'upstream invoices have no blNumber; filter by another field'],
      ['/corp-finances/reconciliations?contractNumber=C-1', 'reconciliations have no contractNumber; filter by another field'],
      ['/api/corp-finances/service-fees?startDate=2026-05-01&endDate=2026-04-01', 'startDate 2026-05-01 is after endDate 2026-04-01'],
      ['/api/corp-finances/service-fees?startDate=2026-13-01', 'startDate is not a real calendar date'],
      ['/api/corp-finances/service-fees?endDate=yesterday', 'endDate must be a date written YYYY-MM-DD, like 2026-11-22'],
      ['/api/corp-finances/service-fees?page=0', 'page must be at least 1'],
    ];
    for (const [path, message] of bad) {
      const res = await app.request('GET', path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const blank = await app.request('GET', '/api/corp-finances/upstream-invoices?blNumber=&contractNumber=', { token });
    expect(blank.status).toBe(200);
  });

  it('pages newest first and sums profit records by revenue, cost and profit', async () => {
    const profits = '/corp-finances/profit-records';
    for (const [revenue, cost, currency] of [
      [100.1, 50.05, 'CNY'],
      [200.2, 300.3, 'CNY'],
      [10, 1, 'USD'],
    ] as const)
      await app.request('POST', profits, { token, body: { revenue, cost, currency, contractNumber: 'C-PAGE' } });
    const page1 = await app.request('GET', `${profits}?contractNumber=C-PAGE&pageSize=2`, { token });
    expect(page1.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.body.data.items.map((r: { revenue: number }) => r.revenue)).toEqual([10, 200.2]);
    expect(page1.body.data.summary.totals).toEqual([
      { currency: 'CNY', count: 2, revenue: 300.3, cost: 350.35, profit: -50.05 },
      { currency: 'USD', count: 1, revenue: 10, cost: 1, profit: 9 },
    ]);
    const page2 = await app.request('GET', `${profits}?contractNumber=C-PAGE&pageSize=2&page=2`, { token });
    expect(page2.body.data.items.map((r: { revenue: number }) => r.revenue)).toEqual([100.1]);
    expect(page2.body.data.summary).toEqual(page1.body.data.summary);
  });
});

describe('messages in Chinese', () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const names: Record<string, string> = {
    'freight-charges': '运费',
    'misc-charges': '杂费',
    'service-fees': '服务费',
    'cost-breakdowns': '成本项',
    'profit-records': '利润记录',
    'upstream-invoices': '上游发票',
    'downstream-invoices': '下游发票',
    'freight-misc-invoices': '运杂费发票',
    settlements: '结算单',
    reconciliations: '对账单',
  };

  it('names every kind in Chinese when a record is not found, and in English without the header', async () => {
    expect(Object.keys(names).sort()).toEqual(KIND_SAMPLES.map((k) => k.segment).sort());
    for (const kind of KIND_SAMPLES) {
      const res = await app.request('GET', `/corp-finances/${kind.segment}/987654`, { token, headers: zh });
      expect(res.status, kind.segment).toBe(404);
      expect(res.body).toEqual({ success: false, message: `未找到${names[kind.segment]} 987654` });
      const english = await app.request('GET', `/corp-finances/${kind.segment}/987654`, { token });
      expect(english.body.message).toBe(`${kind.label} 987654 not found`);
    }
  });

  it('says a duplicate number, the reconciliation period and impossible filters in Chinese', async () => {
    const body = { invoiceNumber: 'ZH-UNIQ-1', amount: 10, taxRate: 0.13 };
    expect((await app.request('POST', '/api/corp-finances/upstream-invoices', { token, body })).status).toBe(200);
    const dup = await app.request('POST', '/api/corp-finances/upstream-invoices', { token, body, headers: zh });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('invoiceNumber “ZH-UNIQ-1” 已被另一份上游发票使用；编号必须唯一');
    const dupEnglish = await app.request('POST', '/api/corp-finances/upstream-invoices', { token, body });
    expect(dupEnglish.body.message).toBe('invoiceNumber "ZH-UNIQ-1" is already used by another upstream invoice; numbers must be unique');

    const period = { reconciliationNumber: 'ZH-R-1', amount: 1, periodStart: '2026-03-31', periodEnd: '2026-03-01' };
    const rule = await app.request('POST', '/corp-finances/reconciliations', { token, body: period, headers: zh });
    expect(rule.status).toBe(400);
    expect(rule.body.message).toBe('periodEnd 2026-03-01 早于 periodStart 2026-03-31');
    expect((await app.request('POST', '/corp-finances/reconciliations', { token, body: period })).body.message).toBe('periodEnd 2026-03-01 is before periodStart 2026-03-31');

    const filters: [string, string][] = [
      ['/api/corp-finances/upstream-invoices?blNumber=BL-1', '上游发票没有 blNumber 字段；请按其他字段筛选'],
      ['/api/corp-finances/service-fees?startDate=2026-05-01&endDate=2026-04-01', 'startDate 2026-05-01 晚于 endDate 2026-04-01'],
    ];
    for (const [path, message] of filters) {
      const res = await app.request('GET', path, { token, headers: zh });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('the published interface', () => {
  it('describes every finance route under both prefixes in the OpenAPI document', async () => {
    const doc = await app.request('GET', '/api/openapi.json');
    const paths = Object.keys((doc.body as unknown as { paths: Record<string, unknown> }).paths);
    for (const prefix of ['/api', '']) {
      expect(paths).toContain(`${prefix}/corp-finances/contract-summary`);
      for (const kind of KIND_SAMPLES) {
        expect(paths).toContain(`${prefix}/corp-finances/${kind.segment}`);
        expect(paths).toContain(`${prefix}/corp-finances/${kind.segment}/{id}`);
        if (kind.hasFiles) {
          expect(paths).toContain(`${prefix}/corp-finances/${kind.segment}/{id}/upload`);
          expect(paths).toContain(`${prefix}/corp-finances/${kind.segment}/{id}/files/{fileId}`);
        } else expect(paths).not.toContain(`${prefix}/corp-finances/${kind.segment}/{id}/upload`);
      }
    }
    expect(paths).not.toContain('/users');
  });
});
