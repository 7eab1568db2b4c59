import { PROGRESS_ID, progressRecord } from '../../../shared/progress.js';
import { said } from '../../../shared/messages.js';
import { invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';

export const progressRoutes = [
  route({
    method: 'get',
    path: '/progress/:progressId',
    tag: 'Service',
    summary: 'Progress of a long import, export or backup of the caller',
    access: 'user',
    description:
      "Send a long request (a spreadsheet import or export, POST /admin/backups) with the header `X-Progress-Id: <id>`, an id you make up (16 to 64 letters, digits, `-`, `_`: a random UUID fits), and poll this route with the same id meanwhile. phase: reading (the uploaded sheet), checking (its rows), writing (rows stored, or an export's rows), copying (a backup's database pages), packing (a backup's files); done of total (total null when not known in advance). `finished` turns true when the request has answered, `failed` when that answer was a refusal (an import's row errors are in that answer, not here). 404 until the service has started the work (the upload may still be arriving), for another user's id, and 10 minutes after the last change; each user keeps at most 8 ids (starting a ninth drops the oldest).",
    response: progressRecord,
    example: { response: { phase: 'writing', done: 12000, total: 20000, finished: false, failed: false } },
    handler: async (ctx, { user }) => {
      const id = ctx.params.progressId ?? '';
      if (!PROGRESS_ID.test(id)) throw invalid(said('a progress id is 16 to 64 letters, digits, "-" or "_"', '进度 ID 须为 16 到 64 个字母、数字、“-”或“_”'));
      const state = await ctx.deps.progress.get(user.id, id);
      if (!state) throw notFound(said('progress', '进度'), id);
      return state;
    },
  }),
];
