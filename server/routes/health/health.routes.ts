import { z } from 'zod';
import { said } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { checkHealth, HEALTH_TIMEOUT_MS } from './health.service.js';

const startedAt = Date.now();

const alive = z.object({ status: z.literal('ok'), version: z.string(), uptime: z.number().describe('seconds since start') });
const running = (ctx: AppContext) => ({ status: 'ok' as const, version: ctx.deps.config.version, uptime: Math.round((Date.now() - startedAt) / 1000) });

const FAILING = {
  database: said(`the database did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`, `数据库未在 ${HEALTH_TIMEOUT_MS / 1000} 秒内应答`),
  files: said('the files folder cannot be written', '文件目录无法写入'),
};

export const healthRoutes = [
  route({
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Health check: the database answers and the files folder is writable (also served at /health)',
    description: `200 only when the database answers a read within ${HEALTH_TIMEOUT_MS / 1000} s and a file can be written into the files folder; otherwise 503 with data { status: "unavailable", database, files }, each "ok" or "failing", and a message naming what fails (the cause is in the service's log). For a load balancer's health check. A process that merely runs: /health/live.`,
    access: 'public',
    response: alive,
    handler: async (ctx) => {
      const checks = await checkHealth(ctx.deps);
      const failing = (['database', 'files'] as const).filter((c) => checks[c] === 'failing');
      if (failing.length)
        throw new HttpError(503, said(`not ready: ${failing.map((c) => FAILING[c].en).join('; ')}`, `服务不可用：${failing.map((c) => FAILING[c].zh).join('；')}`), {
          status: 'unavailable',
          ...checks,
        });
      return running(ctx);
    },
  }),
  route({
    method: 'get',
    path: '/health/live',
    tag: 'Service',
    summary: 'Liveness: 200 while the process serves requests, whatever the database (also served at /health/live)',
    description:
      'Checks nothing beyond the process answering: for a supervisor that restarts a hung process. Restarting does not help when the database or the files folder fails, so restart on this one and route traffic on /health.',
    access: 'public',
    response: alive,
    handler: running,
  }),
];
