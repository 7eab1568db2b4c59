// Tables of business contracts and of the contract archive (docs/api/contracts.md).
import type { Generated } from 'kysely';

export interface ContractsTable {
  id: Generated<number>;
  name: string;
  /** "1" purchase, "2" upstream, "3" downstream */
  contractType: string;
  contractCode: string;
  buyParty: string;
  sellParty: string;
  commodity: string;
  count: number;
  unitPrice: number;
  /** bill-of-lading numbers, normalised: "BL1;BL2" */
  blNumber: string;
  deliveryTime: string | null;
  pickUpTime: string | null;
  packaging: string | null;
  remarks: string | null;
  /** the unit of count; set from the commodity catalog when a contract is created without one */
  unit: string | null;
  /** the currency of unitPrice (3 capital letters) */
  currency: Generated<string>;
  /** percent the outturn may fall short of the B/L weight; null: none agreed */
  weightTolerance: number | null;
  createTime: string;
  updateTime: string;
}

/** A stored file of a contract or of an archive batch. */
interface StoredFileColumns {
  id: Generated<number>;
  /** original file name, shown and used for downloads */
  name: string;
  /** "<area>/<stored name>" as written by the file store */
  url: string;
  size: number;
  mimeType: string;
  createTime: string;
}

export interface ContractFilesTable extends StoredFileColumns {
  contractId: number;
}

export interface ArchiveFoldersTable {
  id: Generated<number>;
  name: string;
  /** name in lower case: folder names are unique regardless of case */
  nameKey: string;
  description: string | null;
  createTime: string;
  updateTime: string;
}

export interface ArchiveBatchesTable {
  id: Generated<number>;
  folderId: number;
  batchName: string;
  remark: string | null;
  createTime: string;
}

export interface ArchiveFilesTable extends StoredFileColumns {
  batchId: number;
}

/** Each B/L number of a contract's list, one row each (kept with the contract): "which contracts list this B/L" from an index. */
export interface ContractBlsTable {
  contractId: number;
  blNumber: string;
}

/**
 * What each contract's documents moved in each warehouse, as the contract execution report counts
 * it: received, the inbound orders with its code as contractNumber or one of its B/L numbers;
 * delivered, the outbound orders and ownership transfers of its B/L numbers (cancelled ones not).
 * Kept in the transaction of every stock write and recounted when a contract changes.
 */
export interface ContractExecutionTable {
  contractId: number;
  warehouseId: number;
  receivedMilli: number;
  deliveredMilli: number;
}

/** The open position's contract quantities per group: type, commodity as typed, unit and delivery month ('' none). */
export interface PositionCountsTable {
  contractType: string;
  commodity: string;
  unit: string;
  month: string;
  countMilli: number;
}

/** What the documents of each group's contracts moved per warehouse (the sum of their contractExecution rows). */
export interface PositionExecutedTable {
  contractType: string;
  commodity: string;
  unit: string;
  month: string;
  warehouseId: number;
  receivedMilli: number;
  deliveredMilli: number;
}

export interface ContractTables {
  positionCounts: PositionCountsTable;
  positionExecuted: PositionExecutedTable;
  contracts: ContractsTable;
  contractBls: ContractBlsTable;
  contractExecution: ContractExecutionTable;
  contractFiles: ContractFilesTable;
  archiveFolders: ArchiveFoldersTable;
  archiveBatches: ArchiveBatchesTable;
  archiveFiles: ArchiveFilesTable;
}
