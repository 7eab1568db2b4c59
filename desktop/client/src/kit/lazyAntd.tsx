// antd components a list page's first screen does not show, each loaded (its own chunk) when it
// first renders: the date pickers and the select (a filter or form field: on a phone the filters
// wait in a drawer, and forms open on demand), the table (a phone shows cards) and Result (the 403
// and 404 pages). Before, every list page downloaded
// them at its start; a phone on a slow link waited for them before the first rows.
import { Input, Spin, type AutoCompleteProps, type DatePickerProps, type ResultProps, type SelectProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { TableProps } from 'antd/es/table';
import { lazy, Suspense, type ComponentType } from 'react';

const DatePickerChunk = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default as unknown as ComponentType<DatePickerProps> })));
const RangePickerChunk = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker as unknown as ComponentType<RangePickerProps> })));
const ResultChunk = lazy(() => import('antd/es/result'));
const SelectChunk = lazy(() => import('antd/es/select'));
const AutoCompleteChunk = lazy(() => import('antd/es/auto-complete'));
const TableChunk = lazy(() => import('antd/es/table')) as unknown as ComponentType<TableProps<object>>;

/** antd's DatePicker (a form control: antd's Form.Item passes value and onChange through). */
export function LazyDatePicker(props: DatePickerProps) {
  return (
    <Suspense fallback={<Input style={props.style} disabled />}>
      <DatePickerChunk {...props} />
    </Suspense>
  );
}

/** antd's DatePicker.RangePicker, as LazyDatePicker. */
export function LazyRangePicker(props: RangePickerProps) {
  return (
    <Suspense fallback={<Input style={{ width: 240, ...props.style }} disabled />}>
      <RangePickerChunk {...props} />
    </Suspense>
  );
}

/** antd's Result. */
export function LazyResult(props: ResultProps & { 'data-testid'?: string }) {
  return (
    <Suspense fallback={null}>
      <ResultChunk {...props} />
    </Suspense>
  );
}

/** antd's Table: a list page shows it on a computer only (a phone shows cards), and drawers (a receipt history) when opened. */
export function LazyTable<T extends object>(props: TableProps<T>) {
  return (
    <Suspense fallback={<Spin spinning style={{ display: 'block', minHeight: 120 }} />}>
      <TableChunk {...(props as unknown as TableProps<object>)} />
    </Suspense>
  );
}

/** antd's Select (a form control, as LazyDatePicker): filters and forms, which a phone's list shows only on demand. */
export function LazySelect(props: SelectProps) {
  return (
    <Suspense fallback={<Input id={props.id} style={props.style} placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined} disabled />}>
      <SelectChunk {...props} />
    </Suspense>
  );
}

/** antd's AutoComplete (a form control, as LazySelect: it is built on the select). */
export function LazyAutoComplete(props: AutoCompleteProps) {
  return (
    <Suspense fallback={<Input id={props.id} style={props.style} value={typeof props.value === 'string' ? props.value : ''} disabled />}>
      <AutoCompleteChunk {...props} />
    </Suspense>
  );
}
