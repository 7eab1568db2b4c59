import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupName, Backups, parseBackupName } from '../../server/backups/backups.js';
import { backupCommand, restoreCommand } from '../../server/backups/cli.js';
import { lockPath } from '../../server/backups/lock.js';
import { restoreBackup, type RestoreResult } from '../../server/backups/restore.js';
import { listZip, openZip } from '../../server/backups/zip-reader.js';
import { newDataDir, sampleFiles, signInAdmin, signInStaff, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase, onPostgres } from '../helpers/postgres.js';

let app: TestApp;
let token: string;
let folderId: number;
let scratch: string;
let counter = 0;
/** The bytes of every file uploaded in this file, by url. */
const uploaded = new Map<string, Uint8Array>();

/** A PDF whose bytes are unique, so a restored file can be matched with what was uploaded. */
const uniquePdf = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label} ${counter++}\ntrailer <<>>\n%%EOF\n`);

async function uploadCompanyFile(target: TestApp, tok: string, label: string) {
  const bytes = uniquePdf(label);
  const res = await target.upload('POST', '/api/company/files/upload', {
    token: tok,
    fields: { data: JSON.stringify({ companyName: label, folderId }) },
    files: [['files', `${label}.pdf`, bytes]],
  });
  expect(res.status, res.body.message).toBe(200);
  uploaded.set(res.body.data[0].fileUrl, bytes);
  return { record: res.body.data[0] as { id: number; fileUrl: string; companyName: string }, bytes };
}

async function allCompanyFiles(target: TestApp, tok: string) {
  const items: { id: number; fileUrl: string; companyName: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await target.request('GET', `/api/company/files?page=${page}&pageSize=100`, { token: tok });
    expect(res.status, res.body.message).toBe(200);
    items.push(...res.body.data.items);
    if (items.length >= res.body.data.total) return items;
  }
}

async function snapshotTree(dir: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const walk = async (d: string, prefix: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name), `${prefix}${e.name}/`);
      else out[prefix + e.name] = (await stat(join(d, e.name))).size;
    }
  };
  await walk(dir, '');
  return out;
}

/** Unpacks a zip into a new folder (for a look at its manifest). */
async function unpack(zip: string): Promise<string> {
  const dir = await newDataDir();
  const reader = await openZip(zip);
  try {
    for (const entry of reader.entries) await reader.extract(entry, join(dir, entry.name));
  } finally {
    reader.close();
  }
  return dir;
}

/** Restores a backup into `target` and starts a service on it: on the PostgreSQL run, with an empty database of its own. */
async function restoreAndStart(zip: string, target: string): Promise<{ result: RestoreResult; restored: TestApp }> {
  if (!onPostgres) {
    const result = await restoreBackup(zip, target);
    return { result, restored: await startTestApp({ dataDir: target }) };
  }
  const database = await createTestDatabase();
  try {
    const result = await restoreBackup(zip, target, { databaseUrl: database.url });
    const restored = await startTestApp({ dataDir: target, config: { databaseUrl: database.url } });
    const close = restored.close.bind(restored);
    restored.close = async () => {
      await close();
      await database.drop();
    };
    return { result, restored };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
  folderId = (await app.request('POST', '/api/company/folders', { token, body: { name: 'backups-test' } })).body.data.id;
  scratch = await newDataDir();
});
afterAll(async () => {
  await app.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('backup routes', () => {
  it('are for admins only', async () => {
    const staff = await signInStaff(app, token);
    expect((await app.request('GET', '/api/admin/backups')).status).toBe(401);
    const refused = await app.request('POST', '/api/admin/backups', { token: staff.token });
    expect(refused.status).toBe(403);
    expect((await app.request('GET', '/api/admin/backups', { token })).body.data).toEqual([]);
  });

  it('say which engine the backups come from (the page tells PostgreSQL users that pg_dump stays the primary backup)', async () => {
    const staff = await signInStaff(app, token);
    expect((await app.request('GET', '/api/admin/backups/engine', { token: staff.token })).status).toBe(403);
    const engine = await app.request('GET', '/api/admin/backups/engine', { token });
    expect(engine.status).toBe(200);
    expect(engine.body.data).toEqual({ database: onPostgres ? 'postgresql' : 'sqlite' });
  });

  // on PostgreSQL too: every table exported inside one REPEATABLE READ transaction into the zip's SQLite file
  it('backs up now, lists newest first and downloads the zip', async () => {
    await uploadCompanyFile(app, token, 'first');
    const first = await app.request('POST', '/api/admin/backups', { token });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe('backup written');
    expect(first.body.data.name).toMatch(/^cargodesk-\d{8}-\d{6}-\d{3}\.zip$/);
    const second = await app.request('POST', '/api/admin/backups', { token });
    const list = await app.request('GET', '/api/admin/backups', { token });
    expect(list.body.data.map((b: any) => b.name)).toEqual([second.body.data.name, first.body.data.name]);
    const file = join(app.dataDir, 'backups', first.body.data.name);
    expect(list.body.data[1]).toEqual({ name: first.body.data.name, size: (await stat(file)).size, createTime: first.body.data.createTime });

    const res = await fetch(`${app.url}/api/admin/backups/${first.body.data.name}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(first.body.data.name);
    expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(file))).toBe(true);

    const names = (await listZip(file)).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['cargodesk.sqlite', 'jwt-secret', 'manifest.json']));
    const manifest = JSON.parse(await readFile(join(await unpack(file), 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'cargodesk-backup', formatVersion: 1, database: 'cargodesk.sqlite', engine: onPostgres ? 'postgresql' : 'sqlite', files: 1 });
    expect(names.filter((n) => n.startsWith('files/company/'))).toHaveLength(1);

    for (const bad of ['nope.zip', '..%2F..%2Fcargodesk.sqlite', 'cargodesk-20260101-000000-000.zip']) {
      const missing = await app.request('GET', `/api/admin/backups/${bad}/download`, { token });
      expect(missing.status, bad).toBe(404);
    }
    const openapi = await app.request('GET', '/api/openapi.json');
    expect(Object.keys((openapi.body as any).paths)).toEqual(expect.arrayContaining(['/api/admin/backups', '/api/admin/backups/{name}/download']));
  });

  // on PostgreSQL, restored into an empty PostgreSQL database of its own
  it('takes a consistent backup while files are added and deleted, and the restored folder works', async () => {
    const seeded = [];
    for (let i = 0; i < 12; i++) seeded.push(await uploadCompanyFile(app, token, `seed${i}`));
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        await uploadCompanyFile(app, token, `live${writes}`);
        const victim = seeded.shift();
        if (victim) expect((await app.request('DELETE', `/api/company/files/${victim.record.id}`, { token })).status).toBe(200);
        writes++;
      }
    })();
    const backups = await Promise.all([app.request('POST', '/api/admin/backups', { token }), app.request('POST', '/api/admin/backups', { token })]);
    writing = false;
    await writer;
    expect(backups.map((b) => b.status)).toEqual([200, 200]);
    expect(writes).toBeGreaterThan(0);

    for (const backup of backups) {
      const target = join(scratch, `restored-${backup.body.data.name}`);
      const { result, restored } = await restoreAndStart(join(app.dataDir, 'backups', backup.body.data.name), target);
      expect(result).toMatchObject({ dataDir: target, replaced: false });
      try {
        // the same admin signs in with the same password, and a token issued before the backup still works
        const login = await restored.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
        expect(login.status).toBe(200);
        const records = await allCompanyFiles(restored, token);
        expect(records.length).toBeGreaterThan(0);
        for (const record of records) {
          const res = await fetch(`${restored.url}/api/company-files/${record.fileUrl}`);
          expect(res.status, record.fileUrl).toBe(200);
          expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(uploaded.get(record.fileUrl)!)), record.fileUrl).toBe(true);
        }
        // a new upload and a delete work in the restored folder
        const added = await uploadCompanyFile(restored, token, 'after-restore');
        expect((await restored.request('DELETE', `/api/company/files/${added.record.id}`, { token })).status).toBe(200);
      } finally {
        await restored.close();
      }
    }
    // two backups and two restored services: 16-27 s on PostgreSQL in CI beside the browser suite
  }, 120_000);
});

