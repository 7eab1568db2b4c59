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
