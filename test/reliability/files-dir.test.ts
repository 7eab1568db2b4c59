// FILES_DIR (issue 17): the uploaded files on a folder of their own, with the same move-on-commit rule;
// its lock and start-up checks per folder. Runs on both engines (npm test, npm run test:pg); the
// folder shared by two service processes is in two-instances.test.ts.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { restoreCommand } from '../../server/backups/cli.js';
import { LOCK_FILE } from '../../server/backups/lock.js';
import { listZip } from '../../server/backups/zip-reader.js';
import { startServer } from '../../server/start.js';
import { newDataDir, sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { onPostgres } from '../helpers/postgres.js';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});

async function companyFile(app: TestApp, token: string) {
  const folderId = (await app.request('POST', '/api/company/folders', { token, body: { name: 'files-dir' } })).body.data.id;
  const res = await app.upload('POST', '/api/company/files/upload', {
    token,
    fields: { data: JSON.stringify({ companyName: 'Files Dir Co', folderId }) },
    files: [['files', 'licence.pdf', sampleFiles.pdf()]],
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data[0] as { id: number; fileUrl: string };
}

/** `npm start`'s entry point as a child process; resolves with its exit code and stderr. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0', '--host', '127.0.0.1'], { env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('FILES_DIR', () => {
  it('is read from --files-dir or FILES_DIR (flag first), absent by default; LEADER_RETRY_SECONDS is checked', () => {
    expect(loadConfig(['--files-dir', '/srv/a'], { FILES_DIR: '/srv/b' }).filesDir).toBe('/srv/a');
    expect(loadConfig([], { FILES_DIR: '/srv/b' }).filesDir).toBe('/srv/b');
    expect(loadConfig([], {}).filesDir).toBeUndefined();
    expect(loadConfig([], {}).leaderRetrySeconds).toBe(60);
    expect(() => loadConfig([], { LEADER_RETRY_SECONDS: '0' })).toThrow('LEADER_RETRY_SECONDS must be a whole number of seconds from 1 to 3600, not "0"');
    expect(() => loadConfig(['--files-dir', ' '], {})).toThrow('--files-dir must name a folder, not be empty');
  });

  it('keeps uploads in that folder (temp files in its tmp), serves them from there, and nothing in the data folder', async () => {
    const filesDir = join(await newDataDir(), 'shared-files');
    const app = await startTestApp({ config: { filesDir } });
    opened.push(app);
    expect(app.server.filesDir).toBe(filesDir);
    const { token } = await signInAdmin(app);
    const record = await companyFile(app, token);
    expect((await stat(join(filesDir, record.fileUrl))).isFile()).toBe(true);
    expect(await readdir(join(filesDir, 'tmp'))).toEqual([]);
    expect(await app.fileCount()).toBe(0); // <data folder>/files
    const read = await fetch(`${app.url}/api/company-files/${record.fileUrl}`);
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(sampleFiles.pdf());
    await app.restart();
    expect((await fetch(`${app.url}/api/company-files/${record.fileUrl}`)).status).toBe(200);
  });

  it('a backup packs the files of that folder; npm run restore, which restores into the data folder, refuses while FILES_DIR points elsewhere', async () => {
    const filesDir = join(await newDataDir(), 'shared-files');
    const app = await startTestApp({ config: { filesDir } });
    opened.push(app);
    const { token } = await signInAdmin(app);
    const record = await companyFile(app, token);
    const res = await app.request('POST', '/api/admin/backups', { token });
    expect(res.status, res.body.message).toBe(200);
    const names = (await listZip(join(app.server.dataDir, 'backups', res.body.data.name))).map((e) => e.name);
    expect(names).toContain(`files/${record.fileUrl}`);
    const restore = restoreCommand([join(app.server.dataDir, 'backups', res.body.data.name)], { DATA_DIR: await newDataDir(), FILES_DIR: filesDir });
    await expect(restore).rejects.toThrow(`FILES_DIR is set to ${filesDir}: npm run restore puts the files into the data folder only.`);
  });

  it('exits with code 1 and names the folder when the files folder cannot be written', async () => {
    const file = join(await newDataDir(), 'a-file');
    await writeFile(file, 'not a folder');
    const filesDir = join(file, 'files');
    const run = await runMain({ DATA_DIR: await newDataDir(), FILES_DIR: filesDir, DATABASE_URL: '' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Cargodesk could not start: cannot write to the files folder ${filesDir}: choose another with FILES_DIR or --files-dir, or fix its permissions`);
  });

  it.skipIf(onPostgres)('on SQLite, belongs to one service: a second one (another data folder) is refused while the first runs', async () => {
    const filesDir = await newDataDir();
    const app = await startTestApp({ config: { filesDir } });
    opened.push(app);
    expect(JSON.parse(await readFile(join(filesDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, port: app.server.port });
    const second = startServer({ dataDir: await newDataDir(), filesDir, port: 0, host: '127.0.0.1', dailyBackup: false });
    await expect(second).rejects.toThrow(new RegExp(`^the files folder ${filesDir} is in use by another Cargodesk \\(process ${process.pid} `));
    await app.close();
    opened.pop();
    await expect(readFile(join(filesDir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.skipIf(!onPostgres)('on PostgreSQL, shared by the instances, but not with an SQLite service that holds it', async () => {
    const filesDir = await newDataDir();
    await writeFile(join(filesDir, LOCK_FILE), JSON.stringify({ pid: process.pid, port: 8080, host: hostname(), startTime: new Date().toISOString() }));
    // refused before the database is opened: no database is needed
    const refused = startServer({ dataDir: await newDataDir(), filesDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', port: 0, host: '127.0.0.1', dailyBackup: false });
    await expect(refused).rejects.toThrow(new RegExp(`^the files folder ${filesDir} is in use by another Cargodesk \\(process ${process.pid} `));
  });

  it(
    onPostgres
      ? 'shared on PostgreSQL: the start-up checks leave young temp files and young files without a record (other instances at work), and clear old ones'
      : 'on SQLite, the start-up checks clear every temp file and move every file without a record aside, young or old',
    async () => {
      const dataDir = await newDataDir();
      const filesDir = await newDataDir();
      for (const dir of ['tmp', 'company']) await mkdir(join(filesDir, dir), { recursive: true });
      const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const put = async (path: string, old: boolean) => {
        await writeFile(join(filesDir, path), sampleFiles.pdf());
        if (old) await utimes(join(filesDir, path), hoursAgo, hoursAgo);
      };
      await put('tmp/upload-young', false);
      await put('tmp/upload-old', true);
      await put('company/youngyoungyoungyoungyo.pdf', false);
      await put('company/oldoldoldoldoldoldoldo.pdf', true);
      // the last run on this data folder crashed: its lock names a process that is gone (above pid_max)
      await writeFile(join(dataDir, LOCK_FILE), JSON.stringify({ pid: 4_194_305, port: 1, host: hostname(), startTime: hoursAgo.toISOString() }));

      const app = await startTestApp({ dataDir, config: { filesDir } });
      opened.push(app);
      expect((await readdir(join(filesDir, 'tmp'))).sort()).toEqual(onPostgres ? ['upload-young'] : []);
      expect((await readdir(join(filesDir, 'company'))).sort()).toEqual(onPostgres ? ['youngyoungyoungyoungyo.pdf'] : []);
      expect((await readdir(join(filesDir, 'orphans', 'company'))).sort()).toEqual(
        onPostgres ? ['oldoldoldoldoldoldoldo.pdf'] : ['oldoldoldoldoldoldoldo.pdf', 'youngyoungyoungyoungyo.pdf'],
      );
    },
  );
});
