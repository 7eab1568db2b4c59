// What GET /health checks: the database answers a read within a second, and a file can be written
// into the files folder. Either may hang rather than fail (an unreachable PostgreSQL, a network
// folder that stopped answering), so each check runs at most once at a time, shared by every
// caller meanwhile, and a caller waits for it at most HEALTH_TIMEOUT_MS: a flood of health checks
// never piles up queries or file writes, and a hung check keeps answering 503 until it settles.
import type { AppDeps } from '../../context.js';

export const HEALTH_TIMEOUT_MS = 1_000;

class Probe {
  private running: Promise<unknown> | undefined;

  constructor(private readonly run: () => Promise<unknown>) {}

  /** undefined when the check passed within the time, else why not */
  async failure(): Promise<unknown> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS)));
    try {
      await Promise.race([this.running, late]);
      return undefined;
    } catch (err) {
      return err ?? new Error('failed');
    } finally {
      clearTimeout(timer);
    }
  }
}

const probes = new WeakMap<AppDeps, { database: Probe; files: Probe }>();

export interface HealthChecks {
  database: 'ok' | 'failing';
  files: 'ok' | 'failing';
}

/** Runs both checks (each within HEALTH_TIMEOUT_MS) and logs why one failed; the answer says only which. */
export async function checkHealth(deps: AppDeps): Promise<HealthChecks> {
  let mine = probes.get(deps);
  if (!mine) {
    mine = {
      // a read of a real table (not `select 1`, which SQLite answers without its file), on the
      // reader: on SQLite it answers while a long import holds the writer
      database: new Probe(() => deps.reader.selectFrom('users').select('id').limit(1).execute()),
      files: new Probe(() => deps.files.probeWrite()),
    };
    probes.set(deps, mine);
  }
  const [database, files] = await Promise.all([mine.database.failure(), mine.files.failure()]);
  if (database) deps.logger.warn({ err: database }, 'health check: the database did not answer');
  if (files) deps.logger.warn({ err: files }, 'health check: the files folder could not be written');
  return { database: database ? 'failing' : 'ok', files: files ? 'failing' : 'ok' };
}
