// Cargo by bill of lading (lot stock, the B/L trace) and the reports (stock movement, contract
// execution, the dashboard's charts). Each list has its .xlsx export, taking the list's filters.
import { pagedSchema } from '../../../shared/paging.js';
import { blTrace, executionQuery, executionRow, lotQuery, lotRow, movementQuery, movementReport, stockChart } from '../../../shared/reports.js';
import { route } from '../../http/route.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { said } from '../../../shared/messages.js';
import { today } from '../../db/database.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';
import { allLots, listLots } from './lots.service.js';
import { contractExecution, listExecution, stockChart as chartOf, stockMovement } from './reports.service.js';
import { traceBl } from './trace.service.js';

const LOT_COLUMNS = sheetColumns([
  { key: 'warehouse', type: 'text' },
  { key: 'commodity', type: 'text' },
  { key: 'blNumber', type: 'text', width: 20 },
  { key: 'inboundQuantity', type: 'number' },
  { key: 'outboundQuantity', type: 'number' },
  { key: 'transferredQuantity', type: 'number' },
  { key: 'currentStock', type: 'number' },
  { key: 'firstInboundDate', type: 'date' },
  { key: 'lastMovementDate', type: 'date' },
]);

const MOVEMENT_COLUMNS = sheetColumns([
  { key: 'warehouse', type: 'text' },
  { key: 'commodity', type: 'text' },
  { key: 'opening', type: 'number' },
  { key: 'inbound', type: 'number' },
  { key: 'outbound', type: 'number' },
  { key: 'transferred', type: 'number' },
  { key: 'closing', type: 'number' },
]);

const EXECUTION_COLUMNS = sheetColumns([
  { key: 'contractCode', type: 'text' },
  { key: 'name', type: 'text', width: 24, label: said('Contract name', '合同名称') },
  { key: 'contractType', type: 'text', codes: 'contractType' },
  { key: 'commodity', type: 'text' },
  { key: 'count', type: 'number' },
  { key: 'executed', type: 'number' },
  { key: 'remaining', type: 'number' },
  { key: 'progress', type: 'number' },
  { key: 'inboundQuantity', type: 'number' },
  { key: 'outboundQuantity', type: 'number' },
  { key: 'transferredQuantity', type: 'number' },
  { key: 'blNumbers', type: 'text', width: 30 },
]);

/** The label of the totals row of the movement export (its warehouse cell). */
export const TOTALS_LABEL = 'Total 合计';

const lotsQuery = lotQuery.omit({ page: true, pageSize: true, sortOrder: true });
const executionFilters = executionQuery.omit({ page: true, pageSize: true, sortOrder: true });
const inventoryTag = 'Inventory';
const tag = 'Reports';

