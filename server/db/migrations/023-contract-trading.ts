// The trading desk (issue 31): business contracts gain a unit (the commodity catalog's unit when the
// contract is created without one; existing contracts take their commodity's unit here), a currency
// (CNY when none is given) and a weight tolerance in percent (null: none agreed).
import { sql, type Kysely } from 'kysely';
import { nameKey } from '../../../shared/names.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('unit', 'text').execute();
  await db.schema
    .alterTable('contracts')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
    .execute();
  await db.schema.alterTable('contracts').addColumn('weightTolerance', 'double precision').execute();
  // the unit of the catalog entry each contract's commodity means (by its name key, as stock is kept)
  const units: { nameKey: string; unit: string }[] = await db
    .selectFrom('commodityNames as k')
    .innerJoin('commodities as c', 'c.id', 'k.commodityId')
    .select(['k.nameKey', 'c.unit'])
    .where('c.unit', 'is not', null)
    .execute();
  if (units.length === 0) return;
  const unitOf = new Map(units.map((u) => [u.nameKey, u.unit]));
  let last = 0;
  for (;;) {
    const rows: { id: number; commodity: string }[] = await db.selectFrom('contracts').select(['id', 'commodity']).where('id', '>', last).orderBy('id').limit(500).execute();
    if (rows.length === 0) return;
    last = Number(rows.at(-1)!.id);
    const known = rows.filter((r) => unitOf.has(nameKey(r.commodity)));
    if (known.length === 0) continue;
    const cases = sql.join(
      known.map((r) => sql`when ${Number(r.id)} then ${unitOf.get(nameKey(r.commodity))!}`),
      sql` `,
    );
    await sql`update "contracts" set "unit" = case "id" ${cases} end where "id" in (${sql.join(known.map((r) => Number(r.id)))})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contracts').dropColumn('weightTolerance').execute();
  await db.schema.alterTable('contracts').dropColumn('currency').execute();
  await db.schema.alterTable('contracts').dropColumn('unit').execute();
}
