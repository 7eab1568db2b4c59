// The shell: grouped side menu (admin groups only for admins), header with the user, role,
// language switch and sign-out, and the page in the middle.
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Spin, Tag, Typography, type MenuProps } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../api/auth';
import { useT } from '../i18n';
import { HOME, MENU } from '../menu';
import { LanguageSwitch } from './LanguageSwitch';

export function PageFallback() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

export function AppLayout() {
  const t = useT();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const admin = user?.role === 'admin';
  const groups = useMemo(() => MENU.filter((g) => !g.adminOnly || admin), [admin]);
  const currentGroup = groups.find((g) => g.items.some((i) => i.path === pathname))?.key;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (currentGroup ? [currentGroup] : []));

  const items: MenuProps['items'] = [
    { key: HOME.path, icon: HOME.icon, label: t(HOME.label) },
    ...groups.map((g) =>
      g.items.length === 1 && g.items[0]
        ? { key: g.items[0].path, icon: g.icon, label: t(g.items[0].label) }
        : { key: g.key, icon: g.icon, label: t(g.label), children: g.items.map((i) => ({ key: i.path, label: t(i.label) })) },
    ),
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={232} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ height: 56, display: 'flex', alignItems: 'center', padding: '0 24px', fontWeight: 600, fontSize: 18, color: '#1f6fb2' }}>{t('app.name')}</div>
        <Menu
          mode="inline"
          selectedKeys={[pathname]}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          items={items}
          onClick={({ key }) => navigate(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 24px', height: 56, lineHeight: '56px', borderBottom: '1px solid #f0f0f0', display: 'flex', justifyContent: 'flex-end' }}
        >
          <Space size="middle">
            <LanguageSwitch />
            <Space size={6} data-testid="current-user">
              <UserOutlined />
              <Typography.Text strong>{user?.displayName || user?.username}</Typography.Text>
              {user && <Tag color={admin ? 'blue' : 'default'}>{t(`role.${user.role}`)}</Tag>}
            </Space>
            <Button icon={<LogoutOutlined />} onClick={() => void logout().then(() => navigate('/login'))}>
              {t('auth.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
