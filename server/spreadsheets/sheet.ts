// Spreadsheet templates, exports and validated imports on exceljs's streaming reader and writer.
// A sheet is described by a column list; the header row holds the column keys (the record's field
// names) and a second sheet lists each key's Chinese label. Imports accept either header, ignore
// extra columns, and check every row against a zod schema before anything is written.
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/validation.js';
import { HttpError, invalid } from '../http/errors.js';
import { joinSaid, said, type Said } from '../../shared/messages.js';

export type ColumnType = 'text' | 'number' | 'date';

export interface Column {
  /** the field name: the header of the main sheet and the key of a parsed row */
  key: string;
  /** the Chinese label, accepted as a header on import */
  label: string;
  type: ColumnType;
  /** width in characters; a width to fit the type and header is chosen otherwise */
  width?: number;
}

export interface RowError {
  /** the sheet's own row number: the header is row 1 */
  row: number;
  /** the column's key; '' when the error concerns the whole row */
  column: string;
  message: Said;
}

export type ReadResult<T> = { rows: T[]; rowNumbers: number[] } | { errors: RowError[]; errorCount: number };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LABEL_SHEET = '字段说明';
const DATE_FORMAT = 'yyyy-mm-dd';
const DEFAULT_WIDTH: Record<ColumnType, number> = { text: 16, number: 14, date: 12 };

/** Display width of a header: CJK characters take two cells. */
const displayWidth = (s: string) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);

const widthOf = (c: Column) => Math.max(c.width ?? DEFAULT_WIDTH[c.type], displayWidth(c.key) + 2, displayWidth(c.label) + 2);

/** A `YYYY-MM-DD` business date as the Excel date of that day. */
function toExcelDate(value: string): Date | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : value;
}

/**
 * Writes `rows` as an .xlsx to `target` with the streaming writer: numbers as numbers, dates as
 * dates, the header row frozen, and the label sheet. Resolves when the workbook is complete.
 */
