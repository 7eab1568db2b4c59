declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  import type { stream } from 'exceljs';
  /** The class exceljs's main module exports as `stream.xlsx.WorkbookReader`, from its own file. */
  const WorkbookReader: typeof stream.xlsx.WorkbookReader;
  export default WorkbookReader;
}
