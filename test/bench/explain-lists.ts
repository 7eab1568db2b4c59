// The SQL behind each list page of the bench on PostgreSQL, with EXPLAIN ANALYZE (docs/performance.md):
// starts the service in this process on the database, signs in, and sends each page of LIST_PAGES
// four times, watching the first (the page's counts and totals are read) and the last (they are
// remembered: nothing changed in between), then once more after a write to another table (the
// session renewed: a refresh token written), which must not read them again. Prints the statements of both with their times and, for
// each SELECT of the first, its plan as PostgreSQL runs it again. Statements are watched at the `pg`
// client, below Kysely, so what is printed is what went over the wire.
//   npx tsx test/bench/explain-lists.ts <database url> [path ...]
// The database is the bench's kept one (service-postgres.bench.ts with BENCH_DATA_DIR names it in
// <folder>-postgres/database-url); the service migrates it first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../../server/start.js';
import { LIST_PAGES } from './list-pages.js';

const [url, ...paths] = process.argv.slice(2);
if (!url) throw new Error('usage: explain-lists.ts <database url> [path ...]');

type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
const send = pg.Client.prototype.query as unknown as Query;
let watched: { text: string; values: unknown[]; ms: number }[] | undefined;
(pg.Client.prototype as unknown as { query: Query }).query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
  const started = performance.now();
  const result = send.call(this, config, values, callback);
  if (watched && text && result instanceof Promise) {
    const statement = { text, values: Array.isArray(values) ? values : [], ms: 0 };
    watched.push(statement);
    void result.then(
      () => (statement.ms = performance.now() - started),
      () => undefined,
    );
  }
  return result;
};

const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-explain-'));
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', databaseUrl: url, dailyBackup: false, logLevel: 'warn' });
const explainer = new pg.Client({ connectionString: url });
try {
  const post = (path: string, body: unknown) => fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const account = { username: 'bench', password: 'bench-password-1' };
  await post('/api/auth/register', account); // refused when the account exists
  const session = ((await (await post('/api/auth/login', account)).json()) as { data: { token: string; refreshToken: string } }).data;
  const { token } = session;
  let { refreshToken } = session;
  await explainer.connect();
  const pages = paths.length ? paths.map((path) => [path, path] as const) : LIST_PAGES.map(([label, path]) => [label, path] as const);
  /** a statement every page sends (the signed-in user's check) is explained once */
  const explained = new Set<string>();
  for (const [label, path] of pages) {
    const view = async () => {
      watched = [];
      const started = performance.now();
      const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      const statements = watched;
      watched = undefined;
      return { status: res.status, ms, statements };
    };
    const first = await view();
    for (let i = 0; i < 2; i++) await view();
    const later = await view();
    const renewed = (await (await post('/api/auth/refresh', { refreshToken })).json()) as { data: { refreshToken: string } };
    refreshToken = renewed.data.refreshToken;
    const afterWrite = await view();
    const list = (v: typeof first) => v.statements.map((s) => `  - ${s.ms.toFixed(2)} ms: \`${s.text.length > 160 ? `${s.text.slice(0, 160)}…` : s.text}\``).join('\n');
    console.log(`\n### ${label}\n\n\`GET ${path}\`: ${first.status}`);
    console.log(`- first view: ${first.ms.toFixed(1)} ms, ${first.statements.length} statements\n${list(first)}`);
    console.log(`- a later view, nothing changed in between: ${later.ms.toFixed(1)} ms, ${later.statements.length} statements\n${list(later)}`);
    console.log(`- a view after a write to another table (a session renewed): ${afterWrite.ms.toFixed(1)} ms, ${afterWrite.statements.length} statements\n${list(afterWrite)}\n`);
    for (const s of first.statements) {
      if (!/^\s*select/i.test(s.text) || s.text.includes('from "writeVersions"(') || explained.has(s.text)) continue;
      explained.add(s.text);
      const plan = (await send.call(explainer, `explain (analyze, buffers) ${s.text}`, s.values)) as pg.QueryResult<{ 'QUERY PLAN': string }>;
      console.log(`\`${s.text}\` ${JSON.stringify(s.values)}\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
    }
  }
} finally {
  await explainer.end();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
