// Requests and records of the catalogs of commodities and parties (decisions.md, "Commodity names").
// Names compare by the rule of shared/names.ts; a name used on a record is added to its catalog.
import { z } from 'zod';
import { pagingQuery } from './paging.js';
import { CODE_LABELS } from './labels.js';
import { id, labelled, named, optionalText, recordTime, text } from './validation.js';

export const PARTY_KINDS = ['customer', 'supplier', 'carrier', 'warehouse', 'other'] as const;

const partyKind = () => labelled(z.enum(PARTY_KINDS), CODE_LABELS.partyKind);

const filterText = () =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined);

export const catalogListQuery = pagingQuery.extend({
  keyword: filterText().describe('part of the name (by the name rule), code, category, contact or phone'),
  active: labelled(z.enum(['true', 'false']), CODE_LABELS.activeFilter)
    .optional()
    .describe('true: active entries only; false: inactive only'),
});

export const commodityBody = z.object({
  code: optionalText(50),
  name: text(100),
  unit: optionalText(20),
  category: optionalText(50),
  remark: optionalText(1000),
  active: z.boolean().optional(),
});
export const commodityUpdateBody = commodityBody.partial();

export const commodityRecord = named('Commodity', {
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  unit: z.string().nullable(),
  category: z.string().nullable(),
  remark: z.string().nullable(),
  active: z.boolean(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type Commodity = z.infer<typeof commodityRecord>;

export const partyBody = z.object({
  name: text(200),
  kind: partyKind().optional().nullable(),
  contact: optionalText(100),
  phone: optionalText(50),
  remark: optionalText(1000),
  active: z.boolean().optional(),
});
export const partyUpdateBody = partyBody.partial();

export const partyRecord = named('Party', {
  id: z.number().int(),
  name: z.string(),
  kind: partyKind().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  active: z.boolean(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type Party = z.infer<typeof partyRecord>;

/** Merges the entry of the path into `intoId`: its names and (for a commodity) its stock follow. */
export const mergeBody = z.object({ intoId: id() });
