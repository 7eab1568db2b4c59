// The data folder is private to the service's user (server/private-data.ts): folders 0700, the
// database (+ WAL), the signing secret, logs and backups 0600, after a fresh start, a backup (the
// admin page, the daily one, `npm run backup`), a restore (`npm run restore`), and for folders left
// readable by an older version. The request log never holds a public file URL's secret name.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir, sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { onPostgres } from '../helpers/postgres.js';

const run = promisify(execFile);
const scratch: string[] = [];
/** A path that does not exist yet (mkdtemp's own folder is already 0700, which would prove nothing). */
async function freshPath(name: string): Promise<string> {
  const parent = await newDataDir();
  scratch.push(parent);
  return join(parent, name);
}

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

/** The mode of every entry the promise covers: folders 700, files 600. */
async function expectPrivate(dataDir: string, names: string[]) {
  expect(await modeOf(dataDir), dataDir).toBe('700');
  for (const name of names) {
    const info = await stat(join(dataDir, name));
    expect((info.mode & 0o777).toString(8), name).toBe(info.isDirectory() ? '700' : '600');
  }
}

const DATA_FILES = ['cargodesk.sqlite', 'cargodesk.sqlite-wal', 'cargodesk.sqlite-shm', 'jwt-secret', 'logs', 'files', 'files/company'];

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ dataDir: await freshPath('data') });
  token = (await signInAdmin(app)).token;
});
afterAll(async () => {
  await app.close();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('private data folder', () => {
  // SQLite only: on PostgreSQL the data folder holds no database file
  it.skipIf(onPostgres)('a fresh start creates the data folder 0700 and the database, WAL, secret and log files 0600', async () => {
    await expectPrivate(app.dataDir, DATA_FILES);
    const logs = await readdir(join(app.dataDir, 'logs'));
    expect(logs.length).toBeGreaterThan(0);
    await expectPrivate(
      app.dataDir,
      logs.map((l) => `logs/${l}`),
    );
  });

  // SQLite only: the daily timer and npm run backup/restore here use the data folder's SQLite file (PostgreSQL: test/db/move-to-postgres.test.ts)
  it.skipIf(onPostgres)('backups (admin page, daily, npm run backup) are written 0600 in a 0700 folder', async () => {
    const manual = await app.request('POST', '/api/admin/backups', { token });
    expect(manual.status, manual.body.message).toBe(200);
    const daily = await app.server.backups.daily(new Date());
    expect(daily.created).not.toBeNull();
    await expectPrivate(app.dataDir, ['backups', `backups/${manual.body.data.name}`, `backups/${daily.created!.name}`]);

    const target = await freshPath('cli-backup.zip');
    await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'backup', target], { env: { ...process.env, DATA_DIR: app.dataDir } });
    expect(await modeOf(target)).toBe('600');
  });

  // SQLite only: the daily timer and npm run backup/restore here use the data folder's SQLite file (PostgreSQL: test/db/move-to-postgres.test.ts)
  it.skipIf(onPostgres)('npm run restore writes the data folder 0700 and the secret and database 0600, and tightens the kept backups and logs', async () => {
    const zip = join(app.server.backups.dir, (await app.server.backups.create('manual')).name);
    const into = await freshPath('restored');
    await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', zip], { env: { ...process.env, DATA_DIR: into } });
    await expectPrivate(into, ['cargodesk.sqlite', 'jwt-secret', 'files', 'files/company']);

    // replacing a folder keeps its backups and logs, which an older version left readable
    await mkdir(join(into, 'logs'), { mode: 0o755 });
    await writeFile(join(into, 'logs', 'cargodesk.1.log'), '{}\n', { mode: 0o644 });
    await chmod(join(into, 'logs', 'cargodesk.1.log'), 0o644);
    await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', zip], { env: { ...process.env, DATA_DIR: into } });
    await expectPrivate(into, ['cargodesk.sqlite', 'jwt-secret', 'logs', 'logs/cargodesk.1.log']);
  });

  // SQLite only: on PostgreSQL the data folder holds no database file
  it.skipIf(onPostgres)('a start tightens a data folder an older version left readable (0755 folders, 0644 files)', async () => {
    const dataDir = await freshPath('older');
    const old = await startTestApp({ dataDir });
    await old.server.backups.create('manual');
    await old.close();
    const loose: string[] = [];
    const walk = async (dir: string, prefix: string) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        loose.push(prefix + e.name);
        await chmod(join(dir, e.name), e.isDirectory() ? 0o755 : 0o644);
        if (e.isDirectory() && e.name !== 'files') await walk(join(dir, e.name), `${prefix}${e.name}/`);
      }
    };
    await walk(dataDir, '');
    await chmod(dataDir, 0o755);
    expect(loose).toEqual(expect.arrayContaining(['jwt-secret', 'cargodesk.sqlite', 'logs', 'backups']));
    const again = await startTestApp({ dataDir });
    try {
      await expectPrivate(
        dataDir,
        loose.filter((n) => n !== 'cargodesk.lock'),
      );
    } finally {
      await again.close();
    }
  });

  it('the request log keeps a public file read without the secret part of its url', async () => {
    const dataDir = await freshPath('log');
    const logged = await startTestApp({ dataDir });
    let url: string;
    try {
      const admin = await signInAdmin(logged);
      const res = await logged.upload('POST', '/api/company/files/upload', { token: admin.token, files: [['files', 'licence.pdf', sampleFiles.pdf()]] });
      expect(res.status, res.body.message).toBe(200);
      url = res.body.data[0].fileUrl as string;
      expect((await fetch(`${logged.url}/api/company-files/${url}`)).status).toBe(200);
      expect((await fetch(`${logged.url}/API/Company-Files/${url}`)).status).toBe(200);
      expect((await fetch(`${logged.url}/api/company-files/${url}x`)).status).toBe(404);
    } finally {
      await logged.close();
    }
    const secret = url.split('/')[1]!.replace(/\.pdf$/, '');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    let log = '';
    for (const name of await readdir(join(dataDir, 'logs'))) log += await readFile(join(dataDir, 'logs', name), 'utf8');
    expect(log).toContain('"path":"/api/company-files/company/[hidden].pdf"');
    expect(log).toContain('"path":"/API/Company-Files/company/[hidden].pdf"');
    expect(log).not.toContain(secret);
  });
});
