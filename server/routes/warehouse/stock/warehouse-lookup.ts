// The warehouse a record or a filter names, by code or by name, and the rule that a movement needs
// an active one. Every warehouse kind and the stock core look warehouses up here.
import type { Selectable } from 'kysely';
import { said, type Said } from '../../../../shared/messages.js';
import type { Queryable } from '../../../db/tables.js';
import type { WarehousesTable } from '../../../db/tables-warehouse.js';
import { invalid } from '../../../http/errors.js';
import type { RowError } from '../../../spreadsheets/columns.js';
import { refusal } from '../../../spreadsheets/row-import.js';

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

/**
 * The warehouse a movement names. It must exist; it must be active unless the record already
 * stood in it (`currentId`): an inactive warehouse takes no new movements.
 */
export async function warehouseForMovement(db: Queryable, ref: string, currentId?: number): Promise<WarehouseRow> {
  const row = await findWarehouseByRef(db, ref);
  if (!row) throw invalid(said(`warehouse "${ref}" does not exist: give the code or the name of a warehouse`, `仓库“${ref}”不存在：请填写仓库的编码或名称`));
  if (row.status !== 'active' && row.id !== currentId)
    throw invalid(
      said(
        `warehouse "${row.name}" is inactive and takes no new movements; activate it first or choose another`,
        `仓库“${row.name}”已停用，不能再办理新业务；请先启用该仓库，或选择其他仓库`,
      ),
    );
  return row;
}

/** For an import: each row's warehouse must pass `warehouseForMovement`; one look-up per name. */
export async function checkWarehouses(db: Queryable, rows: { warehouse: string }[], rowNumbers: number[], errors: RowError[]): Promise<void> {
  const verdicts = new Map<string, Said | null>();
  for (const [i, row] of rows.entries()) {
    if (!verdicts.has(row.warehouse)) verdicts.set(row.warehouse, await refusal(() => warehouseForMovement(db, row.warehouse)));
    const message = verdicts.get(row.warehouse);
    if (message) errors.push({ row: rowNumbers[i]!, column: 'warehouse', message });
  }
}
