import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../../layout/LanguageSwitch';

/** The centered card of the sign-in and registration pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f4f8' }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitch />
      </div>
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ color: '#1f6fb2', marginTop: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 24 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
