// Client-side validation with the server's zod schemas (shared/), messages in the user's language,
// and server field errors put next to their field.
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { errorText } from '../api/errors';
import type { Translate } from '../i18n';
import { issueSaid } from '../../../../shared/validation';

/** One zod issue in the user's language (the field's label is shown by the form item). */
export function issueText(issue: z.core.$ZodIssue, t: Translate): string {
  return issueSaid(issue)[t.lang];
}

/** Issues of `values` against `schema`, grouped by top-level field name. */
export function validate(schema: z.ZodType, values: unknown, t: Translate): Map<string, string[]> {
  const result = schema.safeParse(values, { reportInput: true });
  const byField = new Map<string, string[]>();
  if (result.success) return byField;
  for (const issue of result.error.issues) {
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
