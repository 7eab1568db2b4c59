// Health that checks (issue 30): /health is 200 only when the database answers within a second and
// the files folder takes a file, else 503 saying which; /health/live answers while the process serves,
// and the systemd unit's start check waits for that one.
import { spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freePort } from '../helpers/child-service.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';

const apps: TestApp[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const database of databases.splice(0)) await database.drop();
});

async function app(): Promise<TestApp> {
  const started = await startTestApp();
  apps.push(started);
  return started;
}

const PATHS = ['/health', '/api/health'];
const LIVE = ['/health/live', '/api/health/live'];

async function expectHealthy(app: TestApp) {
  for (const path of [...PATHS, ...LIVE]) {
    const res = await app.request('GET', path);
    expect(res.status, path).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', version: '0.1.0' });
  }
}

async function expectUnhealthy(app: TestApp, data: { database: string; files: string }, message: string) {
  for (const path of PATHS) {
    const res = await app.request('GET', path);
    expect(res.status, path).toBe(503);
    expect(res.body).toEqual({ success: false, message, data: { status: 'unavailable', ...data } });
  }
  // the process still serves: a supervisor has no reason to restart it
  for (const path of LIVE) expect((await app.request('GET', path)).status, path).toBe(200);
}

describe('GET /health', () => {
  it('answers 200 when the database answers and the files folder takes a file, and leaves no file behind', async () => {
    const a = await app();
    await expectHealthy(a);
    expect(await a.fileCount()).toBe(0);
  });

  it('answers 503 naming the files folder while it cannot be written, and 200 again once it can', async () => {
    const a = await app();
    const files = join(a.dataDir, 'files');
    // a folder that went away (an unmounted share) with a plain file in its place; chmod would not
    // stop the root user the tests may run as
    await rename(files, `${files}-away`);
    await writeFile(files, 'not a folder');
    await expectUnhealthy(a, { database: 'ok', files: 'failing' }, 'not ready: the files folder cannot be written');
    const zh = await a.request('GET', '/api/health', { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.message).toBe('服务不可用：文件目录无法写入');
    await rm(files);
    await rename(`${files}-away`, files);
    await expectHealthy(a);
  });

  it('answers 503 naming the database once its connection is closed', async () => {
    const a = await app();
    await expectHealthy(a);
    await a.server.db.destroy();
    await expectUnhealthy(a, { database: 'failing', files: 'ok' }, 'not ready: the database did not answer within 1 s');
  });

  it('names both when both fail', async () => {
    const a = await app();
    await a.server.db.destroy();
    const files = join(a.dataDir, 'files');
    await rm(files, { recursive: true });
    await writeFile(files, 'not a folder');
    await expectUnhealthy(a, { database: 'failing', files: 'failing' }, 'not ready: the database did not answer within 1 s; the files folder cannot be written');
    await rm(files);
    await mkdir(files);
  });
});

describe.runIf(onPostgres)('GET /health on PostgreSQL', () => {
  async function onOwnDatabase() {
    const database = await createTestDatabase();
    databases.push(database);
    const started = await startTestApp({ config: { databaseUrl: database.url } });
    apps.push(started);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    return { app: started, database, admin };
  }

  it('answers 503 while the database refuses connections, and 200 once it takes them again', async () => {
    const { app: a, database, admin } = await onOwnDatabase();
    await admin.end();
    const name = new URL(database.url).pathname.slice(1);
    // from the server's own database: a database cannot refuse the session that changes it
    const server = new URL(database.url);
    server.pathname = '/postgres';
    const outside = new pg.Client({ connectionString: server.toString() });
    await outside.connect();
    try {
      await expectHealthy(a);
      await outside.query(`alter database ${name} allow_connections false`);
      await outside.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await expectUnhealthy(a, { database: 'failing', files: 'ok' }, 'not ready: the database did not answer within 1 s');
      await outside.query(`alter database ${name} allow_connections true`);
      await expectHealthy(a);
    } finally {
      await outside.query(`alter database ${name} allow_connections true`);
      await outside.end();
    }
  });

  it('answers 503 when a read waits more than a second (a table locked by another session), and 200 once it is free', async () => {
    const { app: a, admin } = await onOwnDatabase();
    try {
      await expectHealthy(a);
      await admin.query('begin');
      await admin.query('lock table users in access exclusive mode');
      const started = performance.now();
      const res = await a.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body.data).toEqual({ status: 'unavailable', database: 'failing', files: 'ok' });
      expect(performance.now() - started).toBeLessThan(3_000);
      await admin.query('rollback');
      // the read that waited finishes once the lock is gone; the next check runs afresh
      await expect.poll(async () => (await a.request('GET', '/api/health')).status).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

describe("scripts/wait-live.mjs (the systemd unit's start check)", () => {
  const waitLive = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/wait-live.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('exit', (code) => resolve({ code, stderr }));
    });

  it('exits 0 once the service answers /api/health/live, also while /api/health is 503', async () => {
    const a = await app();
    await a.server.db.destroy();
    expect((await a.request('GET', '/api/health')).status).toBe(503);
    expect(await waitLive({ PORT: String(a.server.port), HOST: '127.0.0.1', WAIT_SECONDS: '10' })).toEqual({ code: 0, stderr: '' });
  });

  it('exits 1 naming the address when nothing answers in time', async () => {
    const port = await freePort();
    const run = await waitLive({ PORT: String(port), HOST: '0.0.0.0', WAIT_SECONDS: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Cargodesk did not answer http://127.0.0.1:${port}/api/health/live within 1 s`);
  });
});
