// The rule by which two catalog names (commodities, parties) are the same: equal after Unicode NFKC,
// trimming, collapsing inner whitespace and ignoring case. "copper  cathode", "Copper Cathode" and
// full-width "Ｃopper Cathode" share the key "copper cathode".
import { z } from 'zod';

export const nameKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();

/**
 * The rule by which license plates compare: Unicode NFKC, lower case, and only the letters and
 * digits ("沪A 12345", "沪a-12345" and "沪A·12345" share the key "沪a12345"). A plate search looks
 * for the key of what was typed inside the stored plates' keys.
 */
export const plateKey = (plate: string): string =>
  plate
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The catalogs whose names records carry. */
export type Catalog = 'commodity' | 'party';

/**
 * A commodity or party name as a record answers it: the catalog's spelling of the entry the stored
 * name means (by nameKey), or the stored name when its catalog has none. Marked `x-catalog`
 * in the OpenAPI document; the service re-spells such fields of every answer (server/routes/catalogs/catalog-spelling.ts).
 */
export const catalogName = (catalog: Catalog) =>
  z.string().meta({ 'x-catalog': catalog, description: `the ${catalog} catalog's spelling of the name stored (which keeps what was typed)` });
