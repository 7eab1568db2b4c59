// createApp(deps) builds the Koa app without listening: the middleware order and every router
// mounted in one readable place.
import bodyParser from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { AppDeps, AppState } from './context.js';
import { withoutFileSecret } from './files/file-store.js';
import { serveClient } from './http/client.js';
import { compressJson } from './http/compress.js';
import { cors } from './http/cors.js';
import { errorMiddleware, noRoute } from './http/errors.js';
import { mountRoutes, type RouteDef } from './http/route.js';
import { buildOpenApi, OPENAPI_PATH, type Mount } from './openapi.js';
import { archiveRoutes } from './routes/archive/archive.routes.js';
import { backupRoutes } from './routes/backups/backups.routes.js';
import { masterDataRoutes } from './routes/catalogs/catalogs.routes.js';
import { auditRoutes } from './routes/audit/audit.routes.js';
import { authRoutes } from './routes/auth/auth.routes.js';
import { companyRoutes } from './routes/company/company.routes.js';
import { contractRoutes } from './routes/contracts/contracts.routes.js';
import { corpContractRoutes } from './routes/corp-contracts/corp-contracts.routes.js';
import { fileRoutes } from './routes/files/files.routes.js';
import { financeRoutes } from './routes/finance/finance.routes.js';
import { eventRoutes } from './routes/events/events.routes.js';
import { healthRoutes } from './routes/health/health.routes.js';
import { progressRoutes } from './routes/progress/progress.routes.js';
import { reportRoutes } from './routes/reports/reports.routes.js';
import { settingsRoutes } from './routes/settings/settings.routes.js';
import { tradingRoutes } from './routes/trading/trading.routes.js';
import { userRoutes } from './routes/users/users.routes.js';
import { inboundOrderRoutes } from './routes/warehouse/inbound-orders/inbound-orders.routes.js';
import { outboundOrderRoutes } from './routes/warehouse/outbound-orders/outbound-orders.routes.js';
import { ownershipTransferRoutes } from './routes/warehouse/ownership-transfers/ownership-transfers.routes.js';
import { pickupRequestRoutes } from './routes/warehouse/pickup-requests/pickup-requests.routes.js';
import { stockRoutes } from './routes/warehouse/stock/stock.routes.js';
import { warehouseRoutes } from './routes/warehouse/warehouses/warehouses.routes.js';

/** Every route of the API, served under /api. */
export const apiRoutes: readonly RouteDef[] = [
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...auditRoutes,
  ...settingsRoutes,
  ...tradingRoutes,
  ...fileRoutes,
  ...archiveRoutes, // before contractRoutes: /contract/folders is not /contract/:id
  ...contractRoutes,
  ...corpContractRoutes,
  ...companyRoutes,
  ...financeRoutes,
  ...warehouseRoutes,
  ...stockRoutes,
  ...inboundOrderRoutes,
  ...pickupRequestRoutes,
  ...outboundOrderRoutes,
  ...ownershipTransferRoutes,
  ...reportRoutes,
  ...masterDataRoutes,
  ...backupRoutes,
  ...progressRoutes,
  ...eventRoutes,
];

/** The mounts the service serves: all of the API under /api; health also at /health; finance also without /api (docs/api.md). */
export const mounts: readonly Mount[] = [
  { prefix: '/api', routes: apiRoutes },
  { prefix: '', routes: healthRoutes },
  { prefix: '', routes: financeRoutes },
];

function requestLog(logger: Logger): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      logger.info({
        method: ctx.method,
        path: withoutFileSecret(ctx.path),
        status: ctx.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        user: ctx.state.user?.username ?? null,
      });
    }
  };
}

export function createApp(deps: AppDeps): Koa {
  const app = new Koa<AppState>({ proxy: false });
  app.silent = true; // errors are logged by errorMiddleware, once, with their stack
  (app.context as unknown as { deps: AppDeps }).deps = deps;

  // built on first request: converting every zod schema took a tenth of the start-up
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  const router = new Router();
  for (const { prefix, routes } of mounts) {
    const mounted = new Router({ prefix });
    mountRoutes(mounted, routes, deps);
    router.use(mounted.routes());
  }
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.body = openapi ??= buildOpenApi(mounts, deps.config.version);
  });

  app.use(requestLog(deps.logger));
  app.use(compressJson()); // outside errorMiddleware: refusals' envelopes too
  app.use(errorMiddleware(deps.logger));
  app.use(serveClient(deps.config.clientDir));
  app.use(cors(deps.config.corsOrigins));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' }));
  app.use(router.routes());
  app.use((ctx) => {
    throw noRoute(ctx.method, ctx.path);
  });
  return app as unknown as Koa;
}
