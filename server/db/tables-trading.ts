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

export interface TradingTables {
  exchangeRates: ExchangeRatesTable;
  blDocuments: BlDocumentsTable;
}
