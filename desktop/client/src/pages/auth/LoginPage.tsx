import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../api/auth';
import { errorText } from '../../api/errors';
import { sessionEnded } from '../../api/tokens';
import { useT } from '../../i18n';
import { lazyZodRule } from '../../kit/lazyRule';
import { AuthCard } from './AuthCard';

export default function LoginPage() {
  const t = useT();
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (user) return <Navigate to={from} replace />;

  const submit = async (values: { username: string; password: string }) => {
    setError(null);
    setBusy(true);
    try {
      await login(values.username, values.password);
      navigate(from, { replace: true });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const rules = [lazyZodRule(() => import('../../../../../shared/users').then((m) => m.loginBody), t)];
  return (
    <AuthCard title={t('auth.loginTitle')}>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      ) : (
        sessionEnded() && <Alert type="warning" showIcon title={t('auth.sessionExpired')} style={{ marginBottom: 16 }} data-testid="session-ended" />
      )}
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label={t('auth.username')} rules={rules}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={rules}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.login')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        {t('auth.noAccount')} <Link to="/register">{t('auth.register')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
