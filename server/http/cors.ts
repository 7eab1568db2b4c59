// Cross-origin calls: closed unless the origin is on the allow-list (CORS_ORIGINS, exact origins
// such as http://192.168.1.20:5173). The client is served by the service itself, so it needs none;
// the list is for another LAN page that must call the API from the browser. Tokens travel in the
// Authorization header, never in cookies, so credentials are never allowed.
import type { Middleware } from 'koa';
import { forbidden } from './errors.js';
import { said } from '../../shared/messages.js';

export function cors(allowed: readonly string[]): Middleware {
  const origins = new Set(allowed);
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (origins.size) ctx.vary('Origin');
    if (!origin || !origins.has(origin)) {
      if (origin && ctx.method === 'OPTIONS' && ctx.get('access-control-request-method'))
        throw forbidden(
          said(
            `the page at ${origin.slice(0, 100)} may not call this service; an administrator can add its origin to CORS_ORIGINS`,
            `${origin.slice(0, 100)} 上的页面不能调用本服务；管理员可以把它的来源加入 CORS_ORIGINS`,
          ),
        );
      return next();
    }
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', 'Content-Disposition, Content-Length');
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, DELETE');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    await next();
  };
}
