import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageFallback } from './layout/PageFallback';

// each its own chunk: the sign-in page loads neither the layout, the menu nor any other page
const LoginPage = lazy(() => import('./pages/auth/LoginPage'));
const RegisterPage = lazy(() => import('./pages/auth/RegisterPage'));
const SignedIn = lazy(() => import('./layout/SignedIn'));

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
