// Live refresh (issue 28 item 5): GET /api/events tells a reader which area changed, never the data,
// only areas it may read, within bounds; the ticket opens the stream and nothing else.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_KINDS } from '../../shared/finance-kinds.js';
import { signInAdmin, signInWithRoles, startTestApp, type TestApp } from '../helpers/app.js';
import { openStream, ticketFor, type OpenStream } from '../helpers/events.js';
import { KIND_SAMPLES } from '../helpers/finance.js';
import { makeInbound, makeWarehouse } from '../helpers/warehouse.js';

describe('live refresh', () => {
  let app: TestApp;
  let admin: string;
  let viewer: string;
  const streams: OpenStream[] = [];
  const open = async (token: string) => {
    const s = await openStream(app.url, await ticketFor(app, token));
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await signInAdmin(app)).token;
    viewer = (await signInWithRoles(app, admin, ['viewer'])).token; // reads stock and warehouse; no finance, no audit
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await app.close();
  });

  it('a write tells each reader the areas it may read, and nothing of the record', async () => {
    const adminStream = await open(admin);
    const viewerStream = await open(viewer);
    expect(adminStream.status).toBe(200);
    expect(viewerStream.status).toBe(200);

    // a finance record: the viewer may not read finance
    const kind = KIND_SAMPLES.find((k) => !k.hasFiles && FINANCE_KINDS.find((f) => f.segment === k.segment)!.area === 'finance')!;
    const finance = await app.request('POST', `/api/corp-finances/${kind.segment}`, { token: admin, body: kind.full });
    expect(finance.status).toBe(200);
    // then an inbound order of 12.5 t of a commodity named for the test
    const warehouse = await makeWarehouse(app, admin);
    const inbound = await makeInbound(app, admin, { warehouse: warehouse.code, commodity: 'Live-refresh nickel', inboundWeight: 12.5 });

    await viewerStream.waitFor('stock');
    await viewerStream.waitFor('warehouse');
    await adminStream.waitFor('finance');
    await adminStream.waitFor('stock');
    await adminStream.waitFor('audit');
    expect(viewerStream.areas()).not.toContain('finance');
    expect(viewerStream.areas()).not.toContain('audit');
    for (const text of [adminStream.text(), viewerStream.text()]) {
      expect(text).not.toContain('nickel');
      expect(text).not.toContain(inbound.inboundNumber);
      expect(text).not.toContain(warehouse.code);
      expect(text).not.toContain('12.5');
      // each event is exactly an area
      for (const block of text.split('\n\n').filter((b) => b.startsWith('event:'))) expect(block).toMatch(/^event: change\ndata: \{"area":"[a-zA-Z]+"\}$/);
    }
  });

  it('a refused write publishes nothing', async () => {
    // the last test's writes may still be gathering (250 ms): a marker write seen on another stream
    // means they went out, in its publication or before it
    const drain = await open(admin);
    expect((await app.request('POST', '/api/commodities', { token: admin, body: { name: `Live marker ${Date.now()}` } })).status).toBe(200);
    await drain.waitFor('catalogs');
    const stream = await open(admin);
    const refused = await app.request('POST', '/api/inventory/inbound', { token: admin, body: { commodity: 'copper', inboundWeight: -1, inboundDate: '2026-11-01' } });
    expect(refused.status).toBe(400);
    // a write after it: its events are the first the stream gets
    expect((await app.request('POST', '/api/commodities', { token: admin, body: { name: `Live ${Date.now()}` } })).status).toBe(200);
    await stream.waitFor('catalogs');
    expect(stream.areas()).not.toContain('warehouse');
  });

  it('the stream opens with a ticket only; a ticket opens nothing else', async () => {
    const none = await fetch(`${app.url}/api/events`);
    expect(none.status).toBe(401);
    const withToken = await openStream(app.url, admin); // an access token is not a ticket
    expect(withToken.status).toBe(401);
    expect(withToken.refusal?.message).toMatch(/ticket/);
    const ticket = await ticketFor(app, admin);
    const asBearer = await app.request('GET', '/api/auth/me', { token: ticket });
    expect(asBearer.status).toBe(401);

    // the stream's request is logged by its path, never with its ticket
    const stream = await openStream(app.url, ticket);
    expect(stream.status).toBe(200);
    const dir = join(app.dataDir, 'logs');
    const readLog = async () => (await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')))).join('');
    await expect.poll(readLog, { timeout: 10_000 }).toContain('"path":"/api/events"');
    expect(await readLog()).not.toContain(ticket);
    stream.close();
  });
});

describe('live refresh bounds and shutdown', () => {
  it('refuses streams beyond the bounds with the envelope (429 per user, 503 in total), and ends them when the service stops', async () => {
    const app = await startTestApp({ config: { eventStreamsPerUser: 2, eventStreamsTotal: 3 } });
    const admin = (await signInAdmin(app)).token;
    const viewer = (await signInWithRoles(app, admin, ['viewer'])).token;
    const [a, b] = [await openStream(app.url, await ticketFor(app, viewer)), await openStream(app.url, await ticketFor(app, viewer))];
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await openStream(app.url, await ticketFor(app, viewer));
    expect(third.status).toBe(429);
    expect(third.refusal).toMatchObject({ success: false, message: expect.stringMatching(/at most 2 pages/) });
    const c = await openStream(app.url, await ticketFor(app, admin));
    expect(c.status).toBe(200);
    const fourth = await openStream(app.url, await ticketFor(app, admin));
    expect(fourth.status).toBe(503);
    expect(fourth.refusal?.success).toBe(false);
    // a stream closed by its client makes room again
    a.close();
    await expect.poll(async () => (await openStream(app.url, await ticketFor(app, admin))).status).toBe(200);

    await app.close();
    await expect.poll(() => [b.ended(), c.ended()]).toEqual([true, true]);
  });
});

describe('live refresh heartbeat', () => {
  it('sends keep-alive comments, and ends the stream of a user disabled meanwhile at the next one', async () => {
    const app = await startTestApp({ config: { eventHeartbeatSeconds: 1 } });
    try {
      const admin = await signInAdmin(app);
      const viewer = await signInWithRoles(app, admin.token, ['viewer']);
      const kept = await openStream(app.url, await ticketFor(app, admin.token));
      const ending = await openStream(app.url, await ticketFor(app, viewer.token));
      await expect.poll(() => ending.text(), { timeout: 5_000 }).toContain(': keep-alive');
      const me = await app.request('GET', '/api/auth/me', { token: viewer.token });
      expect((await app.request('PUT', `/api/users/${me.body.data.id}`, { token: admin.token, body: { status: 'disabled' } })).status).toBe(200);
      await expect.poll(() => ending.ended(), { timeout: 5_000 }).toBe(true);
      expect(kept.ended()).toBe(false);
      kept.close();
    } finally {
      await app.close();
    }
  });
});
