// Tables of the warehouse area: warehouses, pickup requests, outbound orders (with their receipt
// history), inbound orders, ownership transfers (with attachments), and the stock ledger with its
// per-(warehouse, commodity) balances. Quantities and weights are integer thousandths (`...Milli`)
// so that sums compare exactly; the API speaks plain numbers with at most 3 decimals.
import type { Generated } from 'kysely';
import type { InboundOrder } from '../../shared/warehouse.js';

export type WarehouseStatus = 'active' | 'inactive';
export type PickupStatus = 'pending' | 'approved' | 'in_progress' | 'completed' | 'cancelled';
export type OutboundStatus = 'pending' | 'completed' | 'cancelled';
export type ReceiptStatus = 'unconfirmed' | 'confirmed';
export type TransferStatus = 'pending' | 'completed' | 'cancelled';
export type LedgerKind = 'inbound' | 'outbound' | 'transfer';
export type LedgerDocumentType = 'inboundOrder' | 'outboundOrder' | 'ownershipTransfer';

export interface WarehousesTable {
  id: Generated<number>;
  code: string;
  name: string;
  address: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  status: WarehouseStatus;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface PickupRequestsTable {
  id: Generated<number>;
  orderNumber: string;
  blNumber: string;
  licensePlate: string | null;
  /** plateKey(licensePlate) (shared/names.ts), searched by the list's `plate` filter; never answered */
  plateKey: string | null;
  driverName: string | null;
  driverPhone: string | null;
  driverIdCard: string | null;
  commodity: string;
  quantityMilli: number;
  unit: string | null;
  deliveryDate: string;
  deliveryAddress: string | null;
  warehouseId: number;
  status: PickupStatus;
  remark: string | null;
  createTime: string;
  updateTime: string;
  /** the username of the user who created it (null: created before the service kept it, and not in the audit log) */
  createdBy: string | null;
  /** who approved it and when (null until approved) */
  approvedBy: string | null;
  approvedTime: string | null;
}

export interface OutboundOrdersTable {
  id: Generated<number>;
  outboundNumber: string;
  deliveryOrderNumber: string | null;
  blNumber: string | null;
  licensePlate: string | null;
  driverName: string | null;
  driverPhone: string | null;
  commodity: string;
  commodityCode: string | null;
  quantityMilli: number;
  unit: string | null;
  outboundDate: string;
  warehouseId: number;
  operator: string | null;
  outboundStatus: OutboundStatus;
  receiptStatus: ReceiptStatus;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface OutboundReceiptsTable {
  id: Generated<number>;
  outboundId: number;
  receivedQuantityMilli: number | null;
  receiver: string | null;
  remark: string | null;
  userId: number | null;
  username: string | null;
  time: string;
}

/**
 * The columns of an inbound order: the shared record's fields (shared/warehouse.ts) minus those
 * computed on the way out (the warehouse's name, the weights and their difference), plus the stored
 * weights in thousandths. A plain field added to the record is a column here without an edit.
 */
export type InboundOrdersTable = Omit<InboundOrder, 'id' | 'warehouse' | 'blWeight' | 'inboundWeight' | 'weightDifference'> & {
  id: Generated<number>;
  blWeightMilli: number | null;
  inboundWeightMilli: number;
};

export interface OwnershipTransfersTable {
  id: Generated<number>;
  transferNumber: string;
  transferDate: string;
  blNumber: string | null;
  quantityMilli: number;
  commodity: string;
  warehouseId: number;
  transferor: string;
  transferee: string;
  status: TransferStatus;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface OwnershipFilesTable {
  id: Generated<number>;
  transferId: number;
  name: string;
  url: string;
  size: number;
  mimeType: string;
  createTime: string;
}

/** Append-only: rows are inserted, never updated or deleted. */
export interface StockLedgerTable {
  id: Generated<number>;
  entryTime: string;
  businessDate: string;
  warehouseId: number;
  /** what was typed */
  commodity: string;
  /** the key its stock is kept under: the `nameKey` of the commodity catalog entry the typed name means */
  commodityKey: string;
  kind: LedgerKind;
  documentType: LedgerDocumentType;
  documentId: number;
  documentNumber: string;
  /** the document's B/L number when the entry was made (null: none) */
  blNumber: string | null;
  quantityChangeMilli: number;
  /** running stock of (warehouseId, commodity) after this entry */
  balanceMilli: number;
}

/** Totals of the ledger per (warehouseId, commodity), kept in the transaction of each entry. */
export interface StockBalancesTable {
  warehouseId: number;
  /** the commodity's key (commodities.nameKey); responses show the catalog's name */
  commodity: string;
  inboundMilli: number;
  outboundMilli: number;
  transferredMilli: number;
  currentMilli: number;
}

/** The ledger summed per lot (warehouse, commodity, B/L number; '' for none) and business date, kept in the transaction of each entry. */
export interface StockLotDaysTable {
  warehouseId: number;
  /** the commodity's key (commodities.nameKey); responses show the catalog's name */
  commodity: string;
  blNumber: string;
  businessDate: string;
  inboundMilli: number;
  outboundMilli: number;
  transferredMilli: number;
}

/** The ledger summed per stock (warehouse, commodity) and business date, kept in the transaction of each entry. */
export interface StockDaysTable {
  businessDate: string;
  warehouseId: number;
  /** the commodity's key (commodities.nameKey); responses show the catalog's name */
  commodity: string;
  inboundMilli: number;
  outboundMilli: number;
  transferredMilli: number;
}

/** The ledger summed per lot ('' for no B/L number), kept in the transaction of each entry. */
export interface StockLotsTable {
  warehouseId: number;
  /** the commodity's key (commodities.nameKey); responses show the catalog's name */
  commodity: string;
  blNumber: string;
  inboundMilli: number;
  outboundMilli: number;
  transferredMilli: number;
}

/** The ledger summed per stock and month (`YYYY-MM`), kept in the transaction of each entry. */
export interface StockMonthsTable {
  month: string;
  warehouseId: number;
  /** the commodity's key (commodities.nameKey); responses show the catalog's name */
  commodity: string;
  inboundMilli: number;
  outboundMilli: number;
  transferredMilli: number;
}

/** Last number handed out per prefix and day (`PU20261122-`). */
export interface DocumentSequencesTable {
  prefix: string;
  lastValue: number;
}

export interface WarehouseTables {
  warehouses: WarehousesTable;
  pickupRequests: PickupRequestsTable;
  outboundOrders: OutboundOrdersTable;
  outboundReceipts: OutboundReceiptsTable;
  inboundOrders: InboundOrdersTable;
  ownershipTransfers: OwnershipTransfersTable;
  ownershipFiles: OwnershipFilesTable;
  stockLedger: StockLedgerTable;
  stockBalances: StockBalancesTable;
  stockLotDays: StockLotDaysTable;
  stockDays: StockDaysTable;
  stockMonths: StockMonthsTable;
  stockLots: StockLotsTable;
  documentSequences: DocumentSequencesTable;
}
