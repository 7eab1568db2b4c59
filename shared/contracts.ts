// Business contracts and the contract archive (docs/api/contracts.md).
import { z } from 'zod';
import { said } from './messages.js';
import { CODE_LABELS } from './labels.js';
import { catalogName } from './names.js';
import { bilingual, boundedAmount, boundedQuantity, id, labelled, named, optionalText, recordTime, text } from './validation.js';

export const CONTRACT_TYPES = ['1', '2', '3'] as const;
export const MAX_BL_NUMBERS = 15;

const NOT_A_CONTRACT_ARRAY = bilingual(said('must be a JSON array of contract objects', '必须是由合同对象组成的 JSON 数组'));

const REQUIRED = bilingual(said('is required', '为必填项'));

/** A contract type; a missing one "is required", a wrong one names the types by their words. */
export const contractType = () => labelled(z.enum(CONTRACT_TYPES, { error: (iss) => (iss.input === undefined ? REQUIRED : undefined) }), CODE_LABELS.contractType);

/** Splits bill-of-lading text on ; (or the full-width ；), trims each number and drops empty parts. */
export function splitBlNumbers(value: string): string[] {
  return value
    .split(/[;；]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Bill-of-lading numbers: stored as "BL1;BL2", 1 to 15 of them, each at most 50 characters. */
const blNumbers = () =>
  z
    .string()
    .max(2000)
    .transform((value, ctx) => {
      const parts = splitBlNumbers(value);
      if (parts.length === 0) ctx.addIssue({ code: 'custom', message: 'must hold at least one bill-of-lading number', params: { zh: '至少需要一个提单号' } });
      else if (parts.length > MAX_BL_NUMBERS)
        ctx.addIssue({
          code: 'custom',
          message: `holds ${parts.length} numbers; at most ${MAX_BL_NUMBERS} are allowed`,
          params: { zh: `有 ${parts.length} 个提单号；最多允许 ${MAX_BL_NUMBERS} 个` },
        });
      const long = parts.find((part) => part.length > 50);
      if (long)
        ctx.addIssue({ code: 'custom', message: `number "${long.slice(0, 20)}..." is longer than 50 characters`, params: { zh: `提单号“${long.slice(0, 20)}...”超过 50 个字符` } });
      return parts.join(';');
    });

const CURRENCY_FORMAT = bilingual(said('must be a currency code of 3 capital letters, like CNY or USD', '必须是 3 个大写字母的币种代码，例如 CNY 或 USD'));
const TOLERANCE_RANGE = bilingual(said('must be a percent from 0 to 100, like 0.5', '必须是 0 到 100 之间的百分比，例如 0.5'));

/** The currency of a contract when none is given. */
export const DEFAULT_CURRENCY = 'CNY';

/** A currency code: 3 capital letters (ISO 4217 style: CNY, USD, EUR). */
export const currencyCode = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: CURRENCY_FORMAT });

/** The weight tolerance of a contract: a percent from 0 to 100; '' or null clears it. */
const weightTolerance = () => z.number({ error: TOLERANCE_RANGE }).min(0, { error: TOLERANCE_RANGE }).max(100, { error: TOLERANCE_RANGE }).nullish();

/** Every field of a contract form; BLNumber (the form's spelling) or blNumber. */
const contractFields = z.object({
  name: text(200),
  contractType: contractType(),
  contractCode: text(100),
  buyParty: text(200),
  sellParty: text(200),
  commodity: text(200),
  count: boundedQuantity(),
  unitPrice: boundedAmount(),
  BLNumber: blNumbers().optional(),
  blNumber: blNumbers().optional(),
  deliveryTime: optionalText(100),
  pickUpTime: optionalText(100),
  packaging: optionalText(200),
  remarks: optionalText(2000),
  /** the unit of count (t, bags…); not sent on create: the commodity catalog's unit */
  unit: optionalText(20),
  /** the currency of unitPrice; not sent on create: CNY */
  currency: currencyCode().optional(),
  /** percent (0–100) the outturn weight may fall short of the B/L weight before a claim */
  weightTolerance: weightTolerance(),
});

/** POST /contract/upload fields (and each item of batch-upload's `contracts`). */
export const createContractBody = contractFields.refine((value) => value.BLNumber !== undefined || value.blNumber !== undefined, {
  path: ['BLNumber'],
  error: 'is required',
  // reported together with the other fields' errors, not only once they are all right
  when: ({ value }) => typeof value === 'object' && value !== null,
});
export type CreateContractInput = z.output<typeof createContractBody>;

/** PUT /contract/:id: only the fields sent change. */
export const updateContractBody = contractFields.partial();
export type UpdateContractInput = z.output<typeof updateContractBody>;

const fileIdList = z.array(id()).max(200);

/** POST /contract/:id/update-files: optional field changes, `files` to add, `removeFileIds` to delete. */
export const updateFilesBody = contractFields.partial().extend({
  removeFileIds: fileIdList.optional(),
});

/** POST /contract/batch-upload: `contracts` is a JSON array of contract field objects. */
export const batchUploadBody = z.object({
  contracts: z
    .string()
    .transform((value, ctx): unknown => {
      try {
        return JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: NOT_A_CONTRACT_ARRAY });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(z.record(z.string(), z.unknown(), { error: bilingual(said('must be an object of contract fields', '必须是由合同字段组成的对象')) }), {
          error: (iss) => (iss.code === 'invalid_type' ? NOT_A_CONTRACT_ARRAY : undefined),
        })
        .min(1)
        .max(20),
    ),
});

export const listContractsQuery = z.object({
  contractType: contractType().optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const fileRecord = named('ContractFile', {
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
});

export const contractRecord = named('Contract', {
  id: z.number().int(),
  name: z.string(),
  contractType: contractType(),
  contractCode: z.string(),
  buyParty: catalogName('party'),
  sellParty: catalogName('party'),
  commodity: catalogName('commodity'),
  count: z.number(),
  unitPrice: z.number(),
  blNumber: z.string(),
  deliveryTime: z.string().nullable(),
  pickUpTime: z.string().nullable(),
  packaging: z.string().nullable(),
  remarks: z.string().nullable(),
  unit: z.string().nullable(),
  currency: z.string(),
  weightTolerance: z.number().nullable(),
  createTime: recordTime(),
  updateTime: recordTime(),
  files: z.array(fileRecord),
});
export type Contract = z.infer<typeof contractRecord>;

// ---- archive ----

export const createFolderBody = z.object({
  name: text(100),
  description: optionalText(1000),
});
export const updateFolderBody = createFolderBody.partial();

export const folderRecord = named('ArchiveFolder', {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  batchCount: z.number().int(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type ArchiveFolder = z.infer<typeof folderRecord>;

export const createBatchBody = z.object({
  folderId: id(),
  batchName: text(200),
  remark: optionalText(2000),
});

export const listBatchesQuery = z.object({
  folderId: id().optional(),
});

export const batchRecord = named('ArchiveBatch', {
  id: z.number().int(),
  folderId: z.number().int(),
  batchName: z.string(),
  remark: z.string().nullable(),
  fileCount: z.number().int(),
  totalSize: z.number().int(),
  files: z.array(fileRecord),
  createTime: recordTime(),
});
export type ArchiveBatch = z.infer<typeof batchRecord>;
