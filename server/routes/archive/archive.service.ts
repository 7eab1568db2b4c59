// The business-contract archive (docs/api/contracts.md): folders of upload batches, each batch a set of files.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ArchiveBatch, ArchiveFolder, createBatchBody, createFolderBody, listBatchesQuery, updateFolderBody } from '../../../shared/contracts.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { ArchiveBatchesTable, ArchiveFilesTable } from '../../db/tables-contracts.js';
import type { Db, Queryable } from '../../db/tables.js';
import { withFiles, type FileStore, type UploadedFile } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { invalid, notFound, refusedField } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { recordAudit } from '../audit/audit.service.js';
import { presentFile } from '../contracts/contracts.service.js';

// ---- folders ----

function folders(db: Queryable) {
  return db
    .selectFrom('archiveFolders as f')
    .select(['f.id', 'f.name', 'f.description', 'f.createTime', 'f.updateTime'])
    .select((eb) =>
      eb
        .selectFrom('archiveBatches as b')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('b.folderId', '=', 'f.id')
        .as('batchCount'),
    );
}

type FolderRow = Awaited<ReturnType<ReturnType<typeof folders>['executeTakeFirstOrThrow']>>;

const presentFolder = (row: FolderRow): ArchiveFolder => ({
  id: row.id,
  name: row.name,
  description: row.description,
  batchCount: Number(row.batchCount ?? 0),
  createTime: row.createTime,
  updateTime: row.updateTime,
});

export async function listFolders(db: Queryable): Promise<ArchiveFolder[]> {
  return (await folders(db).orderBy('f.id', 'desc').execute()).map(presentFolder);
}

export async function getFolder(db: Queryable, id: number): Promise<ArchiveFolder> {
  const row = await folders(db).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('archive folder', '归档文件夹'), id);
  return presentFolder(row);
}

const duplicateName = (name: string) =>
  refusedField('name', said(`an archive folder named "${name}" already exists; choose another name`, `已存在名为“${name}”的归档文件夹；请换一个名称`));

export async function createFolder(db: Db, actor: AuthUser, input: z.output<typeof createFolderBody>): Promise<ArchiveFolder> {
  try {
    return await db.transaction().execute(async (trx) => {
      const time = now();
      const { id } = await trx
        .insertInto('archiveFolders')
        .values({ name: input.name, nameKey: input.name.toLowerCase(), description: input.description ?? null, createTime: time, updateTime: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await getFolder(trx, id);
      await recordAudit(trx, { actor, action: 'create', entity: 'archiveFolder', entityId: id, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

export async function updateFolder(db: Db, actor: AuthUser, id: number, input: z.output<typeof updateFolderBody>): Promise<ArchiveFolder> {
  if (input.name === undefined && input.description === undefined)
    throw invalid(said('nothing to change: send name or description', '没有要修改的内容：请发送 name 或 description'));
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getFolder(trx, id);
      await trx
        .updateTable('archiveFolders')
        .set({
          ...(input.name === undefined ? {} : { name: input.name, nameKey: input.name.toLowerCase() }),
          ...(input.description === undefined ? {} : { description: input.description }),
          updateTime: now(),
        })
        .where('id', '=', id)
        .execute();
      const after = await getFolder(trx, id);
      await recordAudit(trx, { actor, action: 'update', entity: 'archiveFolder', entityId: id, before, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name ?? '');
    throw err;
  }
}

export function deleteFolder(db: Db, actor: AuthUser, id: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await getFolder(trx, id);
    if (before.batchCount > 0)
      throw invalid(
        said(
          `folder is not empty: "${before.name}" holds ${before.batchCount} batch${before.batchCount === 1 ? '' : 'es'}; delete them first`,
          `文件夹不是空的：“${before.name}”中有 ${before.batchCount} 个批次；请先删除这些批次`,
        ),
      );
    await trx.deleteFrom('archiveFolders').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'archiveFolder', entityId: id, before });
  });
}

// ---- batches ----

type BatchRow = Selectable<ArchiveBatchesTable>;
type FileRow = Selectable<ArchiveFilesTable>;

function presentBatch(row: BatchRow, files: FileRow[]): ArchiveBatch {
  return {
    id: row.id,
    folderId: row.folderId,
    batchName: row.batchName,
    remark: row.remark,
    fileCount: files.length,
    totalSize: files.reduce((sum, f) => sum + f.size, 0),
    files: files.map(presentFile),
    createTime: row.createTime,
  };
}

/** Batches newest first, with their files: two queries whatever the number of batches. */
export async function listBatches(db: Queryable, q: z.output<typeof listBatchesQuery>): Promise<ArchiveBatch[]> {
  if (q.folderId !== undefined) await getFolder(db, q.folderId);
  const filtered = () => {
    const query = db.selectFrom('archiveBatches');
    return q.folderId === undefined ? query : query.where('folderId', '=', q.folderId);
  };
  const rows = await filtered().selectAll().orderBy('id', 'desc').execute();
  if (rows.length === 0) return [];
  const files = await db.selectFrom('archiveFiles').selectAll().where('batchId', 'in', filtered().select('id')).orderBy('id').execute();
  const byBatch = new Map<number, FileRow[]>();
  for (const f of files) {
    const list = byBatch.get(f.batchId);
    if (list) list.push(f);
    else byBatch.set(f.batchId, [f]);
  }
  return rows.map((row) => presentBatch(row, byBatch.get(row.id) ?? []));
}

export async function getBatch(db: Queryable, id: number): Promise<ArchiveBatch> {
  const row = await db.selectFrom('archiveBatches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('archive batch', '归档批次'), id);
  const files = await db.selectFrom('archiveFiles').selectAll().where('batchId', '=', id).orderBy('id').execute();
  return presentBatch(row, files);
}

export function createBatch(db: Db, store: FileStore, actor: AuthUser, input: z.output<typeof createBatchBody>, uploads: UploadedFile[]): Promise<ArchiveBatch> {
  if (uploads.length === 0) throw invalid(said('files is required: attach 1 to 200 documents to archive', 'files 为必填项：请附上 1 到 200 份要归档的文件'));
  return withFiles(db, store, async (trx, changes) => {
    const folder = await trx.selectFrom('archiveFolders').select('id').where('id', '=', input.folderId).executeTakeFirst();
    if (!folder)
      throw invalid(said(`folderId ${input.folderId} names no archive folder; create the folder first`, `folderId ${input.folderId} 对应的归档文件夹不存在；请先创建文件夹`));
    const time = now();
    const { id } = await trx
      .insertInto('archiveBatches')
      .values({ folderId: input.folderId, batchName: input.batchName, remark: input.remark ?? null, createTime: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('archiveFiles')
      .values(
        uploads.map((upload) => {
          const stored = changes.add('contractArchive', upload);
          return { batchId: id, name: stored.name, url: stored.url, size: stored.size, mimeType: stored.mimeType, createTime: time };
        }),
      )
      .execute();
    const after = await getBatch(trx, id);
    await recordAudit(trx, { actor, action: 'create', entity: 'archiveBatch', entityId: id, after });
    return after;
  });
}

export function deleteBatch(db: Db, store: FileStore, actor: AuthUser, id: number): Promise<void> {
  return withFiles(db, store, async (trx, changes) => {
    const before = await getBatch(trx, id);
    await trx.deleteFrom('archiveFiles').where('batchId', '=', id).execute();
    await trx.deleteFrom('archiveBatches').where('id', '=', id).execute();
    for (const f of before.files) changes.remove(f.url);
    await recordAudit(trx, { actor, action: 'delete', entity: 'archiveBatch', entityId: id, before });
  });
}
