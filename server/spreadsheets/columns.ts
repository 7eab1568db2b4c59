// The column list that describes a sheet, and a row error of an import: the types shared by the
// sheet writer and reader (sheet.ts) and the reader's worker (sheet-reader.ts).
import type { CodeKind } from '../../shared/labels.js';
import type { Said } from '../../shared/messages.js';
import { FIELD_LABELS, type LabelledField } from './field-labels.js';

export type ColumnType = 'text' | 'number' | 'date';

export interface Column {
  /** the field name: the header with ?headers=fields, and the key of a parsed row */
  key: string;
  /** the header in words, in both languages; an import takes either, or the key */
  label: Said;
  type: ColumnType;
  /** width in characters; a width to fit the type and header is chosen otherwise */
  width?: number;
  /** a code column: written as its words (shared/labels.ts) in the reader's language, read back from the code or either word */
  codes?: CodeKind;
}

/** A column as a list declares it: its label comes from FIELD_LABELS unless the list gives one. */
export interface ColumnSpec {
  key: LabelledField;
  type: ColumnType;
  width?: number;
  label?: Said;
  codes?: CodeKind;
}

/** The columns of a list; columns of another list (already labelled) may be spread in. */
export const sheetColumns = (specs: readonly (ColumnSpec | Column)[]): readonly Column[] => specs.map((s) => ({ ...s, label: s.label ?? FIELD_LABELS[s.key as LabelledField] }));

export interface RowError {
  /** the sheet's own row number: the header is row 1 */
  row: number;
  /** the column's key; '' when the error concerns the whole row */
  column: string;
  message: Said;
}
