// Company files (licences, invoicing information and the like) kept in folders.
import { z } from 'zod';
import { pagingQuery } from './paging.js';
import { id, named, optionalIsoDate, optionalText, recordDate, recordTime, text } from './validation.js';

export const companyFolderBody = z.object({
  name: text(100),
  description: optionalText(1000),
});
export const companyFolderUpdateBody = companyFolderBody.partial();
export const companyFolderQuery = pagingQuery.extend({ keyword: z.string().trim().max(100).optional() });

export const companyFolderRecord = named('CompanyFolder', {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  fileCount: z.number().int(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type CompanyFolder = z.infer<typeof companyFolderRecord>;

/** The record fields of a company file: the keys of the upload's `data` JSON, and of an update. */
export const companyFileFields = z.object({
  companyName: optionalText(200),
  fileCategory: optionalText(100),
  expireDate: optionalIsoDate(),
  description: optionalText(1000),
  folderId: id().nullish(),
});
export type CompanyFileFields = z.output<typeof companyFileFields>;

/** Upload form: `data` holds a JSON object of the fields above (each may also be sent as its own form field). */
export const companyUploadBody = companyFileFields.extend({
  data: z.string().max(100_000).optional().describe('JSON object: { companyName, fileCategory, expireDate, description, folderId }'),
});

export const companyFileQuery = pagingQuery.extend({
  folderId: id().optional(),
  companyName: z.string().trim().max(200).optional(),
  fileCategory: z.string().trim().max(100).optional(),
  keyword: z.string().trim().max(100).optional(),
  expiringWithinDays: z.number().int().min(0).max(36500).optional(),
});

export const companyFileRecord = named('CompanyFile', {
  id: z.number().int(),
  folderId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  fileCategory: z.string().nullable(),
  expireDate: recordDate().nullable(),
  description: z.string().nullable(),
  fileName: z.string(),
  fileUrl: z.string().describe('read it at GET /api/company-files/{fileUrl}'),
  fileSize: z.number().int(),
  mimeType: z.string(),
  createTime: recordTime(),
  updateTime: recordTime(),
});
export type CompanyFile = z.infer<typeof companyFileRecord>;
