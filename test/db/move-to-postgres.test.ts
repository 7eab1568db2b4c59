// Moving an office's data in (issue 17): `npm run move-to-postgres` copies a seeded SQLite data
// folder (every area, files included) into an empty PostgreSQL database, and the moved service
// answers the same lists, signs the same users in and numbers on from where the old one stopped.
// A backup taken on PostgreSQL restores into a SQLite data folder and into an empty PostgreSQL
// database with the same lists. Needs a PostgreSQL server, so it runs in the PostgreSQL pass.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../server/backups/restore.js';
import { backupCommand } from '../../server/backups/cli.js';
import { listZip } from '../../server/backups/zip-reader.js';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import { tableSums } from '../../server/db/table-copy.js';
import { newDataDir, signInAdmin, signInStaff, startTestApp, type Client, type TestApp } from '../helpers/app.js';
import { KIND_SAMPLES } from '../helpers/finance.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';
import { seedEveryArea, storedFiles } from '../helpers/reliability.js';

const run = promisify(execFile);

const LISTS = [
  '/api/contract?page=1&pageSize=100',
  '/api/contract/folders',
  '/api/contract/batches',
  '/api/corp-contract/folders',
  '/api/corp-contract/contracts?page=1&pageSize=100',
  '/api/company/folders',
  '/api/company/files?page=1&pageSize=100',
  '/api/inventory/warehouses',
  '/api/inventory/inbound/list?page=1&pageSize=100',
  '/api/delivery-details/list?page=1&pageSize=100',
  '/api/apply-delivery/list?page=1&pageSize=100',
  '/api/ownership-transfer/list?page=1&pageSize=100',
  '/api/inventory/summary',
  '/api/users?page=1&pageSize=100',
  '/api/audit?page=1&pageSize=100',
  ...KIND_SAMPLES.map((k) => `/api/corp-finances/${k.segment}?page=1&pageSize=100`),
];

/** What each list answers, by path. */
async function listsOf(client: Client, token: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of LISTS) {
    const res = await client.request('GET', path, { token });
    expect(res.status, `${path}: ${res.body.message}`).toBe(200);
    out[path] = res.body.data;
  }
  return out;
}

/** The bytes of every stored file under <data>/files, by relative path. */
async function fileBytes(dataDir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await storedFiles(dataDir)) out[name] = (await readFile(join(dataDir, 'files', name))).toString('base64');
  return out;
}

