// Live refresh (issue 28): a signed-in user's stream of the areas that change (server-sent events),
// and the short ticket that opens it. docs/api.md "Live refresh", docs/architecture.md "Live refresh".
import { eventsTicket } from '../../../shared/events.js';
import { said } from '../../../shared/messages.js';
import { HttpError, tooManyRequests } from '../../http/errors.js';
import { signTicket, TICKET_LIFETIME_SECONDS, type TokenClaims } from '../../http/auth.js';
import { route } from '../../http/route.js';

export const eventRoutes = [
  route({
    method: 'post',
    path: '/events/ticket',
    tag: 'Service',
    summary: 'A ticket that opens the live-refresh stream (GET /api/events)',
    description: `A browser's EventSource cannot send the Authorization header, and an access token in an address would land in proxies' logs: this ticket is signed for the stream alone (no other route takes it, and the stream takes no access token), names the caller, and opens a stream for ${TICKET_LIFETIME_SECONDS} s after it is issued. Ask for a new one to open a stream again.`,
    access: 'user',
    response: eventsTicket,
    example: { response: { ticket: 'eyJhbGciOiJIUzI1NiJ9…', expiresIn: TICKET_LIFETIME_SECONDS } },
    handler: (ctx, { user }) => ({ ticket: signTicket(ctx.deps.jwtSecret, user, (ctx.state as { token?: TokenClaims }).token?.ver), expiresIn: TICKET_LIFETIME_SECONDS }),
  }),
  route({
    method: 'get',
    path: '/events',
    tag: 'Service',
    summary: 'Live refresh: the areas that change, as server-sent events',
    description:
      'Opened with `?ticket=` (POST /api/events/ticket). After each successful write (of any user, on any instance of the database) an `event: change` with `data: {"area": "<area>"}` names each area it changed that the caller may read (its grants; every warehouse of an area, whatever warehouses the caller is limited to): never a record or a value. Refetch what you show of that area. A burst (an import) is gathered into one event per area every 250 ms. A `: keep-alive` comment every EVENT_HEARTBEAT_SECONDS (25 s) keeps proxies from closing the stream; at each, the caller is checked again (a disabled account, changed password or changed grants take effect: the stream ends or its areas change). At most EVENT_STREAMS_PER_USER (10) streams per user (429 beyond) and EVENT_STREAMS_TOTAL (500) per instance (503 beyond). The stream ends when the service stops; reconnect with a new ticket.',
    access: 'user',
    ticket: true,
    produces: 'text/event-stream',
    statuses: [429],
    handler: (ctx, { user }) => {
      const hub = ctx.deps.changes;
      const refused = hub.refusal(user.id);
      if (refused === 'user')
        throw tooManyRequests(
          said(
            `at most ${ctx.deps.config.eventStreamsPerUser} pages may refresh live at once per user: close other Cargodesk tabs (the others still work and refresh on reload)`,
            `每个用户最多 ${ctx.deps.config.eventStreamsPerUser} 个页面同时实时刷新：请关闭其他 Cargodesk 标签页（其余页面仍可使用，重新加载即刷新）`,
          ),
        );
      if (refused === 'total')
        throw new HttpError(
          503,
          said(
            'the service has as many live pages open as it takes: this page refreshes on reload, and live again in a moment',
            '服务的实时页面已达上限：此页面重新加载即可刷新，稍后将恢复实时刷新',
          ),
        );
      const recheck = ctx.state.recheck!;
      const { req, res } = ctx;
      req.socket.setTimeout(0);
      req.socket.setNoDelay(true);
      req.socket.setKeepAlive(true);
      ctx.status = 200;
      ctx.respond = false; // the stream is written directly, without Koa's body handling (or a compression middleware)
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no', // nginx: pass each event on at once
        Connection: 'keep-alive',
      });
      // retry: how long EventSource waits before reconnecting; the comment sends the headers now
      res.write('retry: 3000\n: connected\n\n');
      hub.add(user, res, recheck);
    },
  }),
];
