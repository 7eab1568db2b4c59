// Builds and reads .xlsx workbooks for spreadsheet tests: small ones with exceljs in memory, as a
// user's spreadsheet program writes them; large ones of text and numbers as their XML directly.
import ExcelJS from 'exceljs';
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
