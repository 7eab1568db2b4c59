// Builds and reads small .xlsx workbooks for spreadsheet tests (exceljs in memory: the files are tiny).
import ExcelJS from 'exceljs';

/** A workbook whose first sheet holds `rows` (the first row being the header). */
export async function workbook(rows: unknown[][], options: { dateFormat?: boolean; sheets?: number } = {}): Promise<Uint8Array> {
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
