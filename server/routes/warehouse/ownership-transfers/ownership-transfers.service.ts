import type { NotNull, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import { fromMilli, toMilli, type OwnershipTransfer, type stockTransferBody, type transferListQuery, type transferUpdateBody } from '../../../../shared/warehouse.js';
import { now, today } from '../../../db/database.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { OwnershipFilesTable, OwnershipTransfersTable } from '../../../db/tables-warehouse.js';
import { withFiles, type FileChanges, type FileStore, type UploadedFile } from '../../../files/file-store.js';
import type { AuthUser } from '../../../http/auth.js';
import { invalid, notFound } from '../../../http/errors.js';
import { paginate, startsWith } from '../../../db/paging.js';
import { recordAudit } from '../../audit/audit.service.js';
import { partiesOf } from '../../catalogs/catalog-names.js';
import { nextNumber } from '../stock/document-numbers.js';
import { sentFields } from '../../../db/sent-fields.js';
import { blNumberOf, moveStock, type Movement } from '../stock/stock.service.js';
import { warehouseFilterId, warehouseForMovement } from '../stock/warehouse-lookup.js';

type TransferRow = Selectable<OwnershipTransfersTable> & { warehouse: string };
type FileRow = Selectable<OwnershipFilesTable>;

/** The row as the API answers it: the stored columns as they are, the quantity converted from thousandths, the attachments listed. */
export function presentTransfer({ quantityMilli, ...row }: TransferRow, files: FileRow[]): OwnershipTransfer {
  return { ...row, quantity: fromMilli(quantityMilli), fileList: files.map((f) => ({ id: f.id, name: f.name, url: f.url, size: f.size })) };
}

const selectTransfer = (db: Queryable) =>
  db
    .selectFrom('ownershipTransfers as d')
    .selectAll('d')
    // the name by a subquery, not a join: the count of a filtered list then reads one table's index
    .select((eb) => eb.selectFrom('warehouses as w').select('w.name').whereRef('w.id', '=', 'd.warehouseId').as('warehouse'))
    .$narrowType<{ warehouse: NotNull }>();

const filesOf = (db: Queryable, ids: number[]) =>
  ids.length ? db.selectFrom('ownershipFiles').selectAll().where('transferId', 'in', ids).orderBy('id').execute() : Promise.resolve([]);

async function loadTransfer(db: Queryable, id: number): Promise<TransferRow> {
  const row = await selectTransfer(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('ownership transfer', '货权转移'), id);
  return row;
}

export async function getTransfer(db: Queryable, id: number): Promise<OwnershipTransfer> {
  const row = await loadTransfer(db, id);
  return presentTransfer(row, await filesOf(db, [id]));
}

/** A cancelled transfer moves nothing; pending and completed ones take their quantity from stock. */
const movementOf = (row: TransferRow): Movement | null =>
  row.status === 'cancelled'
    ? null
    : {
        kind: 'transfer',
        documentType: 'ownershipTransfer',
        documentId: row.id,
        documentNumber: row.transferNumber,
        blNumber: blNumberOf(row.blNumber),
        warehouseId: row.warehouseId,
        commodity: row.commodity,
        quantityMilli: row.quantityMilli,
        businessDate: row.transferDate,
      };

export async function listTransfers(db: Queryable, q: z.output<typeof transferListQuery>) {
  let query = selectTransfer(db);
  if (q.status) query = query.where('d.status', '=', q.status);
  if (q.warehouse) query = query.where('d.warehouseId', '=', await warehouseFilterId(db, q.warehouse));
  if (q.commodity) query = query.where('d.commodity', '=', q.commodity);
  if (q.transferor) query = query.where('d.transferor', 'like', `%${q.transferor}%`);
  if (q.transferee) query = query.where('d.transferee', 'like', `%${q.transferee}%`);
  if (q.startDate) query = query.where('d.transferDate', '>=', q.startDate);
  if (q.endDate) query = query.where('d.transferDate', '<=', q.endDate);
  const prefixes = startsWith(query, [
    ['d.transferNumber', q.transferNumber],
    ['d.blNumber', q.blNumber],
  ]);
  const direction = q.sortOrder ?? 'desc';
  const page = await paginate(query.orderBy('d.id', direction), q, (row) => row, { prefixes, id: 'd.id', direction });
  const files = await filesOf(
    db,
    page.items.map((r) => r.id),
  );
  return {
    ...page,
    items: page.items.map((row) =>
      presentTransfer(
        row,
        files.filter((f) => f.transferId === row.id),
      ),
    ),
  };
}

async function addFiles(db: Queryable, changes: FileChanges, transferId: number, uploads: UploadedFile[]): Promise<void> {
  const time = now();
  for (const upload of uploads) {
    const stored = changes.add('ownership', upload);
    await db.insertInto('ownershipFiles').values({ transferId, name: stored.name, url: stored.url, size: stored.size, mimeType: stored.mimeType, createTime: time }).execute();
  }
}

/** Creates a transfer (with its attachments) and takes its quantity from stock, all or nothing. */
export function createTransfer(db: Db, store: FileStore, actor: AuthUser, input: z.output<typeof stockTransferBody>, uploads: UploadedFile[]): Promise<OwnershipTransfer> {
  return withFiles(db, store, async (trx, changes) => {
    const warehouse = await warehouseForMovement(trx, input.warehouse);
    const time = now();
    const { id } = await trx
      .insertInto('ownershipTransfers')
      .values({
        transferNumber: await nextNumber(trx, 'ownershipTransfers', 'OT'),
        transferDate: input.transferDate ?? today(),
        blNumber: input.blNumber ?? null,
        quantityMilli: toMilli(input.quantity),
        commodity: input.commodity,
        warehouseId: warehouse.id,
        transferor: input.transferor,
        transferee: input.transferee,
        status: input.status ?? 'completed',
        remark: input.remark ?? null,
        createTime: time,
        updateTime: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addFiles(trx, changes, id, uploads);
    await partiesOf(trx, [input.transferor, input.transferee]);
    await moveStock(trx, null, movementOf(await loadTransfer(trx, id)));
    const after = await getTransfer(trx, id);
    await recordAudit(trx, { actor, action: 'create', entity: 'ownershipTransfer', entityId: id, after });
    return after;
  });
}

/** Changes a transfer; `removeFileIds` deletes attachments, new uploads are added. */
export function updateTransfer(
  db: Db,
  store: FileStore,
  actor: AuthUser,
  id: number,
  input: z.output<typeof transferUpdateBody>,
  uploads: UploadedFile[],
): Promise<OwnershipTransfer> {
  return withFiles(db, store, async (trx, changes) => {
    const beforeRow = await loadTransfer(trx, id);
    const before = await getTransfer(trx, id);
    const update: Updateable<OwnershipTransfersTable> = {
      ...sentFields(input, ['transferDate', 'blNumber', 'commodity', 'transferor', 'transferee', 'status', 'remark']),
      updateTime: now(),
    };
    if (input.warehouse !== undefined) update.warehouseId = (await warehouseForMovement(trx, input.warehouse, beforeRow.warehouseId)).id;
    if (input.quantity !== undefined) update.quantityMilli = toMilli(input.quantity);
    for (const fileId of input.removeFileIds ?? []) {
      const file = before.fileList.find((f) => f.id === fileId);
      if (!file)
        throw invalid(
          said(
            `removeFileIds: attachment ${fileId} does not belong to ownership transfer ${before.transferNumber}`,
            `removeFileIds：附件 ${fileId} 不属于货权转移 ${before.transferNumber}`,
          ),
        );
      await trx.deleteFrom('ownershipFiles').where('id', '=', fileId).execute();
      changes.remove(file.url);
    }
    await addFiles(trx, changes, id, uploads);
    await trx.updateTable('ownershipTransfers').set(update).where('id', '=', id).execute();
    await partiesOf(trx, [input.transferor, input.transferee]);
    await moveStock(trx, movementOf(beforeRow), movementOf(await loadTransfer(trx, id)));
    const after = await getTransfer(trx, id);
    const action = after.status !== before.status ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'ownershipTransfer', entityId: id, before, after });
    return after;
  });
}

/** Deletes a transfer and its attachments; its quantity goes back to stock. */
export function deleteTransfer(db: Db, store: FileStore, actor: AuthUser, id: number): Promise<void> {
  return withFiles(db, store, async (trx, changes) => {
    const row = await loadTransfer(trx, id);
    const before = await getTransfer(trx, id);
    await moveStock(trx, movementOf(row), null);
    for (const file of before.fileList) changes.remove(file.url);
    await trx.deleteFrom('ownershipFiles').where('transferId', '=', id).execute();
    await trx.deleteFrom('ownershipTransfers').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'ownershipTransfer', entityId: id, before });
  });
}
