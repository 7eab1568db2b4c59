// Which instance runs the jobs that only one may run (the daily backup timer).
// - SQLite: the one service on the data folder (cargodesk.lock) is the leader from the start.
// - PostgreSQL: the instance whose database session holds the session-level advisory lock
//   LEADER_LOCK_KEY. The session is a connection of its own (not one of the pool's), kept open while
//   the instance runs; when the instance stops, crashes or loses the connection, PostgreSQL ends the
//   session and frees the lock, and the next instance that asks (every LEADER_RETRY_SECONDS) takes it.
//   No table, no expiry to tune: the lock lives exactly as long as the leader's session.
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The key of the leader lock (the one-bigint form of pg_advisory_lock). The stock locks use the
 * two-int form, a separate key space in pg_locks, so the two never collide.
 */
export const LEADER_LOCK_KEY = 4_017_001;

/** The application name of the leader's session, as pg_stat_activity shows it (the process id follows). */
export const LEADER_APPLICATION_NAME = 'cargodesk leader';

export interface Leadership {
  /** true while this instance runs the leader's jobs */
  isLeader(): boolean;
  /** stops the leader's jobs (if running) and ends the session, which frees the lock */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** absent: SQLite, and this instance leads at once */
  databaseUrl?: string;
  logger: Logger;
  /** how often a follower asks for the lock, and the leader checks its session is alive */
  retryMs: number;
  /** starts the leader's jobs; returns the function that stops them */
  lead: () => () => void;
}

export function startLeadership({ databaseUrl, logger, retryMs, lead }: LeadershipOptions): Leadership {
  let stopJobs: (() => void) | null = null;
  const becomeLeader = () => {
    stopJobs = lead();
    logger.info({ leader: true }, 'this instance runs the daily backup timer');
  };
  const resign = (why: string, level: 'info' | 'warn' = 'warn') => {
    if (!stopJobs) return;
    stopJobs();
    stopJobs = null;
    logger[level]({ leader: false }, `this instance no longer runs the daily backup timer: ${why}`);
  };

  if (!databaseUrl) {
    becomeLeader();
    return {
      isLeader: () => stopJobs !== null,
      stop: async () => resign('the service stops', 'info'),
    };
  }

  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const dropSession = async () => {
    const old = client;
    client = null;
    await old?.end().catch(() => undefined);
  };

  const check = async () => {
    try {
      if (!client) {
        // a check that hangs (a network split) fails after 15 s instead of stopping the loop
        const fresh = new pg.Client({
          connectionString: databaseUrl,
          application_name: `${LEADER_APPLICATION_NAME} ${process.pid}`,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
          connectionTimeoutMillis: 15_000,
          query_timeout: 15_000,
        });
        // a broken connection is found by the next check; without a listener it would end the process
        fresh.on('error', () => undefined);
        client = fresh;
        await fresh.connect();
      }
      if (stopJobs) {
        await client.query('select 1'); // still our session, so still our lock
      } else {
        const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1::bigint) as taken', [LEADER_LOCK_KEY]);
        if (rows[0]?.taken && !stopped) becomeLeader();
      }
    } catch (err) {
      // the session is gone, and the lock with it: another instance may lead now
      resign('its database session was lost');
      logger.warn({ err }, 'leader check failed; retrying');
      await dropSession();
    }
  };

  const loop = () => {
    running = check().finally(() => {
      if (!stopped) timer = setTimeout(loop, retryMs).unref();
    });
  };
  loop();

  return {
    isLeader: () => stopJobs !== null,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      resign('the service stops', 'info');
      await dropSession();
    },
  };
}
