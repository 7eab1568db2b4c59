// Requests and records of the warehouse area: warehouses, pickup requests, outbound orders,
// inbound orders, ownership transfers, the stock summary and the stock ledger.
import { z } from 'zod';
import { dateRangeQuery, pagingQuery } from './paging.js';
import { said } from './messages.js';
import { bilingual, boundedQuantity, id, isoDate, labelled, MAX_QUANTITY, named, optionalIsoDate, optionalText, recordDate, recordTime, text } from './validation.js';
import { CODE_LABELS } from './labels.js';
import { catalogName, plateKey } from './names.js';

export const WAREHOUSE_STATUSES = ['active', 'inactive'] as const;
export const PICKUP_STATUSES = ['pending', 'approved', 'in_progress', 'completed', 'cancelled'] as const;
export const OUTBOUND_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export const RECEIPT_STATUSES = ['unconfirmed', 'confirmed'] as const;
export const TRANSFER_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export const LEDGER_KINDS = ['inbound', 'outbound', 'transfer'] as const;
const DOCUMENT_TYPES = ['inboundOrder', 'outboundOrder', 'ownershipTransfer'] as const;

/** A stock movement's kind and the kind of document that made it, as the ledger and the B/L trace show them. */
export const ledgerKind = () => labelled(z.enum(LEDGER_KINDS), CODE_LABELS.ledgerKind);
export const documentType = () => labelled(z.enum(DOCUMENT_TYPES), CODE_LABELS.documentType);

export { MAX_QUANTITY };

/** A quantity or weight: greater than zero, at most 3 decimals (kept exactly as thousandths). */
export const quantity = () =>
  boundedQuantity().refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, {
    error: bilingual(said('may have at most 3 decimals, like 12.345', '最多 3 位小数，例如 12.345')),
  });

export const toMilli = (value: number): number => Math.round(value * 1000);
export const fromMilli = (milli: number): number => milli / 1000;

/** A warehouse named by its code or its name. */
const warehouseRef = () => text(100);
/** A document number given by the clerk (optional; the service generates one otherwise). */
const documentNumber = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: bilingual(said('may hold 1 to 40 letters, digits, - or _', '只能是 1 到 40 个字母、数字、- 或 _')) });
/** Text filters of list queries. */
const filterText = () =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

// ---- Warehouses

export const warehouseBody = z.object({
  code: text(50),
  name: text(100),
  address: optionalText(300),
  contactPerson: optionalText(100),
  contactPhone: optionalText(50),
  status: labelled(z.enum(WAREHOUSE_STATUSES), CODE_LABELS.warehouseStatus).optional(),
  remark: optionalText(1000),
});
export const warehouseUpdateBody = warehouseBody.partial();
export const warehouseListQuery = z.object({ status: labelled(z.enum(WAREHOUSE_STATUSES), CODE_LABELS.warehouseStatus).optional(), keyword: filterText() });

