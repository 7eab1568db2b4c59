import { z } from 'zod';
import {
  contractCreateBody,
  contractListQuery,
  contractRecord,
  contractUpdateBody,
  corpFolderBody,
  corpFolderQuery,
  corpFolderRecord,
  corpFolderUpdateBody,
  detailBatchBody,
  detailBody,
  detailListAnswer,
  detailListQuery,
  detailRecord,
  detailUpdateBody,
  importQuery,
  importResult,
} from '../../../shared/corp-contracts.js';
import { pagedSchema } from '../../../shared/paging.js';
import { sendSheet } from '../../http/download.js';
import { invalid, requestLanguage } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { reply, route } from '../../http/route.js';
import { trackProgress } from '../../progress.js';
import { SPREADSHEET } from '../../http/upload.js';
import { sheetHeadersQuery, sheetLayout, XLSX_TYPE } from '../../spreadsheets/sheet.js';
import {
  allContracts,
  batchDetails,
  createContract,
  createDetails,
  createFolder,
  deleteContract,
  deleteDetail,
  deleteFolder,
  exportDetails,
  exportFileName,
  findContractRow as getContractExists,
  getContract,
  getFolder,
  importDetails,
  listContracts,
  listDetails,
  listFolders,
  updateContract,
  updateDetail,
  updateFolder,
} from './corp-contracts.service.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';

const tag = 'Corporate contracts';
const MB = 1024 * 1024;
/** The contract file: one document (anything but a program), in `file` or `files`. */
const CONTRACT_FILE = { accept: 'document', maxFileSize: 50 * MB, maxFiles: 2, fields: ['file', 'files'] } as const;

const folderExample = {
  id: 1,
  name: '2026 上游',
  description: null,
  category: 'upstream',
  contractCount: 0,
  createTime: '2026-11-22T08:00:00.000Z',
  updateTime: '2026-11-22T08:00:00.000Z',
};
const detailExample = { lineNo: 1, commodity: 'Copper cathode', specification: 'Grade A', quantity: 25.5, unit: 't', unitPrice: 68000, deliveryDate: '2026-12-15', remark: null };

