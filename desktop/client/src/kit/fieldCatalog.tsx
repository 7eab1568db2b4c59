// An area's field catalog: each field declared once (label, kind, its input, how its column shows
// it), and each page's filters, form and columns picking entries by id, with the few per-page
// differences (a required flag, a keyword hint, a cell that needs the page's data) given at the pick
// (Ant Design ProTable's model). Kinds: a 'date' filters as the dates range (startDate/endDate), a
// 'select' shows as a status badge when it has a status map, a 'number' or 'quantity' column uses
// the catalog's number format.
import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n';
import type { FieldDef, Option } from './fields';
import type { ColumnDef } from './ListPage';
import type { StatusMap } from './StatusBadge';

type Cell = (value: unknown, row: Record<string, unknown>) => ReactNode;

export interface FieldEntry {
  /** the request's field name (default: the catalog id) */
  name?: string;
  /** the record's field name, when the request names it otherwise (default: name) */
  recordName?: string;
  label: MessageKey;
  /** 'quantity': a number followed by its unit in the form; 'files': a FileDropzone */
  kind?: 'text' | 'textarea' | 'number' | 'quantity' | 'percent' | 'date' | 'dateTime' | 'select' | 'files';
  /** kind 'select': the choices, and the badge of each value in the table */
  options?: readonly Option[];
  status?: StatusMap;
  /** form */
  required?: boolean;
  hint?: MessageKey;
  /** a custom form input */
  input?: () => ReactNode;
  /** kind 'quantity': the unit after the input, or the form field holding it */
  unit?: FieldDef['unit'];
  /** kind 'files': what the route accepts, and at most how many */
  rule?: FieldDef['rule'];
  maxCount?: number;
  /** form and filter */
  placeholder?: MessageKey;
  /** a custom filter input */
  filter?: () => ReactNode;
  /** column */
  sortable?: boolean;
  width?: number;
  align?: ColumnDef<unknown>['align'];
  cell?: Cell;
}

/** The picks of a catalog: an entry by id, or by id with what this page sets differently. */
export type FieldPick<Id extends string> = Id | readonly [Id, Partial<FieldEntry>];

export interface CatalogOptions {
  /** how a 'number' or 'quantity' column without its own cell shows its value */
  formatNumber?: (value: number | null) => ReactNode;
}

/** A party's name in a list: cut shorter than other free text, so the key columns keep to a laptop's screen. */
export const partyCell = (value: unknown) =>
  value == null || value === '' ? (
    ''
  ) : (
    <span className="cell-text cell-party" title={String(value)}>
      {String(value)}
    </span>
  );

export function fieldCatalog<C extends Record<string, FieldEntry>>(catalog: C, options: CatalogOptions = {}) {
  type Id = keyof C & string;

  /** the entry of a pick, with its name filled in */
  function entry(pick: FieldPick<Id>): FieldEntry & { name: string } {
    const [id, own] = typeof pick === 'string' ? [pick, {}] : (pick as readonly [Id, Partial<FieldEntry>]);
    const base: FieldEntry = catalog[id]!;
    return { name: id, ...base, ...own };
  }

  /** The search form: a date filters by the range startDate/endDate, a select may stay empty. */
  function filterFields(picks: readonly FieldPick<Id>[]): FieldDef[] {
    return picks.map((pick) => {
      const e = entry(pick);
      const field: FieldDef = { name: e.name, label: e.label, placeholder: e.placeholder };
      if (e.filter) return { ...field, render: e.filter };
      if (e.kind === 'date') return { ...field, name: 'dates', kind: 'dateRange' };
      if (e.kind === 'select') return { ...field, kind: 'select', options: e.options };
      if (e.kind === 'number' || e.kind === 'quantity') return { ...field, kind: 'number' };
      return field;
    });
  }

  /**
   * The create/edit drawer's fields, in the order of the picks. Given the request's schema, every
   * field of it that the picks do not name follows them, from its catalog entry: a field added to
   * the schema and the catalog shows in the form without the page naming it.
   */
  function formFields(picks: readonly FieldPick<Id>[], schema?: { shape: Record<string, unknown> }): FieldDef[] {
    const named = new Set(picks.map((pick) => entry(pick).name));
    const rest = Object.keys(schema?.shape ?? {}).filter((name) => !named.has(name));
    for (const name of rest) if (!(name in catalog)) throw new Error(`the field catalog has no entry for the form field ${name}`);
    return [...picks, ...(rest as Id[])].map((pick) => {
      const e = entry(pick);
      const field: FieldDef = { name: e.name, label: e.label, hint: e.hint, required: e.required, placeholder: e.placeholder };
      if (e.input) return { ...field, render: e.input };
      if (e.kind === 'select') return { ...field, kind: 'select', options: e.options };
      if (e.kind === 'quantity') return { ...field, kind: 'quantity', unit: e.unit };
      if (e.kind === 'files') return { ...field, kind: 'files', rule: e.rule, maxCount: e.maxCount };
      if (e.kind === 'dateTime') return field;
      if (e.kind) return { ...field, kind: e.kind };
      return field;
    });
  }

  /** The table's columns: dates formatted, selects as badges, numbers in the catalog's format. */
  function tableColumns<T>(picks: readonly FieldPick<Id>[]): ColumnDef<T>[] {
    return picks.map((pick) => {
      const e = entry(pick);
      const key = (e.recordName ?? e.name) as keyof T & string;
      const format = options.formatNumber;
      const cell = e.cell ?? ((e.kind === 'number' || e.kind === 'quantity') && format ? (value: unknown) => format(value as number | null) : undefined);
      const column: ColumnDef<T> = { key, title: e.label, sortable: e.sortable, width: e.width, align: e.align };
      if (cell) return { ...column, render: (row: T) => cell((row as Record<string, unknown>)[key], row as Record<string, unknown>) };
      if (e.kind === 'date' || e.kind === 'dateTime') return { ...column, kind: e.kind };
      if (e.kind === 'select' && e.status) return { ...column, kind: 'status', status: e.status };
      return column;
    });
  }

  return { entry, filterFields, formFields, tableColumns };
}
