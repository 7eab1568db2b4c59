// Two service processes on one PostgreSQL database (issue 17): the rules that one SQLite process kept
// by running one transaction at a time hold when concurrent requests are spread over both.
// They also share one files folder (FILES_DIR), and one of them runs the daily backup timer.
// The progress of a long import is polled through either instance, and a list's total at one counts
// what was just written through the other. A write through one reaches a live stream at the other.
// Runs in the PostgreSQL pass of the suite (npm run test:pg); the SQLite pass has one process per file.
import { randomBytes, randomUUID } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADER_APPLICATION_NAME, LEADER_LOCK_KEY } from '../../server/db/leader.js';
import { postgresDialect } from '../../server/db/postgres.js';
import { LISTENER_APPLICATION_NAME } from '../../server/live/postgres-relay.js';
import type { Database } from '../../server/db/tables.js';
import { clientOf, newDataDir, sampleFiles, signInAdmin, type Client } from '../helpers/app.js';
import { startChildService, type ChildService } from '../helpers/child-service.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/postgres.js';
import { openStream, ticketFor } from '../helpers/events.js';
import { ledgerMismatches } from '../helpers/reliability.js';
import { makeInbound, makeWarehouse, stockOf } from '../helpers/warehouse.js';
import { workbook } from '../helpers/xlsx.js';

