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
/** the tokens were dropped because a refresh was refused (not by signing out); a sign-in resets it */
let ended = false;

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
  ended = false;
  for (const l of listeners) l(tokens);
  return tokens;
}

/** Signs out; `sessionEnded`: because the service refused to refresh the session. */
export function clearTokens(sessionEnded = false): void {
  const had = localStorage.getItem(KEY) !== null;
  localStorage.removeItem(KEY);
  if (had && sessionEnded) ended = true;
  if (had) for (const l of listeners) l(null);
}

/** Whether the last sign-out came from a refused refresh (the login page says so). */
export const sessionEnded = () => ended;

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
