// Spreadsheet templates, exports and validated imports on exceljs's streaming reader and writer.
// A sheet is described by a column list; the header row holds the column keys (the record's field
// names) and a second sheet lists each key's Chinese label. Imports accept either header, ignore
// extra columns, and check every row against a zod schema before anything is written.
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { CODE_LABELS, codeLabel, type CodeKind } from '../../shared/labels.js';
import { choiceList, enumLabels, fieldErrors, labelled } from '../../shared/validation.js';
import { HttpError, invalid } from '../http/errors.js';
import { baseOf } from '../http/validate.js';
import { joinSaid, said, type Lang, type Said } from '../../shared/messages.js';
import { progress } from '../progress.js';
import type { Column, ColumnType, RowError } from './columns.js';
import { EXAMPLE_MARK, UNREADABLE, workbookTooLarge, type ReadChecked, type ReadJob, type ReadOutcome, type ReadRows, type SheetLimits } from './sheet-reader.js';

export type ReadResult<T> = { rows: T[]; rowNumbers: number[] } | { errors: RowError[]; errorCount: number };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FIELDS_SHEET = said('Fields', '字段说明');
const NOTES_SHEET = said('Notes', '填写说明');
const DATE_FORMAT = 'yyyy-mm-dd';
const DEFAULT_WIDTH: Record<ColumnType, number> = { text: 16, number: 14, date: 12 };
const MB = 1024 * 1024;

/** Display width of a header: CJK characters take two cells. */
const displayWidth = (s: string) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);

const widthOf = (c: Column, header: string) => Math.max(c.width ?? DEFAULT_WIDTH[c.type], displayWidth(header) + 2);

/** A `YYYY-MM-DD` business date as the Excel date of that day. */
function toExcelDate(value: string): Date | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : value;
}

/** `?headers=fields` on every template and export: the field names as the header row, for scripts. */
export const sheetHeadersQuery = z.object({
  headers: labelled(z.enum(['labels', 'fields']), CODE_LABELS.sheetHeaders)
    .optional()
    .describe("labels (the default): the header row in the reader's language (Accept-Language zh: Chinese, else English); fields: the field names"),
});

/** How a sheet is written for the reader who asked for it. */
export interface SheetLayout {
  lang: Lang;
  headers: 'labels' | 'fields';
}

export const sheetLayout = (lang: Lang, query?: { headers?: 'labels' | 'fields' }): SheetLayout => ({ lang, headers: query?.headers ?? 'labels' });

/** What a template adds to its header row: one example row (skipped on import) and each column's rule. */
export interface TemplateGuide {
  example: Record<string, unknown>;
  rules: Map<string, Said>;
}

/** The code a cell of a code column holds: the code itself, or its word in either language (any case). */
function codeOf(kind: CodeKind, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  const found = Object.entries(CODE_LABELS[kind] as Record<string, Said>).find(([code, word]) => [code, word.en, word.zh].some((w) => w.toLowerCase() === text));
  return found ? found[0] : value;
}

const cellOf = (c: Column, value: unknown, layout?: SheetLayout): ExcelJS.CellValue => {
  if (value === null || value === undefined) return null;
  if (c.codes && layout?.headers === 'labels' && typeof value === 'string') return codeLabel(c.codes, value)?.[layout.lang] ?? value;
  if (c.type === 'date' && typeof value === 'string') return toExcelDate(value);
  // Infinity or NaN would make the workbook invalid (Excel has no such numbers): left blank
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value as ExcelJS.CellValue;
};

/**
 * Writes `rows` as an .xlsx to `target` with the streaming writer: numbers as numbers, dates as
 * dates, the header row frozen and in the reader's words (or the field names), and a sheet listing
 * each column's field name and both labels; a template also gets its example row and a notes sheet.
 * Resolves when the workbook is complete.
 */
