// Load test (`npm run test:load`): the service as a child process, 200 connections for 30 s
// (LOAD_CONNECTIONS, LOAD_SECONDS) on a mix of list reads and creates: inbound and outbound
// orders against one stock, finance records, contract and audit lists. It passes when no request
// fails or times out, every answer is 2xx, and the log holds no failed request (a SQLITE_BUSY
// reaching a client would be a 503, logged). Prints p50/p99 latency and the request rate.
import autocannon from 'autocannon';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { newDataDir } from '../helpers/app.js';
import { memoryOf, startChildService } from '../helpers/child-service.js';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);

async function main(): Promise<number> {
  const dataDir = await newDataDir();
  const service = await startChildService(dataDir, { LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn' });
  try {
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(service.url + path, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data?: any; message: string };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
      return json.data;
    };
    await call('POST', '/api/auth/register', { username: 'admin', password: 'admin-password-1' });
    const { token } = await call('POST', '/api/auth/login', { username: 'admin', password: 'admin-password-1' });
    await call('POST', '/api/inventory/warehouses', { code: 'WH-LOAD', name: 'load test' }, token);
    await call('POST', '/api/inventory/inbound', { warehouse: 'WH-LOAD', commodity: 'copper', inboundWeight: 1_000_000, inboundDate: '2026-11-01' }, token);

    const json = (body: unknown) => ({ method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const requests = [
      { method: 'GET' as const, path: '/api/inventory/inbound?pageSize=20' },
      { path: '/api/inventory/inbound', ...json({ warehouse: 'WH-LOAD', commodity: 'copper', inboundWeight: 1.5, inboundDate: '2026-11-03' }) },
      { method: 'GET' as const, path: '/api/inventory/summary?warehouse=WH-LOAD' },
      { path: '/api/delivery-details', ...json({ warehouse: 'WH-LOAD', commodity: 'copper', quantity: 0.5, outboundDate: '2026-11-04' }) },
      { method: 'GET' as const, path: '/api/delivery-details?pageSize=20' },
      { path: '/api/corp-finances/misc-charges', ...json({ chargeType: 'demurrage', amount: 12.5, chargeDate: '2026-03-02' }) },
      { method: 'GET' as const, path: '/api/corp-finances/misc-charges?pageSize=20' },
      { method: 'GET' as const, path: '/api/contract?pageSize=20' },
      { method: 'GET' as const, path: '/api/audit?pageSize=20' },
    ];
    const statuses = new Map<number, number>();
    const instance = autocannon({
      url: service.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 30,
      headers: { authorization: `Bearer ${token}` },
      requests,
    });
    instance.on('response', (_client: unknown, status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    const result = await instance;
    const memory = await memoryOf(service.pid);

    const logDir = join(dataDir, 'logs');
    const logs = (await Promise.all((await readdir(logDir)).map((f) => readFile(join(logDir, f), 'utf8')))).join('');
    const failedInLog = logs.split('\n').filter((l) => /request failed|SQLITE_BUSY/.test(l)).length;
    const writes = (await call('GET', '/api/audit?pageSize=1', undefined, token)).total as number;

    const summary = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      statuses: Object.fromEntries(statuses),
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      writesAudited: writes,
      failedInLog,
      peakRssMb: Math.round(memory.peakMb),
    };
    console.log(JSON.stringify(summary, null, 2));
    const ok = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && failedInLog === 0 && result.requests.total > 0;
    console.log(ok ? `load test passed: p99 ${result.latency.p99} ms at ${summary.perSecond} requests/s` : 'load test FAILED');
    return ok ? 0 : 1;
  } finally {
    await service.stop();
    if (!process.env.LOAD_KEEP) await rm(dataDir, { recursive: true, force: true });
    else console.log(`data kept in ${dataDir}`);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