export const warehouseRecord = named('Warehouse', {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  contactPerson: z.string().nullable(),
  contactPhone: z.string().nullable(),
  status: labelled(z.enum(WAREHOUSE_STATUSES), CODE_LABELS.warehouseStatus),
  remark: z.string().nullable(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type Warehouse = z.infer<typeof warehouseRecord>;

// ---- Pickup requests

export const pickupBody = z.object({
  blNumber: text(100),
  licensePlate: optionalText(30),
  driverName: optionalText(100),
  driverPhone: optionalText(50),
  driverIdCard: optionalText(50),
  commodity: text(100),
  quantity: quantity(),
  unit: optionalText(20),
  deliveryDate: isoDate(),
  deliveryAddress: optionalText(300),
  warehouse: warehouseRef(),
  remark: optionalText(1000),
});
export const pickupUpdateBody = pickupBody.partial().extend({ status: labelled(z.enum(PICKUP_STATUSES), CODE_LABELS.pickupStatus).optional() });

export const pickupListQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  orderNumber: filterText(),
  blNumber: filterText(),
  status: labelled(z.enum(PICKUP_STATUSES), CODE_LABELS.pickupStatus).optional(),
  warehouse: filterText(),
  keyword: filterText(),
  /** any part of the license plate, ignoring case, spaces, dashes and dots (shared/names.ts plateKey) */
  plate: filterText().refine((v) => v === undefined || plateKey(v) !== '', {
    error: bilingual(said('must hold a letter or digit of the plate, like 沪A12', '必须包含车牌的字母或数字，例如 沪A12')),
  }),
  /** true: only the requests an outbound order may ship against (approved, in_progress); false: the others */
  shippable: z.boolean().optional(),
});

export const pickupRecord = named('PickupRequest', {
  id: z.number().int(),
  orderNumber: z.string(),
  blNumber: z.string(),
  licensePlate: z.string().nullable(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  driverIdCard: z.string().nullable(),
  commodity: catalogName('commodity'),
  quantity: z.number(),
  unit: z.string().nullable(),
  deliveryDate: recordDate(),
  deliveryAddress: z.string().nullable(),
  warehouse: z.string(),
  warehouseId: z.number().int(),
  status: labelled(z.enum(PICKUP_STATUSES), CODE_LABELS.pickupStatus),
  remark: z.string().nullable(),
  createTime: recordTime(),
  updateTime: recordTime(),
  createdBy: z.string().nullable().describe('the username of the user who created it'),
  approvedBy: z.string().nullable().describe('the username of the user who approved it; null until approved'),
  approvedTime: recordTime().nullable().describe('when it was approved; null until approved'),
  /** what its outbound orders that are not cancelled ship */
  shippedQuantity: z.number(),
  /** quantity − shippedQuantity, never below 0 */
  remainingQuantity: z.number(),
});
export type PickupRequest = z.infer<typeof pickupRecord>;

// ---- Posted documents

/** Why a posted document's stock fields change, or why it is cancelled, re-activated or deleted: kept in the audit entry. */
export const changeReason = () =>
  optionalText(500).describe(
    "why, in the user's words (at most 500 characters): kept in the audit entry of a change of a posted document's stock fields, a cancel, a re-activation or a delete",
  );

/** `DELETE` of a posted document: `?reason=` says why. */
export const deleteReasonQuery = z.object({ reason: changeReason() });

// ---- Outbound orders

export const outboundBody = z.object({
  outboundNumber: documentNumber().optional(),
  deliveryOrderNumber: optionalText(40),
  blNumber: optionalText(100),
  licensePlate: optionalText(30),
  driverName: optionalText(100),
  driverPhone: optionalText(50),
  commodity: text(100),
  commodityCode: optionalText(50),
  quantity: quantity(),
  unit: optionalText(20),
  outboundDate: isoDate(),
  warehouse: warehouseRef(),
  operator: optionalText(100),
  outboundStatus: labelled(z.enum(OUTBOUND_STATUSES), CODE_LABELS.outboundStatus).optional(),
  remark: optionalText(1000),
});
export const outboundUpdateBody = outboundBody.omit({ outboundNumber: true }).partial().extend({ reason: changeReason() });

export const outboundListQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  outboundNumber: filterText(),
  blNumber: filterText(),
  deliveryOrderNumber: filterText(),
  outboundStatus: labelled(z.enum(OUTBOUND_STATUSES), CODE_LABELS.outboundStatus).optional(),
  receiptStatus: labelled(z.enum(RECEIPT_STATUSES), CODE_LABELS.receiptStatus).optional(),
  warehouse: filterText(),
  commodity: filterText(),
  keyword: filterText(),
});

export const confirmReceiptBody = z.object({
  receivedQuantity: quantity().optional(),
  receiver: optionalText(100),
  remark: optionalText(1000),
});

