// Answers name commodities and parties as their catalogs spell them (decisions.md, "Commodity names"):
// a record keeps the name as it was typed, and every field its response schema marks with
// `catalogName()` (shared/names.ts) is read through the catalog's names table when the answer is
// sent, so a name typed "  nickel   briquette" answers "Nickel briquette", and renaming or merging an
// entry renames every record at once. A name its catalog does not hold answers as stored.
import { z } from 'zod';
import { nameKey, type Catalog } from '../../../shared/names.js';
import type { Queryable } from '../../db/tables.js';

/** A field of an answer that holds a catalog name: the object, its key and its catalog. */
interface NameField {
  holder: Record<string, unknown>;
  key: string;
  catalog: Catalog;
}

const catalogOf = (schema: z.ZodType): Catalog | undefined => z.globalRegistry.get(schema)?.['x-catalog'] as Catalog | undefined;

/** Walks `value` along `schema`, collecting the fields that hold catalog names. */
function collect(schema: z.ZodType, value: unknown, found: NameField[]): void {
  if (value === null || value === undefined) return;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return collect(schema.unwrap() as z.ZodType, value, found);
  if (schema instanceof z.ZodArray && Array.isArray(value)) {
    for (const item of value) collect(schema.element as z.ZodType, item, found);
    return;
  }
  if (schema instanceof z.ZodObject && typeof value === 'object') {
    const holder = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const base = field instanceof z.ZodOptional || field instanceof z.ZodNullable ? (field.unwrap() as z.ZodType) : field;
      const catalog = catalogOf(base);
      if (catalog) {
        if (typeof holder[key] === 'string') found.push({ holder, key, catalog });
      } else collect(field, holder[key], found);
    }
  }
}

const NAMES_TABLES = {
  commodity: { names: 'commodityNames', entries: 'commodities', id: 'commodityId' },
  party: { names: 'partyNames', entries: 'parties', id: 'partyId' },
} as const;

/** The catalog's spelling of each of these name keys that it holds. */
async function spellings(db: Queryable, catalog: Catalog, keys: readonly string[]): Promise<Map<string, string>> {
  const t = NAMES_TABLES[catalog];
  const spelled = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await (db as Queryable)
      .selectFrom(`${t.names} as k` as 'commodityNames as k')
      .innerJoin(`${t.entries} as c` as 'commodities as c', 'c.id', `k.${t.id}` as 'k.commodityId')
      .select(['k.nameKey', 'c.name'])
      .where('k.nameKey', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) spelled.set(r.nameKey, r.name);
  }
  return spelled;
}

/** Re-spells, in place, every catalog name `value` holds where `schema` marks one; answers `value`. */
export async function withCatalogSpelling<T>(db: Queryable, schema: z.ZodType, value: T): Promise<T> {
  const found: NameField[] = [];
  collect(schema, value, found);
  for (const catalog of Object.keys(NAMES_TABLES) as Catalog[]) {
    const fields = found.filter((f) => f.catalog === catalog);
    if (!fields.length) continue;
    const names = await spellings(db, catalog, [...new Set(fields.map((f) => nameKey(f.holder[f.key] as string)))]);
    for (const f of fields) f.holder[f.key] = names.get(nameKey(f.holder[f.key] as string)) ?? f.holder[f.key];
  }
  return value;
}
