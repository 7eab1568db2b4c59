// fetch wrapper for the service's API: bearer token, envelope unwrapped, errors as ApiError with
// the server's field errors, token refresh shortly before expiry and once after a 401.
import type { FieldError } from '../../../../shared/validation';
import { clearTokens, readTokens, saveTokens, type Tokens } from './tokens';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** `data.errors` of a 400: one entry per field, `field` a dotted path */
    readonly fieldErrors: FieldError[] = [],
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The service could not be reached at all; the UI shows its own translated text. */
export class NetworkError extends Error {}

interface Envelope {
  success: boolean;
  message: string;
  data?: unknown;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** public routes: no token, no refresh */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

/** Refresh this long before the token expires. */
const REFRESH_MARGIN_MS = 60_000;

export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function parse(res: Response): Promise<Envelope> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as Envelope;
    if (typeof body === 'object' && body !== null && typeof body.success === 'boolean') return body;
  } catch {
    // fall through
  }
  throw new ApiError(res.status, '', [], { unexpected: true });
}

let language = 'en-US';

/** The screen's language, sent as Accept-Language so the service answers its messages in it. */
export function setRequestLanguage(next: string): void {
  language = next;
}

/** Headers of every request to the service: the language, and the token when signed in. */
export function serviceHeaders(token?: string): Record<string, string> {
  return { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

function toError(status: number, body: Envelope): ApiError {
  const errors = (body.data as { errors?: unknown } | undefined)?.errors;
  const fieldErrors = Array.isArray(errors) ? errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string') : [];
  return new ApiError(status, body.message, fieldErrors, body.data);
}

async function send(method: string, path: string, options: RequestOptions, token?: string): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...serviceHeaders(token), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(`/api${path}${queryString(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError((err as Error).message);
  }
}

let refreshing: Promise<Tokens | null> | null = null;

/**
 * Runs `work` while no other tab of this origin runs it (Web Locks). They exist only in a secure
 * context (https, localhost): on a LAN address over http the re-read in refreshTokens is the guard.
 */
const oneTabAtATime = <T>(work: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request('cargodesk.refresh', work) as Promise<T>) : work();

/**
 * Exchanges the refresh token once for everybody waiting; null (and signed out) when it fails.
 * `stale` is the access token the caller found refused or about to expire: when the stored one is no
 * longer it, another tab (or an earlier exchange) has refreshed already and its tokens are answered.
 * A refresh token works once, and presenting it again revokes the sign-in, signing every tab out.
 */
export function refreshTokens(stale?: string): Promise<Tokens | null> {
  refreshing ??= oneTabAtATime(async () => {
    const current = readTokens();
    if (!current) return null;
    if (stale !== undefined && current.token !== stale && current.expiresAt - Date.now() > REFRESH_MARGIN_MS) return current;
    try {
      const res = await send('POST', '/auth/refresh', { body: { refreshToken: current.refreshToken } });
      const body = await parse(res);
      if (!res.ok || !body.success) throw toError(res.status, body);
      return saveTokens(body.data as { token: string; refreshToken: string; expiresIn: number });
    } catch (err) {
      // a network failure keeps the tokens: the service may just be restarting
      if (err instanceof NetworkError) throw err;
      clearTokens(true);
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The current access token, refreshed first when it is about to expire. */
export async function validToken(): Promise<string | undefined> {
  const tokens = readTokens();
  if (!tokens) return undefined;
  if (tokens.expiresAt - Date.now() > REFRESH_MARGIN_MS) return tokens.token;
  return (await refreshTokens(tokens.token))?.token;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let token = options.anonymous ? undefined : await validToken();
  let res = await send(method, path, options, token);
  if (res.status === 401 && token) {
    token = (await refreshTokens(token))?.token;
    if (token) res = await send(method, path, options, token);
  }
  const body = await parse(res);
  if (!res.ok || !body.success) throw toError(res.status, body);
  return body.data as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, query?: RequestOptions['query']) => request<T>('DELETE', path, { query }),
};
