// Error factories with a status and a message for people, and the one middleware that renders
// every error into the envelope.
import type { Context, Middleware } from 'koa';
import { inLanguage, said, type Lang, type Said } from '../../shared/messages.js';
import type { Logger } from 'pino';
import { withoutFileSecret } from '../files/file-store.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** both languages; the answer picks the request's (see `requestLanguage`) */
    readonly said: Said,
    /** may hold Said values too (field and row errors) */
    readonly data?: unknown,
  ) {
    super(said.en);
  }
}

export const invalid = (message: Said, data?: unknown) => new HttpError(400, message, data);
/** A 400 about one field: the message also goes to `data.errors`, so a form shows it next to that field. */
export const refusedField = (field: string, message: Said) => new HttpError(400, message, { errors: [{ field, message }] });
export const unauthorized = (
  message = said('sign in first: this needs a valid token (Authorization: Bearer <token>)', '请先登录：此操作需要有效的令牌（Authorization: Bearer <token>）'),
) => new HttpError(401, message);
export const forbidden = (message = said('your account is not allowed to do this', '您的账号无权执行此操作'), data?: unknown) => new HttpError(403, message, data);
/** `what` names the record: said('contract', '合同'). */
export const notFound = (what: Said, id?: number | string) =>
  new HttpError(404, id === undefined ? said(`${what.en} not found`, `未找到${what.zh}`) : said(`${what.en} ${id} not found`, `未找到${what.zh} ${id}`));
export const noRoute = (method: string, path: string) =>
  new HttpError(404, said(`there is no ${method} ${path.slice(0, 200)} in this service: check the address`, `本服务没有 ${method} ${path.slice(0, 200)}：请检查地址`));
export const tooLarge = (message: Said) => new HttpError(413, message);
export const tooManyRequests = (message: Said) => new HttpError(429, message);

/** The language of the answer: Chinese when Accept-Language prefers zh, else English. */
export function requestLanguage(ctx: Pick<Context, 'acceptsLanguages'>): Lang {
  return ctx.acceptsLanguages('en', 'zh') === 'zh' ? 'zh' : 'en';
}

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
function describe(err: unknown): { status: number; message: Said; data?: unknown } | null {
  if (err instanceof HttpError) return { status: err.status, message: err.said, data: err.data };
  const e = (err ?? {}) as ForeignError;
  if (err instanceof SyntaxError && e.message?.includes('forbidden prototype property'))
    return { status: 400, message: said('the request body may not contain a "__proto__" key', '请求内容不能包含 "__proto__" 键') };
  if (e.type === 'entity.parse.failed' || (err instanceof SyntaxError && e.status === 400))
    return { status: 400, message: said('the request body is not valid JSON: send one JSON object', '请求内容不是有效的 JSON：请发送一个 JSON 对象') };
  if (e.type === 'entity.too.large') return { status: 413, message: said('the request body is larger than the 1 MB limit', '请求内容超过 1 MB 上限') };
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
    return { status: 415, message: said('the request body must be UTF-8 JSON', '请求内容必须是 UTF-8 编码的 JSON') };
  if (e.status === 401) {
    const name = e.originalError?.name;
    if (name === 'TokenExpiredError') return { status: 401, message: said('your session has expired: sign in again', '登录已过期：请重新登录') };
    if (!e.originalError) return { status: 401, message: unauthorized().said };
    return { status: 401, message: said('the token is not valid: sign in again', '令牌无效：请重新登录') };
  }
  if (e.code === 'SQLITE_BUSY') return { status: 503, message: said('the database is busy: try again in a moment', '数据库繁忙：请稍后再试') };
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') return { status: 400, message: said('a record with the same unique value already exists', '已存在相同唯一值的记录') };
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500 && e.expose) return { status, message: said(e.message ?? 'bad request', `请求被拒绝（${status}）：${e.message ?? ''}`) };
  return null;
}

/** A JSON body as Koa would send it: anything but text, bytes, a stream or nothing. */
const isJsonBody = (body: unknown) =>
  body !== null &&
  typeof body === 'object' &&
  !Buffer.isBuffer(body) &&
  typeof (body as { pipe?: unknown }).pipe !== 'function' &&
  !(body instanceof Blob) &&
  !(body instanceof ReadableStream) &&
  !(body instanceof Response);

export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // JSON is serialised here, where a failure (a body too large for one string, or one that is
      // not JSON at all) is still caught and answered with the envelope; in Koa's own respond it
      // would become a bare text/plain 500 without the security headers
      if (isJsonBody(ctx.body)) {
        const text = JSON.stringify(ctx.body);
        ctx.type = 'application/json';
        ctx.body = text;
      }
    } catch (err) {
      const known = describe(err);
      if (known) {
        // a refusal that hides an underlying failure (a workbook exceljs could not parse) logs it
        const cause = (err as { cause?: unknown }).cause;
        if (cause) logger.warn({ cause, method: ctx.method, path: withoutFileSecret(ctx.path) }, 'request refused');
        ctx.status = known.status;
        const lang = requestLanguage(ctx);
        ctx.body = { success: false, message: known.message[lang], ...(known.data === undefined ? {} : { data: inLanguage(known.data, lang) }) };
        return;
      }
      logger.error({ err, method: ctx.method, path: withoutFileSecret(ctx.path) }, 'request failed');
      ctx.status = 500;
      ctx.body = { success: false, message: said('something went wrong on the server; it has been logged', '服务器出错了；错误已记录')[requestLanguage(ctx)] };
    }
  };
}
