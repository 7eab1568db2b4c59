// Company folders and files: one record per uploaded file, its bytes in the `company` area.
import type { Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import {
  companyFileFields,
  type CompanyFile,
  type CompanyFileFields,
  type CompanyFolder,
  companyFileQuery,
  type companyFolderBody,
  companyFolderQuery,
  type companyFolderUpdateBody,
} from '../../../shared/company.js';
import { describeErrors, fieldErrors } from '../../../shared/validation.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { CompanyFilesTable, CompanyFoldersTable } from '../../db/tables-corp.js';
import type { Db, Queryable } from '../../db/tables.js';
import { withFiles, type FileStore, type UploadedFile } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { invalid, notFound, refusedField } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { describeList } from '../../db/lists.js';
import { fromText } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';

type FolderRow = Selectable<CompanyFoldersTable>;
type FileRow = Selectable<CompanyFilesTable>;

// ---------------------------------------------------------------- folders

function presentFolder(row: FolderRow & { fileCount: number | string | null }): CompanyFolder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fileCount: Number(row.fileCount ?? 0),
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

function folderQuery(db: Queryable) {
  return db
    .selectFrom('companyFolders as f')
    .selectAll('f')
    .select((eb) => eb.selectFrom('companyFiles as c').whereRef('c.folderId', '=', 'f.id').select(eb.fn.countAll<number>().as('n')).as('fileCount'));
}

export async function getFolder(db: Queryable, id: number): Promise<CompanyFolder> {
  const row = await folderQuery(db).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('folder', '文件夹'), id);
  return presentFolder(row);
}

export const listFolders = describeList({
  query: companyFolderQuery,
  from: folderQuery,
  filters: [{ contains: 'keyword', columns: ['f.name', 'f.description'] }],
  key: 'f.id',
  order: 'desc',
  present: presentFolder,
}).list;

const nameTaken = (name: string) => refusedField('name', said(`a folder named "${name}" already exists; choose another name`, `已存在名为“${name}”的文件夹；请换一个名称`));

