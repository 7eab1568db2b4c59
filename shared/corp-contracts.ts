// Corporate contracts: folders, contracts (an uploaded file plus fields) and their detail lines.
import { z } from 'zod';
import { pagedSchema, pagingQuery } from './paging.js';
import { said } from './messages.js';
import {
  bilingual,
  boundedAmount,
  boundedQuantity,
  id,
  labelled,
  named,
  optionalIsoDate,
  optionalText,
  PRODUCT_TOO_LARGE,
  productFits,
  recordDate,
  recordTime,
  text,
} from './validation.js';
import { CODE_LABELS } from './labels.js';
import { catalogName } from './names.js';

export const CORP_CATEGORIES = ['upstream', 'downstream', 'foreign_purchase', 'freight_forwarding', 'logistics', 'other'] as const;
export type CorpCategory = (typeof CORP_CATEGORIES)[number];

const keyword = z.string().trim().max(100).optional();

// ---- folders
export const corpFolderBody = z.object({
  name: text(100),
  description: optionalText(1000),
  category: labelled(z.enum(CORP_CATEGORIES), CODE_LABELS.corpCategory),
});
export const corpFolderUpdateBody = corpFolderBody.partial();
export const corpFolderQuery = pagingQuery.extend({ category: labelled(z.enum(CORP_CATEGORIES), CODE_LABELS.corpCategory).optional(), keyword });

export const corpFolderRecord = named('CorpFolder', {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: labelled(z.enum(CORP_CATEGORIES), CODE_LABELS.corpCategory),
  contractCount: z.number().int(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type CorpFolder = z.infer<typeof corpFolderRecord>;

// ---- detail lines
const lineNo = () => z.number().int().min(1).max(1_000_000_000);

export const detailFields = {
  lineNo: lineNo().optional(),
  commodity: text(200),
  specification: optionalText(200),
  quantity: boundedQuantity(),
  unit: optionalText(20),
  unitPrice: boundedAmount().nullish(),
  amount: boundedAmount().nullish(),
  deliveryDate: optionalIsoDate(),
  remark: optionalText(1000),
};
/** A line without an amount gets quantity × unitPrice as its amount, so that product must fit one. */
export const detailBody = z
  .object(detailFields)
  .refine((d) => d.amount != null || d.unitPrice == null || productFits(d.quantity, d.unitPrice), { path: ['amount'], error: bilingual(PRODUCT_TOO_LARGE) });
export type DetailInput = z.output<typeof detailBody>;
export const detailUpdateBody = z.object({
  ...detailFields,
  lineNo: lineNo().optional(),
  commodity: text(200).optional(),
  quantity: boundedQuantity().optional(),
});
export const detailBatchBody = z.object({
  contractId: id(),
  details: z.array(detailBody).min(1).max(5000),
});
export const detailListQuery = pagingQuery;

export const detailRecord = named('CorpDetailLine', {
  id: z.number().int(),
  contractId: z.number().int(),
  lineNo: z.number().int(),
  commodity: catalogName('commodity'),
  specification: z.string().nullable(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unitPrice: z.number().nullable(),
  amount: z.number().nullable(),
  deliveryDate: recordDate().nullable(),
  remark: z.string().nullable(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type Detail = z.infer<typeof detailRecord>;

/** The sums of all a contract's lines (not only a page's): quantity per unit, never across units; amount in the contract's currency. */
export const detailTotals = named('CorpDetailTotals', {
  quantities: z
    .array(z.object({ unit: z.string().nullable(), quantity: z.number(), lines: z.number().int() }))
    .describe('one entry per unit (null: lines without a unit), in unit order; quantities of different units are never added'),
  amount: z.number().nullable().describe("the sum of the lines' amounts, in the contract's currency; null when no line has an amount"),
  currency: z.string().describe("the contract's currency"),
});
export type DetailTotals = z.infer<typeof detailTotals>;
/** GET /corp-contract/contracts/:id/details: a page of lines and the totals of all of them. */
export const detailListAnswer = pagedSchema(detailRecord).extend({ summary: detailTotals });

export const importQuery = z.object({ mode: labelled(z.enum(['append', 'replace']), CODE_LABELS.importMode).default('append') });
export const importResult = named('CorpDetailImportResult', { imported: z.number().int(), removed: z.number().int() });

// ---- contracts
const contractFields = {
  folderId: id(),
  contractNumber: text(100),
  name: optionalText(200),
  category: labelled(z.enum(CORP_CATEGORIES), CODE_LABELS.corpCategory).optional(),
  partyA: optionalText(200),
  partyB: optionalText(200),
  signDate: optionalIsoDate(),
  amount: boundedAmount().nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: bilingual(said('must be a three-letter currency code like CNY or USD', '必须是三个字母的货币代码，例如 CNY 或 USD')) })
    .transform((v) => v.toUpperCase())
    .optional(),
  remark: optionalText(1000),
};
export const contractCreateBody = z.object(contractFields);
export const contractUpdateBody = z.object({
  ...contractFields,
  folderId: id().optional(),
  contractNumber: text(100).optional(),
});
export const contractListQuery = pagingQuery.extend({
  folderId: id().optional(),
  category: labelled(z.enum(CORP_CATEGORIES), CODE_LABELS.corpCategory).optional(),
  keyword,
});

export const contractRecord = named('CorpContract', {
  id: z.number().int(),
  folderId: z.number().int(),
  contractNumber: z.string(),
  name: z.string().nullable(),
  category: labelled(z.enum(CORP_CATEGORIES), CODE_LABELS.corpCategory),
  partyA: catalogName('party').nullable(),
  partyB: catalogName('party').nullable(),
  signDate: recordDate().nullable(),
  amount: z.number().nullable(),
  currency: z.string(),
  remark: z.string().nullable(),
  fileName: z.string(),
  fileUrl: z.string().describe('read it at GET /api/corp-contract-files/{fileUrl}'),
  fileSize: z.number().int(),
  details: z.array(detailRecord).describe('the first 100 lines in lineNo order; all of them are read page by page from GET /api/corp-contract/contracts/{id}/details'),
  detailCount: z.number().int().describe('how many detail lines the contract has in all'),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type CorpContract = z.infer<typeof contractRecord>;
