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

export interface TradingTables {
  exchangeRates: ExchangeRatesTable;
  blDocuments: BlDocumentsTable;
  lotWeights: LotWeightsTable;
  blStatus: BlStatusTable;
}
