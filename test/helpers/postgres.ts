// The suite on PostgreSQL: `CARGODESK_TEST_DATABASE=postgres` (npm run test:pg) gives every test app a
// fresh database of its own on the server at TEST_PG_URL, dropped when the app closes.
import { randomBytes } from 'node:crypto';
import type { Kysely, KyselyPlugin, RootOperationNode } from 'kysely';
import pg from 'pg';

export const onPostgres = process.env.CARGODESK_TEST_DATABASE === 'postgres';

/** The server the test databases are made on: a role allowed to create databases (.ci/run makes it). */
const TEST_PG_URL = process.env.TEST_PG_URL || 'postgres://cargodesk:cargodesk@127.0.0.1:5432/postgres';

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Names the run's migrated database (test/helpers/postgres-template.ts) to the test files' processes. */
export const TEMPLATE_VARIABLE = 'CARGODESK_TEST_PG_TEMPLATE';

/**
 * A new database. Byte-order collation, as SQLite compares text (the list orders and the
 * prefix filters' ranges rely on it); UTF-8 character classes for ILIKE and pg_trgm.
 * `migrated`: a copy of the run's migrated database, when the run made one (it has that collation),
 * for a test app; else empty, and the service migrates it. `copyOf`: a copy of that database (which
 * nothing may be connected to meanwhile).
 */
export async function createTestDatabase(options: { migrated?: boolean; copyOf?: TestDatabase } = {}): Promise<TestDatabase> {
  const name = `cargodesk_test_${randomBytes(6).toString('hex')}`;
  const template = options.copyOf?.name ?? (options.migrated ? process.env[TEMPLATE_VARIABLE] : undefined);
  const from = template ? `template ${template}` : `template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C.UTF-8'`;
  await onServer((c) => c.query(`create database ${name} ${from}`));
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // the app's pool is closed by then; a plain drop also stops an autovacuum worker still there
    drop: () => onServer((c) => c.query(`drop database if exists ${name}`)).then(() => undefined),
  };
}

/** The SQL each query sent through `watched` compiles to, in order (for tests that check how a list reads). */
export function watchSql(db: Kysely<any>): { watched: Kysely<any>; since(): string[] } {
  let seen: string[] = [];
  const spy: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      seen.push(db.getExecutor().compileQuery(node as RootOperationNode, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    watched: db.withPlugin(spy),
    since() {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

export interface AuditHold {
  /** Takes the audit log: from now on every write to the database stops at its audit entry. */
  hold(): Promise<void>;
  /** Returns once `n` other sessions of the database wait for a lock (throws after 10 s). */
  waiting(n: number): Promise<void>;
  /** Lets the held writes go on (the held one first: it queued first). */
  release(): Promise<void>;
  end(): Promise<void>;
}

/**
 * Makes a race between two writers certain instead of a timing gamble (tests of the PostgreSQL locks
 * that serialise writers across service instances). A connection of its own takes the audit log in
 * SHARE mode: every write's last statement is its audit entry, so a write sent then stops there, in
 * its transaction, holding what it wrote and the locks it took. A second writer sent then either waits
 * for such a lock (the lock under test) or, without it, reads and writes past the first one's
 * uncommitted change and stops at its own audit entry: `waiting(2)` returns in both cases, and the
 * test checks what the two left after `release()`.
 */
export async function auditHold(url: string): Promise<AuditHold> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async hold() {
      await client.query('begin');
      await client.query('lock table "auditLog" in share mode');
    },
    async waiting(n) {
      for (let i = 0; i < 200; i++) {
        // within the hold's transaction pg_stat_activity keeps the sessions it first listed: a session
        // opened since (a pool's new connection) would never be seen without a fresh snapshot
        await client.query('select pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        if (Number(rows[0]!.n) >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${n} writes never waited`);
    },
    async release() {
      await client.query('commit');
    },
    end: () => client.end(),
  };
}