export async function writeSheet<T extends Record<string, unknown>>(
  columns: readonly Column[],
  rows: Iterable<T> | AsyncIterable<T>,
  target: Writable,
  sheetName = 'data',
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: target, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    width: widthOf(c),
    style: c.type === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  const header = sheet.addRow(columns.map((c) => c.key));
  header.font = { bold: true };
  header.commit();
  let count = 0;
  for await (const row of rows) {
    sheet
      .addRow(
        columns.map((c) => {
          const value = row[c.key];
          if (value === null || value === undefined) return null;
          if (c.type === 'date' && typeof value === 'string') return toExcelDate(value);
          return value as ExcelJS.CellValue;
        }),
      )
      .commit();
    // let the zip stream drain now and then, so a large export does not pile up in memory
    if (++count % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();

  const labels = workbook.addWorksheet(LABEL_SHEET);
  labels.columns = [
    { key: 'field', width: Math.max(12, ...columns.map((c) => displayWidth(c.key) + 2)) },
    { key: 'label', width: Math.max(12, ...columns.map((c) => displayWidth(c.label) + 2)) },
    { key: 'type', width: 10 },
  ];
  labels.addRow(['field', 'label', 'type']).commit();
  for (const c of columns) labels.addRow([c.key, c.label, c.type]).commit();
  labels.commit();
  await workbook.commit();
}

/** The plain value of a cell as the streaming reader gives it (rich text, formulas, links unwrapped). */
function plainValue(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
  if (typeof value !== 'object') return value;
  const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
  if (v.richText) return v.richText.map((part) => part.text).join('');
  if ('result' in v) return plainValue(v.result);
  if ('text' in v) return plainValue(v.text);
  if (v.error) return v.error;
  return undefined;
}

const NUMBER_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const dateText = (d: Date) => (Number.isNaN(d.getTime()) ? 'invalid date' : d.toISOString().slice(0, 10));

/** Converts a cell to what the row schema expects for the column's type; blank cells become undefined. */
function cellFor(column: Column, raw: unknown): unknown {
  const value = plainValue(raw);
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  switch (column.type) {
    case 'number':
      if (typeof value === 'string') return NUMBER_RE.test(value.trim()) ? Number(value.trim()) : value;
      return value instanceof Date ? dateText(value) : value;
    case 'date':
      if (value instanceof Date) return dateText(value);
      // a date serial in a cell without a date format (1 = 1900-01-01 in Excel's calendar)
      if (typeof value === 'number' && value >= 1 && value < 2958466)
        return dateText(new Date(Math.round((value - 25569) * 86400000)));
      return String(value).trim();
    default:
      if (value instanceof Date) return dateText(value);
      return String(value);
  }
}

const headerKey = (s: string) => s.trim().toLowerCase();

function isRequired(schema: z.ZodObject, key: string): boolean {
  const field = schema.shape[key] as z.ZodType | undefined;
  return field ? !field.safeParse(undefined).success : false;
}

/** Most row errors reported in one answer; the message says how many there were in all. */
export const MAX_ROW_ERRORS = 200;

/** The 400 for a sheet with more data rows than an import takes at a time. */
export function tooManyRows(rows: number, maxRows: number): HttpError {
  const n = (v: number) => v.toLocaleString('en-US');
  return invalid(
    said(
      `the sheet has ${n(rows)} rows below its header; import at most ${n(maxRows)} rows at a time: split it into files of up to ${n(maxRows)} rows and import each`,
      `表格表头下有 ${n(rows)} 行；每次最多导入 ${n(maxRows)} 行：请拆分为每份不超过 ${n(maxRows)} 行的文件后分别导入`,
    ),
    { rows, maxRows },
  );
}

/**
 * Reads the first sheet of an .xlsx with the streaming reader and checks every data row against
 * `rowSchema`. Answers the parsed rows (with their sheet row numbers), or every row error.
 * Throws 400 when the file is not a readable workbook or has no data rows, and (`tooManyRows`) when
 * it has more than `maxRows` data rows: from that row on, rows are only counted, not checked or kept.
 */
export async function readSheet<S extends z.ZodObject>(
  path: string,
  columns: readonly Column[],
  rowSchema: S,
  { maxRows = Infinity }: { maxRows?: number } = {},
): Promise<ReadResult<z.output<S>>> {
  const byHeader = new Map<string, Column>();
  for (const c of columns) {
    byHeader.set(headerKey(c.key), c);
    byHeader.set(headerKey(c.label), c);
  }
  const rows: z.output<S>[] = [];
  const rowNumbers: number[] = [];
  const errors: RowError[] = [];
  let errorCount = 0;
  let dataRows = 0;
  const addError = (e: RowError) => {
    errorCount++;
    if (errors.length < MAX_ROW_ERRORS) errors.push(e);
  };

  let positions: { index: number; column: Column }[] | null = null;
  let sheetSeen = false;
  let headerBroken = false;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      // only the first sheet holds data. The others (the label sheet) are read through and dropped:
      // exceljs may have parked them in temp files, and a sheet left unread can have its file removed
      // before its stream opens, an error no one would catch.
      if (sheetSeen) {
        for await (const _row of worksheet) void _row;
        continue;
      }
      sheetSeen = true;
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        if (!positions) {
          // the first non-empty row is the header (row 1 in any sheet this service writes)
          positions = [];
          const found = new Set<string>();
          values.forEach((cell, index) => {
            const text = plainValue(cell);
            const column = typeof text === 'string' ? byHeader.get(headerKey(text)) : undefined;
            if (column && !found.has(column.key)) {
              found.add(column.key);
              positions!.push({ index, column });
            }
          });
          for (const c of columns) {
            if (!found.has(c.key) && isRequired(rowSchema, c.key)) {
              addError({ row: row.number, column: c.key, message: said(`the header row has no column "${c.key}" (${c.label}); it is required`, `表头缺少必填列“${c.key}”（${c.label}）`) });
              headerBroken = true;
            }
          }
          continue;
        }
        if (headerBroken) continue; // rows cannot be judged without their columns: the header errors say it all
        const record: Record<string, unknown> = {};
        let blank = true;
        for (const { index, column } of positions) {
          const value = cellFor(column, values[index]);
          if (value !== undefined) blank = false;
          record[column.key] = value;
        }
        if (blank) continue; // an empty row (or one with only unknown columns) is not a data row
        if (++dataRows > maxRows) {
          // over the limit: the answer will only say how many rows there are
          rows.length = 0;
          rowNumbers.length = 0;
          continue;
        }
        const result = rowSchema.safeParse(record);
        if (result.success) {
          rows.push(result.data);
          rowNumbers.push(row.number);
        } else {
          for (const e of fieldErrors(result.error)) {
            const key = e.field.split('.')[0] ?? '';
            addError({ row: row.number, column: key, message: key ? said(`${key} ${e.message.en}`, `${key} ${e.message.zh}`) : e.message });
          }
        }
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw invalid(said('the file could not be read as an Excel .xlsx workbook; open it in Excel, save it as .xlsx and upload again', '无法按 Excel .xlsx 工作簿读取此文件；请用 Excel 打开，另存为 .xlsx 后重新上传'));
  }
  if (!positions) throw invalid(said('the spreadsheet is empty: it needs a header row and at least one data row', '表格是空的：需要一行表头和至少一行数据'));
  if (dataRows > maxRows) throw tooManyRows(dataRows, maxRows);
  if (errorCount === 0 && rows.length === 0) throw invalid(said('the spreadsheet has a header row but no data rows; add at least one row', '表格只有表头没有数据；请至少添加一行'));
  if (errorCount > 0) return { errors, errorCount };
  return { rows, rowNumbers };
}

/** A 400 naming the first few row errors, with the listed ones in `data.errors`. */
export function rowErrorsToHttp(errors: RowError[], errorCount = errors.length) {
  const first = joinSaid(errors.slice(0, 3).map((e) => said(`row ${e.row}: ${e.message.en}`, `第 ${e.row} 行：${e.message.zh}`)));
  const listed = errorCount > errors.length;
  return invalid(
    said(
      `the spreadsheet has ${errorCount === 1 ? 'an error' : `${errorCount} errors`}, so nothing was imported: ${first.en}${listed ? ` (the first ${errors.length} are listed in data.errors)` : ''}`,
      `表格有 ${errorCount} 处错误，因此没有导入任何数据：${first.zh}${listed ? `（data.errors 列出了前 ${errors.length} 处）` : ''}`,
    ),
    { errors, errorCount },
  );
}
