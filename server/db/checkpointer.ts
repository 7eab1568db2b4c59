// SQLite copies the WAL back into the database file (a checkpoint) on the connection that commits,
// once the WAL passes 1,000 pages. better-sqlite3 runs it synchronously, so after a large import the
// COMMIT held the event loop for 200-800 ms (docs/performance.md). Here a worker thread with a
// connection of its own checkpoints every second instead (PASSIVE: beside readers and the writer),
// and the writer connection never does.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const INTERVAL_MS = 1000;

// CommonJS, evaluated: no module file to find beside a bundle or inside the desktop app's archive
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const closed = new Int32Array(workerData.closed);
const done = () => { Atomics.store(closed, 0, 1); Atomics.notify(closed, 0); };
let db;
try {
  db = new (require(workerData.module))(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
} catch (err) {
  done();
  throw err;
}
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round tries again */ }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  done();
  parentPort.close();
});
`;

/**
 * Starts checkpointing `file` from a worker thread and turns the writer's own checkpoints off.
 * Answers the function that stops it; it returns once the worker's connection is closed (at most
 * the time of one checkpoint), so the writer can be closed last and remove the WAL as usual.
 */
export function startCheckpointer(writer: SQLite.Database, file: string): () => void {
  const closed = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3'), closed, intervalMs: INTERVAL_MS },
  });
  worker.unref();
  // a worker that could not open the file said so by ending: the writer then checkpoints as SQLite does
  worker.on('error', () => writer.open && writer.pragma('wal_autocheckpoint = 1000'));
  writer.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    worker.postMessage('stop');
    Atomics.wait(new Int32Array(closed), 0, 0, 10_000);
  };
}
