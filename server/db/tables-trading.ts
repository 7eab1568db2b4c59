// Tables of the trading desk, part 2: monthly exchange rates and the document sets of B/Ls.
import type { Generated } from 'kysely';

/** One monthly rate: units of the base currency (CNY) for one unit of `currency`. */
export interface ExchangeRatesTable {
  currency: string;
  /** YYYY-MM */
  month: string;
  rate: number;
}

/** One file of a B/L's document set, of one document kind (settings `documentKinds`). */
export interface BlDocumentsTable {
  id: Generated<number>;
  blNumber: string;
  kind: string;
  name: string;
  /** "bl_documents/<stored name>", read at GET /api/contract-files/{url} */
  url: string;
  size: number;
  mimeType: string;
  createTime: string;
}

/**
 * The B/L weights of one lot (warehouse, commodity key, B/L number as the inbound orders hold it),
 * kept in the transaction of every inbound and contract write (server/db/lot-weights.ts): the sums of
 * its inbound orders, the contract that lists the B/L and the claim its tolerance gives.
 */
export interface LotWeightsTable {
  warehouseId: number;
  /** the commodity's key (commodities.nameKey) */
  commodity: string;
  blNumber: string;
  /** the inbound orders' B/L weights (an order without one counts its outturn) */
  blWeightMilli: number;
  outturnMilli: number;
  /** the purchase or upstream contract that lists the B/L (the newest when several do) */
  contractId: number | null;
  /** the shortfall beyond the contract's tolerance (0 within it, or without a contract): > 0 is out of tolerance */
  claimMilli: number;
}

/** What the missing-documents report asks of a B/L, kept by every stock and contract write (server/db/bl-status.ts). */
export interface BlStatusTable {
  blNumber: string;
  /** the lots (warehouse, commodity) of the B/L that hold stock */
  lotsInStock: number;
  /** the open business contracts that list the B/L */
  openContracts: number;
}

/**
 * One row of the profit and loss report for a reader of every warehouse without a period (issue 31
 * item 7): a B/L or a downstream contract's code, its figures in base-currency cents as the report
 * counts them, kept by every write that changes them and by a change of the rates
 * (server/routes/trading/pnl-rows.ts).
 */
export interface PnlRowsTable {
  /** 'bl' | 'contract' */
  grouping: string;
  rowKey: string;
  commodity: string | null;
  deliveredMilli: number;
  /** cents; null: an amount lacks its rate (missingRates) */
  revenue: number | null;
  purchaseCost: number | null;
  freight: number | null;
  miscCharges: number | null;
  serviceFees: number | null;
  otherCosts: number | null;
  /** null without a profit record */
  recordedProfit: number | null;
  hasProfitRecord: number;
  /** the rates the figures lack, "USD 2026-11", joined with ';' */
  missingRates: string;
  /** |difference| in cents; -1 without one: the report's order (pnlRows_order) */
  sortKey: number;
}

/** Each (currency, month) of another currency a kept P&L row converted with or lacks: the rows a rate change counts again. */
export interface PnlRowRatesTable {
  grouping: string;
  rowKey: string;
  currency: string;
  month: string;
}

export interface TradingTables {
  exchangeRates: ExchangeRatesTable;
  blDocuments: BlDocumentsTable;
  lotWeights: LotWeightsTable;
  blStatus: BlStatusTable;
  pnlRows: PnlRowsTable;
  pnlRowRates: PnlRowRatesTable;
}
