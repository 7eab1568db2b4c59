import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import { warehouseListQuery, type Warehouse, type warehouseBody, type warehouseUpdateBody } from '../../../../shared/warehouse.js';
import { isUniqueViolation, now, uniqueViolationColumns } from '../../../db/database.js';
import { describeList } from '../../../db/lists.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { WarehousesTable } from '../../../db/tables-warehouse.js';
import { refuseWarehouseOutsideScope, type WarehouseRow } from '../stock/warehouse-lookup.js';
import type { AuthUser } from '../../../http/auth.js';
import { forbidden, invalid, notFound, refusedField } from '../../../http/errors.js';
import type { Scope } from '../../../db/scope.js';
import { sql } from 'kysely';
import { recordAudit } from '../../audit/audit.service.js';

export function presentWarehouse(row: WarehouseRow): Warehouse {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    contactPerson: row.contactPerson,
    contactPhone: row.contactPhone,
    status: row.status,
    remark: row.remark,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** The warehouse `id`, or 404; 403 when the user's scope does not hold it. */
export async function loadWarehouse(db: Queryable, id: number, scope: Scope): Promise<WarehouseRow> {
  const row = await db.selectFrom('warehouses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('warehouse', '仓库'), id);
  await refuseWarehouseOutsideScope(db, scope, row);
  return row;
}

/** The warehouse list: by code, not paged (a company has a few warehouses); a user limited to some sees those. */
const warehouseList = describeList({
  query: warehouseListQuery,
  from: (db: Queryable) => db.selectFrom('warehouses').selectAll(),
  filters: [
    { exact: 'status', column: 'status' },
    { contains: 'keyword', columns: ['code', 'name', 'address'] },
  ],
  warehouse: 'id',
  key: 'code',
  order: 'asc',
  present: presentWarehouse,
});

export async function listWarehouses(db: Queryable, q: z.output<typeof warehouseListQuery>, scope: Scope): Promise<Warehouse[]> {
  const warehouses: Warehouse[] = [];
  for await (const warehouse of await warehouseList.all(db, q, scope)) warehouses.push(warehouse);
  return warehouses;
}

function duplicate(err: unknown, input: { code?: string; name?: string }): never {
  if (uniqueViolationColumns(err).includes('warehouses.code'))
    throw refusedField('code', said(`a warehouse with code "${input.code}" already exists; choose another code`, `编码为“${input.code}”的仓库已存在；请换一个编码`));
  throw refusedField('name', said(`a warehouse named "${input.name}" already exists; choose another name`, `名称为“${input.name}”的仓库已存在；请换一个名称`));
}

export async function createWarehouse(db: Db, actor: AuthUser, input: z.output<typeof warehouseBody>): Promise<Warehouse> {
  // a new warehouse would be outside the scope of a user limited to some: it takes an account for every warehouse
  if (actor.warehouseIds !== null)
    throw forbidden(
      said('your account is limited to some warehouses: creating a warehouse needs an account for every warehouse', '您的账号仅限部分仓库：新建仓库需要可管理全部仓库的账号'),
    );
  try {
    return await db.transaction().execute(async (trx) => {
      const time = now();
      const row = await trx
        .insertInto('warehouses')
        .values({
          code: input.code,
          name: input.name,
          address: input.address ?? null,
          contactPerson: input.contactPerson ?? null,
          contactPhone: input.contactPhone ?? null,
          status: input.status ?? 'active',
          remark: input.remark ?? null,
          createTime: time,
          updateTime: time,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = presentWarehouse(row);
      await recordAudit(trx, { actor, action: 'create', entity: 'warehouse', entityId: row.id, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) duplicate(err, input);
    throw err;
  }
}

export async function updateWarehouse(db: Db, actor: AuthUser, id: number, input: z.output<typeof warehouseUpdateBody>): Promise<Warehouse> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await loadWarehouse(trx, id, actor);
      const changes: Updateable<WarehousesTable> = { updateTime: now() };
      for (const key of ['code', 'name', 'address', 'contactPerson', 'contactPhone', 'status', 'remark'] as const) {
        if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
      }
      const row = await trx.updateTable('warehouses').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      const after = presentWarehouse(row);
      const action = input.status !== undefined && input.status !== before.status ? 'status' : 'update';
      await recordAudit(trx, { actor, action, entity: 'warehouse', entityId: id, before: presentWarehouse(before), after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) duplicate(err, input);
    throw err;
  }
}

/** True when any record or ledger entry names the warehouse: that keeps it from being deleted. */
async function hasMovements(db: Queryable, id: number): Promise<boolean> {
  for (const table of ['pickupRequests', 'outboundOrders', 'inboundOrders', 'ownershipTransfers', 'stockLedger'] as const) {
    const row = await db
      .selectFrom(table as 'inboundOrders')
      .select('warehouseId')
      .where('warehouseId', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** The usernames of the accounts limited to the warehouse (users.warehouseIds lists it). */
async function usersLimitedTo(db: Queryable, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where(sql<boolean>`(',' || ${sql.ref('warehouseIds')} || ',') like ${`%,${id},%`}`)
    .orderBy('username')
    .execute();
  return rows.map((r) => r.username);
}

export async function deleteWarehouse(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await loadWarehouse(trx, id, actor);
    if (await hasMovements(trx, id))
      throw invalid(
        said(
          `warehouse "${before.name}" has movements and cannot be deleted; set its status to inactive instead`,
          `仓库“${before.name}”已有业务记录，不能删除；请将其状态改为停用`,
        ),
      );
    const limited = await usersLimitedTo(trx, id);
    if (limited.length)
      throw invalid(
        said(
          `warehouse "${before.name}" is the scope of the accounts ${limited.join(', ')}; change their warehouses first`,
          `仓库“${before.name}”是账号 ${limited.join('、')} 的仓库范围；请先修改这些账号的仓库`,
        ),
      );
    await trx.deleteFrom('warehouses').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'warehouse', entityId: id, before: presentWarehouse(before) });
  });
}
