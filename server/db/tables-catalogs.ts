// Tables of the catalogs of commodities and parties (migration 010). Each entry has the key of the
// name it was created with (`nameKey`, shared/names.ts); its names table holds every key that means
// the entry (its own, those of later names, those of entries merged into it).
import type { Generated } from 'kysely';

export type PartyKind = 'customer' | 'supplier' | 'carrier' | 'warehouse' | 'other';

export interface CommoditiesTable {
  id: Generated<number>;
  name: string;
  /** the stock of the commodity is kept under this key (stockBalances.commodity, stockLedger.commodityKey, ...) */
  nameKey: string;
  code: string | null;
  unit: string | null;
  category: string | null;
  remark: string | null;
  active: number;
  createTime: string;
  updateTime: string;
}

export interface CommodityNamesTable {
  nameKey: string;
  commodityId: number;
}

export interface PartiesTable {
  id: Generated<number>;
  name: string;
  nameKey: string;
  kind: PartyKind | null;
  contact: string | null;
  phone: string | null;
  remark: string | null;
  active: number;
  createTime: string;
  updateTime: string;
}

export interface PartyNamesTable {
  nameKey: string;
  partyId: number;
}

export interface CatalogTables {
  commodities: CommoditiesTable;
  commodityNames: CommodityNamesTable;
  parties: PartiesTable;
  partyNames: PartyNamesTable;
}
