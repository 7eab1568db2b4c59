// Crash tests: the service runs as a child process; writers (stock in and out, contract and company
// uploads, finance records, deletions of files) keep it busy; it is killed with SIGKILL at a random
// moment, restarted on the same data folder, and checked: every acknowledged write is there (and
// every acknowledged deletion gone), PRAGMA integrity_check is ok, the ledger agrees with the
// balances, no temp file is left, no file in an area lacks its record and no record its file.
// CRASH_KILLS sets the number of kills (default 5; `npm run test:crash` runs 20), CRASH_SEED the moments.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import fc from 'fast-check';
import { mkdir, readdir, writeFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../server/db/tables.js';
import { FileStore } from '../../server/files/file-store.js';
import { findOrphans } from '../../server/files/orphans.js';
import { newDataDir, sampleFiles, uniqueName } from '../helpers/app.js';
import { startChildService, type ChildService } from '../helpers/child-service.js';
import { contractForm } from '../helpers/contracts.js';
import { ledgerMismatches } from '../helpers/reliability.js';

const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const SEED = Number(process.env.CRASH_SEED ?? 4242);
const WRITERS = 8;

const running: ChildService[] = [];
afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) await s.kill9();
});

async function call(base: string, method: string, path: string, opts: { token?: string; body?: unknown; form?: FormData } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data?: any } };
}

const form = (fields: Record<string, string>, files: [string, string, Uint8Array][]) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [field, name, bytes] of files) f.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return f;
};

