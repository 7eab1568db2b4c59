// Form fields declared by config, for search forms and for create/edit drawers.
import { LockOutlined } from '@ant-design/icons';
import { Form, Input, InputNumber } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { MessageKey, Translate } from '../i18n';
import type { FileRule } from './files';
import { LazyDatePicker, LazyRangePicker, LazySelect } from './lazyAntd';

// the drop zone (antd's Upload) loads with the first form that has a file field
const FileDropzone = lazy(() => import('./files').then((m) => ({ default: m.FileDropzone })));

export interface Option {
  value: string | number;
  label: MessageKey;
}

export interface FieldDef {
  /** the request's field name (dateRange: the pair startDate/endDate) */
  name: string;
  label: MessageKey;
  /** 'files': a FileDropzone whose File[] the drawer hands to onSubmit as is (not schema-checked) */
  /**
   * 'quantity': a number followed by its unit; 'percent': typed as 13 for 13 %, while the record
   * and the API hold the fraction 0.13 (converted by toForm/toRequest). Inputs do not round: a
   * number with too many decimals is refused by the schema, with its message.
   */
  kind?: 'text' | 'textarea' | 'password' | 'number' | 'quantity' | 'percent' | 'select' | 'date' | 'dateRange' | 'files';
  /** kind 'quantity': the unit shown after the number, or the name of the form field holding it */
  unit?: string | { field: string };
  options?: readonly Option[];
  placeholder?: MessageKey;
  hint?: MessageKey;
  required?: boolean;
  /** kind 'files': what the route accepts, and at most how many */
  rule?: FileRule;
  maxCount?: number;
  /** a custom input for kinds the kit does not know */
  render?: () => ReactNode;
  /** shown, not changed: a stock field of a posted document for a user without approve (a lock and the word "posted") */
  locked?: boolean;
}

export function fieldInput(field: FieldDef, t: Translate, search = false): ReactNode {
  if (field.locked && !search) return <LockedInput field={field} t={t} />;
  if (field.render) return field.render();
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;
  switch (field.kind ?? 'text') {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder} />;
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'percent':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} min={0} max={100} suffix="%" />;
    case 'quantity':
      return search ? <InputNumber style={{ width: '100%' }} placeholder={placeholder} /> : <QuantityInput unit={field.unit} placeholder={placeholder} />;
    case 'select':
      return (
        <LazySelect
          allowClear={search}
          placeholder={placeholder ?? (search ? t('list.any') : undefined)}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      );
    case 'date':
      return <LazyDatePicker style={{ width: '100%' }} format={t('format.date')} />;
    case 'dateRange':
      return <LazyRangePicker format={t('format.date')} />;
    case 'files':
      return <FilesInput rule={field.rule!} maxCount={field.maxCount} />;
    default:
      return <Input allowClear={search} placeholder={placeholder} />;
  }
}

/** A date picker's value (a dayjs object), told apart without importing dayjs into the first chunk. */
const isDate = (value: unknown): value is { format: (template: string) => string } => typeof (value as { format?: unknown }).format === 'function';

/** A locked field: its value as text, with a lock, read-only; the form still sends it as it is (the service sees no change). */
function LockedInput({ field, t, value, id }: { field: FieldDef; t: Translate; value?: unknown; id?: string }) {
  const option = field.options?.find((o) => o.value === value);
  const text =
    value == null
      ? ''
      : option
        ? t(option.label)
        : isDate(value)
          ? value.format(t('format.date'))
          : typeof value === 'number'
            ? value.toLocaleString(undefined, { maximumFractionDigits: 3 })
            : String(value as string);
  return <Input id={id} value={text} readOnly disabled prefix={<LockOutlined aria-hidden />} suffix={t('wh.posted.word')} data-testid={`locked-${field.name}`} />;
}

/** FileDropzone as a form control (antd injects value and onChange). */
function FilesInput({ rule, maxCount, value, onChange }: { rule: FileRule; maxCount?: number; value?: File[]; onChange?: (files: File[]) => void }) {
  return (
    <Suspense fallback={null}>
      <FileDropzone rule={rule} maxCount={maxCount} value={value ?? []} onChange={(files) => onChange?.(files)} />
    </Suspense>
  );
}

/** A quantity with its unit after it (antd injects value and onChange). */
export function QuantityInput({
  unit,
  placeholder,
  ...control
}: {
  unit?: FieldDef['unit'];
  placeholder?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}) {
  const watched = Form.useWatch(typeof unit === 'object' ? unit.field : '_none', Form.useFormInstance()) as unknown;
  const suffix = typeof unit === 'string' ? unit : typeof watched === 'string' ? watched : undefined;
  return <InputNumber {...control} style={{ width: '100%' }} placeholder={placeholder} suffix={suffix || undefined} />;
}

/** Percent fields: the record's fraction 0.13 is typed as 13. */
export const fractionToPercent = (v: number) => Math.round(v * 1_000_000) / 10_000;
export const percentToFraction = (v: number) => Math.round(v * 10_000) / 1_000_000;
