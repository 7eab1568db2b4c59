import { z } from 'zod';
import { backupRecord } from '../../../shared/backups.js';
import { sendFile } from '../../http/download.js';
import { notFound } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { reply, route } from '../../http/route.js';
import { trackProgress } from '../../progress.js';

const example = { name: 'cargodesk-20260314-091500-000.zip', size: 48213, createTime: '2026-03-14T09:15:00.000Z' };

export const backupRoutes = [
  route({
    method: 'post',
    path: '/admin/backups',
    tag: 'Backups',
    summary: 'Back up now (admin)',
    description:
      'Writes a consistent snapshot of the database (SQLite online backup) and every file area into one zip under <data>/backups/, while the service keeps running. Backups are written one at a time; a second request waits for the first. Send `X-Progress-Id` to follow it on GET /progress/{progressId}.',
    access: 'admin',
    response: backupRecord,
    example: { response: example, message: 'backup written' },
    handler: async (ctx) => reply(await trackProgress(ctx)(() => ctx.deps.backups.create('manual')), 'backup written'),
  }),
  route({
    method: 'get',
    path: '/admin/backups',
    tag: 'Backups',
    summary: 'List the backups, newest first (admin)',
    access: 'admin',
    response: z.array(backupRecord),
    example: { response: [example] },
    handler: (ctx) => ctx.deps.backups.list(),
  }),
  route({
    method: 'get',
    path: '/admin/backups/:name/download',
    tag: 'Backups',
    summary: 'Download one backup (admin)',
    access: 'admin',
    produces: 'application/zip',
    handler: async (ctx) => {
      const name = ctx.params.name ?? '';
      const path = ctx.deps.backups.pathOf(name);
      if (!path) throw notFound(said('backup', '备份'), name);
      await sendFile(ctx, path, { downloadName: name });
    },
  }),
];
