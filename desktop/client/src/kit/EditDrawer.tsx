// Create/edit drawer: fields by config, validated with a zod schema of shared/ while typing and on
// save; server field errors land next to their field, other server messages above the form.
// Enter in a date picker or a select picks, never saves; closing with unsaved changes (Esc, the
// mask, the X) asks first, while Cancel discards as it says. On a phone the drawer fills the screen
// and its buttons sit in its footer, always on screen under the fields that scroll.
import { Alert, App, Button, Drawer, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useT } from '../i18n';
import { fieldInput, fractionToPercent, percentToFraction, type FieldDef } from './fields';
import { useOpeningKey } from './useOpeningKey';
import { usePhone } from './usePhone';
import { applyServerErrors, dropEmpty, zodRule } from './zodForm';

export interface EditDrawerProps {
  open: boolean;
  title: string;
  fields: readonly FieldDef[];
  schema: z.ZodType;
  initialValues?: Record<string, unknown>;
  /** shown under the fields (e.g. a FileDropzone and its progress) */
  extra?: ReactNode;
  onClose(): void;
  /** receives the values as the schema parsed them; throws ApiError on refusal */
  onSubmit(values: Record<string, unknown>): Promise<unknown>;
}

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** Form values → request values: dates as YYYY-MM-DD, percents as fractions. */
export function toRequest(values: Record<string, unknown>, fields: readonly FieldDef[] = []): Record<string, unknown> {
  const percents = new Set(fields.filter((f) => f.kind === 'percent').map((f) => f.name));
  return Object.fromEntries(
    Object.entries(dropEmpty(values)).map(([k, v]) => [k, isDayjs(v) ? v.format('YYYY-MM-DD') : percents.has(k) && typeof v === 'number' ? percentToFraction(v) : v]),
  );
}

/** Record values → form values: date fields as dayjs, fractions as percents. */
export function toForm(fields: readonly FieldDef[], values: Record<string, unknown> = {}): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    const v = out[f.name];
    if (f.kind === 'date' && typeof v === 'string') out[f.name] = dayjs(v);
    if (f.kind === 'percent' && typeof v === 'number') out[f.name] = fractionToPercent(v);
  }
  return out;
}

/** Keys that pick inside these inputs: Enter there must not submit the form. */
const PICKERS = '.ant-picker, .ant-select, .ant-cascader';
export function keepEnterInPickers(e: React.KeyboardEvent) {
  if (e.key === 'Enter' && e.target instanceof Element && e.target.closest(PICKERS)) e.preventDefault();
}

export function EditDrawer({ open, title, fields, schema, initialValues, onClose, onSubmit, extra }: EditDrawerProps) {
  const t = useT();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [topError, setTopError] = useState<string | null>(null);
  const openingKey = useOpeningKey(open);
  const phone = usePhone();

  // The form starts from the initial values once per opening: a page that re-renders under an open
  // drawer (a live refresh, a refetch, an upload's progress) must not reset what the user typed. The
  // values go both to the Form (it may mount after this effect: the drawer's portal renders its
  // content a render later) and to the store.
  // compared by content: a page that hands an equal object on every render changes nothing
  const initialKey = JSON.stringify(initialValues ?? null);
  const startValues = useMemo(() => toForm(fields, initialValues), [openingKey, initialKey]);
  const applied = useRef(startValues);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // The store outlives each opening's Form (one instance per drawer), and resetFields goes back to
    // the initial values of the Form mounted last: after an edit, the record's. Every value the
    // last opening left is cleared, or a New after an Edit would start from the record edited.
    const left = Object.keys(form.getFieldsValue(true) as Record<string, unknown>);
    form.setFieldsValue({ ...Object.fromEntries(left.map((name) => [name, undefined])), ...startValues });
    applied.current = startValues;
    setTopError(null);
  }, [openingKey]);
  // An initial value that changes while the drawer is open (the page caught up with its address, as
  // after a new folder is selected) fills its field unless the user has touched it; every other
  // field keeps what it holds, typed or filled by the form itself.
  useEffect(() => {
    if (!open || applied.current === startValues) return;
    const before = applied.current;
    applied.current = startValues;
    const changed = Object.entries(startValues).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(before[name]) && !form.isFieldTouched(name));
    if (changed.length) form.setFieldsValue(Object.fromEntries(changed));
  }, [startValues]);

  const save = async () => {
    setTopError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue() as Record<string, unknown>;
    const parsed = schema.safeParse(toRequest(values, fields));
    if (!parsed.success) return; // the rules above already show why
    // file fields are not part of the schema: they go to onSubmit as chosen
    const files = Object.fromEntries(fields.filter((f) => f.kind === 'files').map((f) => [f.name, (values[f.name] as File[] | undefined) ?? []]));
    setSaving(true);
    try {
      await onSubmit({ ...(parsed.data as Record<string, unknown>), ...files });
      onClose();
    } catch (err) {
      setTopError(applyServerErrors(form, err, t));
    } finally {
      setSaving(false);
    }
  };

  // the schema sees YYYY-MM-DD strings, as the server does
  const rules = [zodRule(schema, t, (v) => toRequest(v, fields))];
  const closeAsking = () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardText'),
      okText: t('form.discard'),
      okButtonProps: { danger: true },
      cancelText: t('form.keepEditing'),
      onOk: onClose,
    });
  };
  const fileRules = (f: FieldDef) =>
    f.required ? [{ validator: (_r: unknown, v?: File[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('validation.required')))) }] : [];
  const buttons = (
    <Space>
      <Button onClick={onClose}>{t('list.cancel')}</Button>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {t('list.save')}
      </Button>
    </Space>
  );
  return (
    <Drawer
      key={openingKey}
      open={open}
      title={title}
      size={phone ? '100%' : 480}
      onClose={closeAsking}
      destroyOnHidden
      extra={phone ? undefined : buttons}
      footer={phone ? buttons : undefined}
      styles={phone ? { footer: { display: 'flex', justifyContent: 'flex-end' } } : undefined}
    >
      {topError && <Alert type="error" showIcon title={topError} style={{ marginBottom: 16 }} />}
      {/* its own name: field ids must not clash with the same field in the search form */}
      <Form form={form} name="edit" layout="vertical" initialValues={startValues} onFinish={() => void save()} onKeyDownCapture={keepEnterInPickers}>
        {fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={t(f.label)} extra={f.hint ? t(f.hint) : undefined} rules={f.kind === 'files' ? fileRules(f) : rules} required={f.required}>
            {fieldInput(f, t)}
          </Form.Item>
        ))}
        <button type="submit" hidden />
      </Form>
      {extra}
    </Drawer>
  );
}
