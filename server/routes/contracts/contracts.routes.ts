import { z } from 'zod';
import {
  batchUploadBody,
  contractRecord,
  createContractBody,
  listContractsQuery,
  updateContractBody,
  updateFilesBody,
  type CreateContractInput,
} from '../../../shared/contracts.js';
import { describeErrors, fieldErrors, type FieldError } from '../../../shared/validation.js';
import { invalid } from '../../http/errors.js';
import { said, type Said } from '../../../shared/messages.js';
import { reply, route } from '../../http/route.js';

import { CONTRACT_SCANS } from '../../http/upload.js';
import { fromText } from '../../http/validate.js';
import { createContract, createContracts, deleteContract, getContract, listContracts, updateContract, updateContractFiles } from './contracts.service.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';

const tag = 'Business contracts';

const CONTRACT_COLUMNS = sheetColumns([
  { key: 'contractCode', type: 'text', width: 18 },
  { key: 'name', type: 'text', width: 24, label: said('Contract name', '合同名称') },
  { key: 'contractType', type: 'text', codes: 'contractType' },
  { key: 'buyParty', type: 'text', width: 24 },
  { key: 'sellParty', type: 'text', width: 24 },
  { key: 'commodity', type: 'text' },
  { key: 'count', type: 'number' },
  { key: 'unit', type: 'text' },
  { key: 'unitPrice', type: 'number' },
  { key: 'currency', type: 'text' },
  { key: 'weightTolerance', type: 'number' },
  { key: 'blNumber', type: 'text', width: 30 },
  { key: 'deliveryTime', type: 'text' },
  { key: 'pickUpTime', type: 'text' },
  { key: 'packaging', type: 'text' },
  { key: 'remarks', type: 'text', width: 30 },
  { key: 'fileCount', type: 'number' },
]);

/** PUT takes the form fields as JSON or multipart, but no files (those go to update-files). */
const FIELDS_ONLY = { ...CONTRACT_SCANS, fields: [] as string[] };

const exampleContract = {
  id: 7,
  name: 'Iron ore purchase 2026-11',
  contractType: '1',
  contractCode: 'PC-2026-0117',
  buyParty: 'Cargodesk Trading Ltd',
  sellParty: 'Pilbara Minerals Pty',
  commodity: 'iron ore fines 62%',
  count: 50000,
  unitPrice: 108.5,
  blNumber: 'COSU6312345670;COSU6312345671',
  deliveryTime: '2026-12',
  pickUpTime: null,
  packaging: 'bulk',
  remarks: null,
  unit: 't',
  currency: 'USD',
  weightTolerance: 0.5,
  createTime: '2026-11-22T08:30:00.000Z',
  updateTime: '2026-11-22T08:30:00.000Z',
  files: [{ id: 31, name: '采购合同-签字版.pdf', url: 'uploads/Yv3Qm1H0dL8wXb2nC7pK1A.pdf', size: 482113, mimeType: 'application/pdf' }],
};

const exampleForm = {
  name: 'Iron ore purchase 2026-11',
  contractType: '1',
  contractCode: 'PC-2026-0117',
  buyParty: 'Cargodesk Trading Ltd',
  sellParty: 'Pilbara Minerals Pty',
  commodity: 'iron ore fines 62%',
  count: 50000,
  unitPrice: 108.5,
  BLNumber: 'COSU6312345670; COSU6312345671',
  deliveryTime: '2026-12',
  packaging: 'bulk',
  unit: 't',
  currency: 'USD',
  weightTolerance: 0.5,
  files: ['(1 to 20 PDF or image files: the bytes of each)'],
};

/** Each item of batch-upload's `contracts`, parsed like a form (numbers may be strings); errors name `contracts.<i>.<field>`. */
function parseContractItems(items: Record<string, unknown>[]): CreateContractInput[] {
  const errors: FieldError<Said>[] = [];
  const parsed = items.map((item, index) => {
    const result = createContractBody.safeParse(fromText(createContractBody, item));
    if (result.success) return result.data;
    errors.push(...fieldErrors(result.error).map((e) => ({ ...e, field: `contracts.${index}.${e.field}` })));
    return null;
  });
  if (errors.length) throw invalid(describeErrors(errors), { errors });
  return parsed as CreateContractInput[];
}

