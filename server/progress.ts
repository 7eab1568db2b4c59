// Progress of long work (imports, exports, backups) for the client's progress bar. The client makes
// up an id, sends it as the X-Progress-Id header of the long request and polls GET /progress/{id}
// meanwhile. The request's work runs inside `trackProgress`, which keeps the entry in an
// AsyncLocalStorage, so the code deep inside (the sheet reader, the row import, the backup) reports
// its phase with `progress(...)` without passing anything along; without the header it is a no-op.
// The entries are hostile input: bounded per user, answered to that user only, dropped when stale.
// With one process (SQLite) they live in its memory. With several instances on one PostgreSQL
// database the poll may reach another instance than the one doing the work, so there every entry is
// also written to the table `progressEntries` (at most every PROGRESS_WRITE_MS, and at the end) and
// every poll reads the table: `ProgressTable`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PROGRESS_ID, type ProgressPhase, type ProgressRecord } from '../shared/progress.js';
import { said } from '../shared/messages.js';
import type { Db } from './db/tables.js';
import { invalid, unauthorized } from './http/errors.js';

/** Entries kept per user: starting one more drops that user's oldest. */
export const PROGRESS_PER_USER = 8;
/** An entry is dropped this long after its last change (finished or not). */
export const PROGRESS_KEEP_MS = 10 * 60_000;
/** How often an entry's changes are written to the shared table at most (the client polls every 400 ms). */
export const PROGRESS_WRITE_MS = 200;
/** How long the end of a request waits for its last progress write: a database that does not answer delays no answer longer. */
const LAST_WRITE_WAIT_MS = 1_000;

interface Entry {
  state: ProgressRecord;
  touched: number;
  /** on PostgreSQL: the id of the entry's row, once inserted (undefined when the insert failed) */
  row?: Promise<number | undefined>;
  /** the entry's writes to the table, one after another */
  written?: Promise<void>;
  /** a write of the latest state is scheduled */
  pending?: NodeJS.Timeout;
}

/**
 * The entries on PostgreSQL, where every instance reads them: the same bounds as the memory of one
 * process (PROGRESS_PER_USER a user, kept PROGRESS_KEEP_MS after the last change), kept by each start.
 */
export class ProgressTable {
  constructor(private readonly db: Db) {}

  /** Inserts the entry (a restarted id replaces its old row); drops stale rows and the user's oldest beyond the bound. Answers the row's id. */
  async start(userId: number, progressId: string, state: ProgressRecord, now: number): Promise<number> {
    await this.db
      .deleteFrom('progressEntries')
      .where('touchedAt', '<', now - PROGRESS_KEEP_MS)
      .execute();
    await this.db.deleteFrom('progressEntries').where('userId', '=', userId).where('progressId', '=', progressId).execute();
    const { id } = await this.db
      .insertInto('progressEntries')
      .values({ userId, progressId, ...columns(state), touchedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newest = this.db.selectFrom('progressEntries').select('id').where('userId', '=', userId).orderBy('id', 'desc').limit(PROGRESS_PER_USER);
    await this.db.deleteFrom('progressEntries').where('userId', '=', userId).where('id', 'not in', newest).execute();
    return id;
  }

  async write(rowId: number, state: ProgressRecord, now: number): Promise<void> {
    await this.db
      .updateTable('progressEntries')
      .set({ ...columns(state), touchedAt: now })
      .where('id', '=', rowId)
      .execute();
  }

  async read(userId: number, progressId: string, now: number): Promise<ProgressRecord | undefined> {
    const row = await this.db
      .selectFrom('progressEntries')
      .select(['phase', 'done', 'total', 'finished', 'failed'])
      .where('userId', '=', userId)
      .where('progressId', '=', progressId)
      .where('touchedAt', '>=', now - PROGRESS_KEEP_MS)
      .executeTakeFirst();
    return (
      row && {
        phase: row.phase as ProgressPhase,
        done: Number(row.done),
        total: row.total === null ? null : Number(row.total),
        finished: row.finished === 1,
        failed: row.failed === 1,
      }
    );
  }
}

const columns = (s: ProgressRecord) => ({ phase: s.phase, done: s.done, total: s.total, finished: s.finished ? 1 : 0, failed: s.failed ? 1 : 0 });

export class ProgressBoard {
  /** per user id, their entries by progress id (a Map keeps the order they were started in) */
  private readonly users = new Map<number, Map<string, Entry>>();

  /** `table`: on PostgreSQL, where the entries are also written and every poll reads them */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly table?: ProgressTable,
  ) {}

  start(userId: number, id: string): Entry {
    this.sweep();
    let mine = this.users.get(userId);
    if (!mine) this.users.set(userId, (mine = new Map()));
    mine.delete(id);
    while (mine.size >= PROGRESS_PER_USER) mine.delete(mine.keys().next().value!);
    const entry: Entry = { state: { phase: 'reading', done: 0, total: null, finished: false, failed: false }, touched: this.now() };
    mine.set(id, entry);
    // progress is a courtesy: a write that fails never fails the work (a poll then answers 404 or an older state)
    if (this.table) entry.row = this.table.start(userId, id, { ...entry.state }, entry.touched).catch(() => undefined);
    return entry;
  }

  /** The state of the user's own entry, or undefined (another user's id is unknown to this one). */
  async get(userId: number, id: string): Promise<ProgressRecord | undefined> {
    if (this.table) return this.table.read(userId, id, this.now());
    this.sweep();
    return this.users.get(userId)?.get(id)?.state;
  }

  touch(entry: Entry, change: Partial<ProgressRecord>): void {
    Object.assign(entry.state, change);
    entry.touched = this.now();
    if (this.table && !entry.pending) entry.pending = setTimeout(() => void this.write(entry), PROGRESS_WRITE_MS).unref();
  }

  /** The last change (finished, failed), written before the request answers, so that the next poll at any instance sees it. */
  async finish(entry: Entry, change: Partial<ProgressRecord>): Promise<void> {
    this.touch(entry, change);
    if (!this.table) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.write(entry), new Promise((resolve) => (timer = setTimeout(resolve, LAST_WRITE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** Writes the entry's latest state to the table, after its earlier writes. */
  private write(entry: Entry): Promise<void> {
    clearTimeout(entry.pending);
    entry.pending = undefined;
    const table = this.table!;
    entry.written = (entry.written ?? Promise.resolve()).then(async () => {
      const row = await entry.row;
      if (row !== undefined) await table.write(row, { ...entry.state }, entry.touched).catch(() => undefined);
    });
    return entry.written;
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
      await board.finish(entry, { finished: true });
      return result;
    } catch (err) {
      await board.finish(entry, { finished: true, failed: true });
      throw err;
    }
  };
}
