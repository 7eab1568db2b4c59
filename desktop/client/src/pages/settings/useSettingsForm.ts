// A settings card's form state: the settings (GET /settings, shared through the query cache), the
// card's form, and a save that sends part of the settings with PUT /settings. The answer goes in
// the cache (every card and page reading the settings sees it), the card's own follow-up runs, then
// the success message; a refusal shows next to its fields or at the card's top (`error`), and
// `busy` holds while the request is out. Each card fills its form from `settings` itself.
import { useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import type { Settings } from '../../../../../shared/settings';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { applyServerErrors } from '../../kit/zodForm';
import { SETTINGS_PATH, useSettings } from './useSettings';

export function useSettingsForm() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settings = useSettings();

  /** PUT /settings with `body` (the fields this card edits); `then` runs with the saved settings before the message `done`. */
  const save = async (body: unknown, done: string, then?: (saved: Settings) => void) => {
    setError(null);
    setBusy(true);
    try {
      const saved = await api.put<Settings>(SETTINGS_PATH, body);
      queryClient.setQueryData([SETTINGS_PATH], saved);
      then?.(saved);
      void message.success(done);
    } catch (err) {
      setError(applyServerErrors(form, err, t));
    } finally {
      setBusy(false);
    }
  };

  return { settings, form, busy, error, setError, save, queryClient };
}
