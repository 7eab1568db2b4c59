// The three spreadsheet routes of a record kind: template, filtered export, import.
// Spread into the kind's route list before its `/:id` paths.
import { z } from 'zod';
import { said, verbatim, type Said } from '../../shared/messages.js';
import { enumLabels } from '../../shared/validation.js';
import { sheetImportResult } from '../../shared/warehouse.js';
import { today } from '../db/database.js';
import type { Db, Queryable } from '../db/tables.js';
import type { AuthUser } from '../http/auth.js';
import { sendSheet } from '../http/download.js';
import { invalid, requestLanguage } from '../http/errors.js';
import { reply, route, type Access, type RouteDef } from '../http/route.js';
import type { Area } from '../../shared/permissions.js';
import { baseOf } from '../http/validate.js';
import { withCatalogSpelling } from '../routes/catalogs/catalog-spelling.js';
import { FIELD_LABELS } from './field-labels.js';
import { SPREADSHEET } from '../http/upload.js';
import { trackProgress } from '../progress.js';
import { MAX_IMPORT_ROWS } from './row-import.js';
import type { Column } from './columns.js';
import { columnRules, sheetHeadersQuery, sheetLayout, writeSheet, XLSX_TYPE, type SheetLayout } from './sheet.js';

/**
 * An export's file name: the kind and the period it covers (`stock-movement-2026-11-01_2026-11-30.xlsx`,
 * `lots-2026-11-30.xlsx` as of a day), or without one the server's business day (`pickup-requests-20261122.xlsx`).
 */
export function exportName(kind: string, query: { startDate?: string; endDate?: string; asOf?: string } = {}): string {
  if (query.startDate || query.endDate) return `${kind}-${query.startDate ?? ''}_${query.endDate ?? ''}.xlsx`;
  if (query.asOf) return `${kind}-${query.asOf}.xlsx`;
  return `${kind}-${today().replaceAll('-', '')}.xlsx`;
}

const NOT_FILTERS = new Set(['page', 'pageSize', 'sortOrder', 'headers', 'startDate', 'endDate', 'asOf']);

/**
 * The first row of a report's sheet: what it is, the period and every filter given, code values in
 * words ("Stock movement · 2026-11-01 – 2026-11-30 · Warehouse: WH01").
 */
export function reportTitle(noun: Said, filters: z.ZodObject, query: Record<string, unknown>): Said {
  const parts: Said[] = [noun];
  const { startDate, endDate, asOf } = query as { startDate?: string; endDate?: string; asOf?: string };
  if (startDate || endDate) parts.push(verbatim(`${startDate ?? '…'} – ${endDate ?? '…'}`));
  if (asOf) parts.push(said(`as of ${asOf}`, `截至 ${asOf}`));
  for (const [key, value] of Object.entries(query)) {
    if (NOT_FILTERS.has(key) || value === undefined || value === null || value === '') continue;
    const label = (FIELD_LABELS as Record<string, Said | undefined>)[key] ?? verbatim(key);
    const words = enumLabels(baseOf(filters.shape[key] as z.ZodType))?.[String(value)] ?? verbatim(String(value));
    parts.push(said(`${label.en}: ${words.en}`, `${label.zh}：${words.zh}`));
  }
  return said(parts.map((p) => p.en).join(' · '), parts.map((p) => p.zh).join(' · '));
}

interface ExportRoute<Q extends z.ZodObject> {
  tag: string;
  /** `pickup requests`: for the summary */
  noun: string;
  /** `pickup-requests`: the file name and the sheet's name */
  kind: string;
  path: string;
  /** the list's own access (an export reads what its list reads) */
  access: Access;
  /** the list route whose filters the export takes (page and pageSize are ignored) */
  listPath: string;
  listQuery: Q;
  columns: readonly Column[];
  /** the columns a reader is sent, when some need a grant it may lack (profit figures): `columns` by default */
  columnsFor?: (reader: AuthUser) => readonly Column[];
  /**
   * the rows in the list's order, for the reader (its warehouses, in the warehouse areas; what it may
   * see); `layout` for rows that write words themselves
   */
  rows: (db: Queryable, query: z.output<Q>, layout: SheetLayout, reader: AuthUser) => Promise<Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>>;
  /** the schema of one row: its commodity and party names are written as the catalogs spell them */
  record?: z.ZodType;
  /** a report: its first row says what it is, its period and filters (`reportTitle`), unless ?headers=fields; not for exports that import again */
  title?: Said;
}

const columnList = (columns: readonly Column[]) => columns.map((c) => `${c.key} (${c.label.en}, ${c.label.zh}, ${c.type})`).join(', ');

/** The .xlsx export of a list: its filters, every matching row in the list's order, headers and codes in the reader's words. */
export function exportRoute<Q extends z.ZodObject>(s: ExportRoute<Q>): RouteDef {
  return route({
    method: 'get',
    path: s.path,
    tag: s.tag,
    summary: `Export the ${s.noun} the list's filters match (.xlsx, every row, no paging)`,
    description: `Takes the filters of GET ${s.listPath} (page and pageSize are ignored) and sends ${s.kind}-<startDate>_<endDate>.xlsx for a period, else ${s.kind}-YYYYMMDD.xlsx, in the list's order. Columns: ${columnList(s.columns)}; header row in the reader's language, or the field names with ?headers=fields; coded values (statuses, types) as words, or as codes with ?headers=fields.${s.title ? ' The first row names the report, its period and its filters (not with ?headers=fields, whose header stays in row 1).' : ''}`,
    access: s.access,
    query: s.listQuery.extend(sheetHeadersQuery.shape),
    produces: XLSX_TYPE,
    handler: async (ctx, { query, user, db }) => {
      const layout = sheetLayout(requestLanguage(ctx), query);
      const rows = await s.rows(db, query as z.output<Q>, layout, user);
      const spelled = s.record ? inSpelledBatches(db, s.record, rows) : rows;
      // for people: a script's sheet (?headers=fields) keeps its header in row 1
      const title = s.title && layout.headers === 'labels' ? reportTitle(s.title, s.listQuery, query as Record<string, unknown>) : undefined;
      const columns = s.columnsFor?.(user) ?? s.columns;
      sendSheet(ctx, exportName(s.kind, query as Record<string, string>), (target) => writeSheet(columns, spelled, target, { sheetName: s.kind, layout, title }));
    },
  });
}

/** The rows, their catalog names as the catalogs spell them, re-spelled 500 at a time. */
async function* inSpelledBatches(db: Queryable, record: z.ZodType, rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>) {
  let batch: Record<string, unknown>[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === 500) {
      yield* await withCatalogSpelling(db, z.array(record), batch);
      batch = [];
    }
  }
  yield* await withCatalogSpelling(db, z.array(record), batch);
}
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
  /** the schema of an exported row (the list's record) */
  record: z.ZodType;
  /** the export's rows: the list's, for the reader (its warehouses, for a kind of the warehouse areas) */
  rows: (db: Queryable, query: z.output<Q>, reader: AuthUser) => Promise<AsyncIterable<Record<string, unknown>>>;
  importRows: (db: Db, actor: AuthUser, path: string) => Promise<{ imported: number }>;
}

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
    exportRoute({
      tag: s.tag,
      noun: s.noun,
      kind: s.kind,
      path: s.paths.export,
      access: { area: s.area, level: 'read' },
      listPath: s.listPath,
      listQuery: s.listQuery,
      columns: s.exportColumns,
      rows: (db, query, _layout, reader) => s.rows(db, query, reader),
      record: s.record,
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
