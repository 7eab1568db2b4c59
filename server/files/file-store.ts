// Uploaded files under <data>/files/<area>/<stored name>. A record holds the url
// "<area>/<stored name>"; paths are only ever built from a url that matches URL_RE.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Db, Queryable } from '../db/tables.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-data.js';

/** Each area: the folder its urls start with, and the public read route that serves it. */
export const AREAS = {
  contractUploads: { dir: 'uploads', route: 'contract-files' },
  contractArchive: { dir: 'batch_archive', route: 'contract-files' },
  corpContract: { dir: 'files', route: 'corp-contract-files' },
  company: { dir: 'company', route: 'company-files' },
  ownership: { dir: 'ownership', route: 'ownership-files' },
  finance: { dir: 'finance', route: 'finance-files' },
  blDocuments: { dir: 'bl_documents', route: 'contract-files' },
} as const;
export type Area = keyof typeof AREAS;

const FILE_ROUTES = [...new Set(Object.values(AREAS).map((a) => a.route))];

const STORED_NAME_RE = /^[A-Za-z0-9_-]{22}(\.[a-z0-9]{1,10})?$/;

/** A request path that reads a stored file publicly (routes match without regard to case). */
const FILE_READ_RE = new RegExp(`^(/api/(?:${FILE_ROUTES.join('|')})/)([a-z_]{1,20}/)?(.*?)(\\.[a-z0-9]{1,10})?$`, 'i');

/**
 * The path as logs may keep it: a public file read's stored name is the only secret protecting the
 * file, so it becomes "[hidden]" ("/api/company-files/company/[hidden].pdf"). Other paths unchanged.
 */
export function withoutFileSecret(path: string): string {
  const m = FILE_READ_RE.exec(path);
  return m ? `${m[1]}${m[2] ?? ''}[hidden]${m[4] ?? ''}` : path;
}

/** A file received by the upload middleware: still in the temp folder, its type judged by its bytes. */
export interface UploadedFile {
  field: string;
  originalName: string;
  tempPath: string;
  size: number;
  extension: string;
  mimeType: string;
}

/** What a record keeps about a stored file. */
export interface StoredFile {
  name: string;
  url: string;
  size: number;
  mimeType: string;
}

export class FileStore {
  readonly tempDir: string;

  constructor(readonly root: string) {
    this.tempDir = join(root, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.tempDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    for (const area of Object.values(AREAS)) await mkdir(join(this.root, area.dir), { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  /** The absolute path of a stored url, or null when the url is not one this store wrote. */
  pathOf(url: string, route?: string): string | null {
    const slash = url.indexOf('/');
    if (slash < 0) return null;
    const dir = url.slice(0, slash);
    const name = url.slice(slash + 1);
    const area = Object.values(AREAS).find((a) => a.dir === dir && (route === undefined || a.route === route));
    if (!area || !STORED_NAME_RE.test(name)) return null;
    return join(this.root, area.dir, name);
  }

  newStoredName(originalName: string): string {
    const ext = extname(originalName).slice(1).toLowerCase();
    const safeExt = /^[a-z0-9]{1,10}$/.test(ext) ? `.${ext}` : '';
    return randomBytes(16).toString('base64url') + safeExt;
  }

  async remove(url: string): Promise<void> {
    const path = this.pathOf(url);
    if (!path) return;
    if (this.holds > 0) this.deferred.push(path);
    else await rm(path, { force: true });
  }

  private holds = 0;
  private deferred: string[] = [];

  /**
   * While held (a backup copies the areas after its database snapshot), deletions wait, so every
   * file the snapshot references is still there to copy. The returned function releases the hold.
   */
  holdDeletes(): () => Promise<void> {
    this.holds++;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (--this.holds > 0) return;
      const paths = this.deferred.splice(0);
      await Promise.all(paths.map((path) => rm(path, { force: true })));
    };
  }

  /**
   * Whether a file can be written into the folder now (the health check): a probe file in the temp
   * folder, where every upload lands first, written and removed again. Throws the reason otherwise.
   */
  async probeWrite(): Promise<void> {
    const probe = join(this.tempDir, `.health-${randomBytes(8).toString('hex')}`);
    await writeFile(probe, '', { mode: PRIVATE_FILE_MODE });
    await rm(probe, { force: true });
  }

  /** Removes temp files older than `olderThanMs` (left by a crash mid-upload). */
  async sweepTemp(olderThanMs = 0): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - olderThanMs;
    for (const name of await readdir(this.tempDir)) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs <= cutoff) {
        await rm(path, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}

/**
 * The file side of one transaction: files added are moved into their area just before the
 * database commits; files removed are deleted only after it has committed. If anything fails,
 * the moved files are deleted again and the temp files are left for the upload middleware to remove.
 */
export class FileChanges {
  private readonly planned: { from: string; to: string }[] = [];
  private readonly placed: string[] = [];
  private readonly removed: string[] = [];

  constructor(private readonly store: FileStore) {}

  add(area: Area, file: UploadedFile): StoredFile {
    const storedName = this.store.newStoredName(file.originalName);
    const url = `${AREAS[area].dir}/${storedName}`;
    this.planned.push({ from: file.tempPath, to: this.store.pathOf(url)! });
    return { name: file.originalName, url, size: file.size, mimeType: file.mimeType };
  }

  remove(url: string): void {
    this.removed.push(url);
  }

  async place(): Promise<void> {
    for (const { from, to } of this.planned) {
      await rename(from, to);
      this.placed.push(to);
    }
  }

  async undo(): Promise<void> {
    await Promise.all(this.placed.map((path) => unlink(path).catch(() => undefined)));
  }

  async finish(): Promise<void> {
    await Promise.all(this.removed.map((url) => this.store.remove(url)));
  }
}

/** Runs `work` in one database transaction together with the file moves and deletions it asks for. */
export async function withFiles<T>(db: Db, store: FileStore, work: (trx: Queryable, files: FileChanges) => Promise<T>): Promise<T> {
  const files = new FileChanges(store);
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const value = await work(trx, files);
      await files.place();
      return value;
    });
  } catch (err) {
    await files.undo();
    throw err;
  }
  await files.finish();
  return result;
}
