// zodRule (kit/zodForm.ts) for a page that should not load zod before it is needed: the sign-in
// page, whose first paint on a phone waits for every script it imports. The schema and the
// validation code load at the first check (antd's validators may answer later), then stay loaded.
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import type { Translate } from '../i18n';

export function lazyZodRule(loadSchema: () => Promise<z.ZodType>, t: Translate): Rule {
  return (form) => ({
    async validator(rule) {
      const [{ validate, dropEmpty }, schema] = await Promise.all([import('./zodForm'), loadSchema()]);
      const field = (rule as { field?: string }).field ?? '';
      const messages = validate(schema, dropEmpty(form.getFieldsValue() as Record<string, unknown>), t).get(field);
      if (messages) throw new Error(messages[0]);
    },
  });
}
