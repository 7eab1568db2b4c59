// Who is signed in: the user of /auth/me, sign-in and sign-out, and a timer that refreshes the
// token shortly before it expires so an idle window stays signed in.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Me, User } from '../../../../shared/users';
import { api, refreshTokens } from './client';
import { clearTokens, onTokensChange, readTokens, saveTokens, type Tokens } from './tokens';

interface LoginResult {
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: User;
}

interface Auth {
  /** the signed-in user as GET /auth/me answers it: its record and the level of every area (kit/access.tsx) */
  user: Me | null;
  /** true until the stored token has been checked */
  checking: boolean;
  login(username: string, password: string): Promise<Me>;
  logout(): Promise<void>;
  /** re-read the signed-in user (after it changed its own name) */
  reloadUser(): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

let storedSessionCheck: Promise<Me> | undefined;
/**
 * GET /auth/me for the session stored at start, asked once: main.tsx starts it before the first
 * render (beside the dictionary and the first screen's chunks), AuthProvider takes its answer.
 * Undefined when no session is stored.
 */
export function checkStoredSession(): Promise<Me> | undefined {
  if (!storedSessionCheck && readTokens()) {
    storedSessionCheck = api.get<Me>('/auth/me');
    storedSessionCheck.catch(() => undefined); // AuthProvider handles a refusal once it renders
  }
  return storedSessionCheck;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<Me | null>(null);
  const [checking, setChecking] = useState(() => readTokens() !== null);
  const [tokens, setTokens] = useState<Tokens | null>(readTokens);

  useEffect(
    () =>
      onTokensChange((next) => {
        setTokens(next);
        if (!next) {
          setUser(null);
          queryClient.clear();
        }
      }),
    [queryClient],
  );

  // check a stored token once at start (the request itself started before the first render)
  useEffect(() => {
    const check = checkStoredSession();
    if (!check) return;
    // the user's arrival draws the layout, the page and its rows: a transition, so React splits
    // that render into short tasks (a plain update from a promise is rendered in one; on a phone's
    // Lighthouse run the largest blocking task of the list's first screen)
    check.then(
      (me) =>
        startTransition(() => {
          setUser(me);
          setChecking(false);
        }),
      () => {
        clearTokens();
        setChecking(false);
      },
    );
  }, []);

  // refresh one minute before expiry (the API client also refreshes lazily on its own)
  useEffect(() => {
    if (!tokens) return;
    const delay = Math.max(tokens.expiresAt - Date.now() - 60_000, 1_000);
    const timer = setTimeout(() => void refreshTokens(tokens.token).catch(() => undefined), Math.min(delay, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [tokens]);

  const login = useCallback(async (username: string, password: string) => {
    const result = await api.post<LoginResult>('/auth/login', { username, password }, { anonymous: true });
    saveTokens(result);
    // the sign-in answers the record; the levels of the areas come with /auth/me
    const me = await api.get<Me>('/auth/me');
    setUser(me);
    return me;
  }, []);

  const logout = useCallback(async () => {
    const current = readTokens();
    if (current) await api.post('/auth/logout', { refreshToken: current.refreshToken }).catch(() => undefined);
    clearTokens();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const reloadUser = useCallback(async () => {
    setUser(await api.get<Me>('/auth/me'));
  }, []);

  const value = useMemo(() => ({ user, checking, login, logout, reloadUser }), [user, checking, login, logout, reloadUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
