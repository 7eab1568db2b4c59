// Starts the real service on a temp data folder and talks to it over HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../server/config.js';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import type { Db } from '../../server/db/tables.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { auditHold, createTestDatabase, onPostgres, type TestDatabase } from './postgres.js';

export interface Envelope<T = any> {
  success: boolean;
  message: string;
  data?: T;
}

export interface ApiResponse<T = any> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

/** Requests to one running service (a test app, or a service process of its own). */
export interface Client {
  /** JSON request; `token` signs it in. Answers status, parsed envelope and headers. */
  request<T = any>(method: string, path: string, options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** multipart request: `fields` as text, `files` as [field, name, bytes] */
  upload<T = any>(
    method: string,
    path: string,
    options: { token?: string; fields?: Record<string, string>; files?: [string, string, Uint8Array | string][]; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
}

export interface TestApp extends Client {
  url: string;
  dataDir: string;
  server: RunningServer;
  /** count of the files in the area folders and in the temp folder */
  fileCount(): Promise<number>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

const madeDirs = new Set<string>();

/** A fresh data folder in the temp directory; removed after the test file (test/helpers/cleanup.ts). */
export async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cargodesk-test-'));
  madeDirs.add(dir);
  return dir;
}

/** Removes every folder newDataDir made in this test file. */
export async function removeDataDirs(): Promise<void> {
  for (const dir of madeDirs) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  madeDirs.clear();
}

const openDbs = new Set<{ db: Db; database?: TestDatabase }>();

/**
 * A fresh migrated database of its own on `engine` (the run's unless named): a SQLite file in a new
 * data folder, or a new PostgreSQL database. Closed (and the PostgreSQL one dropped) after the test
 * file (test/helpers/cleanup.ts).
 */
export async function openTestDatabase(engine: 'sqlite' | 'postgres' = onPostgres ? 'postgres' : 'sqlite'): Promise<Db> {
  if (engine === 'sqlite') {
    const { db } = await openDatabase(join(await newDataDir(), 'cargodesk.sqlite'));
    openDbs.add({ db });
    return db;
  }
  const database = await createTestDatabase();
  try {
    const { db } = await openPostgresDatabase(database.url);
    openDbs.add({ db, database });
    return db;
  } catch (err) {
    await database.drop();
    throw err;
  }
}

/** Closes every database openTestDatabase opened in this test file, and drops the PostgreSQL ones. */
export async function closeTestDatabases(): Promise<void> {
  for (const opened of openDbs) {
    openDbs.delete(opened);
    await opened.db.destroy();
    await opened.database?.drop();
  }
}

async function countFiles(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    total += entry.isDirectory() ? await countFiles(join(dir, entry.name)) : 1;
  }
  return total;
}

/** Checks one answer (under vitest: against the OpenAPI document, ./openapi-check.ts); throws on a mismatch. */
export type AnswerCheck = (method: string, url: string, answer: { status: number; contentType: string | null; text: string }) => void;
let checkAnswer: AnswerCheck | undefined;
export const checkAnswersWith = (check: AnswerCheck) => {
  checkAnswer = check;
};

async function parseResponse(method: string, res: Response): Promise<ApiResponse> {
  const text = await res.text();
  checkAnswer?.(method.toUpperCase(), res.url, { status: res.status, contentType: res.headers.get('content-type'), text });
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = { success: false, message: `(not JSON) ${text.slice(0, 200)}` };
  }
  return { status: res.status, body, headers: res.headers };
}

/** A client of the service at `baseUrl()`. */
export function clientOf(baseUrl: () => string): Client {
  return {
    async request(method, path, { token, body, rawBody, headers = {} } = {}) {
      const res = await fetch(baseUrl() + path, {
        method,
        headers: {
          ...(body !== undefined || rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      return parseResponse(method, res);
    },
    async upload(method, path, { token, fields = {}, files = [], headers = {} }) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const [field, name, bytes] of files) form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
      const res = await fetch(baseUrl() + path, { method, body: form, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
      return parseResponse(method, res);
    },
  };
}

/**
 * `config` overrides settings. Every test talks from 127.0.0.1, so the registration limits are
 * raised unless a test sets them (test/api/auth-hardening.test.ts does). `sqlite` keeps the data
 * folder's SQLite database on the PostgreSQL run too (a data folder to move into PostgreSQL).
 */
export async function startTestApp(options: { dataDir?: string; jwtSecret?: string; config?: Partial<Config>; sqlite?: boolean } = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await newDataDir());
  // on the PostgreSQL run, a database of its own that lives as long as the app (restarts keep it)
  const database = onPostgres && !options.sqlite && !options.config?.databaseUrl ? await createTestDatabase({ migrated: true }) : undefined;
  const start = () =>
    startServer({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'info',
      jwtSecret: options.jwtSecret,
      dailyBackup: false,
      registrationsPerAddressPerHour: 1000,
      registrationsPerHour: 1000,
      databaseUrl: database?.url,
      ...options.config,
    });
  let server = await start();
  const app: TestApp = {
    get url() {
      return server.url;
    },
    dataDir,
    get server() {
      return server;
    },
    ...clientOf(() => server.url),
    fileCount: () => countFiles(join(dataDir, 'files')),
    async restart() {
      await server.close();
      server = await start();
    },
    async close() {
      await server.close();
      await database?.drop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

const tablesOf = new WeakMap<object, string[]>();

/**
 * What a refused request must leave as it was: the rows of every table (the audit log among them:
 * every change writes an entry), counted in one query, and the files on disk, the temp folder included.
 */
export async function stateOf(app: TestApp): Promise<Record<string, number>> {
  const db = app.server.db;
  // the tables are those the migrations made when the service started: listed once per database
  // handle (Kysely's introspection reads every column of every table, on PostgreSQL a slow query)
  let tables = tablesOf.get(db);
  if (!tables) tablesOf.set(db, (tables = (await db.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith('kysely_'))));
  const counts = tables.sort().map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`);
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(counts)}`.execute(db);
  return { files: await app.fileCount(), ...Object.fromEntries(Object.entries(rows[0]!).map(([table, n]) => [table, Number(n)])) };
}

let counter = 0;
/** A unique, valid username for a test. */
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Registers the first user (an admin) and signs in. */
export async function signInAdmin(app: Client, username = 'admin', password = 'admin-password-1') {
  await app.request('POST', '/api/auth/register', { body: { username, password } });
  const login = await app.request('POST', '/api/auth/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.body.message}`);
  return login.body.data as { token: string; refreshToken: string; user: { id: number } };
}

/**
 * A one-person office: the admin approves the pickup requests it creates itself (the setting
 * secondPersonApproves off). For the tests of other rules; test/api/roles.test.ts tests this one.
 */
export async function approveOwnRequests(app: Client, adminToken: string): Promise<void> {
  const res = await app.request('PUT', '/api/settings', { token: adminToken, body: { secondPersonApproves: false } });
  if (res.status !== 200) throw new Error(`settings: ${res.body.message}`);
}

/**
 * A test file's usual start: a test app (startTestApp) with its first user, the admin, signed in
 * (signInAdmin: `admin`, its `token`); `approveOwnRequests` also makes it a one-person office
 * (approveOwnRequests). For a test file's beforeAll (`({ app, token } = await startAdminApp())`);
 * the file closes the app.
 */
export async function startAdminApp(options: { approveOwnRequests?: boolean } = {}) {
  const app = await startTestApp();
  try {
    const admin = await signInAdmin(app);
    if (options.approveOwnRequests) await approveOwnRequests(app, admin.token);
    return { app, admin, token: admin.token };
  } catch (err) {
    await app.close();
    throw err;
  }
}

/**
 * Two instances of the service on one new migrated PostgreSQL database (one JWT secret), the admin
 * signed in on the first, and an `auditHold` on the database: the two-instance lock tests' beforeAll
 * (`pair = await startTwoInstances()`); `close()` ends the hold, both instances and the database.
 */
export async function startTwoInstances() {
  const database = await createTestDatabase({ migrated: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  const start = () => startTestApp({ jwtSecret, config: { databaseUrl: database.url } });
  const [one, two] = await Promise.all([start(), start()]);
  const audit = await auditHold(database.url);
  const close = async () => {
    await audit.end().catch(() => undefined);
    await Promise.all([one.close(), two.close()]);
    await database.drop();
  };
  try {
    return { database, one, two, audit, close, token: (await signInAdmin(one)).token };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Registers a user, has the admin activate it as a manager (an older release's staff), and signs it in. */
export async function signInStaff(app: TestApp, adminToken: string, username = uniqueName('staff'), password = 'staff-password-1') {
  const reg = await app.request('POST', '/api/auth/register', { body: { username, password } });
  await app.request('PUT', `/api/users/${reg.body.data.id}`, { token: adminToken, body: { status: 'active', roles: ['manager'] } });
  const login = await app.request('POST', '/api/auth/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`staff sign-in failed: ${login.body.message}`);
  return login.body.data as { token: string; refreshToken: string; user: { id: number } };
}

/**
 * An account the admin creates (POST /users) with `roles` and `warehouses` (codes; []: every
 * warehouse), signed in after replacing its temporary password, as a new user does.
 */
export async function signInWithRoles(
  app: Client,
  adminToken: string,
  roles: string[],
  warehouses: string[] = [],
  username = uniqueName(roles.join('-').replace(/[^a-z]/g, '') || 'user'),
) {
  const made = await app.request('POST', '/api/users', { token: adminToken, body: { username, password: 'temporary-pass-1', roles, warehouses } });
  if (made.status !== 200) throw new Error(`create account: ${made.body.message}`);
  const first = await app.request('POST', '/api/auth/login', { body: { username, password: 'temporary-pass-1' } });
  const changed = await app.request('PUT', `/api/users/${made.body.data.id}`, {
    token: first.body.data.token,
    body: { password: 'own-password-1', currentPassword: 'temporary-pass-1' },
  });
  if (changed.status !== 200) throw new Error(`new password: ${changed.body.message}`);
  const login = await app.request('POST', '/api/auth/login', { body: { username, password: 'own-password-1' } });
  if (login.status !== 200) throw new Error(`sign-in: ${login.body.message}`);
  return { ...(login.body.data as { token: string; refreshToken: string; user: { id: number } }), username };
}

/** Small real files of each kind, judged by their first bytes. */
export const sampleFiles = {
  pdf: () => new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]),
  jpeg: () => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  exe: () => Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
  text: () => new TextEncoder().encode('just some words, not a document format'),
};
