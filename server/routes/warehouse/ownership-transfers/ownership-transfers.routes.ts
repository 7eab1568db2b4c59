// Ownership transfers. Each route serves both published shapes, set A first and set B second
// (docs/api.md); literal paths come before `/:id`. Attachments are read at
// GET /api/ownership-files/ownership/<stored name> (the url in fileList).
import { deletedAnswer } from '../../../../shared/validation.js';
import { pagedSchema } from '../../../../shared/paging.js';
import { deleteReasonQuery, stockTransferBody, transferBody, transferListQuery, transferRecord, postedTransferRecord, transferUpdateBody } from '../../../../shared/warehouse.js';
import { reply, route } from '../../../http/route.js';
import { DOCUMENTS } from '../../../http/upload.js';
import { getSettings } from '../../settings/settings.service.js';
import { sendPrintPage, transferPrintPage } from '../print-pages.js';
import { allTransfers, createTransfer, deleteTransfer, getTransfer, listTransfers, updateTransfer } from './ownership-transfers.service.js';
import { sheetColumns } from '../../../spreadsheets/columns.js';
import { exportRoute } from '../../../spreadsheets/sheet-routes.js';

const tag = 'Ownership transfers';
const example = {
  transferDate: '2026-11-22',
  blNumber: 'COSU6300001',
  quantity: 20,
  commodity: '电解铜',
  warehouse: 'WH-SH',
  transferor: '甲公司',
  transferee: '乙公司',
  remark: '货权转移',
};

export const ownershipTransferRoutes = [
  route({
    method: 'get',
    path: ['/ownership-transfer/list', '/ownership-transfer'],
    tag,
    summary: 'Ownership transfers, newest first, each with its fileList',
    access: { area: 'warehouse', level: 'read' },
    description:
      'transferNumber and blNumber match from the start; transferor and transferee match any part; warehouse is a code or name; commodity matches exactly; startDate/endDate are on transferDate, inclusive.',
    query: transferListQuery,
    response: pagedSchema(transferRecord),
    handler: (ctx, { query, user, db }) => listTransfers(db, query, user),
  }),
  exportRoute({
    tag,
    noun: 'ownership transfers',
    kind: 'ownership-transfers',
    path: '/ownership-transfer/export',

    access: { area: 'warehouse', level: 'read' },
    listPath: '/ownership-transfer/list',
    listQuery: transferListQuery,
    columns: sheetColumns([
      { key: 'transferNumber', type: 'text', width: 18 },
      { key: 'transferDate', type: 'date' },
      { key: 'warehouse', type: 'text' },
      { key: 'commodity', type: 'text' },
      { key: 'quantity', type: 'number' },
      { key: 'blNumber', type: 'text' },
      { key: 'transferor', type: 'text', width: 20 },
      { key: 'transferee', type: 'text', width: 20 },
      { key: 'status', type: 'text', codes: 'transferStatus' },
      { key: 'remark', type: 'text', width: 30 },
    ]),
    rows: (db, query, _layout, reader) => allTransfers(db, query, reader),
    record: transferRecord,
  }),
  route({
    method: 'get',
    path: '/ownership-transfer/print/:id',
    tag,
    summary: 'Printable A4 page of an ownership transfer (HTML)',
    access: { area: 'warehouse', level: 'read' },
    produces: 'text/html',
    handler: async (ctx, { id, user, db }) => {
      const transfer = await getTransfer(db, id, user);
      sendPrintPage(ctx, transferPrintPage(transfer, (await getSettings(db)).companyName, new Date()));
    },
  }),
  route({
    method: 'get',
    path: ['/ownership-transfer/detail/:id', '/ownership-transfer/:id'],
    tag,
    summary: 'One ownership transfer with its attachments',
    access: { area: 'warehouse', level: 'read' },
    response: transferRecord,
    handler: (ctx, { id, user, db }) => getTransfer(db, id, user),
  }),
  route({
    method: 'post',
    path: ['/ownership-transfer/create', '/ownership-transfer'],
    tag,
    summary: 'Create an ownership transfer (JSON, or the multipart form with files)',
    access: { area: 'warehouse', level: 'write' },
    description: 'Takes its quantity from the stock of the warehouse and commodity (400 when short). status defaults to completed.',
    body: transferBody,
    upload: DOCUMENTS,
    response: postedTransferRecord,
    example: { request: example },
    handler: async (ctx, { body, files, user, db, store }) => reply(await createTransfer(db, store, user, body, files), 'ownership transfer created'),
  }),
  route({
    method: 'post',
    path: ['/ownership-transfer/create-with-files', '/ownership-transfer/with-files'],
    tag,
    summary: 'Create an ownership transfer with attachments (multipart: the fields and files)',
    access: { area: 'warehouse', level: 'write' },
    body: transferBody,
    upload: { ...DOCUMENTS, required: true },
    response: postedTransferRecord,
    handler: async (ctx, { body, files, user, db, store }) => reply(await createTransfer(db, store, user, body, files), 'ownership transfer created'),
  }),
  route({
    method: 'post',
    path: '/inventory/transfer/create',
    tag,
    summary: 'Create an ownership transfer from a stock summary row (transferDate defaults to today)',
    access: { area: 'warehouse', level: 'write' },
    body: stockTransferBody,
    response: postedTransferRecord,
    example: { request: { warehouse: 'WH-SH', commodity: '电解铜', quantity: 5, transferor: '甲公司', transferee: '乙公司' } },
    handler: async (ctx, { body, user, db, store }) => reply(await createTransfer(db, store, user, body, []), 'ownership transfer created'),
  }),
  route({
    method: 'put',
    path: ['/ownership-transfer/update/:id', '/ownership-transfer/:id'],
    tag,
    summary: 'Change an ownership transfer (JSON, or multipart to add files); fields not sent stay',
    access: { area: 'warehouse', level: 'write' },
    description:
      '`removeFileIds` (JSON array, or comma-separated in a form) deletes attachments; files sent in `files` are added. Cancelling gives the quantity back to stock. Posted: changing its warehouse, commodity, blNumber, quantity or transferDate, cancelling or re-activating it needs approve access to warehouse (403 otherwise, nothing changed); the other fields and attachments need write. `reason` says why, kept in the audit entry.',
    body: transferUpdateBody,
    upload: DOCUMENTS,
    response: postedTransferRecord,
    handler: async (ctx, { id, body, files, user, db, store }) => reply(await updateTransfer(db, store, user, id, body, files), 'ownership transfer updated'),
  }),
  route({
    method: 'delete',
    path: '/ownership-transfer/:id',
    tag,
    summary: 'Delete an ownership transfer and its files (both shapes share this path)',
    access: { area: 'warehouse', level: 'approve' },
    description: 'A posted document: deleting it needs approve access to warehouse. `?reason=` says why, kept in the audit entry.',
    query: deleteReasonQuery,
    response: deletedAnswer,
    handler: async (ctx, { id, query, user, db, store }) => {
      await deleteTransfer(db, store, user, id, query.reason ?? null);
      return reply({ id }, 'ownership transfer deleted');
    },
  }),
];
