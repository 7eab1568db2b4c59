import type { Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../../shared/messages.js';
import {
  fromMilli,
  toMilli,
  transferListQuery,
  type OwnershipTransfer,
  type PostedOwnershipTransfer,
  type stockTransferBody,
  type transferUpdateBody,
} from '../../../../shared/warehouse.js';
import { now, today } from '../../../db/database.js';
import { describeList, withWarehouseName } from '../../../db/lists.js';
import type { Db, Queryable } from '../../../db/tables.js';
import type { OwnershipFilesTable, OwnershipTransfersTable } from '../../../db/tables-warehouse.js';
import { withFiles, type FileChanges, type FileStore, type UploadedFile } from '../../../files/file-store.js';
import type { AuthUser } from '../../../http/auth.js';
import { invalid, notFound } from '../../../http/errors.js';
import { recordAudit } from '../../audit/audit.service.js';
import { partiesOf } from '../../catalogs/catalog-names.js';
import { nextNumber } from '../stock/document-numbers.js';
import { sentFields } from '../../../db/sent-fields.js';
import { allocationsAnswer, blNumberOf, moveStock, type Movement } from '../stock/stock.service.js';
import { changePosted } from '../stock/posted.js';
import { refuseRecordOutsideScope, warehouseFilter, warehouseForMovement } from '../stock/warehouse-lookup.js';
import type { Scope } from '../../../db/scope.js';

type TransferRow = Selectable<OwnershipTransfersTable> & { warehouse: string };
type FileRow = Selectable<OwnershipFilesTable>;

/** The row as the API answers it: the stored columns as they are, the quantity converted from thousandths, the attachments listed. */
export function presentTransfer({ quantityMilli, ...row }: TransferRow, files: FileRow[]): OwnershipTransfer {
  return { ...row, quantity: fromMilli(quantityMilli), fileList: files.map((f) => ({ id: f.id, name: f.name, url: f.url, size: f.size })) };
}

const selectTransfer = (db: Queryable) => withWarehouseName(db.selectFrom('ownershipTransfers as d').selectAll('d'), 'd.warehouseId');

const filesOf = (db: Queryable, ids: number[]) =>
  ids.length ? db.selectFrom('ownershipFiles').selectAll().where('transferId', 'in', ids).orderBy('id').execute() : Promise.resolve([]);

/** The transfer list: its filters, its order (newest first unless asked), its presenter with the attachments of a page read at once. */
const transferList = describeList({
  query: transferListQuery,
  from: selectTransfer,
  filters: [
    { exact: 'status', column: 'd.status' },
    warehouseFilter('d.warehouseId'),
    { exact: 'commodity', column: 'd.commodity' },
    { contains: 'transferor', columns: ['d.transferor'] },
    { contains: 'transferee', columns: ['d.transferee'] },
    { from: 'startDate', column: 'd.transferDate' },
    { to: 'endDate', column: 'd.transferDate' },
    { prefix: 'transferNumber', column: 'd.transferNumber' },
    { prefix: 'blNumber', column: 'd.blNumber' },
  ],
  warehouse: 'd.warehouseId',
  key: 'd.id',
  order: 'desc',
  attach: (db, rows) =>
    filesOf(
      db,
      rows.map((r) => r.id),
    ),
  present: (row, files) =>
    presentTransfer(
      row,
      files.filter((f) => f.transferId === row.id),
    ),
});

export const listTransfers = transferList.list;
/** Every transfer the list's filters match, in its order, read in batches (the export). */
export const allTransfers = transferList.all;

/** The transfer `id`, or 404; 403 when it is outside `scope` (the reader's warehouses; null: the service's own re-read). */
async function loadTransfer(db: Queryable, id: number, scope: Scope | null): Promise<TransferRow> {
  const row = await selectTransfer(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('ownership transfer', '货权转移'), id);
  await refuseRecordOutsideScope(db, scope, row.warehouseId, said(`ownership transfer ${row.transferNumber}`, `货权转移 ${row.transferNumber} `));
  return row;
}

export async function getTransfer(db: Queryable, id: number, scope: Scope | null): Promise<OwnershipTransfer> {
  const row = await loadTransfer(db, id, scope);
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

async function addFiles(db: Queryable, changes: FileChanges, transferId: number, uploads: UploadedFile[]): Promise<void> {
  const time = now();
  for (const upload of uploads) {
    const stored = changes.add('ownership', upload);
    await db.insertInto('ownershipFiles').values({ transferId, name: stored.name, url: stored.url, size: stored.size, mimeType: stored.mimeType, createTime: time }).execute();
  }
}

/** Creates a transfer (with its attachments) and takes its quantity from stock, all or nothing. */
export function createTransfer(db: Db, store: FileStore, actor: AuthUser, input: z.output<typeof stockTransferBody>, uploads: UploadedFile[]): Promise<PostedOwnershipTransfer> {
  return withFiles(db, store, async (trx, changes) => {
    const warehouse = await warehouseForMovement(trx, actor, input.warehouse);
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
    const taken = await moveStock(trx, null, movementOf(await loadTransfer(trx, id, null)));
    const after = { ...(await getTransfer(trx, id, null)), allocations: allocationsAnswer(taken) };
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
): Promise<PostedOwnershipTransfer> {
  return withFiles(db, store, async (trx, changes) => {
    const beforeRow = await loadTransfer(trx, id, actor);
    const before = await getTransfer(trx, id, null);
    const update: Updateable<OwnershipTransfersTable> = {
      ...sentFields(input, ['transferDate', 'blNumber', 'commodity', 'transferor', 'transferee', 'status', 'remark']),
      updateTime: now(),
    };
    if (input.warehouse !== undefined) update.warehouseId = (await warehouseForMovement(trx, actor, input.warehouse, beforeRow.warehouseId)).id;
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
    const taken = await changePosted(
      trx,
      actor,
      said(`ownership transfer ${beforeRow.transferNumber}`, `货权转移 ${beforeRow.transferNumber} `),
      movementOf(beforeRow),
      movementOf(await loadTransfer(trx, id, null)),
    );
    const after = { ...(await getTransfer(trx, id, null)), allocations: allocationsAnswer(taken) };
    const action = after.status !== before.status ? 'status' : 'update';
    await recordAudit(trx, { actor, action, entity: 'ownershipTransfer', entityId: id, before, after, reason: input.reason });
    return after;
  });
}

/** Deletes a transfer and its attachments; its quantity goes back to stock. */
export function deleteTransfer(db: Db, store: FileStore, actor: AuthUser, id: number, reason: string | null = null): Promise<void> {
  return withFiles(db, store, async (trx, changes) => {
    const row = await loadTransfer(trx, id, actor);
    const before = await getTransfer(trx, id, null);
    await moveStock(trx, movementOf(row), null);
    for (const file of before.fileList) changes.remove(file.url);
    await trx.deleteFrom('ownershipFiles').where('transferId', '=', id).execute();
    await trx.deleteFrom('ownershipTransfers').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'ownershipTransfer', entityId: id, before, reason });
  });
}