describe.skipIf(!onPostgres)('move-to-postgres and backups across engines (PostgreSQL pass only)', () => {
  const databases: TestDatabase[] = [];
  const apps: TestApp[] = [];
  let sourceDir: string;
  let jwtSecret: string;
  let admin: { token: string; refreshToken: string };
  let staff: { username: string; password: string };
  let before: Record<string, unknown>;
  let deletedFolderId: number;
  let target: TestDatabase;
  /** `npm run move-to-postgres` of the seeded folder into the target database, with its files into `filesDir`. */
  const moveToPostgres = (filesDir: string) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/move-to-postgres.ts', '--data-dir', sourceDir, '--database-url', target.url, '--files-dir', filesDir]);
  let movedDir: string;
  let moved: TestApp;

  const newDatabase = async () => {
    const db = await createTestDatabase();
    databases.push(db);
    return db;
  };

  beforeAll(async () => {
    sourceDir = await newDataDir();
    const source = await startTestApp({ dataDir: sourceDir, sqlite: true });
    try {
      admin = await signInAdmin(source);
      staff = { username: 'staff-mover', password: 'staff-password-1' };
      await signInStaff(source, admin.token, staff.username, staff.password);
      await seedEveryArea(source, admin.token);
      // the last id handed out is deleted: the moved database must not hand it out again
      deletedFolderId = (await source.request('POST', '/api/company/folders', { token: admin.token, body: { name: 'deleted' } })).body.data.id;
      expect((await source.request('DELETE', `/api/company/folders/${deletedFolderId}`, { token: admin.token })).status).toBe(200);
      before = await listsOf(source, admin.token);
    } finally {
      await source.close();
    }
    jwtSecret = (await readFile(join(sourceDir, 'jwt-secret'), 'utf8')).trim();
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of databases) await db.drop();
  });

  it('npm run move-to-postgres moves every table and file; the moved service answers the same lists and signs the same users in', async () => {
    target = await newDatabase();
    movedDir = await newDataDir();
    const { stdout } = await moveToPostgres(join(movedDir, 'files'));
    const fileCount = (await storedFiles(sourceDir)).length;
    expect(fileCount).toBeGreaterThan(10);
    expect(stdout.trim()).toMatch(
      /^moved \d+ rows of \d+ tables from .* into postgres:\/\/cargodesk:\*\*\*@.*, \d+ files copied to .*files \([\d.]+ MB\); every table's row count and checksum and every file's checksum match$/,
    );

    // every table: the same rows and checksum on both engines; every file: the same bytes
    const sqlite = await openDatabase(join(sourceDir, 'cargodesk.sqlite'));
    const postgres = await openPostgresDatabase(target.url);
    try {
      const sums = await tableSums(sqlite.db);
      expect(Object.keys(sums).length).toBeGreaterThan(20);
      expect(sums.contracts!.rows).toBe(2);
      expect(await tableSums(postgres.db)).toEqual(sums);
    } finally {
      await sqlite.db.destroy();
      await postgres.db.destroy();
    }
    expect(await fileBytes(movedDir)).toEqual(await fileBytes(sourceDir));

    moved = await startTestApp({ dataDir: movedDir, jwtSecret, config: { databaseUrl: target.url } });
    apps.push(moved);
    expect(await listsOf(moved, admin.token)).toEqual(before);
    const files = (before['/api/company/files?page=1&pageSize=100'] as { items: { fileUrl: string }[] }).items;
    const served = await fetch(`${moved.url}/api/company-files/${files[0]!.fileUrl}`);
    expect(served.status).toBe(200);

    // password hashes and refresh tokens came along
    expect((await moved.request('POST', '/api/refresh-token', { body: { refreshToken: admin.refreshToken } })).status).toBe(200);
    expect((await moved.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).status).toBe(200);
    expect((await moved.request('POST', '/api/auth/login', { body: { username: staff.username, password: staff.password } })).status).toBe(200);
    expect((await moved.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong-password-1' } })).status).toBe(401);
    // numbering goes on past the last id the office had handed out
    const next = await moved.request('POST', '/api/company/folders', { token: admin.token, body: { name: 'after the move' } });
    expect(next.status, next.body.message).toBe(200);
    expect(next.body.data.id).toBe(deletedFolderId + 1);
  }, 120_000);

  it('refuses a database that is not empty with one line and exit code 1, copying no file', async () => {
    const elsewhere = await newDataDir();
    const failure = await moveToPostgres(join(elsewhere, 'files')).then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr.trim()).toMatch(
      /^Cargodesk move-to-postgres failed: the PostgreSQL database postgres:\/\/cargodesk:\*\*\*@[^ ]+ is not empty \(the table \w+ has \d+ rows\): move into a new, empty database$/,
    );
    expect(await storedFiles(elsewhere)).toEqual([]);
  }, 60_000);

  it('a backup taken on PostgreSQL restores into a SQLite data folder and into an empty PostgreSQL database with the same lists', async () => {
    const lists = await listsOf(moved, admin.token);
    const res = await moved.request('POST', '/api/admin/backups', { token: admin.token });
    expect(res.status, res.body.message).toBe(200);
    const zip = join(movedDir, 'backups', res.body.data.name);
    const fileCount = (await storedFiles(sourceDir)).length;
    expect((await listZip(zip)).filter((e) => e.name.startsWith('files/'))).toHaveLength(fileCount);

    const intoSqlite = join(await newDataDir(), 'data');
    await restoreBackup(zip, intoSqlite);
    const onSqlite = await startTestApp({ dataDir: intoSqlite, sqlite: true, jwtSecret });
    apps.push(onSqlite);
    expect(await listsOf(onSqlite, admin.token)).toEqual(lists);

    const again = await newDatabase();
    const intoPostgres = join(await newDataDir(), 'data');
    const restored = await restoreBackup(zip, intoPostgres, { databaseUrl: again.url });
    expect(restored).toMatchObject({ files: fileCount, replaced: false });
    // the data folder of a PostgreSQL service holds no SQLite file
    expect(await storedFiles(intoPostgres)).toHaveLength(fileCount);
    await expect(readFile(join(intoPostgres, 'cargodesk.sqlite'))).rejects.toThrow();
    await expect(restoreBackup(zip, join(await newDataDir(), 'data'), { databaseUrl: again.url })).rejects.toThrow(/is not empty \(the table \w+ has \d+ rows\)/);
    const onPostgresAgain = await startTestApp({ dataDir: intoPostgres, jwtSecret, config: { databaseUrl: again.url } });
    apps.push(onPostgresAgain);
    expect(await listsOf(onPostgresAgain, admin.token)).toEqual(lists);
    expect((await onPostgresAgain.request('POST', '/api/auth/login', { body: { username: staff.username, password: staff.password } })).status).toBe(200);
    const next = await onPostgresAgain.request('POST', '/api/company/folders', { token: admin.token, body: { name: 'after the restore' } });
    expect(next.body.data.id).toBe(deletedFolderId + 2);

    // npm run backup with DATABASE_URL: the same export from the command line
    const fromCommand = join(await newDataDir(), 'cli.zip');
    expect(await backupCommand([fromCommand], { DATA_DIR: movedDir, DATABASE_URL: target.url })).toMatch(
      new RegExp(`^backup of postgres://cargodesk:\\*\\*\\*@.* and the files of .* written to .*cli\\.zip \\(${fileCount} files, [\\d.]+ MB\\)$`),
    );
    // (the moved service's token secret is JWT_SECRET here, so its folder holds no jwt-secret file)
    expect((await listZip(fromCommand)).map((e) => e.name)).toEqual(expect.arrayContaining(['cargodesk.sqlite', 'manifest.json']));
  }, 180_000);

  it('a backup taken on SQLite restores into an empty PostgreSQL database with the same lists', async () => {
    const zip = join(await newDataDir(), 'sqlite.zip');
    await backupCommand([zip], { DATA_DIR: sourceDir });
    const database = await newDatabase();
    const into = join(await newDataDir(), 'data');
    await restoreBackup(zip, into, { databaseUrl: database.url });
    const restored = await startTestApp({ dataDir: into, config: { databaseUrl: database.url } });
    apps.push(restored);
    // the office's own token secret came with the backup
    expect(await listsOf(restored, admin.token)).toEqual(before);
    expect((await restored.request('POST', '/api/auth/login', { body: { username: staff.username, password: staff.password } })).status).toBe(200);
  }, 120_000);
});
