// Public reads of stored files: GET /api/<area>-files/<url>. The url must be exactly one that
// the file store wrote (area folder + generated name), so no encoding can leave the area.
import { FILE_ROUTES } from '../../files/file-store.js';
import { sendFile } from '../../http/download.js';
import { notFound } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { route } from '../../http/route.js';

export const fileRoutes = FILE_ROUTES.map((area) =>
  route({
    method: 'get',
    path: `/${area}/*url`,
    tag: 'Files',
    summary: `Read a stored file of ${area} (public; the url comes from the record)`,
    access: 'public',
    produces: 'application/octet-stream',
    handler: async (ctx, { store }) => {
      const path = store.pathOf(ctx.params.url ?? '', area);
      if (!path) throw notFound(said('file', '文件'));
      await sendFile(ctx, path, { immutable: true });
    },
  }),
);