export const reportRoutes = [
  route({
    method: 'get',
    path: '/inventory/lots',
    tag: inventoryTag,
    summary: 'Lot stock: one row per warehouse, commodity and B/L number',
    access: { area: 'stock', level: 'read' },
    description:
      'A lot is a warehouse, a commodity and a B/L number; the movements without one make the lot whose blNumber is null. currentStock = inboundQuantity − outboundQuantity − transferredQuantity, cancelled documents do not count, and the lots of a warehouse and commodity add up to its row of GET /inventory/summary (with `inStock=all`). `blNumber` matches from the start; `asOf=YYYY-MM-DD` gives the lots as they stood at the end of that business date. Ordered by warehouse (in the order the warehouses were created), commodity, B/L number.',
    query: lotQuery,
    response: pagedSchema(lotRow),
    handler: (ctx, { query, user, db }) => listLots(db, query, user),
  }),
  exportRoute({
    tag: inventoryTag,
    noun: 'lots',
    kind: 'lots',
    path: '/inventory/lots/export',
    access: { area: 'stock', level: 'read' },
    listPath: '/inventory/lots',
    listQuery: lotsQuery,
    columns: LOT_COLUMNS,
    rows: (db, query, _layout, reader) => allLots(db, query, reader),
    title: said('Lot stock', '批次库存'),
  }),
  route({
    method: 'get',
    path: '/bl/:blNumber/trace',
    tag: inventoryTag,
    summary: 'Everything about one bill of lading, and its ledger entries in order',
    access: { area: 'stock', level: 'read' },
    description:
      "blNumber is URL-encoded and matched exactly (trimmed). contracts: the business contracts whose B/L list holds it; inboundOrders, pickupRequests, outboundOrders, ownershipTransfers: as their detail routes present them; finance: per kind { count, totals, items }, by blNumber where the kind has one, else by the contract codes of `contracts` (reconciliations name neither, so theirs is empty); lots: as GET /inventory/lots; timeline: its ledger entries by business date (entry order within a day) with `balance`, the running stock of the entry's own lot (its warehouse and commodity on the B/L), never summed across commodities. An unknown B/L answers empty lists.",
    response: blTrace,
    handler: (ctx, { user, db }) => traceBl(db, ctx.params.blNumber ?? '', user),
  }),
  route({
    method: 'get',
    path: '/reports/stock-movement',
    tag,
    summary: 'Stock movement report (进销存) of a period: one row per warehouse and commodity',
    access: { area: 'stock', level: 'read' },
    description:
      "startDate and endDate are inclusive business dates (inboundDate, outboundDate, transferDate); an edit or a cancel counts on the date of the document it corrects, so the report of a closed month changes only when that month's documents do. opening = stock at the end of the day before startDate; closing = opening + inbound − outbound − transferred (the summary asOf endDate). Rows of the stocks that had stock or movement in the period; `totals` sums every column per commodity (one entry per commodity: quantities of different commodities are never added). endDate before startDate is refused (400).",
    query: movementQuery,
    response: movementReport,
    handler: (ctx, { query, user, db }) => stockMovement(db, query, user),
  }),
  exportRoute({
    tag,
    noun: 'stock movement report (the totals rows last, one per commodity)',
    kind: 'stock-movement',
    path: '/reports/stock-movement/export',
    access: { area: 'stock', level: 'read' },
    listPath: '/reports/stock-movement',
    listQuery: movementQuery,
    columns: MOVEMENT_COLUMNS,
    rows: async (db, query, _layout, reader) => {
      const report = await stockMovement(db, query, reader);
      return [...report.items, ...report.totals.map((total) => ({ warehouse: TOTALS_LABEL, ...total }))];
    },
    title: said('Stock movement', '进销存报表'),
  }),
  route({
    method: 'get',
    path: '/reports/contract-execution',
    tag,
    summary: 'Contract execution: one row per business contract, newest first',
    access: { area: 'stock', level: 'read' },
    description:
      "A contract's documents are the inbound orders whose contractNumber is its contractCode or whose blNumber is on its B/L list, and the outbound orders and ownership transfers of its B/L numbers (cancelled ones do not count). executed = inboundQuantity for purchase (1) and upstream (2) contracts, outboundQuantity + transferredQuantity for downstream (3) ones; remaining = count − executed (negative when over-delivered); progress = executed / count (null when count is 0). status: open (remaining > 0), done (remaining <= 0) or all.",
    query: executionQuery,
    response: pagedSchema(executionRow),
    handler: (ctx, { query, user, db }) => listExecution(db, query, user),
  }),
  exportRoute({
    tag,
    noun: 'contract execution rows (blNumbers joined with ";")',
    kind: 'contract-execution',
    path: '/reports/contract-execution/export',
    access: { area: 'stock', level: 'read' },
    listPath: '/reports/contract-execution',
    listQuery: executionFilters,
    columns: EXECUTION_COLUMNS,
    rows: async (db, query, _layout, reader) => (await contractExecution(db, query, reader)).map((r) => ({ ...r, blNumbers: r.blNumbers.join(';') })),
    title: said('Contract execution', '合同执行情况'),
  }),
  route({
    method: 'get',
    path: '/reports/stock-chart',
    tag,
    summary: "The dashboard's charts: current stock per warehouse and commodity; inbound, outbound and transferred per commodity in each of the last 12 months",
    access: { area: 'stock', level: 'read' },
    response: stockChart,
    handler: (ctx, { user, db }) => chartOf(db, today(), user),
  }),
];