export async function createFolder(db: Db, actor: AuthUser, input: z.output<typeof companyFolderBody>): Promise<CompanyFolder> {
  try {
    return await db.transaction().execute(async (trx) => {
      const time = now();
      const { id } = await trx
        .insertInto('companyFolders')
        .values({ name: input.name, description: input.description ?? null, createTime: time, updateTime: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      const folder = await getFolder(trx, id);
      await recordAudit(trx, { actor, action: 'create', entity: 'companyFolder', entityId: id, after: folder });
      return folder;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

export async function updateFolder(db: Db, actor: AuthUser, id: number, input: z.output<typeof companyFolderUpdateBody>): Promise<CompanyFolder> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getFolder(trx, id);
      const changes: Updateable<CompanyFoldersTable> = { updateTime: now() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      await trx.updateTable('companyFolders').set(changes).where('id', '=', id).execute();
      const after = await getFolder(trx, id);
      await recordAudit(trx, { actor, action: 'update', entity: 'companyFolder', entityId: id, before, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name ?? '');
    throw err;
  }
}

export async function deleteFolder(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getFolder(trx, id);
    if (before.fileCount > 0)
      throw invalid(
        said(`folder is not empty: it holds ${before.fileCount} file(s); move or delete them first`, `文件夹不是空的：其中有 ${before.fileCount} 个文件；请先移走或删除这些文件`),
      );
    await trx.deleteFrom('companyFolders').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'companyFolder', entityId: id, before });
  });
}

async function requireFolder(db: Queryable, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const row = await db.selectFrom('companyFolders').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw invalid(said(`folderId ${id} names no company folder`, `folderId ${id} 对应的公司文件夹不存在`));
}

// ---------------------------------------------------------------- files

function presentFile(row: FileRow): CompanyFile {
  return {
    id: row.id,
    folderId: row.folderId,
    companyName: row.companyName,
    fileCategory: row.fileCategory,
    expireDate: row.expireDate,
    description: row.description,
    fileName: row.fileName,
    fileUrl: row.fileUrl,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

export async function loadFile(db: Queryable, id: number): Promise<FileRow> {
  const row = await db.selectFrom('companyFiles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('company file', '公司文件'), id);
  return row;
}

/** The local calendar date `days` from today, `YYYY-MM-DD` (the office's own clock decides "today"). */
function localDatePlus(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const fileList = describeList({
  query: companyFileQuery,
  from: (db: Queryable) => db.selectFrom('companyFiles').selectAll(),
  filters: [
    { exact: 'folderId', column: 'folderId' },
    { contains: 'companyName', columns: ['companyName'] },
    { exact: 'fileCategory', column: 'fileCategory' },
    { contains: 'keyword', columns: ['fileName', 'companyName', 'fileCategory', 'description'] },
    // 0 days: expired or expiring today; a file without an expiry date never matches
    { custom: 'expiringWithinDays', where: (eb, days) => eb('expireDate', '<=', localDatePlus(Number(days))) },
  ],
  key: 'id',
  order: 'desc',
  present: presentFile,
});
export const listFiles = fileList.list;
/** Every file the list's filters match, newest first, read in batches (the export). */
export const allFiles = fileList.all;

/**
 * The record fields of an upload: the `data` JSON object, over any fields sent on their own.
 * Malformed JSON, or JSON that is not an object, is 400.
 */
export function uploadFields(form: CompanyFileFields & { data?: string }): CompanyFileFields {
  const { data, ...own } = form;
  if (data === undefined || data.trim() === '') return own;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw invalid(
      said(
        'data is not valid JSON: send a JSON object like {"companyName":"A 公司","expireDate":"2027-06-30"}',
        'data 不是有效的 JSON：请发送一个 JSON 对象，例如 {"companyName":"A 公司","expireDate":"2027-06-30"}',
      ),
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid(
      said(
        'data must be a JSON object with the keys companyName, fileCategory, expireDate, description, folderId',
        'data 必须是 JSON 对象，可含以下键：companyName、fileCategory、expireDate、description、folderId',
      ),
    );
  // values written as text ("folderId": "3") are read as the form fields are
  const result = companyFileFields.safeParse(fromText(companyFileFields, parsed as Record<string, unknown>));
  if (!result.success) {
    const errors = fieldErrors(result.error).map((e) => ({ ...e, field: `data.${e.field}` }));
    throw invalid(describeErrors(errors), { errors });
  }
  const merged: CompanyFileFields = { ...own };
  for (const [key, value] of Object.entries(result.data)) if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  return merged;
}

export async function uploadFiles(db: Db, store: FileStore, actor: AuthUser, fields: CompanyFileFields, files: UploadedFile[]): Promise<CompanyFile[]> {
  if (files.length === 0) throw invalid(said('files is required: attach one or more files in the field "files"', 'files 为必填项：请在字段“files”中附上一个或多个文件'));
  return withFiles(db, store, async (trx, changes) => {
    await requireFolder(trx, fields.folderId);
    const time = now();
    const created: CompanyFile[] = [];
    for (const file of files) {
      const stored = changes.add('company', file);
      const row = await trx
        .insertInto('companyFiles')
        .values({
          folderId: fields.folderId ?? null,
          companyName: fields.companyName ?? null,
          fileCategory: fields.fileCategory ?? null,
          expireDate: fields.expireDate ?? null,
          description: fields.description ?? null,
          fileName: stored.name,
          fileUrl: stored.url,
          fileSize: stored.size,
          mimeType: stored.mimeType,
          createTime: time,
          updateTime: time,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const record = presentFile(row);
      created.push(record);
      await recordAudit(trx, { actor, action: 'create', entity: 'companyFile', entityId: row.id, after: record });
    }
    return created;
  });
}

export async function updateFile(db: Db, actor: AuthUser, id: number, input: CompanyFileFields): Promise<CompanyFile> {
  return db.transaction().execute(async (trx) => {
    const before = presentFile(await loadFile(trx, id));
    await requireFolder(trx, input.folderId);
    const changes: Updateable<CompanyFilesTable> = { updateTime: now() };
    for (const key of ['folderId', 'companyName', 'fileCategory', 'expireDate', 'description'] as const) {
      if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    }
    const row = await trx.updateTable('companyFiles').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const after = presentFile(row);
    await recordAudit(trx, { actor, action: 'update', entity: 'companyFile', entityId: id, before, after });
    return after;
  });
}

export async function deleteFile(db: Db, store: FileStore, actor: AuthUser, id: number): Promise<void> {
  await withFiles(db, store, async (trx, changes) => {
    const row = await loadFile(trx, id);
    await trx.deleteFrom('companyFiles').where('id', '=', id).execute();
    changes.remove(row.fileUrl);
    await recordAudit(trx, { actor, action: 'delete', entity: 'companyFile', entityId: id, before: presentFile(row) });
  });
}
