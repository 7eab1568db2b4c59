// Public reads of stored files: GET /api/<area>-files/<folder>/<stored name>, one route per area
// folder, so the url a record holds (`uploads/…`) is the path itself and a generated client can call
// it. The name must be exactly one the file store wrote, so no encoding can leave the folder.
import { AREAS } from '../../files/file-store.js';
import { STORED_FILE_TYPES } from '../../files/sniff.js';
import { sendFile } from '../../http/download.js';
import { notFound } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { route } from '../../http/route.js';

/** Contract scans are PDFs and images; the other folders keep any document but programs. */
const typesOf = (dir: string) => (dir === AREAS.contractUploads.dir ? ['application/pdf', 'image/*'] : STORED_FILE_TYPES);

export const fileRoutes = Object.values(AREAS).map(({ dir, route: area }) =>
  route({
    method: 'get',
    path: `/${area}/${dir}/:name`,
    tag: 'Files',
    summary: `Read a stored file of ${area}/${dir} (public; the record's url is ${dir}/{name})`,
    description: `name: the stored name after "${dir}/" in the record's url (22 random characters and the extension). PDFs and images are sent inline, anything else as an attachment; cached for a year (stored names never change content). 404 for any other name.`,
    access: 'public',
    produces: typesOf(dir),
    handler: async (ctx, { store }) => {
      const path = store.pathOf(`${dir}/${ctx.params.name ?? ''}`, area);
      if (!path) throw notFound(said('file', '文件'));
      await sendFile(ctx, path, { immutable: true });
    },
  }),
);
