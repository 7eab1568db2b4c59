import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { registerBody, type User } from '../../../../../shared/users';
import { api, ApiError } from '../../api/client';
import { useT } from '../../i18n';
import { applyServerErrors, zodRule } from '../../kit/zodForm';
import { AuthCard } from './AuthCard';
import { repeatRule } from './repeatRule';

export default function RegisterPage() {
  const t = useT();
  const [form] = Form.useForm();
  const [created, setCreated] = useState<User | null>(null);
  /** the service's refusal when the admin closed self-registration (settings): shown instead of the form */
  const [closed, setClosed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ confirm: _confirm, ...values }: Record<string, string>) => {
    setError(null);
    const parsed = registerBody.safeParse(values);
    if (!parsed.success) return;
    setBusy(true);
    try {
      setCreated(await api.post<User>('/auth/register', parsed.data, { anonymous: true }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && (err.data as { rule?: string } | undefined)?.rule === 'selfRegistration') return setClosed(err.message);
      setError(applyServerErrors(form, err, t));
    } finally {
      setBusy(false);
    }
  };

  if (closed) {
    return (
      <AuthCard title={t('auth.registerTitle')}>
        <Result
          status="info"
          title={t('auth.registrationClosedTitle')}
          subTitle={closed}
          data-testid="registration-closed"
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.login')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  if (created) {
    const pending = created.status === 'pending';
    return (
      <AuthCard title={t('auth.registerTitle')}>
        <Result
          status={pending ? 'info' : 'success'}
          title={pending ? t('auth.pendingTitle') : undefined}
          subTitle={t(pending ? 'auth.pendingText' : 'auth.adminCreated', { username: created.username })}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.login')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }

  const rules = [zodRule(registerBody, t)];
  return (
    <AuthCard title={t('auth.registerTitle')}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="username" label={t('auth.username')} extra={t('auth.usernameHint')} rules={rules} required>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="displayName" label={t('auth.displayName')} rules={rules}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('auth.email')} rules={rules}>
          <Input type="email" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} extra={t('auth.passwordHint')} rules={rules} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['password']} required rules={[repeatRule(t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.register')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.login')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
