// The reading half of readSheet (sheet.ts), run in a worker thread with its own memory limit, time
// limit and temp folder (see docs/architecture.md, "Reading spreadsheets"). It first unpacks every
// part of the zip with yauzl, counting the bytes actually inflated and the shared strings and rows
// as they stream by, and only then lets exceljs's streaming reader parse the first sheet into
// records of plain cell values. The main thread checks those records against the row schema.
//
// This file runs as its own module in the worker: Node loads it as it is (types stripped from the
// source, or compiled to JavaScript), so it imports only packages and types, never our modules.
// exceljs's streaming reader alone: the package's main module loads all of exceljs (~10 MB more in
// each worker, and ~130 ms), where this file needs only this class
import WorkbookReader from 'exceljs/lib/stream/xlsx/workbook-reader.js';
import type { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import yauzl from 'yauzl';
import type { Said } from '../../shared/messages.js';
import type { Column, RowError } from './columns.js';

export interface SheetLimits {
  /** inflated bytes of one part of the zip */
  entryBytes: number;
  /** inflated bytes of all parts together */
  workbookBytes: number;
  /** parts in the zip */
  entries: number;
  /** `<si>` entries in xl/sharedStrings.xml */
  sharedStrings: number;
  /** `<row>` elements in one worksheet, empty ones included */
  rows: number;
  /** the last column a cell may be in */
  columns: number;
}

export interface ReadJob {
  path: string;
  columns: Pick<Column, 'key' | 'label' | 'type'>[];
  /** keys of the columns the header must have */
  required: string[];
  maxRows: number;
  limits: SheetLimits;
}

/**
 * Rows the worker hands over per message while it reads: the main thread takes each message in its own
 * turn of the event loop (and checks and may write those rows while the worker reads on), so copying
 * 100,000 rows in never holds up other requests for long.
 */
const ROWS_PER_MESSAGE = 2000;

/**
 * A batch of read rows, column by column (a few arrays a batch, not an object a row): `cells[j][i]` is
 * the value of column `keys[j]` in the row `rowNumbers[i]` of the sheet (undefined when blank). Every
 * data row is posted this way before the outcome.
 */
export interface ReadRows {
  kind: 'rows';
  keys: string[];
  cells: unknown[][];
  rowNumbers: number[];
}

/** Posted once every part of the zip has been inflated and found within the limits, before exceljs parses it. */
export interface ReadChecked {
  kind: 'checked';
  /** bytes of all its parts once inflated */
  unpackedBytes: number;
}

export type ReadOutcome =
  | {
      kind: 'read';
      /** false when the sheet has no non-empty row at all */
      hasHeader: boolean;
      headerErrors: RowError[];
      /** non-blank data rows, also those past maxRows (which are only counted, never posted) */
      dataRows: number;
    }
  | { kind: 'refused'; message: Said; /** what went wrong underneath, for the service log */ cause?: string };

const said = (en: string, zh: string): Said => ({ en, zh });
const n = (v: number) => v.toLocaleString('en-US');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

class Refusal extends Error {
  readonly said: Said;
  constructor(message: Said) {
    super(message.en);
    this.said = message;
  }
}

/** Beside a template's example row (sheet.ts writes it): a row holding it is not imported. */
export const EXAMPLE_MARK = 'example, not imported · 示例，不导入';

export const UNREADABLE = said(
  'the file could not be read as an Excel .xlsx workbook; open it in Excel, save it as .xlsx and upload again',
  '无法按 Excel .xlsx 工作簿读取此文件；请用 Excel 打开，另存为 .xlsx 后重新上传',
);

export const workbookTooLarge = (limits: SheetLimits) =>
  said(
    `the workbook is too large to import: unpacked, it would take more than ${mb(limits.workbookBytes)} (or one sheet more than ${mb(limits.entryBytes)}); delete unused sheets, pictures and the empty rows below the data, or split it into smaller files`,
    `工作簿太大，无法导入：解压后超过 ${mb(limits.workbookBytes)}（或单个工作表超过 ${mb(limits.entryBytes)}）；请删除无用的工作表、图片和数据下方的空行，或拆分为较小的文件`,
  );

export const tooManyStrings = (limits: SheetLimits) =>
  said(
    `the workbook holds more than ${n(limits.sharedStrings)} texts (shared strings), more than an import reads; split it into smaller files`,
    `工作簿包含超过 ${n(limits.sharedStrings)} 条文本（共享字符串），超出导入上限；请拆分为较小的文件`,
  );

export const tooManySheetRows = (limits: SheetLimits) =>
  said(
    `a sheet of the workbook has more than ${n(limits.rows)} rows (empty rows count too); delete the empty rows below the data, or split it into smaller files`,
    `工作簿中有工作表超过 ${n(limits.rows)} 行（空行也计算在内）；请删除数据下方的空行，或拆分为较小的文件`,
  );

export const tooManyColumns = (limits: SheetLimits) =>
  said(
    `a row of the sheet has a cell beyond column ${n(limits.columns)}, more columns than an import reads; delete the columns to the right of the data and upload again`,
    `表格中有单元格超出第 ${n(limits.columns)} 列，超出导入上限；请删除数据右侧的列后重新上传`,
  );

/** Counts `<name` followed by a space, `>` or `/` across the chunks of one XML part. */
class TagCounter {
  count = 0;
  private carry = '';
  private readonly tag: string;
  constructor(tag: string) {
    this.tag = tag;
  }
  add(chunk: Buffer): number {
    const text = this.carry + chunk.toString('latin1');
    let at = text.indexOf(this.tag);
    while (at !== -1 && at + this.tag.length < text.length) {
      const next = text.charCodeAt(at + this.tag.length);
      if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) this.count++;
      at = text.indexOf(this.tag, at + 1);
    }
    // a tag cut by the chunk boundary is counted with the next chunk
    this.carry = text.slice(Math.max(at === -1 ? text.length - this.tag.length : at, 0));
    return this.count;
  }
}

