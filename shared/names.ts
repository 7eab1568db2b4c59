// The rule by which two catalog names (commodities, parties) are the same: equal after Unicode NFKC,
// trimming, collapsing inner whitespace and ignoring case. "copper  cathode", "Copper Cathode" and
// full-width "Ｃopper Cathode" share the key "copper cathode".
import { z } from 'zod';

export const nameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();

/** The catalogs whose names records carry. */
export type Catalog = 'commodity' | 'party';

/**
 * A commodity or party name as a record answers it: the catalog's spelling of the entry the stored
 * name means (by the rule above), or the stored name when its catalog has none. Marked `x-catalog`
 * in the OpenAPI document; the service re-spells such fields of every answer (server/routes/catalogs/catalog-spelling.ts).
 */
export const catalogName = (catalog: Catalog) =>
  z.string().meta({ 'x-catalog': catalog, description: `the ${catalog} catalog's spelling of the name stored (which keeps what was typed)` });
