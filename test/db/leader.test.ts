// The leader of the jobs only one instance may run (server/db/leader.ts): on SQLite the one service,
// on PostgreSQL the holder of an advisory lock; a clean stop hands it over. The killed leader is in
// test/reliability/two-instances.test.ts.
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startLeadership, type Leadership } from '../../server/db/leader.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';

const logger = pino({ level: 'silent' });
const running: Leadership[] = [];
let database: TestDatabase | undefined;
afterAll(async () => {
  for (const l of running) await l.stop();
  await database?.drop();
});

/** A leadership whose job counts its starts and stops. */
function candidate(databaseUrl?: string) {
  const job = { starts: 0, stops: 0 };
  const leadership = startLeadership({
    databaseUrl,
    logger,
    retryMs: 100,
    lead: () => {
      job.starts++;
      return () => void job.stops++;
    },
  });
  running.push(leadership);
  return { leadership, job };
}

async function until(check: () => boolean) {
  for (const deadline = Date.now() + 10_000; !check() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe('the leader of the daily backup timer', () => {
  it.skipIf(onPostgres)('on SQLite, the one service leads from the start and stops its job when it stops', async () => {
    const { leadership, job } = candidate();
    expect(leadership.isLeader()).toBe(true);
    expect(job).toEqual({ starts: 1, stops: 0 });
    await leadership.stop();
    expect(leadership.isLeader()).toBe(false);
    expect(job).toEqual({ starts: 1, stops: 1 });
  });

  it.skipIf(!onPostgres)('on PostgreSQL, one of two leads; when it stops, the other takes over', async () => {
    database = await createTestDatabase();
    const a = candidate(database.url);
    const b = candidate(database.url);
    expect(await until(() => a.leadership.isLeader() || b.leadership.isLeader())).toBe(true);
    await new Promise((r) => setTimeout(r, 500)); // several more asks: still one
    const [leader, follower] = a.leadership.isLeader() ? [a, b] : [b, a];
    expect(follower.leadership.isLeader()).toBe(false);
    expect(follower.job.starts).toBe(0);
    expect(leader.job).toEqual({ starts: 1, stops: 0 });

    await leader.leadership.stop();
    expect(leader.job).toEqual({ starts: 1, stops: 1 });
    expect(await until(() => follower.leadership.isLeader())).toBe(true);
    expect(follower.job).toEqual({ starts: 1, stops: 0 });
  });
});
