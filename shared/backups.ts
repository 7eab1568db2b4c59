import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { labelled, named, recordTime } from './validation.js';

/** One backup zip under <data>/backups/. */
export const backupRecord = named('Backup', {
  name: z.string().describe('file name, e.g. cargodesk-20260314-091500-000.zip (daily ones: cargodesk-daily-...)'),
  size: z.number().int().describe('bytes'),
  createTime: recordTime().describe('when the snapshot was taken, ISO 8601 UTC'),
});
export type BackupRecord = z.infer<typeof backupRecord>;

/** GET /admin/backups/engine: where this service keeps its data, so the Backups page can say what its backups are. */
export const backupEngine = named('BackupEngine', {
  database: labelled(
    z
      .enum(['sqlite', 'postgresql'])
      .describe(
        "sqlite: the data folder's database file, copied by SQLite's online backup; postgresql: a logical export of every table, while the database administrator's own pg_dump backups stay the primary ones",
      ),
    CODE_LABELS.database,
  ),
});
export type BackupEngine = z.infer<typeof backupEngine>;
