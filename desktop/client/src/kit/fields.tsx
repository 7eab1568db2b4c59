// Form fields declared by config, for search forms and for create/edit drawers.
import { DatePicker, Input, InputNumber, Select } from 'antd';
import type { ReactNode } from 'react';
import type { MessageKey, Translate } from '../i18n';
import { FileDropzone, type FileRule } from './files';

export interface Option {
  value: string | number;
  label: MessageKey;
}

export interface FieldDef {
  /** the request's field name (dateRange: the pair startDate/endDate) */
  name: string;
  label: MessageKey;
  /** 'files': a FileDropzone whose File[] the drawer hands to onSubmit as is (not schema-checked) */
  kind?: 'text' | 'textarea' | 'password' | 'number' | 'select' | 'date' | 'dateRange' | 'files';
  options?: readonly Option[];
  placeholder?: MessageKey;
  hint?: MessageKey;
  required?: boolean;
  /** kind 'files': what the route accepts, and at most how many */
  rule?: FileRule;
  maxCount?: number;
  /** a custom input for kinds the kit does not know */
  render?: () => ReactNode;
}

export function fieldInput(field: FieldDef, t: Translate, search = false): ReactNode {
  if (field.render) return field.render();
  const placeholder = field.placeholder ? t(field.placeholder) : undefined;
  switch (field.kind ?? 'text') {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder} />;
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'select':
      return (
        <Select
          allowClear={search}
          placeholder={placeholder ?? (search ? t('list.any') : undefined)}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
        />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={t('format.date')} />;
    case 'dateRange':
      return <DatePicker.RangePicker format={t('format.date')} />;
    case 'files':
      return <FilesInput rule={field.rule!} maxCount={field.maxCount} />;
    default:
      return <Input allowClear={search} placeholder={placeholder} />;
  }
}

/** FileDropzone as a form control (antd injects value and onChange). */
function FilesInput({ rule, maxCount, value, onChange }: { rule: FileRule; maxCount?: number; value?: File[]; onChange?: (files: File[]) => void }) {
  return <FileDropzone rule={rule} maxCount={maxCount} value={value ?? []} onChange={(files) => onChange?.(files)} />;
}
