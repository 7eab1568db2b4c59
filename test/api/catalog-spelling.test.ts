// Every record that names a commodity or a party answers with its catalog's spelling (decisions.md,
// "Commodity names"), while the record and the ledger keep what was typed: a name typed
// "  nickel   briquette " answers "Nickel briquette" in its create, read, list, trace and export,
// and a rename of the catalog entry renames it everywhere. A name its catalog does not hold answers
// as typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { makeWarehouse } from '../helpers/warehouse.js';
import { readWorkbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;
let commodityId: number;
let partyId: number;
let warehouse: string;

const NICKEL = 'Nickel briquette';
const TYPED_NICKEL = '  nickel   briquette ';
const ACME = 'Acme Trading Co.';
const TYPED_ACME = 'ACME  trading co.';
const BL = 'SPELL-BL-1';

const ok = async (res: Promise<{ status: number; body: { message: string; data?: any } }>) => {
  const answer = await res;
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
};
const get = (path: string) => ok(app.request('GET', path, { token }));
const post = (path: string, body: unknown) => ok(app.request('POST', path, { token, body }));

beforeAll(async () => {
  ({ app, token } = await startAdminApp({ approveOwnRequests: true }));
  commodityId = (await post('/api/commodities', { name: NICKEL })).id;
  partyId = (await post('/api/parties', { name: ACME })).id;
  warehouse = (await makeWarehouse(app, token)).code;
});
afterAll(() => app.close());

describe("the catalogs' spelling in answers", () => {
  it('warehouse documents: create, read, list, the ledger keeps what was typed', async () => {
    const inbound = await post('/api/inventory/inbound', { warehouse, commodity: TYPED_NICKEL, owner: TYPED_ACME, blNumber: BL, inboundWeight: 50, inboundDate: '2026-11-01' });
    expect([inbound.commodity, inbound.owner]).toEqual([NICKEL, ACME]);
    expect((await get(`/api/inventory/inbound/${inbound.id}`)).commodity).toBe(NICKEL);
    expect((await get(`/api/inventory/inbound?warehouse=${warehouse}`)).items[0].owner).toBe(ACME);

    const pickup = await post('/api/apply-delivery', { warehouse, commodity: TYPED_NICKEL, blNumber: BL, quantity: 10, deliveryDate: '2026-11-02' });
    expect(pickup.commodity).toBe(NICKEL);
    await ok(app.request('PUT', `/api/apply-delivery/${pickup.id}`, { token, body: { status: 'approved' } }));
    const outbound = await post('/api/delivery-details', {
      warehouse,
      commodity: TYPED_NICKEL,
      blNumber: BL,
      quantity: 4,
      outboundDate: '2026-11-03',
      deliveryOrderNumber: pickup.orderNumber,
    });
    expect(outbound.commodity).toBe(NICKEL);
    expect((await get(`/api/delivery-details/detail/${outbound.id}`)).commodity).toBe(NICKEL);
    expect((await get(`/api/delivery-details?warehouse=${warehouse}`)).items[0].commodity).toBe(NICKEL);
    const detail = await get(`/api/apply-delivery/detail/${pickup.id}`);
    expect([detail.commodity, detail.outboundOrders[0].commodity]).toEqual([NICKEL, NICKEL]);

    const transfer = await post('/api/ownership-transfer', {
      warehouse,
      commodity: TYPED_NICKEL,
      blNumber: BL,
      quantity: 2,
      transferDate: '2026-11-04',
      transferor: TYPED_ACME,
      transferee: 'acme trading  CO.',
    });
    expect([transfer.commodity, transfer.transferor, transfer.transferee]).toEqual([NICKEL, ACME, ACME]);
    expect((await get(`/api/ownership-transfer/detail/${transfer.id}`)).transferor).toBe(ACME);

    const ledger = await get(`/api/inventory/ledger?warehouse=${warehouse}`);
    expect(ledger.items.map((e: any) => [e.commodity, e.enteredCommodity])).toEqual([
      [NICKEL, TYPED_NICKEL.trim()],
      [NICKEL, TYPED_NICKEL.trim()],
      [NICKEL, TYPED_NICKEL.trim()],
    ]);
    // the export writes what the list answers
    const res = await fetch(`${app.url}/api/delivery-details/export?warehouse=${warehouse}&headers=fields`, { headers: { authorization: `Bearer ${token}` } });
    const [header, row] = (await readWorkbook(new Uint8Array(await res.arrayBuffer()))).sheets[0]!.rows;
    expect(row![(header as string[]).indexOf('commodity')]).toBe(NICKEL);
  });

  it('contracts, corporate contracts and their lines, finance, the B/L trace and the contract summary', async () => {
    const contract = await ok(
      app.upload('POST', '/api/contract/upload', {
        token,
        fields: contractForm({ commodity: TYPED_NICKEL, buyParty: TYPED_ACME, sellParty: 'Someone Else Ltd', BLNumber: BL }),
        files: [pdfFile()],
      }),
    );
    expect([contract.commodity, contract.buyParty, contract.sellParty]).toEqual([NICKEL, ACME, 'Someone Else Ltd']);
    expect((await get('/api/contract')).find((c: any) => c.id === contract.id).buyParty).toBe(ACME);

    const folder = await post('/api/corp-contract/folders', { name: 'Spelling', category: 'upstream' });
    const corp = await ok(
      app.upload('POST', '/api/corp-contract/contracts', {
        token,
        fields: { folderId: String(folder.id), contractNumber: contract.contractCode, partyA: TYPED_ACME, partyB: 'Other Party' },
        files: [['file', 'c.pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]],
      }),
    );
    expect(corp.partyA).toBe(ACME);
    const line = await post(`/api/corp-contract/contracts/${corp.id}/details`, { commodity: TYPED_NICKEL, quantity: 3 });
    expect(line.commodity).toBe(NICKEL);
    expect((await get(`/api/corp-contract/contracts/${corp.id}`)).details[0].commodity).toBe(NICKEL);

    const freight = await post('/api/corp-finances/freight-charges', { contractNumber: contract.contractCode, blNumber: BL, carrier: TYPED_ACME, amount: 10 });
    const invoice = await post('/api/corp-finances/upstream-invoices', {
      invoiceNumber: 'SPELL-INV',
      contractNumber: contract.contractCode,
      counterparty: TYPED_ACME,
      amount: 10,
      taxRate: 0.13,
    });
    const profit = await post('/api/corp-finances/profit-records', { contractNumber: contract.contractCode, blNumber: BL, commodity: TYPED_NICKEL, revenue: 20, cost: 5 });
    expect([freight.carrier, invoice.counterparty, profit.commodity]).toEqual([ACME, ACME, NICKEL]);
    expect((await get(`/corp-finances/upstream-invoices/${invoice.id}`)).counterparty).toBe(ACME);

    const summary = await get(`/api/corp-finances/contract-summary?contractNumber=${contract.contractCode}`);
    expect([summary.upstreamInvoices.items[0].counterparty, summary.freightCharges.items[0].carrier, summary.profitRecords.items[0].commodity]).toEqual([ACME, ACME, NICKEL]);
    const trace = await get(`/api/bl/${BL}/trace`);
    expect(trace.contracts[0].buyParty).toBe(ACME);
    expect(trace.inboundOrders[0].commodity).toBe(NICKEL);
    expect(trace.finance.freightCharges.items[0].carrier).toBe(ACME);
    expect(trace.lots[0].commodity).toBe(NICKEL);
  });

  it('follows a rename of the catalog entry; a name the catalog does not hold answers as typed', async () => {
    await ok(app.request('PUT', `/api/commodities/${commodityId}`, { token, body: { name: 'Nickel briquettes (Ni 99.8)' } }));
    await ok(app.request('PUT', `/api/parties/${partyId}`, { token, body: { name: 'ACME Trading Company' } }));
    const outbound = (await get(`/api/delivery-details?warehouse=${warehouse}`)).items[0];
    expect(outbound.commodity).toBe('Nickel briquettes (Ni 99.8)');
    expect((await get(`/api/inventory/inbound?warehouse=${warehouse}`)).items[0].owner).toBe('ACME Trading Company');
    const unknown = await post('/api/corp-finances/misc-charges', { payee: '  Harbour  pilot ', amount: 1 });
    expect(unknown.payee).toBe('Harbour  pilot');
  });
});
