import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client';
import { AuthProvider, checkStoredSession } from './api/auth';
import { readTokens } from './api/tokens';
import { App, preloadFirstScreen } from './App';
import { I18nProvider, initialLanguage, loadDictionary } from './i18n';
// antd's rules for the first screen, written at build time (antdStyles.ts), before the client's own
import 'virtual:antd-first.css';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // a refused request (4xx) will be refused again
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
    },
  },
});

// the screen's language is loaded first (its own chunk), so no text is ever shown as its key; the
// first screen's chunks, the check of a stored session and the first list load beside it (the
// language is chosen first: it goes with every request)
const language = initialLanguage();
const signedIn = readTokens() !== null;
if (signedIn) checkStoredSession();
preloadFirstScreen(window.location, signedIn, queryClient);
// rendered as a transition: React then yields to the browser every few milliseconds while it builds
// the first screen (and antd writes its styles), where a plain render held the main thread in one
// long task (a phone's Lighthouse run counted 0.5–2 s of blocking time)
void loadDictionary(language).then((dictionary) =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <I18nProvider initial={dictionary}>
            <AntApp>
              <AuthProvider>
                <App />
              </AuthProvider>
            </AntApp>
          </I18nProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
