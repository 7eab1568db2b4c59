// The service as the desktop app runs it (desktop/service-host.ts, wrapped by the utility process
// entry desktop/service.ts): ready, port taken, health, backup, restore, stop.
import { readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForHealth } from '../../desktop/health.js';
import { lanAddresses } from '../../server/lan.js';
import { isPortFree, suggestPort } from '../../desktop/port.js';
import type { FromService } from '../../desktop/protocol.js';
import { ServiceHost } from '../../desktop/service-host.js';
import { lockPath } from '../../server/backups/lock.js';
import { newDataDir } from '../helpers/app.js';

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

function host() {
  const messages: FromService[] = [];
  const service = new ServiceHost((m) => messages.push(m));
  return { service, messages, last: () => messages.at(-1)! };
}

function occupy(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '0.0.0.0', () => resolve(server));
  });
}

describe('desktop service host', () => {
  it('reports the port as taken, suggests a free one, and starts there', async () => {
    const blocker = await occupy();
    const taken = (blocker.address() as { port: number }).port;
    try {
      expect(await isPortFree(taken)).toBe(false);
      const dataDir = await newDataDir();
      folders.push(dataDir);
      const { service, last } = host();
      await service.start({ dataDir, port: taken, clientDir: dataDir });
      expect(last()).toEqual({ type: 'port-taken', port: taken, message: `port ${taken} is already in use: stop the other program or start with PORT=<another port>` });
      expect(service.running).toBeNull();
      await expect(stat(lockPath(dataDir))).rejects.toThrow();

      const suggested = await suggestPort(taken);
      expect(suggested).toBeGreaterThan(taken);
      await service.start({ dataDir, port: suggested!, clientDir: dataDir });
      expect(last()).toMatchObject({ type: 'ready', port: suggested, url: `http://127.0.0.1:${suggested}`, dataDir });
      await service.handle({ type: 'stop' });
      expect(last()).toEqual({ type: 'stopped' });
    } finally {
      blocker.close();
    }
  });

  it('serves on all interfaces, backs up, restores, and stops cleanly', async () => {
    const dataDir = await newDataDir();
    folders.push(dataDir);
    const { service, messages, last } = host();
    await service.start({ dataDir, port: 0, clientDir: dataDir });
    const ready = last();
    if (ready.type !== 'ready') throw new Error(JSON.stringify(ready));
    expect(await waitForHealth(ready.url, { timeoutMs: 5_000 })).toBe(true);
    // bound to all interfaces: other PCs reach it at this computer's LAN address
    const lan = lanAddresses(ready.port)[0];
    if (lan) expect(await waitForHealth(lan, { timeoutMs: 5_000 })).toBe(true);
    expect(JSON.parse(await (await import('node:fs/promises')).readFile(lockPath(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, port: ready.port });

    // an account made before the backup, another after it
    const register = (username: string) =>
      fetch(`${ready.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'admin-password-1' }),
      });
    expect((await register('admin')).status).toBe(200);
    await service.handle({ type: 'backup' });
    const done = last();
    if (done.type !== 'backup-done') throw new Error(JSON.stringify(done));
    expect(done.path).toBe(join(dataDir, 'backups', done.backup.name));
    expect((await stat(done.path)).size).toBe(done.backup.size);
    expect((await register('later')).status).toBe(200);

    await service.handle({ type: 'restore', file: done.path });
    expect(last()).toMatchObject({ type: 'restored' });
    expect(service.running).toBeNull();
    await expect(stat(lockPath(dataDir))).rejects.toThrow(); // the service closed before restoring
    expect(await readdir(join(dataDir, 'backups'))).toEqual([done.backup.name]);

    // after the restart the app does, the data is the backup's: admin signs in, "later" does not exist
    await service.start({ dataDir, port: 0, clientDir: dataDir });
    const again = last();
    if (again.type !== 'ready') throw new Error(JSON.stringify(again));
    const login = (username: string) =>
      fetch(`${again.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'admin-password-1' }) });
    expect((await login('admin')).status).toBe(200);
    expect((await login('later')).status).toBe(401);

    await service.handle({ type: 'restore', file: join(dataDir, 'missing.zip') });
    expect(last()).toEqual({ type: 'restore-failed', message: `${join(dataDir, 'missing.zip')} does not exist` });
    await service.handle({ type: 'backup' });
    expect(last()).toEqual({ type: 'backup-failed', message: 'the service is not running' });
    await service.handle({ type: 'stop' });
    expect(last()).toEqual({ type: 'stopped' });
    expect(messages.filter((m) => m.type === 'ready')).toHaveLength(2);
  });

  it('waitForHealth gives up when nothing answers', async () => {
    const blocker = await occupy(); // a TCP port that never answers HTTP
    const port = (blocker.address() as { port: number }).port;
    blocker.close();
    expect(await waitForHealth(`http://127.0.0.1:${port}`, { timeoutMs: 600, intervalMs: 100 })).toBe(false);
  });
});
