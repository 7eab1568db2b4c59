// The three spreadsheet routes of a record kind: template, filtered export, import.
// Spread into the kind's route list before its `/:id` paths.
import type { z } from 'zod';
import { said } from '../../shared/messages.js';
import { sheetImportResult } from '../../shared/warehouse.js';
import { today } from '../db/database.js';
import type { Db, Queryable } from '../db/tables.js';
import type { AuthUser } from '../http/auth.js';
import { sendSheet } from '../http/download.js';
import { invalid, requestLanguage } from '../http/errors.js';
import { reply, route, type RouteDef } from '../http/route.js';
import { SPREADSHEET } from '../http/upload.js';
import { trackProgress } from '../progress.js';
import { MAX_IMPORT_ROWS } from './row-import.js';
import type { Column } from './columns.js';
import type { Area } from '../../shared/permissions.js';
import { columnRules, sheetHeadersQuery, sheetLayout, writeSheet, XLSX_TYPE } from './sheet.js';

/** `pickup-requests-20261122.xlsx`: the kind and the server's business day. */
export const exportName = (kind: string) => `${kind}-${today().replaceAll('-', '')}.xlsx`;
const templateName = (kind: string) => `${kind}-template.xlsx`;

interface SheetRoutes<Q extends z.ZodObject> {
  tag: string;
  /** the area of the kind: the template and the export need read access to it, the import write */
  area: Area;
  /** `pickup requests`: for summaries and messages */
  noun: string;
  /** `pickup-requests`: the file names and the sheet's name */
  kind: string;
  paths: { template: string; export: string; import: string };
  /** the list route's query schema: the export takes exactly its filters */
  listQuery: Q;
  listPath: string;
  columns: readonly Column[];
  /** the import's row schema (the template's notes say each column's rule from it) and the template's example row */
  template: { rowSchema: z.ZodObject; example: Record<string, unknown> };
  exportColumns: readonly Column[];
  /** the export's rows: the list's, for the reader (its warehouses, for a kind of the warehouse areas) */
  rows: (db: Queryable, query: z.output<Q>, reader: AuthUser) => Promise<AsyncIterable<Record<string, unknown>>>;
  importRows: (db: Db, actor: AuthUser, path: string) => Promise<{ imported: number }>;
}

const columnList = (columns: readonly Column[]) => columns.map((c) => `${c.key} (${c.label.en}, ${c.label.zh}, ${c.type})`).join(', ');

export function sheetRoutes<Q extends z.ZodObject>(s: SheetRoutes<Q>): RouteDef[] {
  const guide = { example: s.template.example, rules: columnRules(s.columns, s.template.rowSchema) };
  return [
    route({
      method: 'get',
      path: s.paths.template,
      tag: s.tag,
      summary: `Import template of ${s.noun} (.xlsx: header row, one example row, notes)`,
      access: { area: s.area, level: 'read' },
      description: `Header row: ${columnList(s.columns)}, in the reader's language (?headers=fields: the field names). Under it one example row, marked beside it and skipped on import; a second sheet lists each field name with both labels, a third each column's rule.`,
      query: sheetHeadersQuery,
      produces: XLSX_TYPE,
      handler: (ctx, { query }) =>
        sendSheet(ctx, templateName(s.kind), (target) =>
          writeSheet(s.columns, [], target, { sheetName: s.kind, layout: sheetLayout(requestLanguage(ctx), query), template: guide }),
        ),
    }),
    route({
      method: 'get',
      path: s.paths.export,
      tag: s.tag,
      summary: `Export the ${s.noun} the list's filters match (.xlsx, every row, no paging)`,
      access: { area: s.area, level: 'read' },
      description: `Takes the filters of GET ${s.listPath} (page and pageSize are ignored) and sends ${s.kind}-YYYYMMDD.xlsx, in the list's order. Columns: ${columnList(s.exportColumns)}; header row in the reader's language, or the field names with ?headers=fields.`,
      query: s.listQuery.extend(sheetHeadersQuery.shape),
      produces: XLSX_TYPE,
      handler: async (ctx, { query, user, db }) => {
        const rows = await s.rows(db, query as z.output<Q>, user);
        sendSheet(ctx, exportName(s.kind), (target) => writeSheet(s.exportColumns, rows, target, { sheetName: s.kind, layout: sheetLayout(requestLanguage(ctx), query) }));
      },
    }),
    route({
      method: 'post',
      path: s.paths.import,
      tag: s.tag,
      summary: `Import ${s.noun} from an .xlsx (all rows or none)`,
      access: { area: s.area, level: 'write' },
      description: `multipart \`file\` (.xlsx). Header row: the field names or their English or Chinese labels (${columnList(s.columns)}); a template's example row is skipped; other columns are ignored, numbers are generated. Every row is checked with the create route's rules first; if any is wrong nothing is imported and data.errors lists [{ row, column, message }] with sheet row numbers (header = row 1). At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} data rows per file: a sheet with more is refused (400) before anything is written; split it. Send \`X-Progress-Id\` to follow it on GET /progress/{progressId}.`,
      upload: SPREADSHEET,
      response: sheetImportResult,
      example: { response: { imported: 2 }, message: `2 ${s.noun} imported` },
      handler: async (ctx, { files, user, db }) => {
        const file = files[0];
        if (!file) throw invalid(said('file is required: attach the .xlsx workbook in the field "file"', '缺少文件：请在字段“file”中附上 .xlsx 工作簿'));
        const result = await trackProgress(ctx)(() => s.importRows(db, user, file.tempPath));
        return reply(result, `${result.imported} ${s.noun} imported`);
      },
    }),
  ];
}
