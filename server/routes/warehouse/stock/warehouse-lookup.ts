// The warehouse a record or a filter names, by code or by name, and the rule that a movement needs
// an active one. Every warehouse kind and the stock core look warehouses up here.
import type { Selectable } from 'kysely';
import { said, type Said } from '../../../../shared/messages.js';
import type { Queryable } from '../../../db/tables.js';
import type { WarehousesTable } from '../../../db/tables-warehouse.js';
import { inScope, type Scope } from '../../../db/scope.js';
import { forbidden, forRecord, invalid } from '../../../http/errors.js';
import type { RowError } from '../../../spreadsheets/columns.js';
import { refusal } from '../../../spreadsheets/row-import.js';
import { MAX_ROW_ERRORS } from '../../../spreadsheets/sheet.js';

export type WarehouseRow = Selectable<WarehousesTable>;

/** The warehouse a request names by code or by name (the code wins if both would match). */
export async function findWarehouseByRef(db: Queryable, ref: string): Promise<WarehouseRow | undefined> {
  const rows = await db
    .selectFrom('warehouses')
    .selectAll()
    .where((eb) => eb.or([eb('code', '=', ref), eb('name', '=', ref)]))
    .execute();
  return rows.find((r) => r.code === ref) ?? rows[0];
}

/** The id a list filter `warehouse=<code or name>` means; 0 (matches nothing) for an unknown one. */
export async function warehouseFilterId(db: Queryable, ref: string): Promise<number> {
  return (await findWarehouseByRef(db, ref))?.id ?? 0;
}

/** The list filter `warehouse=<code or name>` of a kind whose rows hold the warehouse's id in `column`. */
export const warehouseFilter = <Column extends string>(column: Column) => ({ exact: 'warehouse' as const, column, lookup: warehouseFilterId });

/** The codes of a scope's warehouses, for a refusal: "WH-SH, WH-NB". */
async function scopeCodes(db: Queryable, scope: Scope): Promise<string> {
  const rows = await db
    .selectFrom('warehouses')
    .select('code')
    .where('id', 'in', [0, ...(scope.warehouseIds ?? [])])
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code).join(', ');
}

/**
 * 403 unless `scope` (the user's, or null: the service's own work) holds the warehouse of a record
 * the user reads, changes or deletes; `record` names it ("inbound order IB20261122-0001"). The other
 * warehouse is not named: the user does not see it.
 */
export async function refuseRecordOutsideScope(db: Queryable, scope: Scope | null, warehouseId: number, record: Said): Promise<void> {
  if (!scope || inScope(scope, warehouseId)) return;
  const codes = await scopeCodes(db, scope);
  throw forbidden(said(`your account is limited to the warehouses ${codes}: ${record.en} is in another warehouse`, `您的账号仅限仓库 ${codes}：${record.zh}属于其他仓库`), {
    warehouses: codes.split(', '),
  });
}

/** 403 unless `scope` holds the warehouse a new or changed record names. */
export async function refuseWarehouseOutsideScope(db: Queryable, scope: Scope | null, warehouse: WarehouseRow): Promise<void> {
  if (!scope || inScope(scope, warehouse.id)) return;
  throw forbidden(warehouseOutsideScope(await scopeCodes(db, scope), warehouse.code), { warehouse: warehouse.code });
}

const warehouseOutsideScope = (codes: string, code: string) =>
  said(`your account is limited to the warehouses ${codes}: it may not name warehouse ${code}`, `您的账号仅限仓库 ${codes}：不能填写仓库 ${code}`);

/**
 * The warehouse a movement names. It must exist; it must be active unless the record already
 * stood in it (`currentId`): an inactive warehouse takes no new movements. It must be one of the
 * user's warehouses (`scope`; null: the service's own work), else 403.
 */
export const warehouseForMovement = async (db: Queryable, scope: Scope | null, ref: string, currentId?: number): Promise<WarehouseRow> =>
  movementWarehouse(db, scope, ref, await findWarehouseByRef(db, ref), currentId);

