import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { BRAND } from '../../theme';

/** The centered card of the sign-in and registration pages: the page's main landmark, the product's name its h1. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f4f8' }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitch />
      </div>
      <Card style={{ width: 400 }}>
        <Typography.Title level={1} style={{ color: BRAND, marginTop: 0, fontSize: 24 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 24, fontSize: 16 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}
