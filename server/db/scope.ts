// Warehouse scope (decisions.md "Roles, areas and warehouses"): a user whose `warehouses` is not
// empty holds only those warehouses in the pickup, warehouse and stock areas. Like Odoo's record
// rules it is a query concern: each list description (lists.ts), the summary, the lots, the ledger,
// the reports, the exports and the B/L trace narrow their own query here, on an indexed warehouse id
// column, so a total is never summed over rows the user may not see and never filtered after the sum.
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';

/** Whose warehouses: the signed-in user (AuthUser has the field); the service's own work passes null where a scope is asked. */
export interface Scope {
  /** the warehouse ids the user is limited to; null: every warehouse */
  readonly warehouseIds: readonly number[] | null;
}

export const inScope = (scope: Scope, warehouseId: number): boolean => scope.warehouseIds === null || scope.warehouseIds.includes(warehouseId);

/** `query` limited to the rows whose `column` (a warehouse id) is one of the scope's warehouses. */
export function withinScope<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, column: StringReference<DB, TB>, scope: Scope): SelectQueryBuilder<DB, TB, O> {
  const ids = scope.warehouseIds;
  if (ids === null) return query;
  return query.where((eb) => eb(sql.ref(String(column)), 'in', ids.length ? [...ids] : [0]));
}
