import { z } from 'zod';
import {
  companyFileFields,
  companyFileQuery,
  companyFileRecord,
  companyFolderBody,
  companyFolderQuery,
  companyFolderRecord,
  companyFolderUpdateBody,
  companyUploadBody,
} from '../../../shared/company.js';
import { pagedSchema } from '../../../shared/paging.js';
import { sendFile } from '../../http/download.js';
import { notFound } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { reply, route } from '../../http/route.js';
import { DOCUMENTS } from '../../http/upload.js';
import {
  allFiles,
  createFolder,
  deleteFile,
  deleteFolder,
  loadFile,
  getFolder,
  listFiles,
  listFolders,
  updateFile,
  updateFolder,
  uploadFields,
  uploadFiles,
} from './company.service.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';
import { STORED_FILE_TYPES } from '../../files/sniff.js';

const tag = 'Company files';

export const companyRoutes = [
  route({
    method: 'get',
    path: '/company/folders',
    tag,
    summary: 'List company folders',
    access: { area: 'companyFiles', level: 'read' },
    query: companyFolderQuery,
    response: pagedSchema(companyFolderRecord),
    handler: (ctx, { query, db }) => listFolders(db, query),
  }),
  route({
    method: 'post',
    path: '/company/folders',
    tag,
    summary: 'Create a folder',
    access: { area: 'companyFiles', level: 'write' },
    body: companyFolderBody,
    response: companyFolderRecord,
    example: { request: { name: '营业执照', description: '各公司执照' } },
    handler: async (ctx, { body, user, db }) => reply(await createFolder(db, user, body), 'folder created'),
  }),
  route({
    method: 'get',
    path: '/company/folders/:id',
    tag,
    summary: 'One folder (not in the published spec; added for symmetry)',
    access: { area: 'companyFiles', level: 'read' },
    response: companyFolderRecord,
    handler: (ctx, { id, db }) => getFolder(db, id),
  }),
  route({
    method: 'put',
    path: '/company/folders/:id',
    tag,
    summary: 'Change a folder',
    access: { area: 'companyFiles', level: 'write' },
    body: companyFolderUpdateBody,
    response: companyFolderRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateFolder(db, user, id, body), 'folder updated'),
  }),
  route({
    method: 'delete',
    path: '/company/folders/:id',
    tag,
    summary: 'Delete an empty folder',
    access: { area: 'companyFiles', level: 'write' },
    handler: async (ctx, { id, user, db }) => {
      await deleteFolder(db, user, id);
      return reply(undefined, 'folder deleted');
    },
  }),
  exportRoute({
    tag,
    noun: 'company files (their records)',
    kind: 'company-files',
    path: '/company/files/export',

    access: { area: 'companyFiles', level: 'read' },
    listPath: '/company/files',
    listQuery: companyFileQuery,
    columns: sheetColumns([
      { key: 'companyName', type: 'text', width: 24 },
      { key: 'fileCategory', type: 'text' },
      { key: 'fileName', type: 'text', width: 30 },
      { key: 'expireDate', type: 'date' },
      { key: 'description', type: 'text', width: 30 },
      { key: 'fileSize', type: 'number' },
    ]),
    rows: (db, query) => allFiles(db, query),
    title: said('Company files', '公司文件'),
  }),
  route({
    method: 'get',
    path: '/company/files',
    tag,
    summary: 'List company files',
    access: { area: 'companyFiles', level: 'read' },
    description:
      'Filters: folderId, companyName (part of the name), fileCategory (exact), keyword (file name, company, category, description), expiringWithinDays (expireDate on or before today + N days, expired ones included).',
    query: companyFileQuery,
    response: pagedSchema(companyFileRecord),
    handler: (ctx, { query, db }) => listFiles(db, query),
  }),
  route({
    method: 'post',
    path: '/company/files/upload',
    tag,
    summary: 'Upload one or more files; one record per file',
    access: { area: 'companyFiles', level: 'write' },
    description:
      'multipart/form-data: `files` (one or more; anything but programs, 50 MB each) and optional `data`, a JSON object with companyName, fileCategory, expireDate, description, folderId, applied to every file.',
    upload: { ...DOCUMENTS, required: true },
    body: companyUploadBody,
    response: z.array(companyFileRecord),
    handler: async (ctx, { body, files, user, db, store }) => {
      const created = await uploadFiles(db, store, user, uploadFields(body), files);
      return reply(created, `${created.length} file(s) uploaded`);
    },
  }),
  route({
    method: 'put',
    path: '/company/files/:id',
    tag,
    summary: 'Change a file record (companyName, fileCategory, expireDate, description, folderId)',
    access: { area: 'companyFiles', level: 'write' },
    body: companyFileFields,
    response: companyFileRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateFile(db, user, id, body), 'file updated'),
  }),
  route({
    method: 'delete',
    path: '/company/files/:id',
    tag,
    summary: 'Delete a file record and its bytes',
    access: { area: 'companyFiles', level: 'write' },
    handler: async (ctx, { id, user, db, store }) => {
      await deleteFile(db, store, user, id);
      return reply(undefined, 'file deleted');
    },
  }),
  route({
    method: 'get',
    path: '/company/files/:id/download',
    tag,
    summary: 'Download a file under its original name',
    access: { area: 'companyFiles', level: 'read' },
    produces: STORED_FILE_TYPES,
    handler: async (ctx, { id, db, store }) => {
      const row = await loadFile(db, id);
      const path = store.pathOf(row.fileUrl, 'company-files');
      if (!path) throw notFound(said('file', '文件'));
      await sendFile(ctx, path, { downloadName: row.fileName });
    },
  }),
];
