// The trading desk, part 2: exchange rates (settings), profit and loss by B/L or contract (area
// profit), the document set of every B/L and the missing-documents report (area contracts).
import { said } from '../../../shared/messages.js';
import { pagedSchema } from '../../../shared/paging.js';
import {
  blDocumentForm,
  blDocumentSet,
  exchangeRates,
  exchangeRatesBody,
  MAX_BL_DOCUMENTS,
  missingDocumentsQuery,
  missingDocumentsRow,
  pnlQuery,
  pnlRow,
} from '../../../shared/trading.js';
import { route } from '../../http/route.js';
import { DOCUMENTS } from '../../http/upload.js';
import { parseId } from '../../http/validate.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';
import { addDocuments, blOfPath, deleteDocument, documentSet, listMissingDocuments, missingDocuments } from './documents.service.js';
import { getExchangeRates, putExchangeRates } from './exchange-rates.service.js';
import { listPnl, pnlReport } from './pnl.service.js';

const PNL_COLUMNS = sheetColumns([
  { key: 'blNumber', type: 'text', width: 20 },
  { key: 'contractCode', type: 'text', width: 20 },
  { key: 'commodity', type: 'text' },
  { key: 'deliveredQuantity', type: 'number', label: said('Delivered', '已交付数量') },
  { key: 'revenue', type: 'number' },
  { key: 'purchaseCost', type: 'number', label: said('Purchase cost', '采购成本') },
  { key: 'freight', type: 'number', label: said('Freight', '运费') },
  { key: 'miscCharges', type: 'number', label: said('Misc charges', '杂费') },
  { key: 'serviceFees', type: 'number', label: said('Service fees', '服务费') },
  { key: 'otherCosts', type: 'number', label: said('Other costs', '其他成本') },
  { key: 'profit', type: 'number' },
  { key: 'margin', type: 'number' },
  { key: 'recordedProfit', type: 'number', label: said('Recorded profit', '记录利润') },
  { key: 'difference', type: 'number', label: said('Difference', '差额') },
  { key: 'currency', type: 'text' },
  { key: 'missingRates', type: 'text', width: 24, label: said('Missing rates', '缺少汇率') },
]);

const MISSING_COLUMNS = sheetColumns([
  { key: 'blNumber', type: 'text', width: 20 },
  { key: 'commodity', type: 'text' },
  { key: 'warehouses', type: 'text', width: 24 },
  { key: 'missing', type: 'text', width: 40, label: said('Missing documents', '缺少单据') },
]);

const pnlFilters = pnlQuery.omit({ page: true, pageSize: true, sortOrder: true });
const missingFilters = missingDocumentsQuery.omit({ page: true, pageSize: true, sortOrder: true });
const BL_DOCUMENTS = { ...DOCUMENTS, maxFiles: 20, required: true } as const;