/** `warehouseForMovement`'s rules for the warehouse `row` that `ref` found (undefined: none). */
async function movementWarehouse(db: Queryable, scope: Scope | null, ref: string, row: WarehouseRow | undefined, currentId?: number): Promise<WarehouseRow> {
  if (!row) throw invalid(said(`warehouse "${ref}" does not exist: give the code or the name of a warehouse`, `仓库“${ref}”不存在：请填写仓库的编码或名称`));
  await refuseWarehouseOutsideScope(db, scope, row);
  if (row.status !== 'active' && row.id !== currentId)
    throw invalid(
      said(
        `warehouse "${row.name}" is inactive and takes no new movements; activate it first or choose another`,
        `仓库“${row.name}”已停用，不能再办理新业务；请先启用该仓库，或选择其他仓库`,
      ),
    );
  return row;
}

/**
 * `warehouseForMovement` for each record of a batch (the warehouses its names mean read in one query,
 * a code winning over a name as in `findWarehouseByRef`): the first record naming a warehouse that is
 * refused names the refusal (`BatchRefusal`).
 */
export async function warehousesForMovements(db: Queryable, scope: Scope | null, records: readonly { warehouse: string }[]): Promise<WarehouseRow[]> {
  const refs = [...new Set(records.map((r) => r.warehouse))];
  const rows = refs.length
    ? await db
        .selectFrom('warehouses')
        .selectAll()
        .where((eb) => eb.or([eb('code', 'in', refs), eb('name', 'in', refs)]))
        .execute()
    : [];
  const found = new Map<string, WarehouseRow>();
  for (const [i, { warehouse }] of records.entries()) {
    if (found.has(warehouse)) continue;
    const row = rows.find((r) => r.code === warehouse) ?? rows.find((r) => r.name === warehouse);
    found.set(warehouse, await forRecord(i, () => movementWarehouse(db, scope, warehouse, row)));
  }
  return records.map((r) => found.get(r.warehouse)!);
}

/**
 * For an import: each row's warehouse must pass `warehouseForMovement` (one look-up per name). A row
 * naming a warehouse outside the user's scope refuses the whole file (403) naming the rows, before
 * any other check and before anything is written.
 */
export async function checkWarehouses(db: Queryable, scope: Scope | null, rows: { warehouse: string }[], rowNumbers: number[], errors: RowError[]): Promise<void> {
  const verdicts = new Map<string, { message: Said | null; outside?: string }>();
  const outside: { row: number; code: string }[] = [];
  for (const [i, row] of rows.entries()) {
    let verdict = verdicts.get(row.warehouse);
    if (!verdict) {
      const message = await refusal(() => warehouseForMovement(db, null, row.warehouse));
      const found = message ? undefined : await findWarehouseByRef(db, row.warehouse);
      verdict = { message, outside: found && scope && !inScope(scope, found.id) ? found.code : undefined };
      verdicts.set(row.warehouse, verdict);
    }
    if (verdict.outside) outside.push({ row: rowNumbers[i]!, code: verdict.outside });
    else if (verdict.message) errors.push({ row: rowNumbers[i]!, column: 'warehouse', message: verdict.message });
  }
  if (outside.length === 0 || !scope) return;
  const codes = await scopeCodes(db, scope);
  const [first] = outside;
  const more = outside.length > 1 ? said(` (${outside.length} rows in all, listed in data.errors)`, `（共 ${outside.length} 行，见 data.errors）`) : said('', '');
  throw forbidden(
    said(
      `your account is limited to the warehouses ${codes}, so nothing was imported: row ${first!.row} names warehouse ${first!.code}${more.en}`,
      `您的账号仅限仓库 ${codes}，因此没有导入任何数据：第 ${first!.row} 行填写了仓库 ${first!.code}${more.zh}`,
    ),
    {
      errors: outside.slice(0, MAX_ROW_ERRORS).map((o) => ({ row: o.row, column: 'warehouse', message: warehouseOutsideScope(codes, o.code) })),
      errorCount: outside.length,
    },
  );
}
