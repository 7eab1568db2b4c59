import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { LanguageSwitchDeferred } from '../../layout/LanguageSwitchDeferred';

/** The centered card of the sign-in and registration pages. */
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
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f4f8' }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitchDeferred />
      </div>
      <div style={card}>
        <Typography.Title level={3} style={{ color: '#1f6fb2', marginTop: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 24 }}>
          {title}
        </Typography.Title>
        {children}
      </div>
    </div>
  );
}