/** Opens the data folder's database read-only beside the running service. */
function openReadOnly(dataDir: string): { db: Db; sqlite: SQLite.Database; close: () => Promise<void> } {
  const sqlite = new SQLite(join(dataDir, 'cargodesk.sqlite'), { readonly: true, fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite, close: () => db.destroy() };
}

interface Acked {
  table: keyof Database;
  id: number;
  deleted?: boolean;
}

describe('the service killed with SIGKILL under load', () => {
  it('moves a file without a record aside at start-up and reports a record without a file', async () => {
    const dataDir = await newDataDir();
    let service = await startChildService(dataDir);
    running.push(service);
    await call(service.url, 'POST', '/api/auth/register', { body: { username: 'admin', password: 'admin-password-1' } });
    const { token } = (await call(service.url, 'POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).body.data;
    const a = await call(service.url, 'POST', '/api/contract/upload', { token, form: form(contractForm(), [['files', 'a.pdf', sampleFiles.pdf()]]) });
    const b = await call(service.url, 'POST', '/api/contract/upload', { token, form: form(contractForm(), [['files', 'b.pdf', sampleFiles.pdf()]]) });
    await service.kill9();
    const stray = 'uploads/AAAAAAAAAAAAAAAAAAAAAA.pdf';
    await writeFile(join(dataDir, 'files', stray), 'left by a crash');
    await writeFile(join(dataDir, 'files', 'tmp', 'upload-unfinished'), 'half an upload');
    await unlink(join(dataDir, 'files', b.body.data.files[0].url));

    service = await startChildService(dataDir, { LOG_LEVEL: 'info' });
    running.push(service);
    expect(await readdir(join(dataDir, 'files', 'tmp'))).toEqual([]);
    expect(await readdir(join(dataDir, 'files', 'orphans', 'uploads'))).toEqual(['AAAAAAAAAAAAAAAAAAAAAA.pdf']);
    expect(service.output()).toContain('start-up file check: files without a record were moved to files/orphans');
    expect(service.output()).toContain(b.body.data.files[0].url);
    expect((await fetch(`${service.url}/api/contract-files/${a.body.data.files[0].url}`)).status).toBe(200);
    const ro = openReadOnly(dataDir);
    const report = await findOrphans(ro.db, new FileStore(join(dataDir, 'files')));
    await ro.close();
    expect(report.filesWithoutRecord).toEqual([]);
    expect(report.recordsWithoutFile).toEqual([{ table: 'contractFiles', id: expect.any(Number), url: b.body.data.files[0].url }]);
    await service.stop();
  }, 60_000);

  it(
    `keeps every acknowledged write and whole data over ${KILLS} kills`,
    async () => {
      const dataDir = await newDataDir();
      await mkdir(dataDir, { recursive: true });
      const moments = fc.sample(fc.integer({ min: 100, max: 1500 }), { numRuns: KILLS, seed: SEED });
      let service = await startChildService(dataDir);
      running.push(service);
      await call(service.url, 'POST', '/api/auth/register', { body: { username: 'admin', password: 'admin-password-1' } });
      const { token } = (await call(service.url, 'POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).body.data;
      const warehouse = (await call(service.url, 'POST', '/api/inventory/warehouses', { token, body: { code: 'WH-CRASH', name: 'crash test' } })).body.data;
      expect(warehouse?.code).toBe('WH-CRASH');

      const acked: Acked[] = [];
      const stats = { acknowledged: 0, refused: 0, cutOff: 0, sweepsWithOrphans: 0 };
      const companyFiles: number[] = [];
      const ack = (a: Acked) => {
        acked.push(a);
        stats.acknowledged++;
      };
      const uncertain = new Set<number>();

      const writes: ((base: string) => Promise<void>)[] = [
        async (base) => {
          const r = await call(base, 'POST', '/api/inventory/inbound', {
            token,
            body: { warehouse: 'WH-CRASH', commodity: 'copper', inboundWeight: 3, inboundDate: '2026-11-01' },
          });
          if (r.status === 200) ack({ table: 'inboundOrders', id: r.body.data.id });
          else stats.refused++;
        },
        async (base) => {
          const r = await call(base, 'POST', '/api/delivery-details', { token, body: { warehouse: 'WH-CRASH', commodity: 'copper', quantity: 2, outboundDate: '2026-11-02' } });
          if (r.status === 200) ack({ table: 'outboundOrders', id: r.body.data.id });
          else stats.refused++;
        },
        async (base) => {
          const r = await call(base, 'POST', '/api/contract/upload', {
            token,
            form: form(contractForm(), [
              ['files', 'a.pdf', sampleFiles.pdf()],
              ['files', 'b.png', sampleFiles.png()],
            ]),
          });
          if (r.status === 200) ack({ table: 'contracts', id: r.body.data.id });
          else stats.refused++;
        },
        async (base) => {
          const r = await call(base, 'POST', '/api/company/files/upload', { token, form: form({}, [['files', 'licence.pdf', sampleFiles.pdf()]]) });
          if (r.status === 200) {
            const ids = (Array.isArray(r.body.data) ? r.body.data : [r.body.data]).map((f: { id: number }) => f.id);
            for (const id of ids) ack({ table: 'companyFiles', id });
            companyFiles.push(...ids);
          } else stats.refused++;
        },
        async (base) => {
          const id = companyFiles.shift();
          if (id === undefined) return;
          uncertain.add(id); // until the answer arrives, a kill may or may not have come after the commit
          const r = await call(base, 'DELETE', `/api/company/files/${id}`, { token });
          uncertain.delete(id);
          if (r.status === 200) ack({ table: 'companyFiles', id, deleted: true });
          else stats.refused++;
        },
        async (base) => {
          const r = await call(base, 'POST', '/api/corp-finances/misc-charges', { token, body: { chargeType: uniqueName('c'), amount: 12.5, chargeDate: '2026-03-02' } });
          if (r.status === 200) ack({ table: 'financeRecords', id: r.body.data.id });
          else stats.refused++;
        },
      ];

      for (let round = 0; round < KILLS; round++) {
        const base = service.url;
        let stop = false;
        const workers = Array.from({ length: WRITERS }, async (_, w) => {
          for (let i = w; !stop; i++) {
            try {
              await writes[i % writes.length]!(base);
            } catch {
              stats.cutOff++; // the connection died with the service: not acknowledged
            }
          }
        });
        await new Promise((r) => setTimeout(r, moments[round]));
        await service.kill9();
        stop = true;
        await Promise.all(workers);

        service = await startChildService(dataDir, { LOG_LEVEL: 'info' });
        running.push(service);
        if (service.output().includes('files without a record were moved')) stats.sweepsWithOrphans++;
        expect(service.output(), 'a record lost its file').not.toMatch(/"recordsWithoutFile":\[\{/);

        const ro = openReadOnly(dataDir);
        try {
          expect(ro.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
          for (const a of acked) {
            if (a.table === 'companyFiles' && uncertain.has(a.id)) continue;
            const row = await ro.db
              .selectFrom(a.table)
              .select('id' as never)
              .where('id' as never, '=', a.id as never)
              .executeTakeFirst();
            const latest = acked.filter((x) => x.table === a.table && x.id === a.id).at(-1)!;
            expect(Boolean(row), `${a.table} ${a.id} ${latest.deleted ? 'deleted' : 'created'} and acknowledged`).toBe(!latest.deleted);
          }
          expect(await ledgerMismatches(ro.db)).toEqual([]);
          const report = await findOrphans(ro.db, new FileStore(join(dataDir, 'files')));
          expect(report).toEqual({ filesWithoutRecord: [], recordsWithoutFile: [] });
          expect(await readdir(join(dataDir, 'files', 'tmp'))).toEqual([]);
        } finally {
          await ro.close();
        }
      }
      await service.stop();
      console.log(
        `crash loop: ${KILLS} kills, ${stats.acknowledged} writes acknowledged and found after restart, ${stats.refused} refused, ${stats.cutOff} cut off by a kill, ${stats.sweepsWithOrphans} start-ups moved files without a record aside`,
      );
      expect(stats.acknowledged).toBeGreaterThan(KILLS * 5);
    },
    60_000 + KILLS * 20_000,
  );
});
