// The service as a child process (`node --import tsx server/main.ts`), to be killed with SIGKILL
// or measured from outside (peak resident memory from /proc).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

export interface ChildService {
  url: string;
  pid: number;
  child: ChildProcess;
  /** everything the process wrote to stdout and stderr */
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** `root`: the checkout whose server/main.ts runs (default: this one; the benches compare another). */
export async function startChildService(dataDir: string, env: Record<string, string> = {}, root?: string): Promise<ChildService> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // generous: tsx compiles the service on start, slow on a busy machine
  const deadline = Date.now() + 60_000;
  while (!out.includes('Cargodesk serves')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => out,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Peak and current resident memory of a process, in MB (Linux). */
export async function memoryOf(pid: number): Promise<{ peakMb: number; rssMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}