export const outboundRecord = named('OutboundOrder', {
  id: z.number().int(),
  outboundNumber: z.string(),
  deliveryOrderNumber: z.string().nullable(),
  blNumber: z.string().nullable(),
  licensePlate: z.string().nullable(),
  driverName: z.string().nullable(),
  driverPhone: z.string().nullable(),
  commodity: catalogName('commodity'),
  commodityCode: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  outboundDate: recordDate(),
  warehouse: z.string(),
  warehouseId: z.number().int(),
  operator: z.string().nullable(),
  outboundStatus: labelled(z.enum(OUTBOUND_STATUSES), CODE_LABELS.outboundStatus),
  receiptStatus: labelled(z.enum(RECEIPT_STATUSES), CODE_LABELS.receiptStatus),
  remark: z.string().nullable(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type OutboundOrder = z.infer<typeof outboundRecord>;

/** What a movement took from one lot (decisions.md, "Posted documents, lots and reservations"). */
export const allocationRecord = named('Allocation', {
  blNumber: z.string().nullable().describe("the lot's B/L number; null: the cargo without one"),
  quantity: z.number(),
});

/** An outbound order as its create and change answer it: with what it takes from each lot. */
export const postedOutboundRecord = outboundRecord.extend({
  allocations: z
    .array(allocationRecord)
    .describe(
      'what the order takes from each lot: a B/L it names, that lot alone; none, the oldest lots of its warehouse and commodity first (first inbound date, then B/L); empty when cancelled',
    ),
});
export type PostedOutboundOrder = z.infer<typeof postedOutboundRecord>;

/** One pickup request with the outbound orders that name it, oldest first. */
export const pickupDetail = pickupRecord.extend({ outboundOrders: z.array(outboundRecord) });

export const receiptRecord = named('Receipt', {
  id: z.number().int(),
  outboundId: z.number().int(),
  receivedQuantity: z.number().nullable(),
  receiver: z.string().nullable(),
  remark: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  time: recordTime(),
});

// ---- Inbound orders

export const inboundBody = z.object({
  inboundNumber: documentNumber().optional(),
  warehouse: warehouseRef(),
  commodity: text(100),
  commodityCode: optionalText(50),
  blNumber: optionalText(100),
  blWeight: quantity().nullish(),
  inboundWeight: quantity(),
  owner: optionalText(100),
  contractNumber: optionalText(100),
  inboundDate: isoDate(),
  operator: optionalText(100),
  remark: optionalText(1000),
});
export const inboundUpdateBody = inboundBody.omit({ inboundNumber: true }).partial().extend({ reason: changeReason() });

export const inboundListQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  inboundNumber: filterText(),
  blNumber: filterText(),
  warehouse: filterText(),
  commodity: filterText(),
  keyword: filterText(),
});

export const inboundRecord = named('InboundOrder', {
  id: z.number().int(),
  inboundNumber: z.string(),
  warehouse: z.string(),
  warehouseId: z.number().int(),
  commodity: catalogName('commodity'),
  commodityCode: z.string().nullable(),
  blNumber: z.string().nullable(),
  blWeight: z.number().nullable(),
  inboundWeight: z.number(),
  weightDifference: z.number().nullable().describe('inboundWeight − blWeight; null without blWeight'),
  owner: catalogName('party').nullable(),
  contractNumber: z.string().nullable(),
  inboundDate: recordDate(),
  operator: z.string().nullable(),
  remark: z.string().nullable(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type InboundOrder = z.infer<typeof inboundRecord>;

// ---- Ownership transfers

export const transferBody = z.object({
  transferDate: isoDate(),
  blNumber: optionalText(100),
  quantity: quantity(),
  commodity: text(100),
  warehouse: warehouseRef(),
  transferor: text(100),
  transferee: text(100),
  status: labelled(z.enum(TRANSFER_STATUSES), CODE_LABELS.transferStatus).optional(),
  remark: optionalText(1000),
});
/** From a stock summary row: the transfer date defaults to today. */
export const stockTransferBody = transferBody.extend({ transferDate: optionalIsoDate() });
export const transferUpdateBody = transferBody.partial().extend({
  reason: changeReason(),
  /** ids of attachments to delete (JSON array, or comma-separated in a form) */
  removeFileIds: z.array(id()).max(200).optional(),
});

export const transferListQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  transferNumber: filterText(),
  blNumber: filterText(),
  status: labelled(z.enum(TRANSFER_STATUSES), CODE_LABELS.transferStatus).optional(),
  transferor: filterText(),
  transferee: filterText(),
  warehouse: filterText(),
  commodity: filterText(),
});

export const transferFile = named('TransferFile', { id: z.number().int(), name: z.string(), url: z.string(), size: z.number().int() });

export const transferRecord = named('OwnershipTransfer', {
  id: z.number().int(),
  transferNumber: z.string(),
  transferDate: recordDate(),
  blNumber: z.string().nullable(),
  quantity: z.number(),
  commodity: catalogName('commodity'),
  warehouse: z.string(),
  warehouseId: z.number().int(),
  transferor: catalogName('party'),
  transferee: catalogName('party'),
  status: labelled(z.enum(TRANSFER_STATUSES), CODE_LABELS.transferStatus),
  remark: z.string().nullable(),
  fileList: z.array(transferFile),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type OwnershipTransfer = z.infer<typeof transferRecord>;

/** An ownership transfer as its create and change answer it: with what it takes from each lot. */
export const postedTransferRecord = transferRecord.extend({
  allocations: z
    .array(allocationRecord)
    .describe('what the transfer takes from each lot: a B/L it names, that lot alone; none, the oldest lots of its warehouse and commodity first; empty when cancelled'),
});
export type PostedOwnershipTransfer = z.infer<typeof postedTransferRecord>;

// ---- Stock

export const summaryQuery = z.object({ warehouse: filterText(), commodity: filterText(), asOf: isoDate().optional() });

export const summaryRow = named('StockSummaryRow', {
  warehouse: z.string(),
  warehouseId: z.number().int(),
  commodity: catalogName('commodity'),
  inboundQuantity: z.number(),
  outboundQuantity: z.number(),
  transferredQuantity: z.number(),
  currentStock: z.number(),
  reservedQuantity: z
    .number()
    .nullable()
    .describe("what approved and in-progress pickup requests of this warehouse and commodity have left to ship (their B/L's or none); null with asOf (reservations are today's)"),
  availableQuantity: z.number().nullable().describe('currentStock − reservedQuantity: what another outbound order or transfer may take; null with asOf'),
});

export const ledgerQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  warehouse: filterText(),
  commodity: filterText(),
  documentNumber: filterText(),
});

export const ledgerEntry = named('LedgerEntry', {
  id: z.number().int(),
  entryTime: recordTime(),
  businessDate: recordDate(),
  warehouse: z.string(),
  warehouseId: z.number().int(),
  /** the catalog's spelling */
  commodity: catalogName('commodity'),
  /** the commodity as typed on the document */
  enteredCommodity: z.string(),
  kind: ledgerKind(),
  documentType: documentType(),
  documentId: z.number().int(),
  documentNumber: z.string(),
  quantityChange: z.number(),
  balance: z.number(),
});

// ---- Spreadsheets

/** What a spreadsheet import answers: how many records it created (all rows, or none). */
export const sheetImportResult = named('SheetImportResult', { imported: z.number().int() });
