// Progress of long work (imports, exports, backups) for the client's progress bar. The client makes
// up an id, sends it as the X-Progress-Id header of the long request and polls GET /progress/{id}
// meanwhile. The request's work runs inside `trackProgress`, which keeps the entry in an
// AsyncLocalStorage, so the code deep inside (the sheet reader, the row import, the backup) reports
// its phase with `progress(...)` without passing anything along; without the header it is a no-op.
// The entries are hostile input: bounded per user, answered to that user only, dropped when stale.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PROGRESS_ID, type ProgressPhase, type ProgressRecord } from '../shared/progress.js';
import { said } from '../shared/messages.js';
import { invalid, unauthorized } from './http/errors.js';

/** Entries kept per user: starting one more drops that user's oldest. */
export const PROGRESS_PER_USER = 8;
/** An entry is dropped this long after its last change (finished or not). */
export const PROGRESS_KEEP_MS = 10 * 60_000;

interface Entry {
  state: ProgressRecord;
  touched: number;
}

export class ProgressBoard {
  /** per user id, their entries by progress id (a Map keeps the order they were started in) */
  private readonly users = new Map<number, Map<string, Entry>>();

  constructor(private readonly now: () => number = Date.now) {}

  start(userId: number, id: string): Entry {
    this.sweep();
    let mine = this.users.get(userId);
    if (!mine) this.users.set(userId, (mine = new Map()));
    mine.delete(id);
    while (mine.size >= PROGRESS_PER_USER) mine.delete(mine.keys().next().value!);
    const entry: Entry = { state: { phase: 'reading', done: 0, total: null, finished: false, failed: false }, touched: this.now() };
    mine.set(id, entry);
    return entry;
  }

  /** The state of the user's own entry, or undefined (another user's id is unknown to this one). */
  get(userId: number, id: string): ProgressRecord | undefined {
    this.sweep();
    return this.users.get(userId)?.get(id)?.state;
  }

  touch(entry: Entry, change: Partial<ProgressRecord>): void {
    Object.assign(entry.state, change);
    entry.touched = this.now();
  }

  private sweep(): void {
    const cutoff = this.now() - PROGRESS_KEEP_MS;
    for (const [userId, mine] of this.users) {
      for (const [id, entry] of mine) if (entry.touched < cutoff) mine.delete(id);
      if (!mine.size) this.users.delete(userId);
    }
  }
}

const current = new AsyncLocalStorage<{ board: ProgressBoard; entry: Entry }>();

/** Reports the phase of the work under way, when its request asked for progress. */
export function progress(phase: ProgressPhase, done = 0, total: number | null = null): void {
  const store = current.getStore();
  store?.board.touch(store.entry, { phase, done, total });
}

/** What trackProgress reads of a request (an AppContext; context.ts imports this module's board). */
interface ProgressRequest {
  get(field: string): string;
  state: { user?: { id: number } };
  deps: { progress: ProgressBoard };
}

/**
 * Registers the progress entry the request asks for (its X-Progress-Id header) for the signed-in
 * user, and answers a function that runs work under it, marking it finished when the work settles.
 * Without the header the work just runs. A malformed id is refused (400) before anything is done.
 */
export function trackProgress(ctx: ProgressRequest): <T>(work: () => Promise<T>) => Promise<T> {
  const id = ctx.get('x-progress-id');
  if (!id) return (work) => work();
  if (!PROGRESS_ID.test(id))
    throw invalid(said('X-Progress-Id must be 16 to 64 letters, digits, "-" or "_" (a random UUID fits)', 'X-Progress-Id 须为 16 到 64 个字母、数字、“-”或“_”（随机 UUID 即可）'));
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const board = ctx.deps.progress;
  const entry = board.start(user.id, id);
  return async (work) => {
    try {
      const result = await current.run({ board, entry }, work);
      board.touch(entry, { finished: true });
      return result;
    } catch (err) {
      board.touch(entry, { finished: true, failed: true });
      throw err;
    }
  };
}
