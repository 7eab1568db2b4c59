// A route reads as one declaration: method, path(s), who may call it, the zod schemas of its
// input and output, and a handler that only orchestrates. `mountRoutes` turns declarations into
// @koa/router routes (auth, upload, validation, envelope, the catalogs' spelling of names); `openapi.ts` turns the same
// declarations into the OpenAPI document.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import type { AppContext, AppDeps } from '../context.js';
import type { Db } from '../db/tables.js';
import type { FileStore, UploadedFile } from '../files/file-store.js';
import { authenticate, authenticateTicket, requireAdmin, requireLevel, type AuthUser } from './auth.js';
import { changeScope } from '../live/changes.js';
import { unauthorized } from './errors.js';
import { uploadMiddleware, type UploadPolicy } from './upload.js';
import { fromText, parse, parseId } from './validate.js';
import { said } from '../../shared/messages.js';
import { CODE_LABELS } from '../../shared/labels.js';
import type { Area, Level } from '../../shared/permissions.js';
import { withCatalogSpelling } from '../routes/catalogs/catalog-spelling.js';

/**
 * Who may call a route: anyone (`public`), any signed-in user (`user`), the admin alone (`admin`:
 * users, backups, settings and grants writes, catalog merges), or a user whose roles reach `level`
 * in `area` (decisions.md "Roles, areas and warehouses").
 */
export type Access = 'public' | 'user' | 'admin' | AreaAccess;

export interface AreaAccess {
  area: Area;
  level: Level;
  /** calls that need `approve` instead, picked from the JSON body before it is checked (approving a pickup request) */
  approveWhen?: { test: (body: unknown) => boolean; /** the calls it picks, for the document: "Approving a request (status approved)" */ what: string };
}

/** The access of a route in one sentence, for the OpenAPI document: "Needs write access to finance." */
export function describeAccess(access: Access): string {
  if (access === 'public') return 'Open to anyone: no sign-in needed.';
  if (access === 'user') return 'Any signed-in user.';
  if (access === 'admin') return 'The admin only.';
  const area = CODE_LABELS.area[access.area].en.toLowerCase();
  const approve = access.approveWhen ? ` ${access.approveWhen.what} needs approve access to ${area}.` : '';
  return `Needs ${access.level} access to ${area}.${approve}`;
}

export interface RouteInput<B extends z.ZodType, Q extends z.ZodType> {
  /** the JSON body, or the multipart form fields, parsed by `body` */
  body: z.output<B>;
  query: z.output<Q>;
  /** `:id` of the path, checked to be a positive whole number (0 when the path has none) */
  id: number;
  files: UploadedFile[];
  /** the signed-in caller (throws 401 on a public route) */
  user: AuthUser;
  /** the database: `ctx.deps.reader` on a GET (reads only, never waiting behind a write), else `ctx.deps.db` */
  db: Db;
  /** the file store (`ctx.deps.files`); `files` are this request's uploads */
  store: FileStore;
}

export interface RouteDef<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** several paths serve one thing (route sets A and B): registered side by side */
  path: string | readonly string[];
  tag: string;
  summary: string;
  description?: string;
  /** who may call it: checked after the token, before the upload and the validation */
  access: Access;
  /** the caller signs in with `?ticket=` (POST /events/ticket) instead of the Authorization header: a browser's EventSource sends no headers */
  ticket?: true;
  body?: B;
  query?: Q;
  upload?: UploadPolicy;
  /** schema of `data` in the envelope, for the OpenAPI document */
  response?: z.ZodType;
  /** the media types a non-envelope answer may have (downloads and pages) */
  produces?: string | readonly string[];
  /** statuses the handler answers besides those the declaration implies (400, 500, 503; 401 and 403 unless public; 404 with path parameters; 413 with a body) */
  statuses?: readonly number[];
  /** `response` is the example `data`; `message` the envelope's message (default OK) */
  example?: { request?: unknown; response?: unknown; message?: string };
  handler: (ctx: AppContext, input: RouteInput<B, Q>) => unknown;
}

/** Declares a route; the type parameters flow from the schemas into the handler's input. */
export function route<B extends z.ZodType = z.ZodType<unknown>, Q extends z.ZodType = z.ZodType<unknown>>(def: RouteDef<B, Q>): RouteDef {
  return def as unknown as RouteDef;
}

/** A handler may return `reply(data, message)` to choose the envelope's message. */
export class Reply {
  constructor(
    readonly data: unknown,
    readonly message: string,
  ) {}
}
export const reply = (data: unknown, message: string) => new Reply(data, message);

export const pathsOf = (def: RouteDef): readonly string[] => (typeof def.path === 'string' ? [def.path] : def.path);

export function mountRoutes(router: Router, routes: readonly RouteDef[], deps: AppDeps): void {
  const auth = authenticate(deps.reader, deps.jwtSecret);
  const byTicket = authenticateTicket(deps.reader, deps.jwtSecret);
  for (const def of routes) {
    const { access } = def;
    const chain = [];
    if (access !== 'public') chain.push(def.ticket ? byTicket : auth);
    if (access === 'admin') chain.push(requireAdmin);
    if (typeof access === 'object') chain.push(requireLevel(access.area, access.level, access.approveWhen?.test));
    if (def.upload) chain.push(uploadMiddleware(deps.files, def.upload));
    chain.push(async (ctx: AppContext) => {
      const multipart = Boolean(def.upload && ctx.is('multipart'));
      const rawBody = (ctx.request as { body?: unknown }).body;
      const input = {
        body: def.body ? parse(def.body, multipart ? fromText(def.body, rawBody as Record<string, unknown>) : (rawBody ?? {})) : undefined,
        query: def.query ? parse(def.query, fromText(def.query, ctx.query, { dropEmpty: true }), said('query', '查询条件')) : undefined,
        id: ctx.params.id === undefined ? 0 : parseId(ctx.params.id),
        files: ctx.state.files ?? [],
        db: def.method === 'get' ? deps.reader : deps.db,
        store: deps.files,
        get user(): AuthUser {
          if (!ctx.state.user) throw unauthorized();
          return ctx.state.user;
        },
      };
      const run = () => Promise.resolve(def.handler(ctx, input as RouteInput<z.ZodType, z.ZodType>));
      // a write publishes the areas it changed once it has succeeded (its transactions committed): server/live/changes.ts
      const result = def.method === 'get' ? await run() : await changeScope((areas) => deps.changes.publish(areas), typeof access === 'object' ? access.area : undefined, run);
      if (ctx.body !== undefined || ctx.status === 200) return; // the handler sent a file or a page itself
      if (def.response) await withCatalogSpelling(deps.reader, def.response, result instanceof Reply ? result.data : result);
      ctx.body =
        result instanceof Reply
          ? { success: true, message: result.message, data: result.data }
          : { success: true, message: 'OK', ...(result === undefined ? {} : { data: result }) };
    });
    for (const path of pathsOf(def)) router[def.method](path, ...(chain as Middleware[]));
  }
}