export async function writeSheet<T extends Record<string, unknown>>(
  columns: readonly Column[],
  rows: Iterable<T> | AsyncIterable<T>,
  target: Writable,
  { sheetName, layout, template, title }: { sheetName: string; layout: SheetLayout; template?: TemplateGuide; title?: Said },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: target, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: title ? 2 : 1 }] });
  const headers = columns.map((c) => (layout.headers === 'fields' ? c.key : c.label[layout.lang]));
  sheet.columns = columns.map((c, i) => ({
    key: c.key,
    width: widthOf(c, headers[i]!),
    style: c.type === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  if (title) {
    // a report's first row says what it covers: the period and the filters
    const first = sheet.addRow([title[layout.lang]]);
    first.font = { bold: true, size: 12 };
    first.commit();
  }
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.commit();
  if (template) {
    const example = sheet.addRow([...columns.map((c) => cellOf(c, template.example[c.key], layout)), EXAMPLE_MARK]);
    example.font = { italic: true, color: { argb: 'FF808080' } };
    example.commit();
  }
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => cellOf(c, row[c.key], layout))).commit();
    // let the zip stream drain now and then, so a large export does not pile up in memory
    if (++count % 1000 === 0) {
      progress('writing', count);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  progress('writing', count);
  sheet.commit();

  const fields = workbook.addWorksheet(FIELDS_SHEET[layout.lang]);
  fields.columns = [
    { key: 'field', width: Math.max(12, ...columns.map((c) => displayWidth(c.key) + 2)) },
    { key: 'zh', width: Math.max(12, ...columns.map((c) => displayWidth(c.label.zh) + 2)) },
    { key: 'en', width: Math.max(12, ...columns.map((c) => displayWidth(c.label.en) + 2)) },
    { key: 'type', width: 10 },
  ];
  fields.addRow(['field', '中文', 'English', 'type']).commit();
  for (const c of columns) fields.addRow([c.key, c.label.zh, c.label.en, c.type]).commit();
  fields.commit();
  if (template) {
    const notes = workbook.addWorksheet(NOTES_SHEET[layout.lang]);
    notes.columns = [
      { key: 'column', width: Math.max(16, ...headers.map((h) => displayWidth(h) + 2)) },
      { key: 'rule', width: 80 },
    ];
    notes.addRow(layout.lang === 'zh' ? ['列', '填写规则'] : ['Column', 'Rule']).commit();
    columns.forEach((c, i) => notes.addRow([headers[i], template.rules.get(c.key)?.[layout.lang] ?? '']).commit());
    notes.addRow(['', EXAMPLE_NOTE[layout.lang]]).commit();
    notes.commit();
  }
  await workbook.commit();
}

const EXAMPLE_NOTE = said(
  `The grey row under the header is an example, marked "${EXAMPLE_MARK}" beside it; an import skips it. Overwrite it or leave it.`,
  `表头下的灰色行是示例，其右侧标有“${EXAMPLE_MARK}”；导入时会跳过。可以覆盖或保留。`,
);

/** Each column's rule for a template's notes: required or not, and what a cell must hold. */
export function columnRules(columns: readonly Column[], rowSchema: z.ZodObject): Map<string, Said> {
  const rules = new Map<string, Said>();
  for (const c of columns) {
    const required = isRequired(rowSchema, c.key);
    const base = baseOf((rowSchema.shape[c.key] as z.ZodType | undefined) ?? z.string());
    let what: Said;
    if (base instanceof z.ZodEnum) {
      const choices = choiceList(base.options, enumLabels(base) ?? {});
      what = said(`one of: ${choices.en}`, `取值之一：${choices.zh}`);
    } else if (c.type === 'number') what = said('a number', '数字');
    else if (c.type === 'date') what = said('a date: an Excel date or text YYYY-MM-DD', '日期：Excel 日期或 YYYY-MM-DD 文本');
    else {
      const max = base instanceof z.ZodString ? base.maxLength : null;
      what = max ? said(`text of at most ${max} characters`, `文本，最多 ${max} 个字符`) : said('text', '文本');
    }
    rules.set(c.key, required ? said(`required; ${what.en}`, `必填；${what.zh}`) : said(`optional; ${what.en}`, `选填；${what.zh}`));
  }
  return rules;
}

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
 * What a spreadsheet read may cost before it is refused with a 400: a workbook the service exports
 * with 100,000 detail lines unpacks to about 36 MB (one sheet) and reads in a few seconds (docs/performance.md).
 */
export const SHEET_LIMITS: SheetLimits = {
  entryBytes: 128 * MB,
  workbookBytes: 256 * MB,
  entries: 1000,
  sharedStrings: 1_000_000,
  rows: 200_000,
  columns: 1024,
};
/** How long reading one workbook may take, and how much memory its worker may use. */
export const READ_TIME_LIMIT_MS = 60_000;
const READ_MEMORY_MB = 512;

/** Workbooks read at the same time; more wait their turn, so reads hold at most 2 × READ_MEMORY_MB. */
const PARALLEL_READS = 2;
let reading = 0;
const waiting: (() => void)[] = [];

/** Waits for a turn to read; answers the function that ends it. */
async function readingTurn(): Promise<() => void> {
  if (reading >= PARALLEL_READS) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  return () => {
    reading--;
    waiting.shift()?.();
  };
}

/** The reader's module beside this one: the source (.ts), compiled (.js), or beside the bundle (.mjs). */
let readerModule: URL | undefined;
const readerUrl = () => (readerModule ??= ['./sheet-reader.ts', './sheet-reader.js', './sheet-reader.mjs'].map((p) => new URL(p, import.meta.url)).find((u) => existsSync(u)));

const tookTooLong = () =>
  said(
    `the workbook took longer than ${READ_TIME_LIMIT_MS / 1000} s to read, so nothing was imported; split it into smaller files`,
    `工作簿读取超过 ${READ_TIME_LIMIT_MS / 1000} 秒，因此没有导入任何数据；请拆分为较小的文件`,
  );

/**
 * A workbook that unpacks to this many bytes or more (a 20,000-row inbound sheet ~5.7 MB, 3,500 rows
 * ~1 MB) is read between two memory-reducing garbage collections of this thread: one once the worker has
 * checked the zip, before the rows come, and one when the worker has ended. V8 keeps what a heap grew
 * to for the process to reuse: the young generation and old-generation room this thread grew to
 * before (the service's start leaves them large), then a finished worker's pages; the read's checks
 * and the import's write grow the heap on top of them. The two collections hand them back first:
 * peak RSS of a 20,000-row import ~120 MB lower, of 100,000 detail lines ~150 MB lower on SQLite
 * (docs/performance.md, "Memory given back around a large read"). Each holds this thread 50–100 ms.
 */
const GIVE_BACK_BYTES = 1 * MB;

let collectAll: ((options: object) => void) | undefined;

/** A full, memory-reducing garbage collection of the process (V8's "last resort" one): the pages V8 holds unused go back to the system. */
function giveMemoryBack(): void {
  // V8's own gc(), in a context made after the flag that exposes it
  if (!collectAll) {
    setFlagsFromString('--expose-gc');
    collectAll = runInNewContext('gc') as (options: object) => void;
  }
  collectAll({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** A read under way in its worker: its outcome, and how to end it early (the outcome is then a refusal). */
interface WorkerRead {
  outcome: Promise<ReadOutcome>;
  stop: () => void;
}

/**
 * Runs sheet-reader.ts in a worker thread with its own heap limit and READ_TIME_LIMIT_MS; `onRows` is
 * called with each batch of rows as it arrives, in sheet order, all of them before the outcome.
 */
function readInWorker(job: ReadJob, onRows: (rows: ReadRows) => void): WorkerRead {
  const url = readerUrl()!;
  const worker = new Worker(url, {
    workerData: { sheetReader: job },
    // the source runs as it is, types stripped (the default from Node 22.18, a flag before)
    execArgv: url.pathname.endsWith('.ts') ? ['--experimental-strip-types'] : [],
    // its young generation bounded to 32 MB, below V8's default: ~30 MB less peak RSS for a 100,000-line
    // sheet at no measured cost in time; 12–16 MB saved a little more but took 2–4 s more CPU
    // (docs/performance.md, "Peak RSS of an import against exceljs alone")
    resourceLimits: { maxOldGenerationSizeMb: READ_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
  });
  let timer: NodeJS.Timeout | undefined;
  let stop = () => undefined as void;
  let unpacked = 0;
  let answered = false;
  const outcome = new Promise<ReadOutcome>((resolve, reject) => {
    stop = () => resolve({ kind: 'refused', message: UNREADABLE, cause: 'stopped by its reader' });
    timer = setTimeout(() => resolve({ kind: 'refused', message: tookTooLong() }), READ_TIME_LIMIT_MS);
    worker.on('message', (message: ReadRows | ReadChecked | ReadOutcome) => {
      if (message.kind === 'rows') onRows(message);
      else if (message.kind === 'checked') {
        unpacked = message.unpackedBytes;
        if (unpacked >= GIVE_BACK_BYTES) giveMemoryBack();
      } else {
        answered = true;
        resolve(message);
      }
    });
    worker.once('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve({ kind: 'refused', message: workbookTooLarge(job.limits) });
      else reject(err);
    });
    worker.once('exit', (code) => resolve({ kind: 'refused', message: UNREADABLE, cause: `the sheet reader stopped without an answer (exit code ${code})` }));
  }).finally(async () => {
    clearTimeout(timer);
    await worker.terminate();
    // a read the main thread ended (time limit, out of memory, stopped) may have grown the worker to its limit
    if (!answered || unpacked >= GIVE_BACK_BYTES) giveMemoryBack();
  });
  return { outcome, stop };
}

/** Checked rows handed over at a time: a small batch, so that no more than these are held as objects. */
const HAND_OVER = 250;

/** What `readSheetInBatches` answers: how many rows it handed over, or every row error (then it handed over none after the first). */
export type BatchesResult = { rows: number } | { errors: RowError[]; errorCount: number };

/**
 * Reads the first sheet of an .xlsx and checks every data row against `rowSchema` while it is read,
 * batch by batch: as long as no row has been wrong, each batch of checked rows (with their sheet row
 * numbers) is handed to `take`, awaited before the next (a batch of an import is written while the
 * worker reads the next); after the first wrong row the rest are only checked, so that the answer
 * lists every row error. Throws 400 when the file is not a readable workbook, passes one of
 * SHEET_LIMITS or READ_TIME_LIMIT_MS, has no data rows, or (`tooManyRows`) more than `maxRows` data
 * rows (rows past `maxRows` are only counted, never handed over) — possibly after `take` has had
 * batches: a caller that writes them does so in a transaction that the throw undoes. The file is
 * parsed in a worker thread (sheet-reader.ts), so a large sheet does not hold up other requests.
 */
export async function readSheetInBatches<S extends z.ZodObject>(
  path: string,
  columns: readonly Column[],
  rowSchema: S,
  { maxRows = Infinity }: { maxRows?: number },
  take: (rows: z.output<S>[], rowNumbers: number[]) => Promise<void>,
): Promise<BatchesResult> {
  const job: ReadJob = {
    path,
    columns: columns.map(({ key, label, type }) => ({ key, label, type })),
    required: columns.filter((c) => isRequired(rowSchema, c.key)).map((c) => c.key),
    maxRows,
    limits: SHEET_LIMITS,
  };
  progress('reading');
  // the turn is the worker's: it ends when the worker does, while the last batches may still be written
  const endTurn = await readingTurn();
  const queue: ReadRows[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let read: WorkerRead;
  try {
    read = readInWorker(job, (rows) => {
      queue.push(rows);
      wake?.();
    });
  } catch (err) {
    endTurn();
    throw err;
  }
  const outcome = read.outcome.finally(() => {
    endTurn();
    ended = true;
    wake?.();
  });
  outcome.catch(() => undefined); // awaited below, after the queue
  const coded = columns.filter((c) => c.codes);
  const errors: RowError[] = [];
  let errorCount = 0;
  let handed = 0;
  let checked = 0;
  try {
    for (;;) {
      const batch = queue.shift();
      if (!batch) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      let rows: z.output<S>[] = [];
      const { keys, cells, rowNumbers } = batch;
      let from = 0;
      for (let i = 0; i < rowNumbers.length; i++) {
        if (rows.length === HAND_OVER && errorCount === 0) {
          await take(rows, rowNumbers.slice(from, i));
          handed += rows.length;
          rows = [];
          from = i;
        }
        // let other requests in now and then while a large sheet is checked
        if (++checked % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
        const record: Record<string, unknown> = {};
        for (let j = 0; j < keys.length; j++) record[keys[j]!] = cells[j]![i];
        for (const c of coded) record[c.key] = codeOf(c.codes!, record[c.key]);
        const result = rowSchema.safeParse(record);
        if (result.success) {
          if (errorCount === 0) rows.push(result.data);
          continue;
        }
        for (const e of fieldErrors(result.error)) {
          const key = e.field.split('.')[0] ?? '';
          errorCount++;
          if (errors.length < MAX_ROW_ERRORS)
            errors.push({ row: rowNumbers[i]!, column: key, message: key ? said(`${key} ${e.message.en}`, `${key} ${e.message.zh}`) : e.message });
        }
      }
      if (errorCount === 0 && rows.length) {
        await take(rows, rowNumbers.slice(from));
        handed += rows.length;
      }
    }
  } catch (err) {
    read.stop();
    throw err;
  }
  const done = await outcome;
  if (done.kind === 'refused') throw Object.assign(invalid(done.message), { cause: done.cause });
  if (!done.hasHeader) throw invalid(said('the spreadsheet is empty: it needs a header row and at least one data row', '表格是空的：需要一行表头和至少一行数据'));
  if (done.headerErrors.length) return { errors: done.headerErrors.slice(0, MAX_ROW_ERRORS), errorCount: done.headerErrors.length };
  if (done.dataRows > maxRows) throw tooManyRows(done.dataRows, maxRows);
  if (done.dataRows === 0) throw invalid(said('the spreadsheet has a header row but no data rows; add at least one row', '表格只有表头没有数据；请至少添加一行'));
  if (errorCount > 0) return { errors, errorCount };
  return { rows: handed };
}

/**
 * Reads and checks a whole sheet as `readSheetInBatches` does and answers all its parsed rows (with
 * their sheet row numbers), or every row error; for imports whose rules need all rows before any is written.
 */
export async function readSheet<S extends z.ZodObject>(
  path: string,
  columns: readonly Column[],
  rowSchema: S,
  { maxRows = Infinity }: { maxRows?: number } = {},
): Promise<ReadResult<z.output<S>>> {
  const rows: z.output<S>[] = [];
  const rowNumbers: number[] = [];
  const result = await readSheetInBatches(path, columns, rowSchema, { maxRows }, async (batch, numbers) => {
    for (const row of batch) rows.push(row);
    for (const n of numbers) rowNumbers.push(n);
  });
  if ('errors' in result) return result;
  progress('checking', rows.length, rows.length);
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
