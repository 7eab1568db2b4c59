// Every user's own account: change the password with the current one. After an admin's reset the
// shell opens this page first and nothing else works until a new password is chosen. A changed
// password ends every session, this one too: the user signs in again with the new one.
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { updateUserBody } from '../../../../../shared/users';
import { useAuth } from '../../api/auth';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { applyServerErrors, zodRule } from '../../kit/zodForm';
import { repeatRule } from './repeatRule';
import { PageTitle } from '../../kit/PageTitle';

const schema = updateUserBody.pick({ password: true, currentPassword: true }).required();

export default function AccountPage() {
  const t = useT();
  const { user, logout } = useAuth();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const submit = async ({ currentPassword, password }: Record<string, string>) => {
    setError(null);
    setBusy(true);
    try {
      await api.put(`/users/${user.id}`, { currentPassword, password });
      void message.success(t('account.changed'));
      await logout();
      navigate('/login');
    } catch (err) {
      setError(applyServerErrors(form, err, t));
    } finally {
      setBusy(false);
    }
  };

  const rules = [zodRule(schema, t)];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('account.title')}</PageTitle>
      <Card style={{ maxWidth: 480 }} title={t('account.changePassword')}>
        <Typography.Paragraph type="secondary">
          {user.displayName || user.username} · {user.username}
        </Typography.Paragraph>
        {user.mustChangePassword && <Alert type="warning" showIcon title={t('account.mustChange')} style={{ marginBottom: 16 }} data-testid="must-change" />}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} name="account" layout="vertical" onFinish={(v: Record<string, string>) => void submit(v)}>
          <Form.Item name="currentPassword" label={t('account.currentPassword')} rules={[{ required: true, message: t('validation.required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="password" label={t('account.newPassword')} extra={t('auth.passwordHint')} rules={rules} required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label={t('account.repeatPassword')} dependencies={['password']} required rules={[repeatRule(t)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('account.changePassword')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
