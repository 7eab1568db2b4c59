// The column list that describes a sheet, and a row error of an import: the types shared by the
// sheet writer and reader (sheet.ts) and the reader's worker (sheet-reader.ts).
import type { Said } from '../../shared/messages.js';

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