/** An open zip whose every part has been inflated once and found within the limits, by name. */
interface CheckedZip {
  zip: yauzl.ZipFile;
  parts: Map<string, yauzl.Entry>;
  /** inflated bytes of all parts together */
  bytes: number;
}

const openPart = (zip: yauzl.ZipFile, entry: yauzl.Entry) => new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));

/** Inflates every part of the zip once, refusing it as soon as a bound is passed. The caller closes the zip. */
async function checkZip(path: string, limits: SheetLimits): Promise<CheckedZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const parts = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > limits.entries) throw new Refusal(workbookTooLarge(limits));
    let total = 0;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) return { zip, parts, bytes: total };
      if (entry.fileName.endsWith('/')) continue;
      // the sizes the zip declares are checked first, then the bytes that really come out
      if (entry.uncompressedSize > limits.entryBytes || total + entry.uncompressedSize > limits.workbookBytes) throw new Refusal(workbookTooLarge(limits));
      const counter =
        entry.fileName === 'xl/sharedStrings.xml'
          ? { tag: new TagCounter('<si'), limit: limits.sharedStrings, refusal: tooManyStrings(limits) }
          : /^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName)
            ? { tag: new TagCounter('<row'), limit: limits.rows, refusal: tooManySheetRows(limits) }
            : null;
      const stream = await openPart(zip, entry);
      let bytes = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          total += chunk.length;
          if (bytes > limits.entryBytes || total > limits.workbookBytes) throw new Refusal(workbookTooLarge(limits));
          if (counter && counter.tag.add(chunk) > counter.limit) throw new Refusal(counter.refusal);
        }
      } finally {
        stream.destroy();
      }
      parts.set(entry.fileName, entry);
    }
  } catch (err) {
    zip.close();
    throw err;
  }
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
const DAY = 86400000;
const MARCH_1900 = Date.UTC(1900, 2, 1);

/**
 * The `YYYY-MM-DD` day of a date read from a sheet. Excel's calendar counts 1900-02-29, a day that
 * never was (serial 60), but exceljs (and the plain count from 1899-12-30) do not, so every date
 * before 1900-03-01 comes out one day early: it is moved on a day, and serial 60 keeps Excel's
 * 1900-02-29, which the row schema refuses as no real day.
 */
function dateText(d: Date): string {
  const t = d.getTime();
  if (Number.isNaN(t)) return 'invalid date';
  if (t >= MARCH_1900) return d.toISOString().slice(0, 10);
  if (Math.floor(t / DAY) + 25569 === 60) return '1900-02-29';
  return new Date(t + DAY).toISOString().slice(0, 10);
}

/** Converts a cell to what the row schema expects for the column's type; blank cells become undefined. */
function cellFor(column: Pick<Column, 'type'>, raw: unknown): unknown {
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
      if (typeof value === 'number' && value >= 1 && value < 2958466) return dateText(new Date(Math.round((value - 25569) * DAY)));
      return String(value).trim();
    default:
      if (value instanceof Date) return dateText(value);
      return String(value);
  }
}

/**
 * What exceljs's streaming WorkbookReader does with each part of the zip (exceljs 4.4, not public
 * API). Its own walk over the zip loses parts now and then: its unzipper emits 'end' as soon as the
 * input is consumed, dropping the parts still queued behind a slow one (seen: our own exports, which
 * store xl/workbook.xml last, failed to re-import about once a full test run). So the parts are
 * handed to its parsers here, from the checked zip, in the order they depend on each other.
 */
interface PartParsers {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseWorksheet(part: AsyncIterable<Buffer>, sheetNo: string): Iterable<{ eventType: string; value: unknown }>;
}

type SheetRows = AsyncIterable<{ number: number; values: unknown }>;

