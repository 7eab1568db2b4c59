// Concurrency: many writers on the same stock, large uploads side by side (the service's peak
// memory measured from outside), spreadsheet imports into one contract at once. Parallel
// registration of one username is in test/api/auth.test.ts; 25 outbound orders racing for 10 units
// in test/api/outbound.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir, sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { memoryOf, startChildService } from '../helpers/child-service.js';
import { makeInbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { ledgerMismatches, storedFiles } from '../helpers/reliability.js';
import { workbook } from '../helpers/xlsx.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

describe('many writers on one stock', () => {
  it('never oversells, and the ledger, the balances and the summary agree', async () => {
    const [a, b] = [await makeWarehouse(app, token), await makeWarehouse(app, token)];
    const inbounds = [await makeInbound(app, token, { warehouse: a.code, inboundWeight: 20 }), await makeInbound(app, token, { warehouse: b.code, inboundWeight: 20 })];
    // a seeded mix of 120 writes: inbound, outbound, ownership transfers, inbound edits and deletions
    const ops = fc.sample(
      fc.record({ kind: fc.constantFrom('in', 'out', 'out', 'out', 'transfer', 'shrink', 'delete-in'), w: fc.constantFrom(a.code, b.code), qty: fc.integer({ min: 1, max: 7 }) }),
      { numRuns: 120, seed: 99 },
    );
    const created: { id: number; warehouse: string }[] = [];
    const answers = await Promise.all(
      ops.map(async (op, i) => {
        switch (op.kind) {
          case 'in': {
            const r = await app.request('POST', '/api/inventory/inbound', {
              token,
              body: { warehouse: op.w, commodity: 'copper', inboundWeight: op.qty, inboundDate: '2026-11-01' },
            });
            if (r.status === 200) created.push({ id: r.body.data.id, warehouse: op.w });
            return r;
          }
          case 'out':
            return app.request('POST', '/api/delivery-details', { token, body: { warehouse: op.w, commodity: 'copper', quantity: op.qty, outboundDate: '2026-11-02' } });
          case 'transfer':
            return app.request('POST', '/api/inventory/transfer/create', {
              token,
              body: { warehouse: op.w, commodity: 'copper', quantity: op.qty, transferor: 'A', transferee: 'B' },
            });
          case 'shrink':
            return app.request('PUT', `/api/inventory/inbound/${inbounds[i % 2]!.id}`, { token, body: { inboundWeight: 20 - op.qty } });
          default: {
            const victim = created.shift();
            return victim ? app.request('DELETE', `/api/inventory/inbound/${victim.id}`, { token }) : app.request('GET', '/api/health');
          }
        }
      }),
    );
    for (const r of answers) {
      expect([200, 400], r.body.message).toContain(r.status);
      if (r.status === 400) expect(r.body.message).toMatch(/^insufficient stock/);
    }
    expect(answers.filter((r) => r.status === 400).length, 'the mix must race for stock').toBeGreaterThan(0);
    expect(await ledgerMismatches(app.server.db)).toEqual([]);
    for (const w of [a, b]) {
      const s = (await stockOf(app, token, w.code))!;
      expect(s.currentStock).toBeGreaterThanOrEqual(0);
      expect(s.currentStock).toBeCloseTo(s.inboundQuantity - s.outboundQuantity - s.transferredQuantity, 6);
      const ledger = await app.request('GET', `/api/inventory/ledger?warehouse=${w.code}&commodity=copper&pageSize=100`, { token });
      expect(ledger.status).toBe(200);
    }
  }, 60_000);
});

describe('parallel spreadsheet imports into one contract', () => {
  let contractId: number;
  const sheet = (tag: string, lines: number) => workbook([['commodity', 'quantity'], ...Array.from({ length: lines }, (_, i) => [`${tag}-${i + 1}`, i + 1])]);
  const importSheet = (bytes: Uint8Array, mode: string) =>
    app.upload('POST', `/api/corp-contract/contracts/${contractId}/details/import?mode=${mode}`, { token, files: [['file', 'lines.xlsx', bytes]] });
  const lines = async () => (await app.request('GET', `/api/corp-contract/contracts/${contractId}`, { token })).body.data.details as { lineNo: number; commodity: string }[];

  beforeAll(async () => {
    const folder = (await app.request('POST', '/api/corp-contract/folders', { token, body: { name: 'imports', category: 'upstream' } })).body.data;
    const res = await app.upload('POST', '/api/corp-contract/contracts', {
      token,
      fields: { folderId: String(folder.id), contractNumber: 'HT-PAR-1' },
      files: [['file', 'c.pdf', sampleFiles.pdf()]],
    });
    contractId = res.body.data.id;
  });

  it('appends every line of 8 simultaneous imports, each line numbered once', async () => {
    const books = await Promise.all(Array.from({ length: 8 }, (_, i) => sheet(`a${i}`, 6)));
    const answers = await Promise.all(books.map((b) => importSheet(b, 'append')));
    for (const r of answers) expect(r.status, r.body.message).toBe(200);
    const all = await lines();
    expect(all).toHaveLength(48);
    expect(new Set(all.map((l) => l.lineNo)).size).toBe(48);
    // each import's lines stay together: imports do not interleave
    for (let i = 0; i < 8; i++) {
      const nos = all
        .filter((l) => l.commodity.startsWith(`a${i}-`))
        .map((l) => l.lineNo)
        .sort((x, y) => x - y);
      expect(nos.at(-1)! - nos[0]!).toBe(5);
    }
  }, 60_000);

  it('leaves exactly one workbook after 6 simultaneous replacing imports', async () => {
    const books = await Promise.all(Array.from({ length: 6 }, (_, i) => sheet(`r${i}`, 3 + i)));
    const answers = await Promise.all(books.map((b) => importSheet(b, 'replace')));
    for (const r of answers) expect(r.status, r.body.message).toBe(200);
    const all = await lines();
    const tags = new Set(all.map((l) => l.commodity.split('-')[0]));
    expect(tags.size).toBe(1);
    const winner = Number([...tags][0]!.slice(1));
    expect(all).toHaveLength(3 + winner);
  }, 60_000);
});

describe('20 uploads of 10 MB at once', () => {
  it('keep the service memory bounded: files stream to disk, never into memory', async () => {
    const dataDir = await newDataDir();
    const service = await startChildService(dataDir);
    try {
      // Every request before the 20 uploads asks `Connection: close`, so fetch keeps no connection for
      // them to reuse and each upload opens its own. Under heavy machine load, an upload sent over the
      // warm-up's kept-alive connection failed with EPIPE (also outside vitest, on Node 24's fetch); that
      // open finding is written up in docs/security.md, and this test measures memory.
      const close = { connection: 'close' };
      const call = (path: string, body: unknown) =>
        fetch(service.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...close }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
      await call('/api/auth/register', { username: 'admin', password: 'admin-password-1' });
      const { token: t } = (await call('/api/auth/login', { username: 'admin', password: 'admin-password-1' })).data;
      const pdf = new Uint8Array(10 * 1024 * 1024);
      pdf.set(sampleFiles.pdf());
      const one = (headers: Record<string, string> = {}) => {
        const form = new FormData();
        form.append('files', new Blob([pdf]), 'big.pdf');
        return fetch(`${service.url}/api/company/files/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${t}`, ...headers } });
      };
      await (await one(close)).text(); // warm-up: every module loaded, one upload done
      const before = await memoryOf(service.pid);
      const answers = await Promise.all(Array.from({ length: 20 }, () => one()));
      for (const r of answers) expect(r.status).toBe(200);
      const after = await memoryOf(service.pid);
      const growth = after.peakMb - before.peakMb;
      console.log(
        `20 concurrent 10 MB uploads: peak RSS ${before.peakMb.toFixed(0)} MB before, ${after.peakMb.toFixed(0)} MB after (+${growth.toFixed(0)} MB for 200 MB received)`,
      );
      expect(growth).toBeLessThan(100);
      expect((await storedFiles(dataDir)).filter((f) => f.startsWith('company/'))).toHaveLength(21);
      expect((await storedFiles(dataDir)).filter((f) => f.startsWith('tmp/'))).toHaveLength(0);
    } finally {
      await service.stop();
    }
  }, 120_000);
});
