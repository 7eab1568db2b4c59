// The stock summary and the stock ledger (read only: stock moves with the records that move it).
import { z } from 'zod';
import { pagedSchema } from '../../../../shared/paging.js';
import { ledgerEntry, ledgerQuery, summaryQuery, summaryRow } from '../../../../shared/warehouse.js';
import { route } from '../../../http/route.js';
import { allLedger, listLedger, listSummary } from './stock.service.js';
import { said } from '../../../../shared/messages.js';
import { sheetColumns } from '../../../spreadsheets/columns.js';
import { exportRoute } from '../../../spreadsheets/sheet-routes.js';

const tag = 'Inventory';

export const stockRoutes = [
  route({
    method: 'get',
    path: '/inventory/summary',
    tag,
    summary: 'Stock summary: one row per warehouse and commodity',
    access: { area: 'stock', level: 'read' },
    description:
      'currentStock = inboundQuantity − outboundQuantity − transferredQuantity; cancelled outbound orders and transfers do not count. `asOf=YYYY-MM-DD` gives the summary as it stood at the end of that business date.',
    query: summaryQuery,
    response: z.array(summaryRow),
    handler: (ctx, { query, user, db }) => listSummary(db, query, user),
  }),
  exportRoute({
    tag,
    noun: 'stock summary rows',
    kind: 'stock-summary',
    path: '/inventory/summary/export',

    access: { area: 'stock', level: 'read' },
    listPath: '/inventory/summary',
    listQuery: summaryQuery,
    columns: sheetColumns([
      { key: 'warehouse', type: 'text' },
      { key: 'commodity', type: 'text' },
      { key: 'inboundQuantity', type: 'number' },
      { key: 'outboundQuantity', type: 'number' },
      { key: 'transferredQuantity', type: 'number' },
      { key: 'currentStock', type: 'number' },
    ]),
    rows: (db, query, _layout, reader) => listSummary(db, query, reader),
    title: said('Stock summary', '库存汇总'),
  }),
  exportRoute({
    tag,
    noun: 'stock ledger entries, oldest first',
    kind: 'stock-ledger',
    path: '/inventory/ledger/export',

    access: { area: 'stock', level: 'read' },
    listPath: '/inventory/ledger',
    listQuery: ledgerQuery,
    columns: sheetColumns([
      { key: 'businessDate', type: 'date' },
      { key: 'entryTime', type: 'text', width: 24 },
      { key: 'warehouse', type: 'text' },
      { key: 'commodity', type: 'text' },
      { key: 'enteredCommodity', type: 'text' },
      { key: 'kind', type: 'text', codes: 'ledgerKind' },
      { key: 'documentType', type: 'text', width: 18, codes: 'documentType' },
      { key: 'documentNumber', type: 'text', width: 18 },
      { key: 'quantityChange', type: 'number' },
      { key: 'balance', type: 'number' },
    ]),
    rows: (db, query, _layout, reader) => allLedger(db, query, reader),
    title: said('Stock ledger', '库存台账'),
  }),
  route({
    method: 'get',
    path: '/inventory/ledger',
    tag,
    summary: 'Stock ledger, oldest first, with the running balance of each warehouse and commodity',
    access: { area: 'stock', level: 'read' },
    query: ledgerQuery,
    response: pagedSchema(ledgerEntry),
    handler: (ctx, { query, user, db }) => listLedger(db, query, user),
  }),
];
