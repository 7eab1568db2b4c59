// Compresses JSON answers above 1 KB for a client that accepts it (Accept-Encoding: br, else gzip),
// with Node's zlib: a list page of 20 rows is 5–30 KB of repetitive JSON that shrinks 5–10 times,
// which a phone on a slow link feels. Everything else passes untouched: the built client's files
// (precompressed at build, server/http/client.ts), file downloads (xlsx, pdf, images, zip: already
// compressed), streams (file bodies, server-sent events' text/event-stream) and HEAD answers.
// Answers that may be compressed say they vary by Accept-Encoding.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Middleware } from 'koa';

/** JSON answers at most this long go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

// brotli quality 4 is as fast as gzip 6 and ~10% smaller; 11 (the build's) takes ~50 times longer
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };

export function compressJson(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || !ctx.response.is('json') || ctx.response.get('Content-Encoding')) return;
    const body: unknown = ctx.body;
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) bytes = body;
    else if (typeof body === 'string') bytes = Buffer.from(body);
    else if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') bytes = Buffer.from(JSON.stringify(body));
    else return; // a stream, or no body
    ctx.vary('Accept-Encoding');
    if (bytes.length <= COMPRESS_MIN_BYTES) return;
    // brotli when accepted (browsers list it last: "gzip, deflate, br, zstd"), as koa-send chooses
    const encoding = ctx.acceptsEncodings('br', 'identity') === 'br' ? 'br' : ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? 'gzip' : null;
    if (!encoding) return;
    const type = ctx.response.get('Content-Type');
    ctx.body = encoding === 'br' ? await br(bytes, BROTLI) : await gz(bytes, GZIP);
    ctx.set('Content-Encoding', encoding);
    ctx.set('Content-Type', type); // setting a Buffer body would make it application/octet-stream
  };
}
