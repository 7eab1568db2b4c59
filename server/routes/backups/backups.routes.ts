import { z } from 'zod';
import { backupEngine, backupRecord } from '../../../shared/backups.js';
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
      "Writes a consistent snapshot of the database and every file area into one zip under <data>/backups/, while the service keeps running. On SQLite the database is copied by its online backup; on PostgreSQL every table is read inside one REPEATABLE READ, read-only transaction and written into the same SQLite file (the database administrator's own pg_dump backups stay the primary ones). `npm run restore` restores either kind into either engine. Backups are written one at a time; a second request waits for the first. Send `X-Progress-Id` to follow it on GET /progress/{progressId}: the rows or database pages copied (`copying`), then the files packed (`packing`).",
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
    path: '/admin/backups/engine',
    tag: 'Backups',
    summary: 'Where this service keeps its data, SQLite or PostgreSQL (admin)',
    access: 'admin',
    response: backupEngine,
    example: { response: { database: 'sqlite' } },
    handler: (ctx) => ({ database: ctx.deps.backups.engine }),
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
