import { z } from 'zod';

/** One backup zip under <data>/backups/. */
export const backupRecord = z.object({
  name: z.string().describe('file name, e.g. cargodesk-20260314-091500-000.zip (daily ones: cargodesk-daily-...)'),
  size: z.number().int().describe('bytes'),
  createTime: z.string().describe('when the snapshot was taken, ISO 8601 UTC'),
});
export type BackupRecord = z.infer<typeof backupRecord>;
