// The running service writes <data>/cargodesk.lock (pid, port); restore refuses a folder whose lock
// names a process that is still alive. A lock left by a crash names a dead process and is ignored.
import { hostname } from 'node:os';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE = 'cargodesk.lock';

export interface DataLock {
  pid: number;
  port: number;
  host: string;
  startTime: string;
}

export const lockPath = (dataDir: string): string => join(dataDir, LOCK_FILE);

export async function writeLock(dataDir: string, port: number): Promise<void> {
  const lock: DataLock = { pid: process.pid, port, host: hostname(), startTime: new Date().toISOString() };
  await writeFile(lockPath(dataDir), JSON.stringify(lock));
}

export async function removeLock(dataDir: string): Promise<void> {
  await rm(lockPath(dataDir), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/**
 * The lock left in the folder and whether its service still runs, or null when there is none.
 * A lock whose process is gone (or that a crash left half-written) means the last run did not stop cleanly.
 */
export async function readLock(dataDir: string): Promise<{ lock: DataLock | null; alive: boolean } | null> {
  const text = await readFile(lockPath(dataDir), 'utf8').catch(() => null);
  if (text === null) return null;
  let lock: DataLock;
  try {
    lock = JSON.parse(text) as DataLock;
  } catch {
    return { lock: null, alive: false };
  }
  if (!Number.isInteger(lock.pid) || lock.pid <= 0) return { lock: null, alive: false };
  // a lock written on another computer (a shared folder) cannot be checked here: treat it as live
  if (lock.host !== hostname()) return { lock, alive: true };
  return { lock, alive: alive(lock.pid) };
}

/** The lock of a service that still runs on this folder, or null. */
export async function liveLock(dataDir: string): Promise<DataLock | null> {
  const found = await readLock(dataDir);
  return found?.alive ? found.lock : null;
}
