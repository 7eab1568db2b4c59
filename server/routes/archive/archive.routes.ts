// Registered before the business-contract routes: /contract/folders and /contract/batches must
// not be taken for /contract/:id.
import { z } from 'zod';
import { batchRecord, createBatchBody, createFolderBody, folderRecord, listBatchesQuery, updateFolderBody } from '../../../shared/contracts.js';
import { reply, route } from '../../http/route.js';

import { DOCUMENTS } from '../../http/upload.js';
import { createBatch, createFolder, deleteBatch, deleteFolder, getBatch, getFolder, listBatches, listFolders, updateFolder } from './archive.service.js';

const tag = 'Contract archive';

const exampleFolder = {
  id: 3,
  name: '2026 Q4 iron ore',
  description: 'signed originals, scanned',
  batchCount: 2,
  createTime: '2026-11-01T02:00:00.000Z',
  updateTime: '2026-11-01T02:00:00.000Z',
};

const exampleBatch = {
  id: 12,
  folderId: 3,
  batchName: 'November shipments',
  remark: null,
  fileCount: 1,
  totalSize: 482113,
  files: [{ id: 40, name: '提单-COSU6312345670.pdf', url: 'batch_archive/q1Jx0sV9mB3cN5dA7eR2tw.pdf', size: 482113, mimeType: 'application/pdf' }],
  createTime: '2026-11-22T08:30:00.000Z',
};

export const archiveRoutes = [
  route({
    method: 'get',
    path: '/contract/folders',
    tag,
    summary: 'List archive folders (newest first, not paged)',
    access: { area: 'contracts', level: 'read' },
    response: z.array(folderRecord),
    example: { response: [exampleFolder] },
    handler: (ctx, { db }) => listFolders(db),
  }),
  route({
    method: 'post',
    path: '/contract/folders',
    tag,
    summary: 'Create an archive folder',
    access: { area: 'contracts', level: 'write' },
    description: '`name` is required and unique among archive folders (regardless of case).',
    body: createFolderBody,
    response: folderRecord,
    example: { request: { name: '2026 Q4 iron ore', description: 'signed originals, scanned' }, response: { ...exampleFolder, batchCount: 0 }, message: 'folder created' },
    handler: async (ctx, { body, user, db }) => reply(await createFolder(db, user, body), 'folder created'),
  }),
  route({
    method: 'get',
    path: '/contract/folders/:id',
    tag,
    summary: 'One archive folder',
    access: { area: 'contracts', level: 'read' },
    response: folderRecord,
    example: { response: exampleFolder },
    handler: (ctx, { id, db }) => getFolder(db, id),
  }),
  route({
    method: 'put',
    path: '/contract/folders/:id',
    tag,
    summary: 'Rename an archive folder or change its description',
    access: { area: 'contracts', level: 'write' },
    description: 'JSON `{ name?, description? }`: only the fields sent change; an empty description clears it.',
    body: updateFolderBody,
    response: folderRecord,
    example: { request: { name: '2026 Q4 iron ore (closed)' }, response: { ...exampleFolder, name: '2026 Q4 iron ore (closed)' }, message: 'folder updated' },
    handler: async (ctx, { id, body, user, db }) => reply(await updateFolder(db, user, id, body), 'folder updated'),
  }),
  route({
    method: 'delete',
    path: '/contract/folders/:id',
    tag,
    summary: 'Delete an empty archive folder',
    access: { area: 'contracts', level: 'write' },
    example: { message: 'folder deleted' },
    description: 'A folder that still holds batches is refused with 400 ("folder is not empty").',
    handler: async (ctx, { id, user, db }) => {
      await deleteFolder(db, user, id);
      return reply(undefined, 'folder deleted');
    },
  }),
  route({
    method: 'get',
    path: '/contract/batches',
    tag,
    summary: 'List archive batches with their files (newest first, not paged)',
    access: { area: 'contracts', level: 'read' },
    description: 'Optional `folderId` keeps the batches of one folder (404 when there is no such folder).',
    statuses: [404],
    query: listBatchesQuery,
    response: z.array(batchRecord),
    example: { response: [exampleBatch] },
    handler: (ctx, { query, db }) => listBatches(db, query),
  }),
  route({
    method: 'post',
    path: '/contract/batches',
    tag,
    summary: 'Archive a batch of files into a folder (multipart)',
    access: { area: 'contracts', level: 'write' },
    description:
      'Fields `folderId`, `batchName`, `remark` (optional) and `files`: 1 to 200 documents of any type except programs, each at most 50 MB. Files are served at /api/contract-files/batch_archive/{stored name}.',
    upload: { ...DOCUMENTS, required: true },
    body: createBatchBody,
    response: batchRecord,
    example: { request: { folderId: 3, batchName: 'November shipments', files: ['(1 to 200 files: the bytes of each)'] }, response: exampleBatch, message: 'batch archived' },
    handler: async (ctx, { body, files, user, db, store }) => reply(await createBatch(db, store, user, body, files), 'batch archived'),
  }),
  route({
    method: 'get',
    path: '/contract/batches/:id',
    tag,
    summary: 'One archive batch with its files',
    access: { area: 'contracts', level: 'read' },
    response: batchRecord,
    example: { response: exampleBatch },
    handler: (ctx, { id, db }) => getBatch(db, id),
  }),
  route({
    method: 'delete',
    path: '/contract/batches/:id',
    tag,
    summary: 'Delete an archive batch and its files',
    access: { area: 'contracts', level: 'write' },
    example: { message: 'batch deleted' },
    handler: async (ctx, { id, user, db, store }) => {
      await deleteBatch(db, store, user, id);
      return reply(undefined, 'batch deleted');
    },
  }),
];
