// antd components a list page's first screen does not show, each loaded (its own chunk) when it
// first renders: the date pickers (a filter or form field: on a phone the filters wait in a drawer,
// and forms open on demand) and Result (the 403 and 404 pages). Before, every list page downloaded
// them at its start; a phone on a slow link waited for them before the first rows.
import { Input, type DatePickerProps, type ResultProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense, type ComponentType } from 'react';

const DatePickerChunk = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default as unknown as ComponentType<DatePickerProps> })));
const RangePickerChunk = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker as unknown as ComponentType<RangePickerProps> })));
const ResultChunk = lazy(() => import('antd/es/result'));

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