export const corpContractRoutes = [
  // ---- folders
  route({
    method: 'get',
    path: '/corp-contract/folders',
    tag,
    summary: 'List corporate contract folders',
    access: { area: 'corpContracts', level: 'read' },
    query: corpFolderQuery,
    response: pagedSchema(corpFolderRecord),
    handler: (ctx, { query, db }) => listFolders(db, query),
  }),
  route({
    method: 'post',
    path: '/corp-contract/folders',
    tag,
    summary: 'Create a folder',
    access: { area: 'corpContracts', level: 'write' },
    body: corpFolderBody,
    response: corpFolderRecord,
    example: { request: { name: '2026 上游', category: 'upstream' }, response: folderExample, message: 'folder created' },
    handler: async (ctx, { body, user, db }) => reply(await createFolder(db, user, body), 'folder created'),
  }),
  route({
    method: 'get',
    path: '/corp-contract/folders/:id',
    tag,
    summary: 'One folder',
    access: { area: 'corpContracts', level: 'read' },
    response: corpFolderRecord,
    handler: (ctx, { id, db }) => getFolder(db, id),
  }),
  route({
    method: 'put',
    path: '/corp-contract/folders/:id',
    tag,
    summary: 'Change a folder (fields not sent stay as they are)',
    access: { area: 'corpContracts', level: 'write' },
    body: corpFolderUpdateBody,
    response: corpFolderRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateFolder(db, user, id, body), 'folder updated'),
  }),
  route({
    method: 'delete',
    path: '/corp-contract/folders/:id',
    tag,
    summary: 'Delete an empty folder',
    access: { area: 'corpContracts', level: 'write' },
    description: 'A folder that still holds contracts is refused (400, "folder is not empty").',
    handler: async (ctx, { id, user, db }) => {
      await deleteFolder(db, user, id);
      return reply(undefined, 'folder deleted');
    },
  }),

  // ---- contracts
  exportRoute({
    tag,
    noun: 'corporate contracts (without their lines: each has its own export)',
    kind: 'corp-contracts',
    path: '/corp-contract/contracts/export',

    access: { area: 'corpContracts', level: 'read' },
    listPath: '/corp-contract/contracts',
    listQuery: contractListQuery,
    columns: sheetColumns([
      { key: 'contractNumber', type: 'text', width: 18 },
      { key: 'name', type: 'text', width: 24 },
      { key: 'category', type: 'text', codes: 'corpCategory' },
      { key: 'partyA', type: 'text', width: 24 },
      { key: 'partyB', type: 'text', width: 24 },
      { key: 'signDate', type: 'date' },
      { key: 'amount', type: 'number' },
      { key: 'currency', type: 'text', width: 8 },
      { key: 'detailCount', type: 'number' },
      { key: 'fileName', type: 'text', width: 24 },
      { key: 'remark', type: 'text', width: 30 },
    ]),
    rows: (db, query) => allContracts(db, query),
    record: contractRecord,
    title: said('Corporate contracts', '公司合同'),
  }),
  route({
    method: 'get',
    path: '/corp-contract/contracts',
    tag,
    summary: 'List contracts with their detail lines',
    access: { area: 'corpContracts', level: 'read' },
    description:
      'Each contract embeds its first 100 detail lines (lineNo order) and `detailCount`; read the rest from GET /corp-contract/contracts/{id}/details?page=2&pageSize=100 and on.',
    query: contractListQuery,
    response: pagedSchema(contractRecord),
    handler: (ctx, { query, db }) => listContracts(db, query),
  }),
  route({
    method: 'post',
    path: '/corp-contract/contracts',
    tag,
    summary: 'Upload a contract file with its fields',
    access: { area: 'corpContracts', level: 'write' },
    description:
      "multipart/form-data: the file in `file` (or `files`), one file; contractNumber (unique) and folderId required. category defaults to the folder's, currency to CNY.",
    upload: { ...CONTRACT_FILE, required: true },
    body: contractCreateBody,
    response: contractRecord,
    handler: async (ctx, { body, files, user, db, store }) => reply(await createContract(db, store, user, body, files), 'contract created'),
  }),
  route({
    method: 'get',
    path: '/corp-contract/contracts/:id',
    tag,
    summary: 'One contract with its detail lines',
    access: { area: 'corpContracts', level: 'read' },
    response: contractRecord,
    description: 'Embeds the first 100 detail lines (lineNo order) and `detailCount`; read the rest from GET /corp-contract/contracts/{id}/details?page=2&pageSize=100 and on.',
    handler: (ctx, { id, db }) => getContract(db, id),
  }),
  route({
    method: 'put',
    path: '/corp-contract/contracts/:id',
    tag,
    summary: 'Change a contract',
    access: { area: 'corpContracts', level: 'write' },
    description: 'JSON, or multipart with a replacement file in `file`; fields not sent stay as they are.',
    upload: CONTRACT_FILE,
    body: contractUpdateBody,
    response: contractRecord,
    handler: async (ctx, { id, body, files, user, db, store }) => reply(await updateContract(db, store, user, id, body, files), 'contract updated'),
  }),
  route({
    method: 'delete',
    path: '/corp-contract/contracts/:id',
    tag,
    summary: 'Delete a contract, its lines and its file',
    access: { area: 'corpContracts', level: 'write' },
    handler: async (ctx, { id, user, db, store }) => {
      await deleteContract(db, store, user, id);
      return reply(undefined, 'contract deleted');
    },
  }),

  // ---- detail lines (literal paths before /corp-contract/details/:id)
  route({
    method: 'post',
    path: '/corp-contract/details/batch',
    tag,
    summary: 'Create several detail lines (all or none)',
    access: { area: 'corpContracts', level: 'write' },
    body: detailBatchBody,
    response: z.array(detailRecord),
    example: { request: { contractId: 1, details: [detailExample] } },
    handler: async (ctx, { body, user, db }) => {
      const created = await batchDetails(db, user, body);
      return reply(created, `${created.length} detail line(s) created`);
    },
  }),
  route({
    method: 'post',
    path: '/corp-contract/contracts/:id/details',
    tag,
    summary: 'Create one detail line',
    access: { area: 'corpContracts', level: 'write' },
    description: 'amount = quantity × unitPrice (rounded to cents) unless amount is given; lineNo follows the last line unless given.',
    body: detailBody,
    response: detailRecord,
    example: { request: detailExample },
    handler: async (ctx, { id, body, user, db }) => reply((await createDetails(db, user, id, [body], false))[0], 'detail line created'),
  }),
  route({
    method: 'get',
    path: '/corp-contract/contracts/:id/details',
    tag,
    summary: "List a contract's detail lines in lineNo order, with the totals of all of them",
    access: { area: 'corpContracts', level: 'read' },
    description:
      "`summary` sums all the contract's lines, not only the page: `quantities` one entry per unit (quantities of different units are never added), `amount` the lines' amounts in the contract's `currency`.",
    query: detailListQuery,
    response: detailListAnswer,
    handler: async (ctx, { id, query, db }) => listDetails(db, await getContractExists(db, id), query),
  }),
  route({
    method: 'put',
    path: '/corp-contract/details/:id',
    tag,
    summary: 'Change a detail line',
    access: { area: 'corpContracts', level: 'write' },
    body: detailUpdateBody,
    response: detailRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateDetail(db, user, id, body), 'detail line updated'),
  }),
  route({
    method: 'delete',
    path: '/corp-contract/details/:id',
    tag,
    summary: 'Delete a detail line',
    access: { area: 'corpContracts', level: 'write' },
    handler: async (ctx, { id, user, db }) => {
      await deleteDetail(db, user, id);
      return reply(undefined, 'detail line deleted');
    },
  }),

  // ---- spreadsheet
  route({
    method: 'post',
    path: '/corp-contract/contracts/:id/details/import',
    tag,
    summary: 'Import detail lines from an .xlsx',
    access: { area: 'corpContracts', level: 'write' },
    description:
      "multipart `file` (.xlsx). Header row: the field names (lineNo, commodity, ...) or their Chinese labels; extra columns are ignored. At most 100,000 lines per file (a larger sheet is refused before anything is written: import it in several files with mode=append). mode=append (default) numbers the lines after the existing ones; mode=replace removes the existing lines first and keeps the sheet's lineNo. If any row is wrong, nothing is imported and data.errors lists [{ row, column, message }] with sheet row numbers (header = row 1). Send `X-Progress-Id` to follow it on GET /progress/{progressId}.",
    upload: SPREADSHEET,
    query: importQuery,
    response: importResult,
    handler: async (ctx, { id, query, files, user, db }) => {
      const file = files[0];
      if (!file) throw invalid(said('file is required: attach the .xlsx workbook in the field "file"', 'file 为必填项：请在字段“file”中附上 .xlsx 工作簿'));
      const result = await trackProgress(ctx)(() => importDetails(db, user, id, file.tempPath, query.mode));
      return reply(result, `${result.imported} detail line(s) imported`);
    },
  }),
  route({
    method: 'get',
    path: '/corp-contract/contracts/:id/details/export',
    tag,
    summary: "Export a contract's detail lines as .xlsx",
    access: { area: 'corpContracts', level: 'read' },
    description: "Header row in the reader's language (Accept-Language), or the field names with ?headers=fields; a second sheet lists each field name with both labels.",
    query: sheetHeadersQuery,
    produces: XLSX_TYPE,
    handler: async (ctx, { id, db, query }) => {
      const contract = await getContractExists(db, id);
      sendSheet(ctx, exportFileName(contract.contractNumber), (target) => exportDetails(db, id, target, sheetLayout(requestLanguage(ctx), query)));
    },
  }),
];
