import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { listQuery } from './kit/listQuery';
import { useBootShellGone } from './layout/bootShell';
import { PageFallback } from './layout/PageFallback';
import { pageAt } from './pages';

// each its own chunk: the sign-in page loads neither the layout, the menu nor any other page
const loadLogin = () => import('./pages/auth/LoginPage');
const loadRegister = () => import('./pages/auth/RegisterPage');
const loadSignedIn = () => import('./layout/SignedIn');
/** A page outside the layout (a stored session refused sends its user to sign-in): index.html's skeleton goes when it is drawn. */
function unframed(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const { default: Page } = await load();
    return {
      default: function UnframedPage() {
        useBootShellGone();
        return <Page />;
      },
    };
  });
}
const LoginPage = unframed(loadLogin);
const RegisterPage = unframed(loadRegister);
const SignedIn = lazy(loadSignedIn);

/**
 * Starts what the first screen needs, at start (main.tsx, beside the dictionary): signed out, the
 * sign-in page's chunk; signed in, the shell's chunk, the page's chunk and the list the page shows
 * first (pages.ts), all at once, so none of them waits for the check of the user (GET /auth/me,
 * also started at once: api/auth.tsx) or for the shell to render. A refused list (a page the user
 * may not open) is never shown: the route shows the 403 page instead.
 */
export function preloadFirstScreen(location: { pathname: string; search: string }, signedIn: boolean, queryClient: QueryClient): void {
  const path = location.pathname;
  const loads = path === '/register' ? [loadRegister] : path === '/login' || !signedIn ? [loadLogin] : [loadSignedIn, pageAt(path)?.load];
  for (const load of loads) void load?.().catch(() => undefined); // a failed load shows when the route renders it
  const list = signedIn ? pageAt(path)?.list : undefined;
  if (list) void queryClient.prefetchQuery(listQuery(list, Object.fromEntries(new URLSearchParams(location.search))));
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="*" element={<SignedIn />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