describe.skipIf(!onPostgres)('two service processes on one PostgreSQL database (PostgreSQL pass only)', () => {
  let database: TestDatabase;
  let services: ChildService[] = [];
  let clients: Client[];
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // what every instance behind one proxy shares: the database, the token secret and the files folder;
    // the daily backup timer is on (its first run is a minute away), its leader asked for every second
    const env = { DATABASE_URL: database.url, JWT_SECRET: randomBytes(48).toString('base64url'), FILES_DIR: await newDataDir(), BACKUP_DAILY: 'on', LEADER_RETRY_SECONDS: '1' };
    // started together: the migrations run once, under Kysely's migration lock
    services = await Promise.all([startChildService(await newDataDir(), env), startChildService(await newDataDir(), env)]);
    clients = services.map((s) => clientOf(() => s.url));
    token = (await signInAdmin(clients[0]!)).token;
  }, 150_000);

  afterAll(async () => {
    for (const s of services) await s.stop();
    await database?.drop();
  });

  it('30 outbound orders spread over both against stock for 10: exactly 10 accepted, the summary equals the ledger', async () => {
    const warehouse = await makeWarehouse(clients[0]!, token);
    await makeInbound(clients[1]!, token, { warehouse: warehouse.code, inboundWeight: 10 });

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        clients[i % 2]!.request('POST', '/api/delivery-details', { token, body: { warehouse: warehouse.code, commodity: 'copper', quantity: 1, outboundDate: '2026-11-02' } }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^insufficient stock: 0 available of copper in /);
    }
    // both instances accepted some, and numbered them without a duplicate
    expect(new Set(answers.flatMap((a, i) => (a.status === 200 ? [i % 2] : []))).size).toBe(2);
    expect(new Set(accepted.map((a) => a.body.data.outboundNumber)).size).toBe(10);

    for (const client of clients) {
      expect(await stockOf(client, token, warehouse.code)).toMatchObject({ inboundQuantity: 10, outboundQuantity: 10, currentStock: 0 });
    }
    const db = new Kysely<Database>({ dialect: postgresDialect(database.url) });
    try {
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('20 outbound orders spread over both on one lot of 5 (beside a lot of 100): exactly 5 accepted, no lot below zero, lots = summary = ledger', async () => {
    const warehouse = await makeWarehouse(clients[0]!, token);
    await makeInbound(clients[1]!, token, { warehouse: warehouse.code, blNumber: 'TWO-LOT', inboundWeight: 5 });
    await makeInbound(clients[0]!, token, { warehouse: warehouse.code, blNumber: 'TWO-OTHER', inboundWeight: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % 2]!.request('POST', '/api/delivery-details', {
          token,
          body: { warehouse: warehouse.code, commodity: 'copper', blNumber: 'TWO-LOT', quantity: 1, outboundDate: '2026-11-02' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.body.message).toMatch(/^B\/L TWO-LOT holds 0 of copper in /);
    const lots = (await clients[1]!.request('GET', `/api/inventory/lots?warehouse=${warehouse.code}&inStock=all`, { token })).body.data.items;
    expect(lots.map((l: { blNumber: string; currentStock: number }) => [l.blNumber, l.currentStock])).toEqual([
      ['TWO-LOT', 0],
      ['TWO-OTHER', 100],
    ]);
    expect(await stockOf(clients[0]!, token, warehouse.code)).toMatchObject({ currentStock: 100 });
    const db = new Kysely<Database>({ dialect: postgresDialect(database.url) });
    try {
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('20 approvals spread over both against stock for 5 requests, beside walk-in outbound orders: exactly 5 approved, nothing reserved is taken, lots = summary = ledger', async () => {
    expect((await clients[0]!.request('PUT', '/api/settings', { token, body: { secondPersonApproves: false } })).status).toBe(200);
    const warehouse = await makeWarehouse(clients[0]!, token);
    await makeInbound(clients[1]!, token, { warehouse: warehouse.code, blNumber: 'TWO-RES', inboundWeight: 50 });
    const requests = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await clients[i % 2]!.request('POST', '/api/apply-delivery', {
          token,
          body: { warehouse: warehouse.code, commodity: 'copper', blNumber: 'TWO-RES', quantity: 10, deliveryDate: '2026-11-22' },
        });
        expect(res.status).toBe(200);
        return res.body.data as { id: number };
      }),
    );
    const [approvals, walkIns] = await Promise.all([
      Promise.all(requests.map((r, i) => clients[i % 2]!.request('PUT', `/api/apply-delivery/${r.id}`, { token, body: { status: 'approved' } }))),
      Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          clients[i % 2]!.request('POST', '/api/delivery-details', { token, body: { warehouse: warehouse.code, commodity: 'copper', quantity: 5, outboundDate: '2026-11-02' } }),
        ),
      ),
    ]);
    const approved = approvals.filter((a) => a.status === 200).length;
    const shipped = walkIns.filter((a) => a.status === 200).length;
    expect(approvals.every((a) => a.status === 200 || a.status === 400)).toBe(true);
    // every 10 t is either promised to one request or taken by two walk-ins, never both
    expect(approved * 10 + shipped * 5).toBe(50);
    const row = await stockOf(clients[1]!, token, warehouse.code);
    expect(row).toMatchObject({ currentStock: 50 - shipped * 5, reservedQuantity: approved * 10, availableQuantity: 0 });
    const lots = (await clients[0]!.request('GET', `/api/inventory/lots?warehouse=${warehouse.code}&inStock=all`, { token })).body.data.items;
    expect(lots.map((l: { blNumber: string; currentStock: number }) => [l.blNumber, l.currentStock])).toEqual([['TWO-RES', 50 - shipped * 5]]);
    const db = new Kysely<Database>({ dialect: postgresDialect(database.url) });
    try {
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('a refresh token exchanged at both instances at once is exchanged once, and its family is revoked', async () => {
    const login = await clients[1]!.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
    const { refreshToken } = login.body.data;
    const answers = await Promise.all(clients.map((c) => c.request('POST', '/api/auth/refresh', { body: { refreshToken } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    // the reuse revoked the family: the token the winner got is refused as well
    const winner = answers.find((a) => a.status === 200)!;
    expect((await clients[0]!.request('POST', '/api/auth/refresh', { body: { refreshToken: winner.body.data.refreshToken } })).status).toBe(401);
  });

  it('failed sign-ins are counted together: ten spread over both lock the username at either', async () => {
    const bad = { username: 'admin', password: 'not-the-password' };
    for (let i = 0; i < 10; i++) expect((await clients[i % 2]!.request('POST', '/api/auth/login', { body: bad })).status).toBe(401);
    for (const client of clients) {
      const locked = await client.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^too many failed sign-ins for this username; try again in 1[45] minutes$/);
    }
  });

  it('a file uploaded through one instance is read through the other (one FILES_DIR)', async () => {
    const folder = await clients[0]!.request('POST', '/api/company/folders', { token, body: { name: 'shared files' } });
    const upload = await clients[0]!.upload('POST', '/api/company/files/upload', {
      token,
      fields: { data: JSON.stringify({ companyName: 'Port Office Co', folderId: folder.body.data.id }) },
      files: [['files', 'licence.pdf', sampleFiles.pdf()]],
    });
    expect(upload.status, upload.body.message).toBe(200);
    const { fileUrl, id } = upload.body.data[0] as { fileUrl: string; id: number };
    const read = await fetch(`${services[1]!.url}/api/company-files/${fileUrl}`);
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(sampleFiles.pdf());
    // and deleted through the other: gone for both
    expect((await clients[1]!.request('DELETE', `/api/company/files/${id}`, { token })).status).toBe(200);
    for (const s of services) expect((await fetch(`${s.url}/api/company-files/${fileUrl}`)).status).toBe(404);
  });

  it('the progress of an import running on one instance is polled through the other (a round-robin proxy), for its user only', async () => {
    const warehouse = await makeWarehouse(clients[0]!, token);
    const id = randomUUID();
    // enough rows that the writing phase outlasts a few of the progress table's 200 ms writes, on either engine
    const rows = 6_000;
    const header = ['warehouse', 'commodity', 'commodityCode', 'blNumber', 'blWeight', 'inboundWeight', 'owner', 'contractNumber', 'inboundDate'];
    const sheet = await workbook([header, ...Array.from({ length: rows }, (_, i) => [warehouse.code, 'copper', null, `RR-${i + 1}`, null, 1, null, null, '2026-11-10'])]);
    let answered = false;
    const importing = clients[0]!
      .upload('POST', '/api/inventory/upload', { token, headers: { 'x-progress-id': id }, files: [['file', 'sheet.xlsx', sheet]] })
      .finally(() => (answered = true));
    const seenAtOther: Record<string, unknown>[] = [];
    for (let poll = 0; !answered; poll++) {
      // the proxy hands the polls to either instance in turn; the work runs on the first
      const res = await clients[poll % 2]!.request('GET', `/api/progress/${id}`, { token });
      if (res.status === 200 && poll % 2 === 1) seenAtOther.push(res.body.data);
      else if (res.status !== 200) expect(res.status).toBe(404); // not started yet
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await importing).status).toBe(200);
    expect(
      seenAtOther.some((s) => s.phase === 'writing' && s.total === rows && (s.done as number) < rows && !s.finished),
      JSON.stringify(seenAtOther.slice(-5)),
    ).toBe(true);
    const final = { phase: 'writing', done: rows, total: rows, finished: true, failed: false };
    for (const client of clients) expect((await client.request('GET', `/api/progress/${id}`, { token })).body.data).toEqual(final);
    // another user asking the other instance for the same id finds nothing
    const staff = { username: 'rr-clerk', password: 'clerk-password-1' };
    const registered = await clients[1]!.request('POST', '/api/auth/register', { body: staff });
    await clients[0]!.request('PUT', `/api/users/${registered.body.data.id}`, { token, body: { status: 'active' } });
    const staffToken = (await clients[1]!.request('POST', '/api/auth/login', { body: staff })).body.data.token as string;
    expect((await clients[1]!.request('GET', `/api/progress/${id}`, { token: staffToken })).status).toBe(404);
  }, 180_000);

  it("a list's total counts a record created through the other instance at once (counts remembered per snapshot)", async () => {
    const warehouse = await makeWarehouse(clients[0]!, token);
    await makeInbound(clients[0]!, token, { warehouse: warehouse.code, inboundWeight: 50 });
    const pending = `/api/delivery-details?outboundStatus=pending&warehouse=${warehouse.code}`;
    const totalAt = async (client: Client) => (await client.request('GET', pending, { token })).body.data.total as number;
    for (let i = 1; i <= 3; i++) {
      // read twice at the first instance (the second read answered from what it remembers), then a write at the other
      expect(await totalAt(clients[0]!)).toBe(i - 1);
      expect(await totalAt(clients[0]!)).toBe(i - 1);
      const created = await clients[1]!.request('POST', '/api/delivery-details', {
        token,
        body: { warehouse: warehouse.code, commodity: 'copper', quantity: 1, outboundDate: '2026-11-02', outboundStatus: 'pending' },
      });
      expect(created.status, created.body.message).toBe(200);
      expect(await totalAt(clients[0]!)).toBe(i);
    }
  });

  it('a write through one instance reaches a live stream open at the other (LISTEN/NOTIFY), an import as one event', async () => {
    const stream = await openStream(services[1]!.url, await ticketFor(clients[1]!, token));
    try {
      expect(stream.status).toBe(200);
      const warehouse = await makeWarehouse(clients[0]!, token);
      await makeInbound(clients[0]!, token, { warehouse: warehouse.code, inboundWeight: 5 });
      await stream.waitFor('stock');
      // the writes above may still be gathering (250 ms) or on their way: a marker write seen on the
      // stream means they arrived, in its publication or before it
      const catalogs = () => stream.areas().filter((a) => a === 'catalogs').length;
      const seen = catalogs();
      expect((await clients[0]!.request('POST', '/api/commodities', { token, body: { name: `Live marker ${Date.now()}` } })).status).toBe(200);
      await expect.poll(catalogs, { timeout: 5_000 }).toBeGreaterThan(seen);
      // an import of 2,000 rows through the first: one request, one change of each area it touched
      const before = stream.areas().length;
      const header = ['warehouse', 'commodity', 'commodityCode', 'blNumber', 'blWeight', 'inboundWeight', 'owner', 'contractNumber', 'inboundDate'];
      const sheet = await workbook([header, ...Array.from({ length: 2_000 }, (_, i) => [warehouse.code, 'copper', null, `LIVE-${i + 1}`, null, 1, null, null, '2026-11-10'])]);
      expect((await clients[0]!.upload('POST', '/api/inventory/upload', { token, files: [['file', 'sheet.xlsx', sheet]] })).status).toBe(200);
      await expect.poll(() => stream.areas().length - before, { timeout: 5_000 }).toBeGreaterThan(0);
      const after = stream.areas().slice(before);
      expect(after.filter((a) => a === 'stock')).toEqual(['stock']);
      expect(after.length, after.join()).toBeLessThanOrEqual(4); // warehouse, stock, audit (and catalogs): once each

      // the listening connection of the second instance is cut (a PostgreSQL restart, a network split):
      // it is opened again, and writes through the first reach the stream again
      const db = new Kysely<Database>({ dialect: postgresDialect(database.url) });
      try {
        const listener = `${LISTENER_APPLICATION_NAME} ${services[1]!.pid}`;
        const sessions = async () => (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${listener}`.execute(db)).rows.map((r) => r.pid);
        const [cut] = await sessions();
        expect(cut).toBeDefined();
        await sql`select pg_terminate_backend(${cut})`.execute(db);
        await expect.poll(async () => (await sessions()).filter((p) => p !== cut).length, { timeout: 15_000 }).toBe(1);
        // once listening again it tells its streams that anything may have changed meanwhile: every area once
        // (contracts: no write of this test touches it)
        await stream.waitFor('contracts', 15_000);
        const seen = stream.areas().length;
        await makeInbound(clients[0]!, token, { warehouse: warehouse.code, inboundWeight: 1 });
        await expect.poll(() => stream.areas().slice(seen), { timeout: 5_000 }).toContain('stock');
      } finally {
        await db.destroy();
      }
    } finally {
      stream.close();
    }
  });

  it('one instance runs the daily backup timer (it holds the leader lock); when it is killed, the other takes over', async () => {
    const db = new Kysely<Database>({ dialect: postgresDialect(database.url) });
    /** the process ids whose session holds the leader lock in this database, once some instance holds it */
    const holders = async (notPid?: number) => {
      for (const deadline = Date.now() + 20_000; ;) {
        const { rows } = await sql<{ name: string }>`
          select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.classid = 0 and l.objid = ${LEADER_LOCK_KEY}
            and l.database = (select oid from pg_database where datname = current_database())`.execute(db);
        const pids = rows.map((r) => Number(r.name.slice(LEADER_APPLICATION_NAME.length + 1)));
        if ((pids.length > 0 && !pids.includes(notPid ?? -1)) || Date.now() > deadline) return pids;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      const first = await holders();
      expect(first).toHaveLength(1);
      const leader = services.find((s) => s.pid === first[0]);
      expect(leader, `the leader lock is held by process ${first[0]}, not by one of the instances`).toBeDefined();
      // still one leader a few retries later: the other keeps asking and is refused
      await new Promise((r) => setTimeout(r, 2_500));
      expect(await holders()).toEqual(first);

      await leader!.kill9();
      const follower = services.find((s) => s !== leader)!;
      expect(await holders(leader!.pid)).toEqual([follower.pid]);
      expect((await fetch(`${follower.url}/api/health`)).status).toBe(200);
    } finally {
      await db.destroy();
    }
  });
});
