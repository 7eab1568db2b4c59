// Error factories with a status and a message for people, and the one middleware that renders
// every error into the envelope.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalid = (message: string, data?: unknown) => new HttpError(400, message, data);
export const unauthorized = (message = 'sign in first: this needs a valid token (Authorization: Bearer <token>)') =>
  new HttpError(401, message);
export const forbidden = (message = 'your account is not allowed to do this') => new HttpError(403, message);
export const notFound = (what: string, id?: number | string) =>
  new HttpError(404, id === undefined ? `${what} not found` : `${what} ${id} not found`);
export const noRoute = (method: string, path: string) =>
  new HttpError(404, `there is no ${method} ${path.slice(0, 200)} in this service: check the address`);
export const tooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

interface ForeignError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  code?: string;
  message?: string;
  originalError?: { name?: string };
}

/** Maps errors thrown by libraries (body parser, koa-jwt, SQLite) to a status and a message. */
function describe(err: unknown): { status: number; message: string; data?: unknown } | null {
  if (err instanceof HttpError) return { status: err.status, message: err.message, data: err.data };
  const e = (err ?? {}) as ForeignError;
  if (err instanceof SyntaxError && e.message?.includes('forbidden prototype property'))
    return { status: 400, message: 'the request body may not contain a "__proto__" key' };
  if (e.type === 'entity.parse.failed' || (err instanceof SyntaxError && e.status === 400))
    return { status: 400, message: 'the request body is not valid JSON: send one JSON object' };
  if (e.type === 'entity.too.large') return { status: 413, message: 'the request body is larger than the 1 MB limit' };
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
    return { status: 415, message: 'the request body must be UTF-8 JSON' };
  if (e.status === 401) {
    const name = e.originalError?.name;
    if (name === 'TokenExpiredError') return { status: 401, message: 'your session has expired: sign in again' };
    if (!e.originalError) return { status: 401, message: unauthorized().message };
    return { status: 401, message: 'the token is not valid: sign in again' };
  }
  if (e.code === 'SQLITE_BUSY') return { status: 503, message: 'the database is busy: try again in a moment' };
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE')
    return { status: 400, message: 'a record with the same unique value already exists' };
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500 && e.expose) return { status, message: e.message ?? 'bad request' };
  return null;
}

export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const known = describe(err);
      if (known) {
        ctx.status = known.status;
        ctx.body = { success: false, message: known.message, ...(known.data === undefined ? {} : { data: known.data }) };
        return;
      }
      logger.error({ err, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { success: false, message: 'something went wrong on the server; it has been logged' };
    }
  };
}