// restoring into a SQLite data folder (on the PostgreSQL run, a backup taken on PostgreSQL)
describe('restore', () => {
  let zip: string;
  beforeAll(async () => {
    zip = join(app.dataDir, 'backups', (await app.request('POST', '/api/admin/backups', { token })).body.data.name);
  });

  it('refuses the data folder of a running service and changes nothing', async () => {
    const before = await snapshotTree(join(app.dataDir, 'files'));
    await expect(restoreBackup(zip, app.dataDir)).rejects.toThrow(`the data folder ${app.dataDir} is in use by Cargodesk (process ${process.pid}`);
    expect(await snapshotTree(join(app.dataDir, 'files'))).toEqual(before);
    expect(JSON.parse(await readFile(lockPath(app.dataDir), 'utf8'))).toMatchObject({ pid: process.pid, port: Number(new URL(app.url).port) });
  });

  it('ignores a lock left by a process that is gone', async () => {
    const target = join(scratch, 'stale-lock');
    await mkdir(target, { recursive: true });
    await writeFile(lockPath(target), JSON.stringify({ pid: 2 ** 22 + 12345, port: 8080, host: (await import('node:os')).hostname(), startTime: '' }));
    await expect(restoreBackup(zip, target)).resolves.toMatchObject({ replaced: true });
  });

  it('refuses a damaged, cut or foreign zip before replacing anything', async () => {
    const target = join(scratch, 'kept');
    await restoreBackup(zip, target);
    await writeFile(join(target, 'files', 'company', 'marker.txt'), 'still here');
    const before = await snapshotTree(target);
    const bytes = await readFile(zip);
    const entries = await listZip(zip);
    const db = entries.find((e) => e.name === 'cargodesk.sqlite')!;

    const flipped = Buffer.from(bytes);
    const at = db.localHeaderOffset + 30 + 'cargodesk.sqlite'.length + Math.floor(db.compressedSize / 2);
    flipped[at] = flipped[at]! ^ 0xff;
    await writeFile(join(scratch, 'flipped.zip'), flipped);
    await expect(restoreBackup(join(scratch, 'flipped.zip'), target)).rejects.toThrow(/^flipped\.zip is damaged: cargodesk\.sqlite is damaged/);

    await writeFile(join(scratch, 'cut.zip'), bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await expect(restoreBackup(join(scratch, 'cut.zip'), target)).rejects.toThrow(/^cut\.zip is not a usable backup/);

    await writeFile(join(scratch, 'other.zip'), sampleFiles.text());
    await expect(restoreBackup(join(scratch, 'other.zip'), target)).rejects.toThrow('other.zip is not a usable backup: the file is not a zip');

    expect(await snapshotTree(target)).toEqual(before);
    expect((await readdir(scratch)).filter((n) => n.includes('.restoring-') || n.includes('.replaced-'))).toEqual([]);
  });

  it('replaces an existing folder, keeps its backups and removes the replaced copy once the restored one opens', async () => {
    const target = join(scratch, 'replace');
    await restoreBackup(zip, target);
    await mkdir(join(target, 'backups'), { recursive: true });
    await writeFile(join(target, 'backups', backupName('manual', new Date('2026-01-01T00:00:00Z'))), 'old backup');
    const result = await restoreBackup(zip, target);
    expect(result.replaced).toBe(true);
    expect(await readdir(join(target, 'backups'))).toEqual(['cargodesk-20260101-000000-000.zip']);
    expect((await readdir(scratch)).filter((n) => n.startsWith('replace.'))).toEqual([]);
  });
});

// SQLite only: npm run backup and restore of the data folder's SQLite file (with DATABASE_URL: test/db/move-to-postgres.test.ts)
describe.skipIf(onPostgres)('command line', () => {
  it('npm run backup writes a zip of DATA_DIR that npm run restore restores', async () => {
    const target = join(scratch, 'cli.zip');
    const line = await backupCommand([target], { DATA_DIR: app.dataDir });
    expect(line).toMatch(new RegExp(`^backup of .* written to .*cli\\.zip \\(\\d+ files, [\\d.]+ MB\\)$`));
    await expect(backupCommand([target], { DATA_DIR: app.dataDir })).rejects.toThrow('already exists');
    await expect(backupCommand([], { DATA_DIR: app.dataDir })).rejects.toThrow('name the backup file: npm run backup -- <file.zip>');
    await expect(backupCommand([join(scratch, 'x.zip')], { DATA_DIR: join(scratch, 'empty') })).rejects.toThrow('there is no Cargodesk database in');

    const into = join(scratch, 'cli-restored');
    expect(await restoreCommand([target], { DATA_DIR: into })).toMatch(/^restored the backup of .* into .*cli-restored$/);
    const restored = await startTestApp({ dataDir: into });
    try {
      const records = await allCompanyFiles(restored, token);
      expect(records.length).toBe((await allCompanyFiles(app, token)).length);
    } finally {
      await restored.close();
    }
  });

  it('the restore script refuses a folder in use with one plain line and exit code 1', async () => {
    const zip = join(scratch, 'cli.zip');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', zip], { env: { ...process.env, DATA_DIR: app.dataDir } });
    const failure = await run.then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toMatch(/^Cargodesk restore failed: the data folder .* is in use by Cargodesk/);
  });
});

describe('daily backups', () => {
  it('makes one a day and keeps them 14 days; manual backups stay', async () => {
    const dataDir = await newDataDir();
    const server = await (await import('../../server/start.js')).startServer({ dataDir, port: 0, host: '127.0.0.1', dailyBackup: false });
    try {
      const backups: Backups = server.backups;
      expect(backups).toBeInstanceOf(Backups);
      const quiet = new Backups({ ...(backups as any).options, logger: pino({ enabled: false }) });
      const day0 = new Date('2026-03-01T09:00:00.000Z');
      const at = (hours: number) => new Date(day0.getTime() + hours * 3600_000);
      await quiet.create('manual', at(-24 * 30));
      expect((await quiet.daily(day0)).created?.name).toBe('cargodesk-daily-20260301-090000-000.zip');
      expect((await quiet.daily(at(1))).created).toBeNull();
      expect((await quiet.daily(at(23))).created).toBeNull();
      for (let day = 1; day <= 16; day++) {
        const { created } = await quiet.daily(at(24 * day));
        expect(created, `day ${day}`).not.toBeNull();
      }
      const left = (await quiet.list()).map((b) => b.name);
      const dailies = left.filter((n) => parseBackupName(n)?.kind === 'daily');
      // day 16 at 09:00 keeps everything from day 2 at 09:00 on: 15 backups (days 2..16)
      expect(dailies).toHaveLength(15);
      expect(dailies.at(-1)).toBe('cargodesk-daily-20260303-090000-000.zip');
      expect(left).toContain('cargodesk-20260130-090000-000.zip');
    } finally {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
