import { z } from 'zod';
import { route } from '../../http/route.js';

const startedAt = Date.now();

export const healthRoutes = [
  route({
    method: 'get',
    path: '/health',
    tag: 'Service',
    summary: 'Health check (also served at /health)',
    access: 'public',
    response: z.object({ status: z.literal('ok'), version: z.string(), uptime: z.number().describe('seconds since start') }),
    handler: (ctx) => ({ status: 'ok', version: ctx.deps.config.version, uptime: Math.round((Date.now() - startedAt) / 1000) }),
  }),
];
