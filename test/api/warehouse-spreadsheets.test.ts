// Spreadsheets of the warehouse area: templates, filtered exports, all-or-none imports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, startAdminApp, type TestApp } from '../helpers/app.js';
import { makeApprovedPickup, makeInbound, makeOutbound, makePickup, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { IMPORT_BATCH } from '../../server/spreadsheets/row-import.js';
import { readPlainWorkbook, readWorkbook, workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PICKUP = ['blNumber', 'licensePlate', 'driverName', 'driverPhone', 'driverIdCard', 'commodity', 'quantity', 'unit', 'deliveryDate', 'deliveryAddress', 'warehouse', 'remark'];
const PICKUP_EN = [
  'B/L no.',
  'License plate',
  'Driver',
  'Driver phone',
  'Driver ID card',
  'Commodity',
  'Quantity',
  'Unit',
  'Pickup date',
  'Delivery address',
  'Warehouse',
  'Remark',
];
const PICKUP_ZH = ['提单号', '车牌号', '司机姓名', '司机电话', '司机身份证号', '品名', '数量', '单位', '提货日期', '提货地址', '仓库', '备注'];
const OUTBOUND = [
  'deliveryOrderNumber',
  'blNumber',
  'licensePlate',
  'driverName',
  'driverPhone',
  'commodity',
  'commodityCode',
  'quantity',
  'unit',
  'outboundDate',
  'warehouse',
  'operator',
  'outboundStatus',
  'remark',
];
const OUTBOUND_EN = [
  'Pickup request',
  'B/L no.',
  'License plate',
  'Driver',
  'Driver phone',
  'Commodity',
  'Commodity code',
  'Quantity',
  'Unit',
  'Outbound date',
  'Warehouse',
  'Operator',
  'Outbound status',
  'Remark',
];
const OUTBOUND_ZH = ['提货单号', '提单号', '车牌号', '司机姓名', '司机电话', '品名', '商品编码', '数量', '单位', '出库日期', '仓库', '经办人', '出库状态', '备注'];
const INBOUND = ['warehouse', 'commodity', 'commodityCode', 'blNumber', 'blWeight', 'inboundWeight', 'owner', 'contractNumber', 'inboundDate', 'operator', 'remark'];
const INBOUND_EN = ['Warehouse', 'Commodity', 'Commodity code', 'B/L no.', 'B/L weight', 'Inbound weight', 'Owner', 'Contract no.', 'Inbound date', 'Operator', 'Remark'];
const INBOUND_ZH = ['仓库', '品名', '商品编码', '提单号', '提单重量', '入库重量', '货主', '合同号', '入库日期', '经办人', '备注'];

const KINDS = {
  pickup: {
    base: '/api/apply-delivery',
    list: '/api/apply-delivery/list',
    kind: 'pickup-requests',
    header: PICKUP,
    english: PICKUP_EN,
    labels: PICKUP_ZH,
    first: 'orderNumber',
    last: ['status', 'createdBy', 'approvedBy', 'approvedTime'],
    dates: ['deliveryDate'],
  },
  outbound: {
    base: '/api/delivery-details',
    list: '/api/delivery-details/list',
    kind: 'outbound-orders',
    header: OUTBOUND,
    english: OUTBOUND_EN,
    labels: OUTBOUND_ZH,
    first: 'outboundNumber',
    last: ['receiptStatus'],
    dates: ['outboundDate'],
  },
  inbound: {
    base: '/api/inventory',
    list: '/api/inventory/inbound/list',
    kind: 'inbound-orders',
    header: INBOUND,
    english: INBOUND_EN,
    labels: INBOUND_ZH,
    first: 'inboundNumber',
    last: ['weightDifference'],
    dates: ['inboundDate'],
  },
} as const;
type Kind = keyof typeof KINDS;

const templatePath = (k: Kind) => `${KINDS[k].base}/template/download`;
const exportPath = (k: Kind) => `${KINDS[k].base}/export`;
const importPath = (k: Kind) => (k === 'inbound' ? '/api/inventory/upload' : `${KINDS[k].base}/import`);

const stamp = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

async function download(path: string, lang = 'en') {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const upload = (k: Kind, bytes: Uint8Array, name = 'sheet.xlsx') => app.upload('POST', importPath(k), { token, files: [['file', name, bytes]] });

async function list(k: Kind, query: Record<string, string>) {
  const res = await app.request('GET', `${KINDS[k].list}?${new URLSearchParams({ pageSize: '100', ...query })}`, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { items: Record<string, unknown>[]; total: number };
}

/** A list item as its export row: the number, the input fields, the status columns; dates as the Date of that day. */
function asRow(k: Kind, item: Record<string, unknown>): unknown[] {
  const spec = KINDS[k];
  const row = [spec.first, ...spec.header, ...spec.last].map((key) => {
    const value = item[key];
    if (value === null || value === undefined) return undefined;
    return (spec.dates as readonly string[]).includes(key) ? new Date(`${value}T00:00:00.000Z`) : value;
  });
  while (row.length && row[row.length - 1] === undefined) row.pop(); // exceljs reads a row up to its last filled cell
  return row;
}

/** The export's data rows below its header; `plain`: read by readPlainWorkbook (dates as serial numbers), for a large export. */
async function exportRows(k: Kind, query: Record<string, string>, { plain = false } = {}) {
  const { res, bytes } = await download(`${exportPath(k)}?${new URLSearchParams({ ...query, headers: 'fields' })}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX);
  // named by the period the filters give (issue 29), else by the day
  const period = query.startDate || query.endDate ? `${query.startDate ?? ''}_${query.endDate ?? ''}` : stamp();
  expect(res.headers.get('content-disposition')).toContain(`filename="${KINDS[k].kind}-${period}.xlsx"`);
  const book = plain ? readPlainWorkbook(bytes) : await readWorkbook(bytes);
  const [data, labels] = book.sheets;
  expect(data!.rows[0]).toEqual([KINDS[k].first, ...KINDS[k].header, ...KINDS[k].last]);
  expect(labels!.name).toBe('Fields');
  return data!.rows.slice(1);
}

/** List queries, typed as the plain string records they are sent as. */
const filters = (...queries: Record<string, string>[]) => queries;

const ledgerSize = async () => (await app.request('GET', '/api/inventory/ledger?pageSize=1', { token })).body.data.total as number;

const EXAMPLE_MARK = 'example, not imported · 示例，不导入';

describe('templates', () => {
  for (const k of Object.keys(KINDS) as Kind[]) {
    it(`${k}: header row in the reader's words, one marked example row, the field names with both labels, and each column's rule`, async () => {
      const { res, bytes } = await download(templatePath(k));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX);
      expect(res.headers.get('content-disposition')).toContain(`filename="${KINDS[k].kind}-template.xlsx"`);
      const book = await readWorkbook(bytes);
      expect(book.sheets.map((s) => s.name)).toEqual([KINDS[k].kind, 'Fields', 'Notes']);
      const [data, fields, notes] = book.sheets;
      expect(data!.rows[0]).toEqual(KINDS[k].english);
      expect(data!.rows).toHaveLength(2);
      expect(data!.rows[1]![KINDS[k].header.length]).toBe(EXAMPLE_MARK);
      expect(data!.frozen).toBe(true);
      expect(fields!.rows[0]).toEqual(['field', '中文', 'English', 'type']);
      expect(fields!.rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual(KINDS[k].header.map((h, i) => [h, KINDS[k].labels[i], KINDS[k].english[i]]));
      expect(notes!.rows[0]).toEqual(['Column', 'Rule']);
      expect(notes!.rows.slice(1, KINDS[k].header.length + 1).map((r) => r[0])).toEqual(KINDS[k].english);
      const rule = (label: string) => notes!.rows.find((r) => r[0] === label)?.[1];
      expect(rule('Commodity')).toMatch(/^required; text/);
      expect(rule('Remark')).toMatch(/^optional; text/);
      if (k === 'outbound') expect(rule('Outbound status')).toBe('optional; one of: Pending (pending), Shipped (completed), Cancelled (cancelled)');

      // in Chinese for a Chinese reader, and the field names for scripts
      const zh = await readWorkbook((await download(templatePath(k), 'zh-CN')).bytes);
      expect(zh.sheets.map((s) => s.name)).toEqual([KINDS[k].kind, '字段说明', '填写说明']);
      expect(zh.sheets[0]!.rows[0]).toEqual(KINDS[k].labels);
      expect(zh.sheets[2]!.rows.find((r) => r[0] === '品名')?.[1]).toMatch(/^必填；文本/);
      const fieldNames = await readWorkbook((await download(`${templatePath(k)}?headers=fields`)).bytes);
      expect(fieldNames.sheets[0]!.rows[0]).toEqual(KINDS[k].header);
      expect((await download(`${templatePath(k)}?headers=words`)).res.status).toBe(400);

      // the template as it comes imports nothing: its example row is skipped
      const imported = await upload(k, bytes);
      expect(imported.status).toBe(400);
      expect(imported.body.message, JSON.stringify(imported.body.data)).toBe('the spreadsheet has a header row but no data rows; add at least one row');
    });
  }

  it('needs a token', async () => {
    const res = await fetch(`${app.url}${templatePath('inbound')}`);
    expect(res.status).toBe(401);
  });
});

describe('exports', () => {
  it('inbound orders: exactly the rows the same filters list, in the list order, numbers as numbers and dates as dates', async () => {
    const w = await makeWarehouse(app, token);
    const other = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, commodity: '电解铜', blNumber: 'EXP-1', blWeight: 100.5, inboundWeight: 100.25, owner: '甲', inboundDate: '2026-10-01' });
    await makeInbound(app, token, { warehouse: w.code, commodity: '电解铜', blNumber: 'EXP-2', inboundWeight: 3.125, inboundDate: '2026-10-05', remark: '第二批' });
    await makeInbound(app, token, { warehouse: w.code, commodity: 'zinc', blNumber: 'EXP-3', inboundWeight: 7, inboundDate: '2026-10-09' });
    await makeInbound(app, token, { warehouse: other.code, commodity: '电解铜', blNumber: 'EXP-4', inboundWeight: 1, inboundDate: '2026-10-05' });

    for (const query of filters(
      { warehouse: w.code },
      { warehouse: w.name, commodity: '电解铜' },
      { blNumber: 'EXP-', startDate: '2026-10-02', endDate: '2026-10-31' },
      { keyword: 'EXP', sortOrder: 'asc' },
      { warehouse: 'no such warehouse' },
    )) {
      const listed = await list('inbound', query);
      const rows = await exportRows('inbound', query);
      expect(rows).toEqual(listed.items.map((item) => asRow('inbound', item)));
    }
    const rows = await exportRows('inbound', { warehouse: w.code });
    expect(rows).toHaveLength(3);
    const first = rows[2]!; // newest first: the first order made is the last row
    expect(first[INBOUND.indexOf('blWeight') + 1]).toBe(100.5);
    expect(first[INBOUND.indexOf('inboundWeight') + 1]).toBe(100.25);
    expect(first[INBOUND.length + 1]).toBe(-0.25);
    expect(first[INBOUND.indexOf('inboundDate') + 1]).toBeInstanceOf(Date);
    expect((first[INBOUND.indexOf('inboundDate') + 1] as Date).toISOString().slice(0, 10)).toBe('2026-10-01');
    expect(first[INBOUND.indexOf('warehouse') + 1]).toBe(w.name);
  });

  it('pickup requests and outbound orders: the same filters as their lists', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 50 });
    // the outbound orders name B/L OEXP-1: its lot must hold what they take (issue 27)
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'OEXP-1', inboundWeight: 5 });
    // the requests' B/Ls are received: an approval reserves in its lot (issue 27)
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'PEXP-1', inboundWeight: 5.5 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'PEXP-2', inboundWeight: 5 });
    const p1 = await makeApprovedPickup(app, token, { warehouse: w.code, blNumber: 'PEXP-1', quantity: 5.5, driverName: '张师傅' });
    const p2 = await makePickup(app, token, { warehouse: w.code, blNumber: 'PEXP-2', deliveryDate: '2026-12-01' });
    await app.request('PUT', `/api/apply-delivery/${p2.id}`, { token, body: { status: 'approved' } });
    await makeOutbound(app, token, { warehouse: w.code, deliveryOrderNumber: p1.orderNumber, blNumber: 'OEXP-1', quantity: 2.5 });
    await makeOutbound(app, token, { warehouse: w.code, blNumber: 'OEXP-2', quantity: 1, outboundStatus: 'cancelled' });

    for (const query of filters({ warehouse: w.code }, { warehouse: w.code, status: 'approved' }, { blNumber: 'PEXP', keyword: '张师傅' })) {
      const listed = await list('pickup', query);
      expect(await exportRows('pickup', query)).toEqual(listed.items.map((item) => asRow('pickup', item)));
    }
    const pickups = await exportRows('pickup', { warehouse: w.code });
    expect(pickups).toHaveLength(2);
    expect(pickups[1]![PICKUP.indexOf('quantity') + 1]).toBe(5.5);
    expect(pickups[0]![PICKUP.length + 1]).toBe('approved');
    // who asked and who approved, as the list and the print page say it
    expect(pickups[0]!.slice(PICKUP.length + 2, PICKUP.length + 4)).toEqual(['admin', 'admin']);

    for (const query of filters({ warehouse: w.code }, { warehouse: w.code, outboundStatus: 'cancelled' }, { deliveryOrderNumber: p1.orderNumber })) {
      const listed = await list('outbound', query);
      expect(await exportRows('outbound', query)).toEqual(listed.items.map((item) => asRow('outbound', item)));
    }
    const orders = await exportRows('outbound', { deliveryOrderNumber: p1.orderNumber });
    expect(orders).toHaveLength(1);
    expect(orders[0]![OUTBOUND.indexOf('quantity') + 1]).toBe(2.5);
    expect((orders[0]![OUTBOUND.indexOf('outboundDate') + 1] as Date).toISOString().slice(0, 10)).toBe('2026-11-02');
  });

  it('refuses a bad filter as the list does', async () => {
    const res = await app.request('GET', '/api/delivery-details/export?outboundStatus=lost', { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('outboundStatus');
    const date = await app.request('GET', '/api/inventory/export?startDate=2026-02-30', { token });
    expect(date.status).toBe(400);
  });
});

describe('imports', () => {
  it('inbound: a good sheet creates the orders, their stock and ledger entries, and audit entries', async () => {
    const w = await makeWarehouse(app, token);
    const ledger = await ledgerSize();
    const res = await upload(
      'inbound',
      await workbook([
        INBOUND,
        [w.code, '电解铜', 'CU', 'IMP-1', 20.5, 20.25, '甲公司', 'HT-1', new Date('2026-11-03T00:00:00Z'), '王五', '第一车'],
        [w.name, '电解铜', null, 'IMP-2', null, '4.75', null, null, '2026-11-04'],
      ]),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('2 inbound order(s) imported');
    expect(res.body.data).toEqual({ imported: 2 });
    const listed = await list('inbound', { warehouse: w.code, sortOrder: 'asc' });
    expect(listed.items).toMatchObject([
      {
        inboundNumber: expect.stringMatching(new RegExp(`^IB${stamp()}-\\d{4}$`)),
        commodity: '电解铜',
        commodityCode: 'CU',
        blNumber: 'IMP-1',
        blWeight: 20.5,
        inboundWeight: 20.25,
        weightDifference: -0.25,
        owner: '甲公司',
        contractNumber: 'HT-1',
        inboundDate: '2026-11-03',
        operator: '王五',
        remark: '第一车',
      },
      { blNumber: 'IMP-2', blWeight: null, inboundWeight: 4.75, owner: null, inboundDate: '2026-11-04' },
    ]);
    expect((await stockOf(app, token, w.code, '电解铜'))!.currentStock).toBe(25);
    expect(await ledgerSize()).toBe(ledger + 2);
    const audit = await app.request('GET', `/api/audit?entity=inboundOrder&entityId=${listed.items[0]!.id}`, { token });
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('pickup requests: the Chinese header works; requests start pending with generated numbers', async () => {
    const w = await makeWarehouse(app, token);
    const res = await upload(
      'pickup',
      await workbook([
        ['提单号', '车牌号', '司机姓名', '品名', '数量', '单位', '提货日期', '仓库', '无关列'],
        ['PIMP-1', '沪A12345', '张师傅', '电解铜', 25.5, '吨', '2026-11-22', w.code, 'ignored'],
        ['PIMP-2', null, null, '电解铜', '3', null, new Date('2026-11-23T00:00:00Z'), w.name],
      ]),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ imported: 2 });
    const listed = await list('pickup', { warehouse: w.code, sortOrder: 'asc' });
    expect(listed.items).toMatchObject([
      {
        orderNumber: expect.stringMatching(new RegExp(`^PU${stamp()}-\\d{4}$`)),
        blNumber: 'PIMP-1',
        licensePlate: '沪A12345',
        driverName: '张师傅',
        quantity: 25.5,
        unit: '吨',
        deliveryDate: '2026-11-22',
        status: 'pending',
      },
      { blNumber: 'PIMP-2', licensePlate: null, quantity: 3, deliveryDate: '2026-11-23', status: 'pending' },
    ]);
  });

  it('outbound orders: a good sheet takes its quantities from stock, earlier rows counted', async () => {
    const w = await makeWarehouse(app, token);
    // the rows name B/Ls OIMP-1 and OIMP-2: their lots must hold what the rows take (issue 27)
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'OIMP-1', inboundWeight: 6 });
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'OIMP-2', inboundWeight: 4 });
    // the request names the B/L its row ships from: an approval reserves in its lot (issue 27)
    const p = await makeApprovedPickup(app, token, { warehouse: w.code, blNumber: 'OIMP-1', quantity: 6 });
    const res = await upload(
      'outbound',
      await workbook([
        OUTBOUND,
        [p.orderNumber, 'OIMP-1', null, null, null, 'copper', null, 6, 't', '2026-11-05', w.code],
        [null, 'OIMP-2', null, null, null, 'copper', null, 4, 't', '2026-11-06', w.code, '李四', 'pending'],
        [null, 'OIMP-3', null, null, null, 'copper', null, 50, 't', '2026-11-06', w.code, null, 'cancelled'],
      ]),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ imported: 3 });
    const listed = await list('outbound', { warehouse: w.code, sortOrder: 'asc' });
    expect(listed.items).toMatchObject([
      {
        outboundNumber: expect.stringMatching(new RegExp(`^OB${stamp()}-\\d{4}$`)),
        deliveryOrderNumber: p.orderNumber,
        quantity: 6,
        outboundStatus: 'completed',
        receiptStatus: 'unconfirmed',
        operator: 'admin',
      },
      { quantity: 4, outboundStatus: 'pending', operator: '李四' },
      { quantity: 50, outboundStatus: 'cancelled' },
    ]);
    expect(await stockOf(app, token, w.code)).toMatchObject({ inboundQuantity: 10, outboundQuantity: 10, currentStock: 0 });
  });

  describe('a sheet with a bad row writes nothing and names the row and column', () => {
    async function snapshot(k: Kind, warehouse: string) {
      return { total: (await list(k, { warehouse })).total, ledger: await ledgerSize(), stock: await stockOf(app, token, warehouse) };
    }

    it('inbound: a bad date, an unknown warehouse, an inactive warehouse', async () => {
      const w = await makeWarehouse(app, token);
      const off = await makeWarehouse(app, token, { status: 'inactive' });
      await makeInbound(app, token, { warehouse: w.code, inboundWeight: 3 });
      const before = await snapshot('inbound', w.code);
      const res = await upload(
        'inbound',
        await workbook([
          INBOUND,
          [w.code, 'copper', null, null, null, 1, null, null, '2026-11-03'],
          [w.code, 'copper', null, null, null, 2, null, null, '2026-02-30'],
          ['NO-SUCH-WH', 'copper', null, null, null, 2, null, null, '2026-11-03'],
          [off.code, 'copper', null, null, null, 2, null, null, '2026-11-03'],
          [w.code, 'copper', null, null, null, 2, null, null, '2026-11-03'],
        ]),
      );
      expect(res.status).toBe(400);
      // the schema is checked first: the bad date is reported before any business rule is looked at
      expect(res.body.data.errors).toEqual([{ row: 3, column: 'inboundDate', message: expect.stringContaining('inboundDate') }]);
      expect(res.body.message).toMatch(/^the spreadsheet has an error, so nothing was imported: row 3: inboundDate/);
      expect(await snapshot('inbound', w.code)).toEqual(before);

      const rules = await upload(
        'inbound',
        await workbook([
          INBOUND,
          [w.code, 'copper', null, null, null, 1, null, null, '2026-11-03'],
          ['NO-SUCH-WH', 'copper', null, null, null, 2, null, null, '2026-11-03'],
          [off.code, 'copper', null, null, null, 2, null, null, '2026-11-03'],
        ]),
      );
      expect(rules.status).toBe(400);
      expect(rules.body.data.errors).toEqual([
        { row: 3, column: 'warehouse', message: 'warehouse "NO-SUCH-WH" does not exist: give the code or the name of a warehouse' },
        { row: 4, column: 'warehouse', message: `warehouse "${off.name}" is inactive and takes no new movements; activate it first or choose another` },
      ]);
      expect(rules.body.message).toContain('2 errors, so nothing was imported');
      expect(await snapshot('inbound', w.code)).toEqual(before);
    });

    it('outbound: over stock counting the earlier rows, and a deliveryOrderNumber naming no pickup request', async () => {
      const w = await makeWarehouse(app, token);
      await makeInbound(app, token, { warehouse: w.code, inboundWeight: 10 });
      const before = await snapshot('outbound', w.code);
      const res = await upload(
        'outbound',
        await workbook([
          OUTBOUND,
          [null, null, null, null, null, 'copper', null, 6, null, '2026-11-05', w.code],
          [null, null, null, null, null, 'copper', null, 4.5, null, '2026-11-05', w.code],
          ['PU-NOPE', null, null, null, null, 'copper', null, 1, null, '2026-11-05', w.code],
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual([
        { row: 3, column: 'quantity', message: `insufficient stock: 4 available of copper in ${w.name} after row 2 of this sheet; 4.5 requested` },
        { row: 4, column: 'deliveryOrderNumber', message: 'deliveryOrderNumber "PU-NOPE" is not the orderNumber of any pickup request' },
      ]);
      expect(await snapshot('outbound', w.code)).toEqual(before);
      expect(before.stock!.currentStock).toBe(10);
    });

    it('pickup: a bad quantity and a missing required column', async () => {
      const w = await makeWarehouse(app, token);
      const before = (await list('pickup', { warehouse: w.code })).total;
      const res = await upload(
        'pickup',
        await workbook([
          PICKUP,
          ['B1', null, null, null, null, 'copper', 2, null, '2026-11-22', null, w.code],
          ['B2', null, null, null, null, 'copper', 'two', null, '2026-11-22', null, w.code],
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual([{ row: 3, column: 'quantity', message: expect.stringContaining('quantity') }]);
      const noColumn = await upload(
        'pickup',
        await workbook([
          ['blNumber', 'commodity', 'quantity', 'warehouse'],
          ['B1', 'copper', 2, w.code],
        ]),
      );
      expect(noColumn.status).toBe(400);
      expect(noColumn.body.data.errors).toEqual([
        { row: 1, column: 'deliveryDate', message: 'the header row has no column "Pickup date" (or "deliveryDate", "提货日期"); it is required' },
      ]);
      expect((await list('pickup', { warehouse: w.code })).total).toBe(before);
    });
  });

  describe('row errors in Chinese (Accept-Language: zh)', () => {
    const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
    const uploadZh = (k: Kind, bytes: Uint8Array, headers: Record<string, string> = zh) =>
      app.upload('POST', importPath(k), { token, headers, files: [['file', 'sheet.xlsx', bytes]] });

    it('inbound: an unknown and an inactive warehouse', async () => {
      const w = await makeWarehouse(app, token);
      const off = await makeWarehouse(app, token, { status: 'inactive' });
      const sheet = await workbook([
        INBOUND,
        [w.code, 'copper', null, null, null, 1, null, null, '2026-11-03'],
        ['NO-SUCH-WH', 'copper', null, null, null, 2, null, null, '2026-11-03'],
        [off.code, 'copper', null, null, null, 2, null, null, '2026-11-03'],
      ]);
      const res = await uploadZh('inbound', sheet);
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual([
        { row: 3, column: 'warehouse', message: '仓库“NO-SUCH-WH”不存在：请填写仓库的编码或名称' },
        { row: 4, column: 'warehouse', message: `仓库“${off.name}”已停用，不能再办理新业务；请先启用该仓库，或选择其他仓库` },
      ]);
      expect(res.body.message).toBe(
        `表格有 2 处错误，因此没有导入任何数据：第 3 行：仓库“NO-SUCH-WH”不存在：请填写仓库的编码或名称；第 4 行：仓库“${off.name}”已停用，不能再办理新业务；请先启用该仓库，或选择其他仓库`,
      );
      const english = await uploadZh('inbound', sheet, {});
      expect(english.body.data.errors[0]).toEqual({ row: 3, column: 'warehouse', message: 'warehouse "NO-SUCH-WH" does not exist: give the code or the name of a warehouse' });
      expect((await list('inbound', { warehouse: w.code })).total).toBe(0);
    });

    it('outbound: over stock counting the earlier rows, and a deliveryOrderNumber naming no pickup request', async () => {
      const w = await makeWarehouse(app, token);
      await makeInbound(app, token, { warehouse: w.code, inboundWeight: 10 });
      const sheet = await workbook([
        OUTBOUND,
        [null, null, null, null, null, 'copper', null, 3, null, '2026-11-05', w.code],
        [null, null, null, null, null, 'copper', null, 3, null, '2026-11-05', w.code],
        [null, null, null, null, null, 'copper', null, 4.5, null, '2026-11-05', w.code],
        ['PU-NOPE', null, null, null, null, 'copper', null, 1, null, '2026-11-05', w.code],
      ]);
      const res = await uploadZh('outbound', sheet);
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toEqual([
        { row: 4, column: 'quantity', message: `库存不足：${w.name}的copper可用 4（已扣除本表第 2、3 行）；需要 4.5` },
        { row: 5, column: 'deliveryOrderNumber', message: 'deliveryOrderNumber “PU-NOPE” 不是任何提货申请的提货单号' },
      ]);
      const english = await uploadZh('outbound', sheet, {});
      expect(english.body.data.errors[0]).toEqual({
        row: 4,
        column: 'quantity',
        message: `insufficient stock: 4 available of copper in ${w.name} after rows 2, 3 of this sheet; 4.5 requested`,
      });
      expect((await stockOf(app, token, w.code))!.currentStock).toBe(10);
    });

    it('an import without a file', async () => {
      const res = await app.upload('POST', importPath('pickup'), { token, headers: zh, fields: { note: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('缺少文件：请在字段“file”中附上 .xlsx 工作簿');
    });
  });

  it('refuses a file that is not an .xlsx, a zip that is not a workbook, and no file; nothing is written', async () => {
    const ledger = await ledgerSize();
    const files = await app.fileCount();
    const pdf = await upload('inbound', sampleFiles.pdf(), 'orders.xlsx');
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toBe('"orders.xlsx" is not an Excel .xlsx workbook; save it as .xlsx and upload again');
    const text = await upload('outbound', sampleFiles.text(), 'orders.csv');
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('is not an Excel .xlsx workbook');
    const none = await app.upload('POST', '/api/apply-delivery/import', { token, fields: { note: 'x' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('file');
    const empty = await upload('inbound', await workbook([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('the spreadsheet is empty: it needs a header row and at least one data row');
    expect(await ledgerSize()).toBe(ledger);
    expect(await app.fileCount()).toBe(files);
  });

  it('export then import of inbound orders reproduces the same orders (new numbers aside)', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, {
      warehouse: w.code,
      commodity: '电解铜',
      commodityCode: 'CU',
      blNumber: 'RT-1',
      blWeight: 12.345,
      inboundWeight: 12.3,
      owner: '甲',
      contractNumber: 'HT-9',
      operator: '王',
      inboundDate: '2026-09-30',
      remark: '备注',
    });
    await makeInbound(app, token, { warehouse: w.code, commodity: 'zinc', inboundWeight: 0.001, inboundDate: '2026-10-01' });
    const original = (await list('inbound', { warehouse: w.code, sortOrder: 'asc' })).items;
    const { bytes } = await download(`/api/inventory/export?warehouse=${w.code}&sortOrder=asc`);
    const res = await upload('inbound', bytes);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ imported: 2 });
    const all = (await list('inbound', { warehouse: w.code, sortOrder: 'asc' })).items;
    expect(all).toHaveLength(4);
    const strip = ({ id: _i, inboundNumber: _n, createTime: _c, updateTime: _u, ...rest }: Record<string, unknown>) => rest;
    expect(all.slice(2).map(strip)).toEqual(original.map(strip));
    expect(new Set(all.map((o) => o.inboundNumber)).size).toBe(4);
    expect((await stockOf(app, token, w.code, '电解铜'))!.currentStock).toBe(24.6);
  });

  it('a bad row in a later batch: the whole sheet is refused, every bad row named, nothing stored', async () => {
    const w = await makeWarehouse(app, token);
    // two batches and one row more (IMPORT_BATCH rows a batch): a bad row past the first batch is found
    // before anything is written, as it is in a sheet of 20,000 rows; the checks take every row alike
    const n = 2 * IMPORT_BATCH + 1;
    const rows: unknown[][] = [INBOUND];
    for (let i = 1; i <= n; i++) rows.push([w.code, 'copper', null, `BAD-${i}`, null, 1, null, null, '2026-11-10']);
    const ledger = await ledgerSize();
    // one bad row, the last but one: found by the checks inside the transaction, so nothing is stored
    const bad = [...rows];
    bad[n - 1] = ['NO-SUCH-WAREHOUSE', 'copper', null, 'BIG-BAD', null, 1, null, null, '2026-11-10'];
    const refused = await upload('inbound', await workbook(bad));
    expect(refused.status).toBe(400);
    expect(refused.body.data.errorCount).toBe(1);
    expect(refused.body.data.errors).toEqual([{ row: n, column: 'warehouse', message: 'warehouse "NO-SUCH-WAREHOUSE" does not exist: give the code or the name of a warehouse' }]);
    expect((await list('inbound', { warehouse: w.code })).total).toBe(0);
    expect(await ledgerSize()).toBe(ledger);
    // the first data row bad and one in the second batch: both named (all errors in one answer), nothing stored
    const early = [...rows];
    early[1] = [w.code, 'copper', null, 'BIG-BAD', null, 'heavy', null, null, '2026-11-10'];
    early[IMPORT_BATCH + 1] = [w.code, 'copper', null, 'BIG-BAD', null, 1, null, null, '2026-13-01'];
    const refusedEarly = await upload('inbound', await workbook(early));
    expect(refusedEarly.status).toBe(400);
    expect(refusedEarly.body.data.errorCount).toBe(2);
    expect(refusedEarly.body.data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'inboundWeight'],
      [IMPORT_BATCH + 2, 'inboundDate'],
    ]);
    expect((await list('inbound', { warehouse: w.code })).total).toBe(0);
    expect(await ledgerSize()).toBe(ledger);
  });

  it('a sheet of the most rows an import takes: 20,000 inbound rows import all, and export back in batches', async () => {
    const w = await makeWarehouse(app, token);
    const rows: unknown[][] = [INBOUND];
    for (let i = 1; i <= 20_000; i++) rows.push([w.code, 'copper', null, `BIG-${i}`, null, 1, null, null, '2026-11-10']);
    const ledger = await ledgerSize();

    const res = await upload('inbound', await workbook(rows));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ imported: 20_000 });
    const exported = await exportRows('inbound', { warehouse: w.code, sortOrder: 'asc' }, { plain: true });
    expect(exported).toHaveLength(20_000);
    expect(exported.map((r) => r[INBOUND.indexOf('blNumber') + 1])).toEqual(rows.slice(1).map((r) => r[3]));
    expect((await stockOf(app, token, w.code))!.currentStock).toBe(20_000);
    expect(await ledgerSize()).toBe(ledger + 20_000);
    // written in batches of IMPORT_BATCH rows, one statement per table per batch (set-based): seconds on either engine
  }, 600_000);

  it('refuses a sheet of more than 20,000 rows before writing anything, saying how many it has', async () => {
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 5000 });
    const counts = async () => ({
      inbound: (await list('inbound', {})).total,
      outbound: (await list('outbound', {})).total,
      pickup: (await list('pickup', {})).total,
      ledger: await ledgerSize(),
      audit: (await app.request('GET', '/api/audit?pageSize=1', { token })).body.data.total as number,
    });
    const before = await counts();
    const good = {
      inbound: [w.code, 'copper', null, null, null, 1, null, null, '2026-11-10'],
      outbound: [null, null, null, null, null, 'copper', null, 1, null, '2026-11-05', w.code],
      pickup: ['B1', null, null, null, null, 'copper', 2, null, '2026-11-22', null, w.code],
    };
    const refusal = (rows: number) => ({
      success: false,
      message: `the sheet has ${rows.toLocaleString('en-US')} rows below its header; import at most 20,000 rows at a time: split it into files of up to 20,000 rows and import each`,
      data: { rows, maxRows: 20_000 },
    });
    for (const k of ['inbound', 'outbound', 'pickup'] as const) {
      const res = await upload(k, await workbook([KINDS[k].header as unknown as unknown[], ...Array.from({ length: 20_001 }, () => good[k])]));
      expect(res.status, k).toBe(400);
      expect(res.body, k).toEqual(refusal(20_001));
    }
    // blank rows are not counted; a wrong row is, and the row count is the answer, not its error
    const rows: unknown[][] = [INBOUND, ...Array.from({ length: 27_410 }, () => good.inbound)];
    rows.splice(100, 0, [], [null, null]);
    rows.push([w.code, 'copper', null, null, null, 'two', null, null, '2026-11-10'], good.inbound);
    const bigSheet = await workbook(rows);
    const big = await upload('inbound', bigSheet);
    expect(big.body).toEqual(refusal(27_412));
    const zh = await app.upload('POST', importPath('inbound'), { token, headers: { 'accept-language': 'zh-CN' }, files: [['file', 'sheet.xlsx', bigSheet]] });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('表格表头下有 27,412 行；每次最多导入 20,000 行：请拆分为每份不超过 20,000 行的文件后分别导入');
    expect(await counts()).toEqual(before);
  }, 240_000);
});

describe('OpenAPI', () => {
  it('declares the nine routes, the downloads as .xlsx and the imports as multipart', async () => {
    const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, any>> };
    for (const k of Object.keys(KINDS) as Kind[]) {
      for (const path of [templatePath(k), exportPath(k)]) {
        expect(Object.keys(doc.paths[path]!.get!.responses['200'].content), path).toEqual([XLSX]);
      }
      expect(Object.keys(doc.paths[importPath(k)]!.post!.requestBody.content)).toContain('multipart/form-data');
    }
    expect(doc.paths['/api/inventory/export']!.get!.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['warehouse', 'commodity', 'inboundNumber', 'startDate', 'endDate', 'keyword', 'sortOrder']),
    );
  });
});
