// Set-based imports (issue 30 items 1–2): a sheet import and the JSON create are one code path (the
// JSON create is a batch of one), so a one-row import and a JSON create leave the same rows, ledger,
// lots and audit; numbers stay without gaps; the ledger, the summary and the lots agree after an
// import. Runs on both engines (CARGODESK_TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type TestApp } from '../helpers/app.js';
import { makeApprovedPickup, makeInbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
});
afterAll(() => app.close());

type Item = Record<string, unknown>;

async function get(path: string): Promise<any> {
  const res = await app.request('GET', path, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** Every item of a list, page by page. */
async function all(path: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const data = await get(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&page=${page}`);
    items.push(...data.items);
    if (items.length >= data.total) return items;
  }
}

const upload = async (path: string, rows: unknown[][]) => app.upload('POST', path, { token, files: [['file', 'sheet.xlsx', await workbook(rows)]] });

/** A record without what differs between any two records: its id, number and times. */
function comparable(record: Item, ...drop: string[]): Item {
  const out: Item = {};
  for (const [k, v] of Object.entries(record)) if (!['id', 'createTime', 'updateTime', 'approvedTime', ...drop].includes(k)) out[k] = v;
  return out;
}

/** The ledger entries, lots and audit entries one document left. */
async function traces(entity: string, id: number, number: string | null, warehouse: string) {
  const ledger = number ? ((await get(`/api/inventory/ledger?documentNumber=${number}&pageSize=100`)).items as Item[]) : [];
  const audit = (await get(`/api/audit?entity=${entity}&entityId=${id}&pageSize=100`)).items as Item[];
  const lots = (await get(`/api/inventory/lots?warehouse=${warehouse}&inStock=all&pageSize=100`)).items as Item[];
  return {
    ledger: ledger.map((e) => comparable(e, 'entryTime', 'documentId', 'documentNumber', 'balance', 'warehouse', 'warehouseId')),
    audit: audit.map((e) => ({
      action: e.action,
      username: e.username,
      before: e.before,
      after: e.after && comparable(e.after as Item, 'inboundNumber', 'outboundNumber', 'orderNumber', 'deliveryOrderNumber', 'warehouse', 'warehouseId'),
    })),
    lots: lots.map((l) => comparable(l, 'warehouse', 'warehouseId')),
  };
}

describe('the JSON create and a one-row import are one code path', () => {
  it('inbound orders: the same record, ledger entries, lots and audit entry', async () => {
    const viaJson = await makeWarehouse(app, token);
    const viaSheet = await makeWarehouse(app, token);
    const fields = {
      commodity: '电解铜 Cu',
      commodityCode: 'CU',
      blNumber: 'SAME-1',
      blWeight: 20.5,
      inboundWeight: 20.25,
      owner: '同一公司',
      contractNumber: 'HT-9',
      inboundDate: '2026-11-03',
      operator: '王五',
      remark: '一',
    };
    const created = await makeInbound(app, token, { warehouse: viaJson.code, ...fields });
    const res = await upload('/api/inventory/upload', [
      ['warehouse', 'commodity', 'commodityCode', 'blNumber', 'blWeight', 'inboundWeight', 'owner', 'contractNumber', 'inboundDate', 'operator', 'remark'],
      [
        viaSheet.code,
        fields.commodity,
        fields.commodityCode,
        fields.blNumber,
        fields.blWeight,
        fields.inboundWeight,
        fields.owner,
        fields.contractNumber,
        fields.inboundDate,
        fields.operator,
        fields.remark,
      ],
    ]);
    expect(res.status, res.body.message).toBe(200);
    const [imported] = (await get(`/api/inventory/inbound/list?warehouse=${viaSheet.code}`)).items as Item[];
    const json = (await get(`/api/inventory/inbound/${created.id}`)) as Item;
    expect(comparable(imported!, 'inboundNumber', 'warehouse', 'warehouseId')).toEqual(comparable(json, 'inboundNumber', 'warehouse', 'warehouseId'));
    const a = await traces('inboundOrder', json.id as number, json.inboundNumber as string, viaJson.code);
    const b = await traces('inboundOrder', imported!.id as number, imported!.inboundNumber as string, viaSheet.code);
    expect(b).toEqual(a);
    expect(a.ledger).toHaveLength(1);
    expect(a.audit).toHaveLength(1);
    expect(a.lots).toEqual([expect.objectContaining({ blNumber: 'SAME-1', currentStock: 20.25 })]);
  });

  it('outbound orders against a pickup request: the same record, ledger, lots, audit, and the request moved the same way', async () => {
    const made: { w: Awaited<ReturnType<typeof makeWarehouse>>; pickup: Awaited<ReturnType<typeof makeApprovedPickup>> }[] = [];
    for (let i = 0; i < 2; i++) {
      const w = await makeWarehouse(app, token);
      await makeInbound(app, token, { warehouse: w.code, blNumber: 'OUT-LOT', inboundWeight: 50 });
      const pickup = await makeApprovedPickup(app, token, { warehouse: w.code, blNumber: 'OUT-LOT', quantity: 12 });
      made.push({ w, pickup });
    }
    const fields = {
      blNumber: 'OUT-LOT',
      licensePlate: '沪A12345',
      driverName: '李四',
      commodity: 'copper',
      quantity: 12,
      unit: 't',
      outboundDate: '2026-11-05',
      operator: '赵六',
      remark: '整车',
    };
    const res = await app.request('POST', '/api/delivery-details', { token, body: { ...fields, warehouse: made[0]!.w.code, deliveryOrderNumber: made[0]!.pickup.orderNumber } });
    expect(res.status, res.body.message).toBe(200);
    const sheet = await upload('/api/delivery-details/import', [
      ['deliveryOrderNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity', 'quantity', 'unit', 'outboundDate', 'warehouse', 'operator', 'remark'],
      [
        made[1]!.pickup.orderNumber,
        fields.blNumber,
        fields.licensePlate,
        fields.driverName,
        fields.commodity,
        fields.quantity,
        fields.unit,
        fields.outboundDate,
        made[1]!.w.code,
        fields.operator,
        fields.remark,
      ],
    ]);
    expect(sheet.status, sheet.body.message).toBe(200);
    const json = res.body.data as Item;
    const [imported] = (await get(`/api/delivery-details?warehouse=${made[1]!.w.code}`)).items as Item[];
    expect(comparable(imported!, 'outboundNumber', 'warehouse', 'warehouseId', 'deliveryOrderNumber', 'allocations')).toEqual(
      comparable(json, 'outboundNumber', 'warehouse', 'warehouseId', 'deliveryOrderNumber', 'allocations'),
    );
    const a = await traces('outboundOrder', json.id as number, json.outboundNumber as string, made[0]!.w.code);
    const b = await traces('outboundOrder', imported!.id as number, imported!.outboundNumber as string, made[1]!.w.code);
    expect(b).toEqual(a);
    // the request: completed by the one order, with one status entry in its audit
    const requests = await Promise.all(made.map(({ pickup }) => get(`/api/apply-delivery/${pickup.id}`)));
    expect(requests.map((r: Item) => [r.status, r.shippedQuantity, r.remainingQuantity])).toEqual([
      ['completed', 12, 0],
      ['completed', 12, 0],
    ]);
    const pickupAudit = await Promise.all(made.map(({ pickup }) => traces('pickupRequest', pickup.id, null, made[0]!.w.code)));
    expect(pickupAudit[1]!.audit.map((e) => [e.action, (e.after as Item).status])).toEqual(pickupAudit[0]!.audit.map((e) => [e.action, (e.after as Item).status]));
  });

  it('pickup requests and commodity catalog entries: the same records and audit entries', async () => {
    const w = await makeWarehouse(app, token);
    const fields = {
      blNumber: 'PU-SAME',
      licensePlate: '沪B 7777',
      driverName: '张三',
      commodity: 'copper',
      quantity: 8,
      unit: 't',
      deliveryDate: '2026-11-22',
      warehouse: w.code,
      remark: '同',
    };
    const json = (await app.request('POST', '/api/apply-delivery', { token, body: fields })).body.data as Item;
    const res = await upload('/api/apply-delivery/import', [Object.keys(fields), Object.values(fields)]);
    expect(res.status, res.body.message).toBe(200);
    const [imported] = (await get(`/api/apply-delivery?warehouse=${w.code}&sortOrder=desc&pageSize=1`)).items as Item[];
    expect(imported!.id).not.toBe(json.id);
    expect(comparable(imported!, 'orderNumber')).toEqual(comparable(json, 'orderNumber'));
    const a = await traces('pickupRequest', json.id as number, null, w.code);
    const b = await traces('pickupRequest', imported!.id as number, null, w.code);
    expect(b.audit).toEqual(a.audit);

    const name = `Nickel ${Date.now()}`;
    const entry = (await app.request('POST', '/api/commodities', { token, body: { name, code: `NI${Date.now()}`, unit: 't' } })).body.data as Item;
    const sheet = await upload('/api/commodities/import', [
      ['name', 'code', 'unit'],
      [`${name} B`, `NB${Date.now()}`, 't'],
    ]);
    expect(sheet.status, sheet.body.message).toBe(200);
    const [other] = (await get(`/api/commodities?keyword=${encodeURIComponent(`${name} B`)}`)).items as Item[];
    expect(comparable(other!, 'name', 'code')).toEqual(comparable(entry, 'name', 'code'));
    const auditA = (await get(`/api/audit?entity=commodity&entityId=${entry.id}`)).items as Item[];
    const auditB = (await get(`/api/audit?entity=commodity&entityId=${other!.id}`)).items as Item[];
    expect(auditB.map((e) => [e.action, comparable(e.after as Item, 'name', 'code')])).toEqual(auditA.map((e) => [e.action, comparable(e.after as Item, 'name', 'code')]));
  });
});

describe('numbers', () => {
  it('an import takes the next numbers of the day without a gap; a refused import takes none', async () => {
    const w = await makeWarehouse(app, token);
    const header = ['warehouse', 'commodity', 'blNumber', 'inboundWeight', 'inboundDate'];
    const seqOf = (n: string) => Number(n.split('-').pop());
    const first = await makeInbound(app, token, { warehouse: w.code });
    const refused = await upload('/api/inventory/upload', [header, [w.code, 'copper', 'N-1', 1, '2026-11-10'], ['NO-SUCH', 'copper', 'N-2', 1, '2026-11-10']]);
    expect(refused.status).toBe(400);
    const imported = await upload('/api/inventory/upload', [header, ...[1, 2, 3, 4].map((i) => [w.code, 'copper', `N-${i}`, i, '2026-11-10'])]);
    expect(imported.status, imported.body.message).toBe(200);
    const last = await makeInbound(app, token, { warehouse: w.code });
    const numbers = ((await get(`/api/inventory/inbound/list?warehouse=${w.code}&sortOrder=asc`)).items as Item[]).map((i) => i.inboundNumber as string);
    expect(numbers[0]).toBe(first.inboundNumber);
    expect(numbers.at(-1)).toBe(last.inboundNumber);
    expect(numbers.map(seqOf)).toEqual([0, 1, 2, 3, 4, 5].map((i) => seqOf(first.inboundNumber) + i));
  });

  it('a number typed by hand ahead of the sequence is skipped by the import, which still hands out every other number once', async () => {
    const w = await makeWarehouse(app, token);
    const first = await makeInbound(app, token, { warehouse: w.code });
    const [prefix, seq] = [first.inboundNumber.slice(0, -4), Number(first.inboundNumber.slice(-4))];
    const typed = `${prefix}${String(seq + 2).padStart(4, '0')}`;
    await makeInbound(app, token, { warehouse: w.code, inboundNumber: typed });
    const res = await upload('/api/inventory/upload', [['warehouse', 'commodity', 'inboundWeight', 'inboundDate'], ...[1, 2, 3].map(() => [w.code, 'copper', 1, '2026-11-10'])]);
    expect(res.status, res.body.message).toBe(200);
    const numbers = ((await get(`/api/inventory/inbound/list?warehouse=${w.code}&sortOrder=asc`)).items as Item[]).map((i) => Number((i.inboundNumber as string).slice(-4)));
    expect(numbers).toEqual([seq, seq + 2, seq + 1, seq + 3, seq + 4]);
  });
});

describe('after an import', () => {
  it('the ledger, the summary and the lots agree, per warehouse, commodity and B/L', async () => {
    const [w1, w2] = [await makeWarehouse(app, token), await makeWarehouse(app, token)];
    const rows: unknown[][] = [['warehouse', 'commodity', 'blNumber', 'inboundWeight', 'inboundDate']];
    for (let i = 0; i < 1200; i++)
      rows.push([i % 2 ? w1.code : w2.name, i % 3 ? 'copper' : 'Copper', i % 5 ? `AGREE-${i % 7}` : null, (i % 9) + 0.125, `2026-10-${String((i % 28) + 1).padStart(2, '0')}`]);
    const res = await upload('/api/inventory/upload', rows);
    expect(res.status, res.body.message).toBe(200);
    const out = await upload('/api/delivery-details/import', [
      ['commodity', 'quantity', 'outboundDate', 'warehouse', 'blNumber'],
      ...[0, 1, 2, 3, 4, 5].map((i) => ['copper', 3.5 + i, '2026-11-02', i % 2 ? w1.code : w2.code, `AGREE-${i}`]),
    ]);
    expect(out.status, out.body.message).toBe(200);
    for (const w of [w1, w2]) {
      const summary = await stockOf(app, token, w.code);
      const lots = (await get(`/api/inventory/lots?warehouse=${w.code}&inStock=all&pageSize=100`)).items as Item[];
      const ledger = await all(`/api/inventory/ledger?warehouse=${w.code}`);
      const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 1000) / 1000;
      expect(sum(lots.map((l) => l.currentStock as number))).toBe(summary!.currentStock);
      expect(sum(ledger.map((e) => e.quantityChange as number))).toBe(summary!.currentStock);
      // the running balance of the last entry is the stock
      expect(ledger.at(-1)!.balance).toBe(summary!.currentStock);
      // each lot holds what the sheets put in and took out under its B/L
      const expected = new Map<string | null, number>();
      for (const [ref, , bl, weight] of rows.slice(1) as [string, string, string | null, number][])
        if (ref === w.code || ref === w.name) expected.set(bl, (expected.get(bl) ?? 0) + weight);
      for (const i of [0, 1, 2, 3, 4, 5]) if ((i % 2 ? w1.code : w2.code) === w.code) expected.set(`AGREE-${i}`, expected.get(`AGREE-${i}`)! - (3.5 + i));
      expect(Object.fromEntries(lots.map((l) => [String(l.blNumber), l.currentStock]))).toEqual(Object.fromEntries([...expected].map(([bl, q]) => [String(bl), sum([q])])));
    }
  });
});
