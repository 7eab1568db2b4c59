// Builds and reads .xlsx workbooks for spreadsheet tests: small ones with exceljs in memory, as a
// user's spreadsheet program writes them; large ones of text and numbers as their XML directly.
import ExcelJS from 'exceljs';
import { inflateRawSync } from 'node:zlib';
import { escape, frame, letters, MAIN, sheet as sheetPart, xml, zip } from './hostile-xlsx.js';

/** Rows past which a sheet of plain text and numbers is written directly (exceljs takes 2-4 s for 20,000 rows). */
const LARGE = 1_000;

type Plain = string | number | null | undefined;
const isPlain = (v: unknown): v is Plain => v === null || v === undefined || typeof v === 'string' || typeof v === 'number';
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A workbook whose first sheet holds `rows` (the first row being the header). A sheet of more than
 * 1,000 rows holding only text, numbers and empty cells is written as its XML directly, with shared
 * strings as exceljs and spreadsheet programs write them (test/helpers/hostile-xlsx.ts's parts), in a
 * fifth of the time exceljs takes; a reader sees the same cells (an empty row is left out, the rows
 * after it keep their numbers).
 */
export async function workbook(rows: unknown[][], options: { dateFormat?: boolean; sheets?: number } = {}): Promise<Uint8Array> {
  if (rows.length > LARGE && (options.sheets ?? 1) === 1 && rows.every((r) => r.every(isPlain))) return plainWorkbook(rows as Plain[][]);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  for (let i = 1; i < (options.sheets ?? 1); i++) book.addWorksheet(`Sheet${i + 1}`).addRow(['ignored']);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export interface ReadBook {
  sheets: { name: string; rows: unknown[][]; frozen: boolean; widths: (number | undefined)[] }[];
}

/** Reads every sheet of an .xlsx into plain rows (cell values as exceljs gives them). */
export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<ReadBook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as ArrayBuffer);
  return {
    sheets: book.worksheets.map((ws) => {
      const rows: unknown[][] = [];
      ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return {
        name: ws.name,
        rows,
        frozen: (ws.views ?? []).some((v) => v.state === 'frozen' && (v as { ySplit?: number }).ySplit === 1),
        widths: (ws.columns ?? []).map((c) => c.width),
      };
    }),
  };
}

/** A workbook of text and numbers written as XML: the sheet's strings once each in xl/sharedStrings.xml, before the sheet. */
async function plainWorkbook(rows: Plain[][]): Promise<Uint8Array> {
  const strings = new Map<string, number>();
  const pieces: string[] = [];
  let piece = '';
  rows.forEach((values, i) => {
    if (values.every(isEmpty)) return;
    const r = i + 1;
    piece += `<row r="${r}">`;
    values.forEach((v, c) => {
      if (isEmpty(v)) return;
      if (typeof v === 'number') piece += `<c r="${letters(c + 1)}${r}"><v>${v}</v></c>`;
      else {
        let index = strings.get(v!);
        if (index === undefined) strings.set(v!, (index = strings.size));
        piece += `<c r="${letters(c + 1)}${r}" t="s"><v>${index}</v></c>`;
      }
    });
    piece += '</row>';
    if (piece.length > 2 ** 20) {
      pieces.push(piece);
      piece = '';
    }
  });
  pieces.push(piece);
  const shared = xml(
    `<sst xmlns="${MAIN}" count="${strings.size}" uniqueCount="${strings.size}">${[...strings.keys()].map((s) => `<si><t${s.trim() === s ? '' : ' xml:space="preserve"'}>${escape(s)}</t></si>`).join('')}</sst>`,
  );
  return zip([...frame(true), { name: 'xl/sharedStrings.xml', content: shared }, { name: 'xl/worksheets/sheet1.xml', content: sheetPart(() => pieces) }], { level: 1 });
}

/** The parts of a zip by name, each inflated (no zip64: the exports a test reads are far below 4 GB). */
function unzip(bytes: Uint8Array): Map<string, Buffer> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const parts = new Map<string, Buffer>();
  let at = buf.readUInt32LE(end + 16);
  for (let i = buf.readUInt16LE(end + 10); i > 0; i--) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error('not a zip: bad central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buf.readUInt32LE(at + 42);
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(data, data + size);
    if (method !== 0 && method !== 8) throw new Error(`zip part ${name}: compression method ${method}`);
    parts.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return parts;
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e: string) =>
    e === 'lt'
      ? '<'
      : e === 'gt'
        ? '>'
        : e === 'amp'
          ? '&'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
/** The text of every `<t>` inside `xml` (an inline or shared string, rich text runs joined). */
const texts = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join('');
const column = (ref: string) => {
  let n = 0;
  for (const ch of ref.replace(/[0-9]+$/, '')) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
};

/**
 * Reads every sheet of a large .xlsx of text and numbers as readWorkbook does, in a fraction of its
 * time (exceljs takes seconds for 20,000 rows): the cells' values only, text as text, numbers as
 * numbers (a date is its serial number: no styles are read), booleans as booleans; empty rows left out.
 */
export function readPlainWorkbook(bytes: Uint8Array): { sheets: { name: string; rows: unknown[][] }[] } {
  const parts = unzip(bytes);
  const part = (name: string) => parts.get(name)?.toString('utf8');
  const shared = [...(part('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]!));
  const targets = new Map(
    [...(part('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship\s[^>]*>/g)].map((m) => [/Id="([^"]*)"/.exec(m[0])![1]!, /Target="([^"]*)"/.exec(m[0])![1]!]),
  );
  const sheets = [...part('xl/workbook.xml')!.matchAll(/<sheet\s[^>]*>/g)].map((m) => {
    const name = unescapeXml(/name="([^"]*)"/.exec(m[0])![1]!);
    const target = targets.get(/r:id="([^"]*)"/.exec(m[0])![1]!)!.replace(/^\/?(xl\/)?/, 'xl/');
    const rows: unknown[][] = [];
    for (const r of part(target)!.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
      const values: unknown[] = [];
      for (const c of (r[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attributes = c[1]!;
        const inner = c[2] ?? '';
        const type = /\bt="([^"]*)"/.exec(attributes)?.[1];
        const v = /<v>([^<]*)<\/v>/.exec(inner)?.[1];
        const value =
          type === 'inlineStr'
            ? texts(inner)
            : v === undefined
              ? undefined
              : type === 's'
                ? shared[Number(v)]
                : type === 'str'
                  ? unescapeXml(v)
                  : type === 'b'
                    ? v === '1'
                    : Number(v);
        if (value !== undefined) values[column(/\br="([A-Z]+[0-9]+)"/.exec(attributes)![1]!) - 1] = value;
      }
      if (values.length) rows.push(values);
    }
    return { name, rows };
  });
  return { sheets };
}
