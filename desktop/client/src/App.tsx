import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageFallback } from './layout/PageFallback';

// each its own chunk: the sign-in page loads neither the layout, the menu nor any other page
const loadLogin = () => import('./pages/auth/LoginPage');
const loadRegister = () => import('./pages/auth/RegisterPage');
const loadSignedIn = () => import('./layout/SignedIn');
const LoginPage = lazy(loadLogin);
const RegisterPage = lazy(loadRegister);
const SignedIn = lazy(loadSignedIn);

/** Starts loading the first screen's chunk (main.tsx, beside the dictionary): the sign-in page when no one is signed in. */
export function preloadFirstScreen(path: string, signedIn: boolean): void {
  const load = path === '/register' ? loadRegister : path === '/login' || !signedIn ? loadLogin : loadSignedIn;
  void load().catch(() => undefined); // a failed load shows when the route renders it
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
