import type { Rule } from 'antd/es/form';
import type { Translate } from '../../i18n';

/** The repeated password: required when empty, "differ" only when both are typed and differ. */
export const repeatRule =
  (t: Translate): Rule =>
  ({ getFieldValue }) => ({
    validator: (_, v?: string) =>
      !v ? Promise.reject(new Error(t('validation.required'))) : v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordsDiffer'))),
  });