export const contractRoutes = [
  route({
    method: 'get',
    path: '/contract',
    tag,
    summary: 'List business contracts with their files (newest first, not paged)',
    access: { area: 'contracts', level: 'read' },
    description:
      'Optional filters: `contractType` ("1" purchase, "2" upstream, "3" downstream) and `keyword` (matches name, contractCode, buyParty, sellParty, commodity and blNumber). Two database queries whatever the number of contracts.',
    query: listContractsQuery,
    response: z.array(contractRecord),
    example: { response: [exampleContract] },
    handler: (ctx, { query, db }) => listContracts(db, query),
  }),
  exportRoute({
    tag,
    noun: 'business contracts',
    kind: 'contracts',
    path: '/contract/export',

    access: { area: 'contracts', level: 'read' },
    listPath: '/contract',
    listQuery: listContractsQuery,
    columns: CONTRACT_COLUMNS,
    rows: async (db, query) => (await listContracts(db, query)).map((c) => ({ ...c, fileCount: c.files.length })),
    record: contractRecord,
    title: said('Business contracts', '业务合同'),
  }),
  route({
    method: 'post',
    path: '/contract/upload',
    tag,
    summary: 'Create a business contract with its scans (multipart)',
    access: { area: 'contracts', level: 'write' },
    description:
      'Every field is a form field (text); `count` (> 0, at most 1e12) and `unitPrice` (>= 0, at most 1e11) are parsed into numbers; `BLNumber` holds at most 15 bill-of-lading numbers separated by `;`. `unit` (optional, at most 20 characters) defaults to the unit of the catalog entry of the commodity; `currency` (optional, 3 capital letters) defaults to CNY; `weightTolerance` (optional) is a percent from 0 to 100 (400 naming the field otherwise). `files`: 1 to 20 PDF or image files (judged by their content), each at most 10 MB.',
    upload: { ...CONTRACT_SCANS, required: true },
    body: createContractBody,
    response: contractRecord,
    example: { request: exampleForm, response: exampleContract, message: 'contract created' },
    handler: async (ctx, { body, files, user, db, store }) => reply(await createContract(db, store, user, body, files), 'contract created'),
  }),
  route({
    method: 'post',
    path: '/contract/batch-upload',
    tag,
    summary: 'Create several business contracts at once, all or none (multipart)',
    access: { area: 'contracts', level: 'write' },
    description:
      '`contracts`: a JSON array of contract field objects (the fields of /contract/upload; numbers may be numbers or strings). The files of the contract at index i arrive in the field `files_<i>` (at least one each). PDF or image, at most 10 MB each, at most 20 files per request. If any contract or file is refused, nothing is created.',
    upload: { ...CONTRACT_SCANS, fields: /^files_\d{1,2}$/, required: true },
    body: batchUploadBody,
    response: z.array(contractRecord),
    example: {
      request: { contracts: JSON.stringify([{ ...exampleForm, files: undefined }]), files_0: ['(1 or more PDF or image files: the bytes of each)'] },
      response: [exampleContract],
      message: '1 contract created',
    },
    handler: async (ctx, { body, files, user, db, store }) => {
      const created = await createContracts(db, store, user, parseContractItems(body.contracts), files);
      return reply(created, `${created.length} contract${created.length === 1 ? '' : 's'} created`);
    },
  }),
  route({
    method: 'get',
    path: '/contract/:id',
    tag,
    summary: 'One business contract with its files',
    access: { area: 'contracts', level: 'read' },
    response: contractRecord,
    example: { response: exampleContract },
    handler: (ctx, { id, db }) => getContract(db, id),
  }),
  route({
    method: 'put',
    path: '/contract/:id',
    tag,
    summary: 'Change a business contract (JSON or multipart, no files)',
    access: { area: 'contracts', level: 'write' },
    description:
      'Only the fields sent change; the rules of /contract/upload apply to them. JSON may spell the bill-of-lading field `blNumber` or `BLNumber`. Files are changed with POST /contract/:id/update-files.',
    upload: FIELDS_ONLY,
    body: updateContractBody,
    response: contractRecord,
    example: {
      request: { unitPrice: 110.25, blNumber: 'COSU6312345670;COSU6312345671;COSU6312345672' },
      response: { ...exampleContract, unitPrice: 110.25, blNumber: 'COSU6312345670;COSU6312345671;COSU6312345672' },
      message: 'contract updated',
    },
    handler: async (ctx, { id, body, user, db }) => reply(await updateContract(db, user, id, body), 'contract updated'),
  }),
  route({
    method: 'post',
    // the published /contract/:id/update-files cannot be told from /contract/folders/:id by a
    // generated client: the document names the twin with a literal segment first (openapi.ts)
    path: ['/contract/update-files/:id', '/contract/:id/update-files'],
    tag,
    summary: 'Add and remove attachments, and change fields, in one step (multipart; JSON when no file is added)',
    access: { area: 'contracts', level: 'write' },
    description:
      "`files`: scans to add (PDF or image, at most 10 MB each, at most 20). `removeFileIds`: ids of this contract's files to delete, as a JSON array (`[31,32]`) or comma-separated (`31,32`). Any contract field may be sent too. A contract keeps at least one file. All of it happens or none.",
    upload: CONTRACT_SCANS,
    body: updateFilesBody,
    response: contractRecord,
    example: {
      request: { removeFileIds: [31], remarks: 'signed copy replaces the draft' },
      response: { ...exampleContract, remarks: 'signed copy replaces the draft' },
      message: 'contract updated',
    },
    handler: async (ctx, { id, body, files, user, db, store }) => reply(await updateContractFiles(db, store, user, id, body, files), 'contract updated'),
  }),
  route({
    method: 'delete',
    path: '/contract/:id',
    tag,
    summary: 'Delete a business contract and its files',
    access: { area: 'contracts', level: 'write' },
    example: { message: 'contract deleted' },
    handler: async (ctx, { id, user, db, store }) => {
      await deleteContract(db, store, user, id);
      return reply(undefined, 'contract deleted');
    },
  }),
];
