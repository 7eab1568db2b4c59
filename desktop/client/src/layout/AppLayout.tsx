// The shell: a side menu that stays in view while the page scrolls and folds to icons (the choice
// kept in this browser), a header with the attention badge, the user (its menu holds the password
// change), the language switch and sign-out, breadcrumbs, and the page in the middle. On a phone
// (kit/usePhone.ts) the menu is a drawer behind the header's menu button, and the header fits 360 px:
// the user's name, cut to its room, sits above its first role's tag (and "+n" for the others), and
// the user's menu opens with the whole name and every role, above the password change and sign-out.
import { KeyOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Dropdown, Layout, Menu, Tag, Typography, type MenuProps } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { Role } from '../../../../shared/permissions';
import { useAuth } from '../api/auth';
import { useLiveRefresh } from '../api/live';
import { useT } from '../i18n';
import { usePhone } from '../kit/usePhone';
import { ACCOUNT_PATH, HOME, MENU, menuOf } from '../menu';
import { AttentionBadge } from './AttentionBadge';
import { useBootShellGone } from './bootShell';
import { LanguageSwitchDeferred } from './LanguageSwitchDeferred';
import { PageFallback } from './PageFallback';

const COLLAPSED_KEY = 'cargodesk.siderCollapsed';
export const HEADER_HEIGHT = 56;

export function AppLayout() {
  const t = useT();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = useMemo(() => menuOf(user), [user]);
  // from the whole menu, so the 403 page of a page the user may not open still names it
  const group = MENU.find((g) => g.items.some((i) => i.path === pathname));
  const item = group?.items.find((i) => i.path === pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (group ? [group.key] : []));
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const phone = usePhone();
  const [menuOpen, setMenuOpen] = useState(false);
  // index.html's skeleton of this layout goes in the commit that draws it
  useBootShellGone();
  // one live-refresh stream per signed-in tab: an area's change refetches what this page shows of it (api/live.ts)
  useLiveRefresh(item?.access);

  // a new page starts at its top (a block: Chromium's scrollTo may answer a promise, which React
  // would take for the effect's cleanup)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const collapse = (next: boolean) => {
    setCollapsed(next);
    localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
  };

  const items: MenuProps['items'] = [
    { key: HOME.path, icon: HOME.icon, label: t(HOME.label) },
    ...groups.map((g) =>
      g.items.length === 1 && g.items[0]
        ? { key: g.items[0].path, icon: g.icon, label: t(g.items[0].label) }
        : { key: g.key, icon: g.icon, label: t(g.label), children: g.items.map((i) => ({ key: i.path, label: t(i.label) })) },
    ),
  ];

  const crumbs = [{ title: <Link to="/">{t(HOME.label)}</Link> }];
  if (group && item && group.items.length > 1) crumbs.push({ title: <>{t(group.label)}</> });
  if (item) crumbs.push({ title: <>{t(item.label)}</> });
  if (pathname === ACCOUNT_PATH) crumbs.push({ title: <>{t('account.title')}</> });

  const signOut = () => void logout().then(() => navigate('/login'));
  const name = user?.displayName || user?.username;
  const roles = user?.roles ?? [];
  const roleTag = (role: Role) => (
    <Tag key={role} color={role === 'admin' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`role.${role}`)}
    </Tag>
  );
  const changePassword = { key: ACCOUNT_PATH, icon: <KeyOutlined />, label: t('account.changePassword') };
  const userMenu: MenuProps['items'] = phone
    ? [
        {
          key: 'who',
          type: 'group',
          label: (
            <div data-testid="user-menu-who" style={{ maxWidth: 'calc(100vw - 48px)', overflowWrap: 'anywhere' }}>
              <Typography.Text strong>{name}</Typography.Text>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>{roles.map(roleTag)}</div>
            </div>
          ),
          children: [changePassword, { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout') }],
        },
      ]
    : [changePassword];

  const menu = (
    <nav aria-label={t('app.menu')}>
      <Menu
        mode="inline"
        selectedKeys={[pathname]}
        openKeys={collapsed && !phone ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        items={items}
        onClick={({ key }) => {
          setMenuOpen(false);
          navigate(key);
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone ? (
        <Drawer
          open={menuOpen}
          placement="left"
          size={264}
          onClose={() => setMenuOpen(false)}
          title={<span style={{ color: '#1f6fb2' }}>{t('app.name')}</span>}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          data-testid="sider"
          width={232}
          theme="light"
          collapsible
          collapsed={collapsed}
          onCollapse={collapse}
          // sticky: the menu stays where it is while the page scrolls, and scrolls on its own when long
          style={{ borderRight: '1px solid #f0f0f0', position: 'sticky', top: 0, height: '100vh', overflow: 'auto', alignSelf: 'flex-start', zIndex: 10 }}
        >
          <div
            style={{
              height: HEADER_HEIGHT,
              display: 'flex',
              alignItems: 'center',
              padding: collapsed ? '0 12px' : '0 24px',
              fontWeight: 600,
              fontSize: collapsed ? 14 : 18,
              color: '#1f6fb2',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
            }}
          >
            {t('app.name')}
          </div>
          {menu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            padding: phone ? '0 8px' : '0 24px',
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            justifyContent: phone ? 'space-between' : 'flex-end',
            alignItems: 'center',
            gap: 8,
          }}
        >
          {phone && <Button type="text" icon={<MenuOutlined />} aria-label={t('app.menu')} data-testid="menu-button" onClick={() => setMenuOpen(true)} />}
          {/* flex rather than Space: on a phone the user, last, shrinks (its name cut) and the others keep their width */}
          <div style={{ display: 'flex', alignItems: 'center', gap: phone ? 0 : 16, minWidth: 0 }}>
            <AttentionBadge />
            {/* antd's Select loads when the switch is first used, as on the sign-in page */}
            <LanguageSwitchDeferred />
            <Dropdown
              menu={{ items: userMenu, onClick: ({ key }) => (key === 'logout' ? signOut() : navigate(key)) }}
              trigger={['click']}
              placement={phone ? 'bottomRight' : undefined}
            >
              {/* a button, so the menu opens from the keyboard too; drawn as plain text */}
              <button
                type="button"
                data-testid="current-user"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 6,
                  minWidth: 0,
                  cursor: 'pointer',
                  padding: 0,
                  border: 0,
                  background: 'none',
                  font: 'inherit',
                  color: 'inherit',
                }}
              >
                <UserOutlined />
                {phone ? (
                  // the name above the role, two lines (22 and 20 px) in the header's 56
                  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0, lineHeight: '20px' }}>
                    <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
                      {name}
                    </Typography.Text>
                    <div style={{ display: 'flex', gap: 4, lineHeight: 'normal' }}>
                      {roles[0] && roleTag(roles[0])}
                      {roles.length > 1 && <Tag style={{ marginInlineEnd: 0 }}>+{roles.length - 1}</Tag>}
                    </div>
                  </div>
                ) : (
                  <>
                    <Typography.Text strong>{name}</Typography.Text>
                    {roles.map(roleTag)}
                  </>
                )}
              </button>
            </Dropdown>
            {!phone && (
              <Button icon={<LogoutOutlined />} onClick={signOut}>
                {t('auth.logout')}
              </Button>
            )}
          </div>
        </Layout.Header>
        <Layout.Content style={phone ? { padding: '8px 12px 16px', minWidth: 0 } : { padding: '12px 24px 24px' }}>
          {pathname !== HOME.path && <Breadcrumb data-testid="breadcrumbs" items={crumbs} style={{ marginBottom: 12 }} />}
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