/** The rows of the workbook's first sheet (its first tab, as Excel shows it), read with exceljs. */
async function firstWorksheet({ zip, parts }: CheckedZip): Promise<SheetRows> {
  const reader = new WorkbookReader(null as never, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as PartParsers;
  const part = (name: string) => {
    const entry = parts.get(name);
    return entry ? openPart(zip, entry) : undefined;
  };
  const rels = await part('xl/_rels/workbook.xml.rels');
  const book = await part('xl/workbook.xml');
  if (!rels || !book) throw new Error('the zip has no xl/workbook.xml or xl/_rels/workbook.xml.rels');
  await reader._parseRels(rels);
  await reader._parseWorkbook(book);
  const styles = await part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  const strings = await part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(strings)) void _;

  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((r) => r.Id === first?.rId)?.Target;
  if (!target) throw new Error('the workbook lists no sheet');
  // targets are relative to xl/ ("worksheets/sheet1.xml") or absolute ("/xl/worksheets/sheet1.xml")
  const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheet = await part(name);
  if (!sheet) throw new Error(`the workbook's first sheet ${name} is missing`);
  const sheetNo = /(\d+)\.xml$/.exec(name)?.[1] ?? '1';
  for (const { eventType, value } of reader._parseWorksheet(sheet as AsyncIterable<Buffer>, sheetNo)) if (eventType === 'worksheet') return value as SheetRows;
  throw new Error('exceljs did not read the first sheet');
}

const headerKey = (s: string) => s.trim().toLowerCase();

async function readRows(job: ReadJob, checked: CheckedZip, post: (rows: ReadRows) => void): Promise<ReadOutcome> {
  const { columns, limits } = job;
  const byHeader = new Map<string, ReadJob['columns'][number]>();
  for (const c of columns) {
    for (const header of [c.key, c.label.en, c.label.zh]) byHeader.set(headerKey(header), c);
  }
  const headerErrors: RowError[] = [];
  let dataRows = 0;
  let positions: { index: number; key: string; type: Column['type'] }[] | null = null;
  // the batch being filled: one array of cells per found column, and the rows' numbers
  let cells: unknown[][] = [];
  let rowNumbers: number[] = [];
  const scratch: unknown[] = [];
  const flush = () => {
    if (!positions || rowNumbers.length === 0) return;
    post({ kind: 'rows', keys: positions.map((p) => p.key), cells, rowNumbers });
    cells = positions.map(() => []);
    rowNumbers = [];
  };

  const worksheet = await firstWorksheet(checked);
  let sheetRows = 0;
  for await (const row of worksheet) {
    if (++sheetRows > limits.rows) throw new Refusal(tooManySheetRows(limits));
    const values = row.values as unknown[];
    if (values.length - 1 > limits.columns) throw new Refusal(tooManyColumns(limits));
    if (!positions) {
      // the first non-empty row is the header (row 1 in any sheet this service writes)
      positions = [];
      const found = new Set<string>();
      values.forEach((cell, index) => {
        const text = plainValue(cell);
        const column = typeof text === 'string' ? byHeader.get(headerKey(text)) : undefined;
        if (column && !found.has(column.key)) {
          found.add(column.key);
          positions!.push({ index, key: column.key, type: column.type });
        }
      });
      for (const c of columns) {
        if (!found.has(c.key) && job.required.includes(c.key))
          headerErrors.push({
            row: row.number,
            column: c.key,
            message: said(
              `the header row has no column "${c.label.en}" (or "${c.key}", "${c.label.zh}"); it is required`,
              `表头缺少必填列“${c.label.zh}”（或“${c.key}”“${c.label.en}”）`,
            ),
          });
      }
      // rows cannot be judged without their columns: the header errors say it all
      if (headerErrors.length) break;
      cells = positions.map(() => []);
      continue;
    }
    let blank = true;
    positions.forEach(({ index, type }, j) => {
      const value = (scratch[j] = cellFor({ type }, values[index]));
      if (value !== undefined) blank = false;
    });
    if (blank) continue; // an empty row (or one with only unknown columns) is not a data row
    if (values.some((v) => plainValue(v) === EXAMPLE_MARK)) continue; // a template's example row
    // over the limit: the answer will only say how many rows there are
    if (++dataRows > job.maxRows) continue;
    for (let j = 0; j < positions.length; j++) cells[j]!.push(scratch[j]);
    rowNumbers.push(row.number);
    if (rowNumbers.length === ROWS_PER_MESSAGE) flush();
  }
  flush();
  return { kind: 'read', hasHeader: positions !== null, headerErrors, dataRows };
}

async function run(job: ReadJob, post: (message: ReadRows | ReadChecked) => void): Promise<ReadOutcome> {
  let checked: CheckedZip | undefined;
  try {
    checked = await checkZip(job.path, job.limits);
    post({ kind: 'checked', unpackedBytes: checked.bytes });
    return await readRows(job, checked, post);
  } catch (err) {
    if (err instanceof Refusal) return { kind: 'refused', message: err.said };
    // exceljs refuses a cell address past column XFD (16,384) itself ("Out of bounds. Invalid column letter: XFE")
    if (err instanceof Error && err.message.startsWith('Out of bounds.')) return { kind: 'refused', message: tooManyColumns(job.limits) };
    return { kind: 'refused', message: UNREADABLE, cause: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  } finally {
    checked?.zip.close();
  }
}

if (parentPort && (workerData as { sheetReader?: ReadJob } | null)?.sheetReader) {
  const port = parentPort;
  void run((workerData as { sheetReader: ReadJob }).sheetReader, (message) => port.postMessage(message)).then((outcome) => port.postMessage(outcome));
}
