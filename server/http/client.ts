// Serves the built back-office client (dist/client, built by `npm run build:client`) at `/`:
// hashed assets cached for a year, index.html never cached, history fallback to index.html for
// page addresses only (never /api, never /health), and security headers on every answer. The build
// writes a brotli and a gzip copy beside each text file (desktop/client/precompress.ts): koa-send
// sends the .br to a browser that accepts br, else the .gz to one that accepts gzip, else the file,
// with the file's own Content-Type and the sent bytes' Content-Length; every answer says it varies
// by Accept-Encoding.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Middleware } from 'koa';
import koaStatic from 'koa-static';
import send from 'koa-send';
import { BOOT_SCRIPT } from '../../shared/boot-shell.js';

// The client loads scripts, styles, fonts and data only from the service itself. Ant Design writes
// its styles at run time (CSS-in-JS), hence 'unsafe-inline' for styles (never for scripts). The one
// inline script, index.html's first-screen skeleton (shared/boot-shell.ts), is allowed by its hash.
// blob: serves previews of fetched files (PDFs, images) inside the window.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

const isServicePath = (path: string) => /^\/(api|health)(\/|$)/.test(path);

/** A browser navigating to a page asks for HTML; fetch() and API clients do not. */
const wantsPage = (ctx: Context) => (ctx.get('accept') ?? '').includes('text/html');

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cargodesk</title></head>
<body style="font-family: sans-serif; margin: 3em">
<h1>The Cargodesk client is not built</h1>
<p>The service is running and its API answers under <code>/api</code>, but the browser client has not been built yet.</p>
<p>Build it with <code>npm run build:client</code> (or start the service with <code>npm start</code>, which builds it when needed), then reload this page.</p>
</body></html>
`;

export function serveClient(dir: string): Middleware {
  const serveFile = koaStatic(dir, {
    index: false,
    setHeaders(res, path) {
      // Vite puts every hashed file under assets/; anything else may change under the same name
      res.setHeader('Cache-Control', path.startsWith(join(dir, 'assets')) ? IMMUTABLE : 'no-cache');
    },
  });

  const page = async (ctx: Context) => {
    if (!existsSync(join(dir, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.vary('Accept-Encoding');
    await send(ctx, 'index.html', { root: dir, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') });
  };

  return async (ctx, next) => {
    ctx.set(SECURITY_HEADERS);
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServicePath(ctx.path)) return next();
    if (ctx.path === '/' || ctx.path === '/index.html') return page(ctx);
    // a file of the build, else the page for a client route, else the API's 404
    ctx.vary('Accept-Encoding');
    await serveFile(ctx, () => (wantsPage(ctx) && !ctx.path.startsWith('/assets/') ? page(ctx) : next()));
  };
}
