// Roles, warehouse scope and grants (decisions.md "Roles, areas and warehouses"):
// - `users.roles`: the user's roles, comma-separated in the order of ROLES ("finance,trader" is
//   written "trader,finance"); existing admins keep `admin`, existing staff become `manager`. The
//   column `role` stays, kept in step ("admin" when roles hold admin, else "staff"), for older clients.
// - `users.warehouseIds`: the ids of the warehouses the user is limited to, comma-separated; '' means
//   every warehouse. Ids, so renaming a warehouse's code keeps the scope.
//   Both are short lists read with the user on every request, in the one query that checks the token
//   (server/http/auth.ts); tables of their own would need a second query or engine-specific aggregation.
// - `roleGrants`: the level of each area for each preset role (admin's are fixed, never stored),
//   seeded with the defaults of this release.
import type { Kysely } from 'kysely';
import { DEFAULT_GRANTS, PRESET_ROLES, AREAS } from '../../../shared/permissions.js';

/** A migration sees the database as it was, not as tables.ts describes it now. */
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('warehouseIds', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.updateTable('users').set({ roles: 'admin' }).where('role', '=', 'admin').execute();
  await db.updateTable('users').set({ roles: 'manager' }).where('role', '!=', 'admin').execute();

  await db.schema
    .createTable('roleGrants')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('roleGrants_pk', ['role', 'area'])
    .execute();
  await db
    .insertInto('roleGrants')
    .values(PRESET_ROLES.flatMap((role) => AREAS.map((area) => ({ role, area, level: DEFAULT_GRANTS[role][area] }))))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('roleGrants').execute();
  await db.schema.alterTable('users').dropColumn('warehouseIds').execute();
  await db.schema.alterTable('users').dropColumn('roles').execute();
}