export const tradingRoutes = [
  route({
    method: 'get',
    path: '/settings/exchange-rates',
    tag: 'Settings',
    summary: 'The monthly exchange rates into the base currency (CNY)',
    access: 'user',
    response: exchangeRates,
    handler: (ctx, { db }) => getExchangeRates(db),
  }),
  route({
    method: 'put',
    path: '/settings/exchange-rates',
    tag: 'Settings',
    summary: 'Replace the monthly exchange rates (admin)',
    description:
      'The whole list: one rate per currency and month (YYYY-MM), a positive number of CNY for one unit of the currency, at most 2,000 rates. A rate that is not a positive number, a month that is not YYYY-MM, an unknown currency, CNY itself or a repeated currency and month is 400 naming the field, and nothing is changed. Written to the audit log (entity `exchangeRates`).',
    access: 'admin',
    body: exchangeRatesBody,
    response: exchangeRates,
    example: { request: { base: 'CNY', rates: [{ currency: 'USD', month: '2026-11', rate: 7.12 }] } },
    handler: (ctx, { body, user, db }) => putExchangeRates(db, user, body),
  }),
  route({
    method: 'get',
    path: '/reports/pnl',
    tag: 'Reports',
    summary: 'Profit and loss by B/L or by downstream contract, from the contracts and the finance records, beside the profit records',
    access: { area: 'profit', level: 'read' },
    description:
      "In CNY at the monthly rates of GET /settings/exchange-rates. A B/L is sold under its first downstream contract and bought under its first purchase or upstream contract that lists it; deliveredQuantity: what went out and was transferred on it as the ledger keeps it per lot and day (a cancelled document's reversal nets out; the reader's warehouses; within the period); revenue = the sale's unit price × delivered, purchaseCost = the purchase's unit price × delivered, each month at that month's rate of the contract's currency. freight, miscCharges, serviceFees and otherCosts (cost breakdowns) sum the records of the B/L (by contract: of the contract's code, else of its B/Ls), each at the rate of its currency in its month (its creation date when it has none); profit = revenue − purchaseCost − freight − miscCharges − serviceFees − otherCosts; margin = profit / revenue; recordedProfit sums the profit records (revenue − cost) the same way; difference = profit − recordedProfit. A figure with an amount whose rate is missing is null and `missingRates` names it (\"USD 2026-11\"). Sorted by the size of difference, largest first; rows without a difference last.",
    query: pnlQuery,
    response: pagedSchema(pnlRow),
    handler: (ctx, { query, user, db }) => listPnl(db, query, user),
  }),
  exportRoute({
    tag: 'Reports',
    noun: 'profit and loss rows (missingRates joined with ";")',
    kind: 'pnl',
    path: '/reports/pnl/export',
    access: { area: 'profit', level: 'read' },
    listPath: '/reports/pnl',
    listQuery: pnlFilters,
    columns: PNL_COLUMNS,
    rows: async (db, query, _layout, reader) => (await pnlReport(db, query, reader)).map((r) => ({ ...r, missingRates: r.missingRates.join(';') })),
    title: said('Profit and loss', '利润表'),
  }),
  route({
    method: 'get',
    path: '/bl/:blNumber/documents',
    tag: 'Inventory',
    summary: 'The document set of a B/L: every document kind, its status and its files',
    access: { area: 'contracts', level: 'read' },
    description:
      'blNumber is URL-encoded and matched exactly (trimmed). complete: every required kind has a file. Files are read at GET /api/contract-files/{url}. A user limited to some warehouses reaches the set of a B/L with a lot in one of them or with no lot yet (403 otherwise).',
    response: blDocumentSet,
    handler: (ctx, { user, db }) => documentSet(db, blOfPath(ctx.params.blNumber), user),
  }),
  route({
    method: 'post',
    path: '/bl/:blNumber/documents',
    tag: 'Inventory',
    summary: 'Attach files of one document kind to a B/L',
    access: { area: 'contracts', level: 'write' },
    description: `multipart: \`kind\` (a kind of settings documentKinds; another is 400 naming it) and 1 to 20 \`files\`, any type but programs (judged by content), at most 50 MB each (413); a set holds at most ${MAX_BL_DOCUMENTS} files. A refused upload leaves no file. Answers the set. Written to the audit log (entity \`blDocument\`).`,
    upload: BL_DOCUMENTS,
    body: blDocumentForm,
    response: blDocumentSet,
    handler: (ctx, { body, files, user, db, store }) => addDocuments(db, store, user, blOfPath(ctx.params.blNumber), body.kind, files),
  }),
  route({
    method: 'delete',
    path: '/bl/:blNumber/documents/:fileId',
    tag: 'Inventory',
    summary: "Delete one file of a B/L's document set",
    access: { area: 'contracts', level: 'write' },
    description: 'Deletes the file from disk after the commit; answers the set. Written to the audit log (entity `blDocument`).',
    response: blDocumentSet,
    handler: (ctx, { user, db, store }) => deleteDocument(db, store, user, blOfPath(ctx.params.blNumber), parseId(ctx.params.fileId ?? '')),
  }),
  route({
    method: 'get',
    path: '/reports/missing-documents',
    tag: 'Reports',
    summary: 'The B/Ls with stock or an open contract that lack a required document kind',
    access: { area: 'contracts', level: 'read' },
    description:
      "B/Ls with stock (in the reader's warehouses; `warehouses` lists them) or listed by an open business contract (remaining > 0 as GET /reports/contract-execution counts it; for readers of every warehouse, without a warehouse filter), whose document set lacks a required kind (`missing`, in the order of documentKinds). By B/L number.",
    query: missingDocumentsQuery,
    response: pagedSchema(missingDocumentsRow),
    handler: (ctx, { query, user, db }) => listMissingDocuments(db, query, user),
  }),
  exportRoute({
    tag: 'Reports',
    noun: 'B/Ls missing documents (warehouses and missing joined with ";")',
    kind: 'missing-documents',
    path: '/reports/missing-documents/export',
    access: { area: 'contracts', level: 'read' },
    listPath: '/reports/missing-documents',
    listQuery: missingFilters,
    columns: MISSING_COLUMNS,
    rows: async (db, query, _layout, reader) =>
      (async function* () {
        for await (const r of missingDocuments(db, query, reader)) yield { ...r, warehouses: r.warehouses.join(';'), missing: r.missing.join(';') };
      })(),
    title: said('Missing documents', '缺少单据'),
  }),
];
