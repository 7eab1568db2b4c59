// The stock summary and the stock ledger (read only: stock moves with the records that move it).
import { z } from 'zod';
import { pagedSchema } from '../../../../shared/paging.js';
import { ledgerEntry, ledgerQuery, summaryQuery, summaryRow } from '../../../../shared/warehouse.js';
import { route } from '../../../http/route.js';
import { listLedger, listSummary } from './stock.service.js';

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
