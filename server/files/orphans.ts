// The one list of which table and column holds the urls of each file area, and the start-up
// check built on it: files in an area that no record names, and records whose file is missing.
// A file without a record can only be left by a crash between moving it into its area and the
// commit (or between a commit and deleting a replaced file); nobody was told it was saved, so it
// is moved aside into <files>/orphans/ (never deleted: a person may still look at it).
// On a files folder shared by several instances (PostgreSQL), another instance may have just moved a
// file in and not yet committed: there only files older than SHARED_FOLDER_MIN_AGE_MS count.
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, Db } from '../db/tables.js';
import { AREAS, type Area, type FileStore } from './file-store.js';

/** The table and url column of every area's records. */
export const FILE_RECORDS: Record<Area, { table: keyof Database; column: string }> = {
  contractUploads: { table: 'contractFiles', column: 'url' },
  contractArchive: { table: 'archiveFiles', column: 'url' },
  corpContract: { table: 'corpContracts', column: 'fileUrl' },
  company: { table: 'companyFiles', column: 'fileUrl' },
  ownership: { table: 'ownershipFiles', column: 'url' },
  finance: { table: 'financeFiles', column: 'url' },
  blDocuments: { table: 'blDocuments', column: 'url' },
};

export const ORPHANS_DIR = 'orphans';

/**
 * On a shared files folder, temp files and files without a record younger than this are another
 * instance's work in flight (an upload being written, a file moved in before its commit). A stored
 * file keeps the time its upload finished (a rename does not change it), and no request lasts an hour.
 */
export const SHARED_FOLDER_MIN_AGE_MS = 60 * 60 * 1000;

export interface OrphanReport {
  /** urls of files found in an area that no record names */
  filesWithoutRecord: string[];
  /** records whose url names a file that is not there */
  recordsWithoutFile: { table: string; id: number; url: string }[];
}

/** `minAgeMs`: files modified more recently than this are left out of `filesWithoutRecord`. */
export async function findOrphans(db: Db, store: FileStore, minAgeMs = 0): Promise<OrphanReport> {
  const cutoff = Date.now() - minAgeMs;
  const report: OrphanReport = { filesWithoutRecord: [], recordsWithoutFile: [] };
  for (const [area, { table, column }] of Object.entries(FILE_RECORDS) as [Area, (typeof FILE_RECORDS)[Area]][]) {
    const dir = AREAS[area].dir;
    const rows = (await db
      .selectFrom(table)
      .select(['id as id', `${column} as url`] as never)
      .where(column as never, 'like', `${dir}/%` as never)
      .execute()) as unknown as { id: number; url: string }[];
    const onDisk = new Set((await readdir(join(store.root, dir)).catch(() => [] as string[])).map((name) => `${dir}/${name}`));
    const named = new Set<string>();
    for (const row of rows) {
      named.add(row.url);
      if (!onDisk.has(row.url)) report.recordsWithoutFile.push({ table, id: row.id, url: row.url });
    }
    for (const url of onDisk) {
      if (named.has(url)) continue;
      if (minAgeMs > 0) {
        const info = await stat(join(store.root, url)).catch(() => null);
        if (!info || info.mtimeMs > cutoff) continue;
      }
      report.filesWithoutRecord.push(url);
    }
  }
  return report;
}

/** Moves files without a record to <files>/orphans/<area folder>/; returns the report of what was found. */
export async function sweepOrphans(db: Db, store: FileStore, minAgeMs = 0): Promise<OrphanReport> {
  const report = await findOrphans(db, store, minAgeMs);
  for (const url of report.filesWithoutRecord) {
    const target = join(store.root, ORPHANS_DIR, url);
    await mkdir(join(target, '..'), { recursive: true });
    await rename(join(store.root, url), target);
  }
  return report;
}
