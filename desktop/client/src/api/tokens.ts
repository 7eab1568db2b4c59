// Tokens live in localStorage so a reload or a second tab stays signed in.
export interface Tokens {
  token: string;
  refreshToken: string;
  /** epoch ms when the access token expires */
  expiresAt: number;
}

const KEY = 'cargodesk.tokens';
type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();

export function readTokens(): Tokens | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Tokens | null;
    return value && typeof value.token === 'string' && typeof value.refreshToken === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveTokens(pair: { token: string; refreshToken: string; expiresIn: number }): Tokens {
  const tokens = { token: pair.token, refreshToken: pair.refreshToken, expiresAt: Date.now() + pair.expiresIn * 1000 };
  localStorage.setItem(KEY, JSON.stringify(tokens));
  for (const l of listeners) l(tokens);
  return tokens;
}

export function clearTokens(): void {
  const had = localStorage.getItem(KEY) !== null;
  localStorage.removeItem(KEY);
  if (had) for (const l of listeners) l(null);
}

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
