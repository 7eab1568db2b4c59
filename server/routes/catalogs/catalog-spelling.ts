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

const unwrapped = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable ? unwrapped(schema.unwrap() as z.ZodType) : schema);

/** Where in a value of a schema names are: per object field, its catalog or the schema to walk into (none: nothing below). */
interface FieldPlan {
  key: string;
  catalog?: Catalog;
  inner?: Plan;
}
type Plan = { kind: 'array'; element: Plan } | { kind: 'object'; fields: FieldPlan[] } | null;

/** Plans are made once per schema: reading its metadata costs more than the walk itself. */
const plans = new WeakMap<z.ZodType, Plan>();

function planOf(schema: z.ZodType): Plan {
  const base = unwrapped(schema);
  if (plans.has(base)) return plans.get(base)!;
  plans.set(base, null); // a schema that holds itself (none here) ends the walk
  let plan: Plan = null;
  if (base instanceof z.ZodArray) {
    const element = planOf(base.element as z.ZodType);
    plan = element && { kind: 'array', element };
  } else if (base instanceof z.ZodObject) {
    const fields = Object.entries(base.shape as Record<string, z.ZodType>).flatMap(([key, field]): FieldPlan[] => {
      const catalog = catalogOf(unwrapped(field));
      if (catalog) return [{ key, catalog }];
      const inner = planOf(field);
      return inner ? [{ key, inner }] : [];
    });
    plan = fields.length ? { kind: 'object', fields } : null;
  }
  plans.set(base, plan);
  return plan;
}

/** Walks `value` along its plan, collecting the fields that hold catalog names. */
function collect(plan: Plan, value: unknown, found: NameField[]): void {
  if (!plan || value === null || typeof value !== 'object') return;
  if (plan.kind === 'array') {
    if (Array.isArray(value)) for (const item of value) collect(plan.element, item, found);
    return;
  }
  const holder = value as Record<string, unknown>;
  for (const { key, catalog, inner } of plan.fields) {
    if (catalog) {
      if (typeof holder[key] === 'string') found.push({ holder, key, catalog });
    } else collect(inner!, holder[key], found);
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
  collect(planOf(schema), value, found);
  if (!found.length) return value;
  for (const catalog of Object.keys(NAMES_TABLES) as Catalog[]) {
    const fields = found.filter((f) => f.catalog === catalog);
    if (!fields.length) continue;
    const names = await spellings(db, catalog, [...new Set(fields.map((f) => nameKey(f.holder[f.key] as string)))]);
    for (const f of fields) f.holder[f.key] = names.get(nameKey(f.holder[f.key] as string)) ?? f.holder[f.key];
  }
  return value;
}
