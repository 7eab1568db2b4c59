// The data folder is readable by the service's own user only: it holds the token signing secret
// (whoever reads it can forge an admin token), the database, the logs and backups of both.
// Folders are created 0700 and files 0600 on every path that writes them (start, backup, daily
// backup, restore); folders and files left by older versions (0755/0644) are tightened at start.
// On Windows the modes mean little: the data folder lives in the user's own profile.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The files of the data folder that hold secrets or data: the database (+ WAL), the signing secret. */
const PRIVATE_FILES = ['cargodesk.sqlite', 'cargodesk.sqlite-wal', 'cargodesk.sqlite-shm', 'jwt-secret'];
/** Folders tightened, and whose files are tightened too (logs and backups are few files). */
const PRIVATE_FOLDERS_WITH_FILES = ['logs', 'backups'];
/** Folders tightened (uploads are many files; the data folder's own 0700 keeps them private). */
const PRIVATE_FOLDERS = ['files'];

const ignoreMissing = (err: NodeJS.ErrnoException) => {
  if (err.code !== 'ENOENT') throw err;
};

/** Creates a folder (and missing parents) owner-only, and makes an existing one owner-only. */
export async function privateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(path, PRIVATE_DIR_MODE);
}

/** Makes the data folder and what it holds owner-only (see the list above). */
export async function tightenDataFolder(dataDir: string): Promise<void> {
  await privateDir(dataDir);
  for (const name of PRIVATE_FILES) await chmod(join(dataDir, name), PRIVATE_FILE_MODE).catch(ignoreMissing);
  for (const name of PRIVATE_FOLDERS) await chmod(join(dataDir, name), PRIVATE_DIR_MODE).catch(ignoreMissing);
  for (const name of PRIVATE_FOLDERS_WITH_FILES) {
    const dir = join(dataDir, name);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
    if (!entries) continue;
    await chmod(dir, PRIVATE_DIR_MODE);
    for (const entry of entries) {
      // never through a link: chmod would change whatever it points to
      if (entry.isFile() || entry.isDirectory()) await chmod(join(dir, entry.name), entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE).catch(ignoreMissing);
    }
  }
}
