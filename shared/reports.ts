// Cargo by bill of lading and the reports: lot stock, the B/L trace, the stock movement report and
// contract execution.
import { z } from 'zod';
import { contractRecord, contractType } from './contracts.js';
import { blFinanceAnswer } from './finance.js';
import { pagingQuery } from './paging.js';
import { CODE_LABELS } from './labels.js';
import { catalogName } from './names.js';
import { isoDate, labelled, named, recordDate, recordTime } from './validation.js';
import { documentType, inboundRecord, ledgerKind, outboundRecord, pickupRecord, transferRecord } from './warehouse.js';

/** Text filters: trimmed, empty as not given. */
const filterText = () =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

// ---- Lots

export const LOT_STOCK_FILTERS = ['true', 'false', 'negative', 'all'] as const;

export const lotQuery = pagingQuery.extend({
  warehouse: filterText().describe('warehouse code or name'),
  commodity: filterText().describe('exact commodity'),
  blNumber: filterText().describe('B/L number, from the start'),
  inStock: labelled(z.enum(LOT_STOCK_FILTERS), CODE_LABELS.lotStockFilter)
    .default('true')
    .describe('true: currentStock > 0 (default); false: currentStock <= 0; negative: currentStock < 0 (lots an older version let go below zero); all'),
  asOf: isoDate().optional().describe('the lots as they stood at the end of this business date'),
});

export const lotRow = named('Lot', {
  warehouse: z.string(),
  warehouseId: z.number().int(),
  commodity: catalogName('commodity'),
  blNumber: z.string().nullable().describe('null: the movements without a B/L number'),
  inboundQuantity: z.number(),
  outboundQuantity: z.number(),
  transferredQuantity: z.number(),
  currentStock: z.number(),
  reservedQuantity: z
    .number()
    .nullable()
    .describe("what approved and in-progress pickup requests naming this lot's B/L have left to ship (requests without a B/L reserve in the summary row); null with asOf"),
  availableQuantity: z.number().nullable().describe('currentStock − reservedQuantity; null with asOf'),
  firstInboundDate: recordDate().nullable(),
  lastMovementDate: recordDate().nullable(),
});
export type Lot = z.infer<typeof lotRow>;

// ---- The B/L trace

/** A lot's weights against its B/L (GET /reports/weights, the B/L trace). */
export const weightRow = named('WeightRow', {
  warehouse: z.string(),
  warehouseId: z.number().int(),
  commodity: catalogName('commodity'),
  blNumber: z.string(),
  blWeight: z.number().describe("the sum of the lot's inbound orders' B/L weights (an order without one counts its outturn)"),
  outturnWeight: z.number().describe("the sum of the lot's inbound weights"),
  difference: z.number().describe('outturnWeight − blWeight'),
  differencePercent: z.number().nullable().describe('difference / blWeight × 100 to 3 decimals; null when blWeight is 0'),
  contractCode: z.string().nullable().describe('the purchase or upstream contract that lists the B/L (the newest when several do)'),
  tolerance: z.number().nullable().describe("that contract's weightTolerance; null: no contract, or none agreed"),
  outOfTolerance: z.boolean().describe('short by more than the tolerance'),
  claimQuantity: z.number().describe('the shortfall beyond the tolerance: blWeight − outturnWeight − blWeight × tolerance / 100 (0 when within or no tolerance)'),
  claimAmount: z.number().nullable().optional().describe("claimQuantity × the contract's unitPrice, in its currency; only with read access to finance (absent otherwise)"),
  currency: z.string().nullable().describe("the contract's currency"),
});
export type WeightRow = z.infer<typeof weightRow>;

