// The office's settings (admin): the company name printed above every printed document.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { settingsBody, type Settings } from '../../../../../shared/settings';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { applyServerErrors, zodRule } from '../../kit/zodForm';

export const SETTINGS_PATH = '/settings';

export default function SettingsPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settings = useQuery({ queryKey: [SETTINGS_PATH], queryFn: ({ signal }) => api.get<Settings>(SETTINGS_PATH, undefined, signal) });
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ companyName: settings.data.companyName ?? '' });
  }, [settings.data, form]);

  const submit = async (values: { companyName?: string }) => {
    setError(null);
    setBusy(true);
    try {
      const saved = await api.put<Settings>(SETTINGS_PATH, { companyName: values.companyName ?? '' });
      queryClient.setQueryData([SETTINGS_PATH], saved);
      void message.success(t('settings.saved'));
    } catch (err) {
      setError(applyServerErrors(form, err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 640 }} title={t('menu.settings')} loading={settings.isPending}>
      {settings.isError && <Alert type="error" showIcon title={errorText(settings.error, t)} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="settings" layout="vertical" onFinish={(v: { companyName?: string }) => void submit(v)}>
        <Form.Item name="companyName" label={t('settings.companyName')} extra={t('settings.companyNameHint')} rules={[zodRule(settingsBody, t)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('list.save')}
        </Button>
      </Form>
    </Card>
  );
}
