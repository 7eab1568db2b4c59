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
import { positionQuery, positionReport, weightRow, weightsQuery } from '../../../shared/reports.js';
import { mayRead } from '../../../shared/permissions.js';
import { invalid } from '../../http/errors.js';
import { openPosition } from './position.service.js';
import { listWeights, weightRows } from './weights.service.js';

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

const POSITION_COLUMNS = sheetColumns([
  { key: 'commodity', type: 'text' },
  { key: 'unit', type: 'text' },
  { key: 'month', type: 'text' },
  { key: 'purchased', type: 'number' },
  { key: 'sold', type: 'number' },
  { key: 'received', type: 'number' },
  { key: 'delivered', type: 'number' },
  { key: 'inStock', type: 'number' },
  { key: 'openToReceive', type: 'number' },
  { key: 'openToDeliver', type: 'number' },
  { key: 'netPosition', type: 'number' },
]);

const WEIGHT_COLUMNS = sheetColumns([
  { key: 'warehouse', type: 'text' },
  { key: 'commodity', type: 'text' },
  { key: 'blNumber', type: 'text', width: 20 },
  { key: 'blWeight', type: 'number' },
  { key: 'outturnWeight', type: 'number' },
  { key: 'difference', type: 'number' },
  { key: 'differencePercent', type: 'number' },
  { key: 'contractCode', type: 'text', width: 18 },
  { key: 'tolerance', type: 'number' },
  { key: 'outOfTolerance', type: 'text' },
  { key: 'claimQuantity', type: 'number' },
  { key: 'claimAmount', type: 'number' },
  { key: 'currency', type: 'text' },
]);

/** The label of a position export's month cell on a commodity's total row. */
export const ALL_MONTHS_LABEL = 'All 全部';

/** A query parameter that is not one of the report's filters is refused (400 naming it), not ignored. */
function onlyFilters(query: Record<string, unknown>, filters: readonly string[]): void {
  const unknown = Object.keys(query).find((key) => !filters.includes(key));
  if (unknown !== undefined)
    throw invalid(said(`${unknown} is not a filter of this report: use ${filters.join(', ')}`, `${unknown} 不是此报表的筛选条件：可用 ${filters.join('、')}`));
}
const POSITION_FILTERS = Object.keys(positionQuery.shape);
const WEIGHT_FILTERS = Object.keys(weightsQuery.shape);

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
  route({
    method: 'get',
    path: '/reports/position',
    tag,
    summary: 'The open position: per commodity and unit, contracts bought and sold, received and delivered, stock, open quantities, net position, by delivery month',
    access: { area: 'stock', level: 'read' },
    description:
      "purchased: the quantity (count) of the purchase (1) and upstream (2) contracts; sold: of the downstream (3) ones; received and delivered: as GET /reports/contract-execution counts them (executed), in the reader's warehouses; inStock: the commodity's current stock in the reader's warehouses; openToReceive = max(purchased − received, 0); openToDeliver = max(sold − delivered, 0); netPosition = inStock + openToReceive − openToDeliver. A row per commodity (its catalog entry: every spelling is one commodity) and unit (a contract without a unit counts in the catalog's unit; the stock sits on the row of the catalog's unit, 0 on others). byMonth: the same figures per delivery month (the YYYY-MM that starts deliveryTime; null when it does not start with one), each month's open quantities by the same formula. A query parameter other than commodity and asOf is refused (400).",
    query: positionQuery,
    response: positionReport,
    handler: (ctx, { query, user, db }) => {
      onlyFilters(ctx.query, POSITION_FILTERS);
      return openPosition(db, query, user);
    },
  }),
  exportRoute({
    tag,
    noun: `open position (per commodity and unit a row with month "${ALL_MONTHS_LABEL}", then its delivery months)`,
    kind: 'position',
    path: '/reports/position/export',
    access: { area: 'stock', level: 'read' },
    listPath: '/reports/position',
    listQuery: positionQuery,
    columns: POSITION_COLUMNS,
    rows: async (db, query, _layout, reader) =>
      (await openPosition(db, query, reader)).items.flatMap(({ byMonth, ...row }) => [
        { ...row, month: ALL_MONTHS_LABEL },
        ...byMonth.map((m) => ({ commodity: row.commodity, unit: row.unit, ...m, month: m.month ?? '—' })),
      ]),
    title: said('Open position', '头寸报表'),
  }),
  route({
    method: 'get',
    path: '/reports/weights',
    tag,
    summary: 'B/L weights and claims: per lot, B/L weight against outturn, the contract tolerance, the claim; out-of-tolerance lots first',
    access: { area: 'stock', level: 'read' },
    description:
      "One row per lot with a B/L number (warehouse, commodity, B/L) in the reader's warehouses: blWeight and outturnWeight sum its inbound orders (an order without a B/L weight counts its outturn); difference = outturn − B/L; differencePercent = difference / blWeight × 100. The tolerance, unit price and currency come from the purchase or upstream contract that lists the B/L (the newest when several do; none: tolerance null, never out of tolerance). claimQuantity = the shortfall beyond the tolerance (blWeight − outturnWeight − blWeight × tolerance / 100; 0 within it); claimAmount = claimQuantity × unitPrice, only with read access to finance (absent otherwise, and left out of the export). Out-of-tolerance lots first (the largest claim first), then by warehouse, commodity and B/L. A query parameter that is not a filter is refused (400).",
    query: weightsQuery,
    response: pagedSchema(weightRow),
    handler: (ctx, { query, user, db }) => {
      onlyFilters(ctx.query, WEIGHT_FILTERS);
      return listWeights(db, query, user);
    },
  }),
  exportRoute({
    tag,
    noun: 'B/L weights and claims (claimAmount only with read access to finance)',
    kind: 'weights',
    path: '/reports/weights/export',
    access: { area: 'stock', level: 'read' },
    listPath: '/reports/weights',
    listQuery: weightsQuery.omit({ page: true, pageSize: true, sortOrder: true }),
    columns: WEIGHT_COLUMNS,
    columnsFor: (reader) => (mayRead(reader.permissions, 'finance') ? WEIGHT_COLUMNS : WEIGHT_COLUMNS.filter((c) => c.key !== 'claimAmount')),
    rows: async (db, query, _layout, reader) =>
      (async function* () {
        for await (const r of weightRows(db, query, reader)) yield { ...r, outOfTolerance: r.outOfTolerance ? 'Yes 是' : 'No 否' };
      })(),
    title: said('B/L weights and claims', '提单重量与索赔'),
  }),
];
