import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { startServer } from '../../server/start.js';
import { newDataDir, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';

const opened: TestApp[] = [];
afterAll(() => Promise.all(opened.map((a) => a.close())));

/** Starts `npm start`'s entry point (server/main.ts) as a child process. */
function startMain(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], { env: { ...process.env, ...env } });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    out,
    exited,
    stop: () => child.kill('SIGTERM'),
    /** resolves with the first match of `re` in stdout, or null when the process exits first */
    async waitFor(re: RegExp): Promise<RegExpExecArray | null> {
      for (;;) {
        const match = re.exec(out.stdout);
        if (match) return match;
        const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
        if (done) return re.exec(out.stdout);
      }
    },
  };
}

describe('the service process', () => {
  it('keeps data and tokens across a restart on the same data folder', async () => {
    const app = await startTestApp();
    opened.push(app);
    const admin = await signInAdmin(app);
    await app.restart();
    const me = await app.request('GET', '/api/auth/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe('admin');
    expect((await app.request('POST', '/api/refresh-token', { body: { refreshToken: admin.refreshToken } })).status).toBe(200);
  });

  it('does not accept the tokens of another data folder', async () => {
    const one = await startTestApp();
    const two = await startTestApp();
    opened.push(one, two);
    const a = await signInAdmin(one);
    await signInAdmin(two);
    const res = await two.request('GET', '/api/auth/me', { token: a.token });
    expect(res.status).toBe(401);
  });

  it('exits with code 1 and one plain line when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = startMain(['--port', String(port), '--host', '127.0.0.1'], { DATA_DIR: await newDataDir() });
      expect(await run.exited).toBe(1);
      expect(run.out.stderr.trim()).toBe(`Cargodesk could not start: port ${port} is already in use: stop the other program or start with PORT=<another port>`);
    } finally {
      blocker.close();
    }
  });

  it('takes the PostgreSQL database from --database-url or DATABASE_URL, and refuses another address with one plain line', async () => {
    expect(loadConfig(['--database-url', 'postgres://a@db1/x'], { DATABASE_URL: 'postgres://b@db2/y' }).databaseUrl).toBe('postgres://a@db1/x');
    expect(loadConfig([], { DATABASE_URL: 'postgresql://b@db2/y' }).databaseUrl).toBe('postgresql://b@db2/y');
    expect(loadConfig([], {}).databaseUrl).toBeUndefined();
    const run = startMain(['--port', '0', '--host', '127.0.0.1'], { DATA_DIR: await newDataDir(), DATABASE_URL: 'mysql://cargo:secret-pw@db/x' });
    expect(await run.exited).toBe(1);
    // the password is not repeated
    expect(run.out.stderr.trim()).toBe(
      'Cargodesk could not start: DATABASE_URL must be a PostgreSQL address like postgres://user:password@host/database, not "mysql://cargo:***@db/x"',
    );
  });

  it('exits with code 1 and names the folder when the data folder cannot be written', async () => {
    const file = join(await newDataDir(), 'a-file');
    await writeFile(file, 'not a folder');
    const dataDir = join(file, 'data');
    const run = startMain(['--port', '0'], { DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.out.stderr.trim()).toBe(`Cargodesk could not start: cannot write to the data folder ${dataDir}: choose another with DATA_DIR or --data-dir, or fix its permissions`);
  });

  it('serves on the port and folder the flags name, and stops cleanly on SIGTERM', async () => {
    const dataDir = await newDataDir();
    const run = startMain(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir]);
    const match = await run.waitFor(/Cargodesk serves (http:\S+)/);
    expect(match, run.out.stderr).not.toBeNull();
    expect(run.out.stdout).toContain(`(data in ${dataDir})`);
    expect((await fetch(`${match![1]}/api/health`)).status).toBe(200);
    run.stop();
    expect(await run.exited).toBe(0);
    const log = await readFile(join(dataDir, 'logs', 'cargodesk.1.log'), 'utf8');
    expect(log).toContain('Cargodesk stopped');
  });
});

describe('one service per data folder', () => {
  it('refuses to start on a folder another running service uses, and starts once it stopped', async () => {
    const app = await startTestApp();
    opened.push(app);
    const second = startServer({ dataDir: app.dataDir, port: 0, host: '127.0.0.1', dailyBackup: false });
    await expect(second).rejects.toThrow(new RegExp(`^the data folder ${app.dataDir} is in use by another Cargodesk \\(process ${process.pid} `));
    expect((await app.request('GET', '/api/health')).status).toBe(200);
    await app.restart();
    expect((await app.request('GET', '/api/health')).status).toBe(200);
  });
});
