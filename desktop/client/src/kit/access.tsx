// What the signed-in user may do, from one place: the levels of GET /auth/me's `permissions` (the
// service's effective levels after all the user's roles). The menu, the routes and the list kit ask
// here; the service still checks every request, and a refusal it sends is shown by <Forbidden>.
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { createContext, useCallback, useContext } from 'react';
import { accessNeeded, reaches, type Area, type Level } from '../../../../shared/permissions';
import type { Me } from '../../../../shared/users';
import { useAuth } from '../api/auth';
import { ApiError } from '../api/client';
import { LazyResult } from './lazyAntd';
import { errorText } from '../api/errors';
import { useT, type Translate } from '../i18n';

/** Who may open a page: readers of an area, admins only, or any signed-in user. */
export type PageAccess = Area | 'admin' | 'user';

export const isAdmin = (user: Me | null | undefined): boolean => !!user?.roles.includes('admin');

/** True when the user's level in `area` reaches `level`. */
export const can = (user: Me | null | undefined, area: Area, level: Level = 'read'): boolean => !!user && reaches(user.permissions[area], level);

/** True when the user may open a page of this access. */
export const mayOpen = (user: Me | null | undefined, access: PageAccess): boolean => (access === 'user' ? !!user : access === 'admin' ? isAdmin(user) : can(user, access, 'read'));

/** Whether the signed-in user's grants reach `level` in `area`. */
export function useCan(area: Area, level: Level = 'read'): boolean {
  return can(useAuth().user, area, level);
}

const PageAreaContext = createContext<Area | undefined>(undefined);
/** The page's area, declared once beside its route (menu.tsx); the list kit hides what needs more than the user has there. */
export const PageAreaProvider = PageAreaContext.Provider;

/** Whether the user reaches a level in the area of the page shown (always, on a page of no area: admin pages, the account). */
export function usePageCan(): (level: Level) => boolean {
  const area = useContext(PageAreaContext);
  const { user } = useAuth();
  return useCallback((level: Level) => !area || can(user, area, level), [area, user]);
}

/** "You need write access to finance." in the screen's language, from the words the service refuses with. */
function needs(t: Translate, area: Area, level: Level): string {
  const text = accessNeeded(area, level)[t.lang];
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${t.lang === 'en' ? '.' : '。'}`;
}

/** One line on a page the user may read but not change. */
export function ReadOnlyLine() {
  const t = useT();
  const area = useContext(PageAreaContext);
  const { user } = useAuth();
  if (!area || can(user, area, 'write')) return null;
  const words = t(`access.area.${area}`);
  return <Alert type="info" showIcon data-testid="read-only" title={t('access.readOnly', { area: t.lang === 'en' ? words.toLowerCase() : words })} />;
}

/**
 * The 403 page: a page the user may not open (`area`, `level`, or `admin`), or a refusal of the
 * service (`error`: its data names the area and level, or it says what else is missing).
 */
export function Forbidden({ area, level = 'read', admin, error }: { area?: Area; level?: Level; admin?: boolean; error?: unknown }) {
  const t = useT();
  const refused = error instanceof ApiError ? (error.data as { area?: Area; level?: Level } | undefined) : undefined;
  const shown =
    refused?.area && refused.level ? needs(t, refused.area, refused.level) : error ? errorText(error, t) : area ? needs(t, area, level) : admin ? t('app.forbidden') : '';
  return (
    <LazyResult
      status="403"
      // the page's one h1, as a page's title would be
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('access.forbiddenTitle')}</h1>}
      subTitle={
        <>
          <div data-testid="forbidden-reason">{shown}</div>
          <div>{t('access.askAdmin')}</div>
        </>
      }
      extra={
        <Link to="/">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
      data-testid="forbidden"
    />
  );
}

/** True for a 403 answer of the service. */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
