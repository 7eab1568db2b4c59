// Finance tables. One table holds the ten kinds of finance record (`kind` tells them apart): the
// columns every list filters or sums on are real, indexed columns; the remaining fields of a kind
// are kept as JSON in `fields`. Money is whole cents (integers), so sums are exact.
import type { Generated } from 'kysely';

export interface FinanceRecordsTable {
  id: Generated<number>;
  /** the kind's url segment: freight-charges, upstream-invoices, ... */
  kind: string;
  /** invoiceNumber / settlementNumber / reconciliationNumber; unique within a kind */
  number: string | null;
  contractNumber: string | null;
  blNumber: string | null;
  /** the kind's business date (chargeDate, invoiceDate, ...; the creation date for cost breakdowns) */
  recordDate: string | null;
  /** paymentStatus or status */
  status: string | null;
  currency: string;
  /** amount, or revenue for profit records */
  amountCents: number;
  /** cost of a profit record */
  costCents: number | null;
  /** taxAmount of an invoice */
  taxCents: number | null;
  /** JSON object of the kind's other fields */
  fields: string;
  /** lower-cased text fields, for the keyword filter */
  searchText: string;
  createTime: string;
  updateTime: string;
}

export interface FinanceFilesTable {
  id: Generated<number>;
  recordId: number;
  name: string;
  url: string;
  size: number;
  mimeType: string;
  createTime: string;
}

export interface FinanceTables {
  financeRecords: FinanceRecordsTable;
  financeFiles: FinanceFilesTable;
}
