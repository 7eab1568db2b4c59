// Downloads: a stored file (the right type, length, caching, and the original name when asked),
// bytes made on the fly, and a spreadsheet written while it streams.
import type { ParameterizedContext } from 'koa';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { trackProgress } from '../progress.js';
import type { AppContext } from '../context.js';
import { contentTypeOf } from '../files/sniff.js';
import { XLSX_TYPE } from '../spreadsheets/sheet.js';
import { notFound } from './errors.js';
import { said } from '../../shared/messages.js';

/**
 * `attachment; filename="..."; filename*=UTF-8''...` with an ASCII fallback for old clients. Not
 * Koa's `ctx.attachment()`: its fallback turns Chinese into `?`, which Windows refuses in a file
 * name (here `_`), and it sets Content-Type from the name's extension, where the stored file's
 * type must stay the one `contentTypeOf` gives (an uploaded `.html` is never served as HTML).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name?: string): string {
  if (!name) return kind;
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface SendFileOptions {
  /** original name: sends the file as a download under that name */
  downloadName?: string;
  /** immutable: stored names never change content, so the file can be cached for a year */
  immutable?: boolean;
}

export async function sendFile(ctx: ParameterizedContext<object, object>, path: string, options: SendFileOptions = {}): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound(said('file', '文件'));
  const { type, inline } = contentTypeOf(extname(path).slice(1));
  ctx.type = type;
  ctx.length = info.size;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', options.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  const disposition = options.downloadName || !inline ? 'attachment' : 'inline';
  ctx.set('Content-Disposition', contentDisposition(disposition, options.downloadName));
  if (ctx.method === 'HEAD')
    ctx.status = 200; // Koa ends a HEAD answer without a body
  else ctx.body = createReadStream(path);
}

/**
 * Answers the request with an .xlsx download named `fileName`, written by `write` while it streams.
 * Everything that can fail with a clear 4xx must be checked before: once the download has started,
 * a failure can only cut it off (and is logged).
 */
export function sendSheet(ctx: AppContext, fileName: string, write: (target: Writable) => Promise<void>): void {
  const track = trackProgress(ctx);
  const body = new PassThrough();
  ctx.type = XLSX_TYPE;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Disposition', contentDisposition('attachment', fileName));
  ctx.body = body;
  track(() => write(body)).catch((err: unknown) => {
    ctx.deps.logger.error({ err, path: ctx.path }, 'spreadsheet export failed');
    body.destroy(err as Error);
  });
}
