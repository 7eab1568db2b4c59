// Client-side validation with the server's zod schemas (shared/), messages in the user's language,
// and server field errors put next to their field.
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { errorText } from '../api/errors';
import type { Translate } from '../i18n';

type Issue = z.core.$ZodIssue & { input?: unknown };

/** One zod issue in the user's language (the field's label is shown by the form item). */
export function issueText(issue: Issue, t: Translate): string {
  const n = (v: unknown) => ({ n: String(v) });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return t('validation.required');
      return issue.expected === 'number' ? t('validation.number') : t('validation.type');
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t('validation.notEmpty') : t('validation.tooShort', n(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.minItems', n(issue.minimum));
      return t(issue.inclusive ? 'validation.min' : 'validation.greater', n(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string') return t('validation.tooLong', n(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.maxItems', n(issue.maximum));
      return t(issue.inclusive ? 'validation.max' : 'validation.less', n(issue.maximum));
    case 'invalid_value':
      return t('validation.oneOf', { values: issue.values.map(String).join(', ') });
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'regex' && String(issue.pattern).includes('\\d{4}-\\d{2}-\\d{2}')) return t('validation.date');
      return t('validation.format');
    case 'not_multiple_of':
      return t('validation.multipleOf', n(issue.divisor));
    case 'invalid_union':
      return t('validation.type');
    case 'custom':
      // a schema's own refinement: its message is the one the server would answer
      return issue.message || t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/** Issues of `values` against `schema`, grouped by top-level field name. */
export function validate(schema: z.ZodType, values: unknown, t: Translate): Map<string, string[]> {
  const result = schema.safeParse(values, { reportInput: true });
  const byField = new Map<string, string[]>();
  if (result.success) return byField;
  for (const issue of result.error.issues as Issue[]) {
    const field = issue.path.map(String).join('.');
    byField.set(field, [...(byField.get(field) ?? []), issueText(issue, t)]);
  }
  return byField;
}

/** antd rule for one field: validates the whole form with the schema and keeps this field's issues. */
export function zodRule(schema: z.ZodType, t: Translate, read: (values: Record<string, unknown>) => unknown = dropEmpty): Rule {
  return (form) => ({
    validator(rule) {
      const field = (rule as { field?: string }).field ?? '';
      const messages = validate(schema, read(form.getFieldsValue()), t).get(field);
      return messages ? Promise.reject(new Error(messages[0])) : Promise.resolve();
    },
  });
}

/** antd leaves untouched inputs undefined and cleared ones ''; the schemas treat both as absent. */
export function dropEmpty<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Shows a failed save on the form: each server field error next to its field. Returns the text for
 * the form's top (errors of no shown field, or the server's message when none was placed), or null.
 */
export function applyServerErrors(form: FormInstance, err: unknown, t: Translate): string | null {
  if (!(err instanceof ApiError) || err.fieldErrors.length === 0) return errorText(err, t);
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const rest: string[] = [];
  const fields: { name: (string | number)[]; errors: string[] }[] = [];
  for (const e of err.fieldErrors) {
    const name = e.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (e.field && known.has(String(name[0]))) fields.push({ name, errors: [e.message] });
    else rest.push(e.field ? `${e.field} ${e.message}` : e.message);
  }
  form.setFields(fields);
  if (fields.length === 0) return err.message;
  return rest.length ? rest.join('; ') : null;
}