export const timelineEntry = named('TimelineEntry', {
  businessDate: recordDate(),
  entryTime: recordTime(),
  kind: ledgerKind(),
  documentType: documentType(),
  documentId: z.number().int(),
  documentNumber: z.string(),
  warehouse: z.string(),
  commodity: catalogName('commodity'),
  quantityChange: z.number(),
  balance: z.number().describe("running stock of the entry's lot (its warehouse and commodity on the B/L) after the entry; never summed across commodities"),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** Each part from another area than stock is sent only to a reader who may read that area (absent, not empty, otherwise). */
export const blTrace = named('BlTrace', {
  blNumber: z.string(),
  contracts: z.array(contractRecord).optional().describe('with read access to contracts'),
  inboundOrders: z.array(inboundRecord).optional().describe('with read access to warehouse'),
  pickupRequests: z.array(pickupRecord).optional().describe('with read access to pickup'),
  outboundOrders: z.array(outboundRecord).optional().describe('with read access to warehouse'),
  ownershipTransfers: z.array(transferRecord).optional().describe('with read access to warehouse'),
  finance: blFinanceAnswer
    .optional()
    .describe(
      'with read access to finance: per finance kind the reader may read (profit records and cost breakdowns need profit), the records that name the B/L (or its contracts), as their detail routes present them',
    ),
  lots: z.array(lotRow),
  weights: z.array(weightRow).describe("its lots' B/L and outturn weights, as GET /reports/weights answers them"),
  timeline: z.array(timelineEntry),
});
export type BlTrace = z.infer<typeof blTrace>;

// ---- Stock movement report

export const movementQuery = z.object({
  startDate: isoDate(),
  endDate: isoDate(),
  warehouse: filterText().describe('warehouse code or name'),
  commodity: filterText().describe('exact commodity'),
});

const movementColumns = {
  opening: z.number(),
  inbound: z.number(),
  outbound: z.number(),
  transferred: z.number(),
  closing: z.number(),
};

export const movementRow = named('StockMovementRow', { warehouse: z.string(), warehouseId: z.number().int(), commodity: catalogName('commodity'), ...movementColumns });
export type MovementRow = z.infer<typeof movementRow>;

export const movementReport = named('StockMovementReport', {
  startDate: recordDate(),
  endDate: recordDate(),
  items: z.array(movementRow),
  totals: z
    .array(z.object({ commodity: catalogName('commodity'), ...movementColumns }))
    .describe("one per commodity, in the items' commodity order: quantities of different commodities are never added"),
});
export type MovementReport = z.infer<typeof movementReport>;

// ---- Contract execution

export const EXECUTION_STATUSES = ['open', 'done', 'all'] as const;

export const executionQuery = pagingQuery.extend({
  contractType: contractType().optional(),
  keyword: filterText().describe('part of the name, code, parties, commodity or B/L numbers'),
  status: labelled(z.enum(EXECUTION_STATUSES), CODE_LABELS.executionStatus).default('all').describe('open: remaining > 0; done: remaining <= 0'),
});

export const executionRow = named('ContractExecutionRow', {
  id: z.number().int(),
  contractCode: z.string(),
  name: z.string(),
  contractType: contractType(),
  commodity: catalogName('commodity'),
  count: z.number(),
  executed: z.number(),
  remaining: z.number(),
  progress: z.number().nullable().describe('executed / count to 4 decimals; null when count is 0'),
  inboundQuantity: z.number(),
  outboundQuantity: z.number(),
  transferredQuantity: z.number(),
  blNumbers: z.array(z.string()),
});
export type ExecutionRow = z.infer<typeof executionRow>;

// ---- Dashboard charts

export const stockChart = named('StockChart', {
  byWarehouse: z.array(z.object({ warehouse: z.string(), commodity: catalogName('commodity'), currentStock: z.number() })).describe('one per warehouse and commodity in stock'),
  months: z
    .array(z.object({ month: z.string().describe('YYYY-MM'), commodity: catalogName('commodity'), inbound: z.number(), outbound: z.number(), transferred: z.number() }))
    .describe('per commodity that moved in the last 12 months, each of the 12 months (0 without movement)'),
});
export type StockChart = z.infer<typeof stockChart>;

// ---- The open position (trading desk)

export const positionQuery = z.object({
  commodity: filterText().describe('one commodity (any spelling of its catalog entry)'),
  asOf: isoDate()
    .optional()
    .describe(
      'the position at the end of this business date: every contract, the documents dated by then, the stock as it stood (added up from the documents: slower than the current position)',
    ),
});

const positionFigures = {
  purchased: z.number().describe('the quantity of the purchase (1) and upstream (2) contracts'),
  sold: z.number().describe('the quantity of the downstream (3) contracts'),
  received: z.number().describe('what came in against the purchase and upstream contracts, as the contract execution report counts it'),
  delivered: z.number().describe('what went out or was transferred against the downstream contracts, as the contract execution report counts it'),
  openToReceive: z.number().describe('max(purchased − received, 0)'),
  openToDeliver: z.number().describe('max(sold − delivered, 0)'),
};

export const positionMonth = named('PositionMonth', {
  month: z.string().nullable().describe("the contracts' delivery month YYYY-MM (the start of deliveryTime); null: contracts whose deliveryTime does not start with one"),
  ...positionFigures,
});

export const positionRow = named('PositionRow', {
  commodity: catalogName('commodity'),
  unit: z.string().nullable().describe("the contracts' unit; the row of the catalog's unit (or of no unit when the catalog has none) carries the stock"),
  ...positionFigures,
  inStock: z.number().describe("the commodity's current stock in the reader's warehouses (on the row of the catalog's unit; 0 on the rows of other units)"),
  netPosition: z.number().describe('inStock + openToReceive − openToDeliver'),
  byMonth: z.array(positionMonth).describe('by delivery month, oldest first, the contracts without one last'),
});
export type PositionRow = z.infer<typeof positionRow>;

export const positionReport = named('PositionReport', {
  asOf: recordDate().nullable(),
  items: z.array(positionRow),
});
export type PositionReport = z.infer<typeof positionReport>;

// ---- B/L weights and claims (trading desk)

export const weightsQuery = pagingQuery.extend({
  warehouse: filterText().describe('warehouse code or name'),
  commodity: filterText().describe('one commodity (any spelling of its catalog entry)'),
  blNumber: filterText().describe('B/L number, from the start'),
  outOfTolerance: labelled(z.enum(['true', 'false']), CODE_LABELS.toleranceFilter)
    .optional()
    .describe('true: only the lots short beyond their tolerance; false: only the others'),
});
