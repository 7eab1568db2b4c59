import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { LanguageSwitchDeferred } from '../../layout/LanguageSwitchDeferred';
import { BRAND } from '../../theme';

/** The centered card of the sign-in and registration pages: the page's main landmark, the product's name its h1. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  // drawn as antd's bordered Card is, from the same tokens, without the Card component: it imports
  // Tabs, and with them the menu and dropdown code, which a phone would download before signing in
  const card = {
    width: 400,
    boxSizing: 'border-box',
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
  } as const;
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f4f8' }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitchDeferred />
      </div>
      <div style={card}>
        <Typography.Title level={1} style={{ color: BRAND, marginTop: 0, fontSize: 24 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 24, fontSize: 16 }}>
          {title}
        </Typography.Title>
        {children}
      </div>
    </main>
  );
}
