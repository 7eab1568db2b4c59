// Everything behind the sign-in, one lazily loaded chunk (App.tsx): the layout with its menu, the
// pages' routes, the 403 and 404 pages. The sign-in and registration pages load none of it.
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useAuth } from '../api/auth';
import { useT } from '../i18n';
import { Forbidden, mayOpen, PageAreaProvider } from '../kit/access';
import { LazyResult } from '../kit/lazyAntd';
import { ACCOUNT, ACCOUNT_PATH, HOME, MENU, type MenuPage } from '../menu';
import { AppLayout } from './AppLayout';
import { PageFallback } from './PageFallback';
// antd's rules for every other component, written at build time (antdStyles.ts), loaded with this chunk
import 'virtual:antd.css';

function RequireAuth({ children }: { children: ReactNode }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <PageFallback />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  // after an admin's reset the user chooses a new password before anything else
  if (user.mustChangePassword && location.pathname !== ACCOUNT_PATH) return <Navigate to={ACCOUNT_PATH} replace />;
  return children;
}

function NotFound() {
  const t = useT();
  return (
    <LazyResult
      status="404"
      subTitle={t('app.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
    />
  );
}

/** A page the user may open, in its area (kit/access.tsx); else the 403 page naming what is missing. */
function Page({ item }: { item: MenuPage }) {
  const { user } = useAuth();
  const { access } = item;
  if (!mayOpen(user, access)) return access === 'admin' ? <Forbidden admin /> : <Forbidden area={access === 'user' ? undefined : access} />;
  const Component = item.page;
  return (
    <PageAreaProvider value={access === 'user' || access === 'admin' ? undefined : access}>
      <Component />
    </PageAreaProvider>
  );
}

export default function SignedIn() {
  return (
    <Routes>
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        <Route index element={<Page item={HOME} />} />
        <Route path={ACCOUNT_PATH} element={<Page item={ACCOUNT} />} />
        {MENU.flatMap((g) => g.items).map((item) => (
          <Route key={item.path} path={item.path} element={<Page item={item} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
