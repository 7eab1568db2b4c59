// Restarts after a fatal error: the desktop shell's restart policy and supervisor
// (desktop/supervisor.ts, with real Node child processes standing in for Electron's utility
// process), and the systemd unit shipped for headless use (scripts/cargodesk.service).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESTART_LIMITS, RestartPolicy, Supervisor } from '../../desktop/supervisor.js';

const MINUTE = 60_000;

describe('restart policy', () => {
  it('restarts a crashed service at most 3 times in 10 minutes, then gives up', () => {
    let now = 0;
    const policy = new RestartPolicy(RESTART_LIMITS, () => now);
    expect(policy.crashed()).toEqual({ action: 'restart', attempt: 1, delayMs: RESTART_LIMITS.delayMs });
    now += 2 * MINUTE;
    expect(policy.crashed()).toMatchObject({ action: 'restart', attempt: 2 });
    now += 2 * MINUTE;
    expect(policy.crashed()).toMatchObject({ action: 'restart', attempt: 3 });
    now += 2 * MINUTE;
    expect(policy.crashed()).toEqual({ action: 'give-up', crashes: 4 });
  });

  it('forgets restarts after a quiet period: a crash a day is always restarted', () => {
    let now = 0;
    const policy = new RestartPolicy(RESTART_LIMITS, () => now);
    for (let day = 0; day < 10; day++) {
      now = day * 24 * 60 * MINUTE;
      expect(policy.crashed(), `day ${day}`).toMatchObject({ action: 'restart', attempt: 1 });
    }
    // a day later, three quick crashes, then 10 quiet minutes: the count starts again
    now += 24 * 60 * MINUTE;
    for (let i = 1; i <= 3; i++) expect(policy.crashed()).toMatchObject({ attempt: i });
    now += 10 * MINUTE;
    expect(policy.crashed()).toMatchObject({ action: 'restart', attempt: 1 });
  });

  it('counts within a sliding window: the oldest restart leaves it after 10 minutes', () => {
    let now = 0;
    const policy = new RestartPolicy(RESTART_LIMITS, () => now);
    policy.crashed(); // t = 0
    now = 5 * MINUTE;
    policy.crashed();
    policy.crashed();
    now = 9 * MINUTE;
    expect(policy.crashed()).toMatchObject({ action: 'give-up' });
    now = 10 * MINUTE; // the restart at t = 0 has left the window
    expect(policy.crashed()).toMatchObject({ action: 'restart', attempt: 3 });
  });
});

/** A real child process that ends with `code` after a moment, as a crashed service would. */
const child = (code: number): ChildProcess => spawn(process.execPath, ['-e', `setTimeout(() => process.exit(${code}), 20)`], { stdio: 'ignore' });

function supervise(codes: number[], limits = { maxRestarts: 2, windowMs: 10 * MINUTE, delayMs: 10 }) {
  const events: string[] = [];
  let spawned = 0;
  let done: (value: string[]) => void;
  const finished = new Promise<string[]>((resolve) => (done = resolve));
  const supervisor = new Supervisor(
    () => {
      const c = child(codes[Math.min(spawned, codes.length - 1)]!);
      spawned++;
      // a clean exit ends the story here: nothing follows it
      c.on('exit', (code) => code === 0 && setTimeout(() => done(events), 50));
      return c;
    },
    {
      started: () => events.push(`started ${spawned}`),
      restarting: (code, { attempt }) => events.push(`crashed with ${code}, restart ${attempt}`),
      gaveUp: (code, crashes) => {
        events.push(`crashed with ${code}, gave up after ${crashes} crashes`);
        done(events);
      },
    },
    new RestartPolicy(limits),
  );
  return { supervisor, finished };
}

describe('service supervisor', () => {
  it('starts a crashed child again and gives up after the limit', async () => {
    const { supervisor, finished } = supervise([3]);
    supervisor.start();
    expect(await finished).toEqual(['started 1', 'crashed with 3, restart 1', 'started 2', 'crashed with 3, restart 2', 'started 3', 'crashed with 3, gave up after 3 crashes']);
    expect(supervisor.child).toBeNull();
  });

  it('a child that recovers keeps running; a clean exit (code 0) is never restarted', async () => {
    const { supervisor, finished } = supervise([1, 0]);
    supervisor.start();
    expect(await finished).toEqual(['started 1', 'crashed with 1, restart 1', 'started 2']);
  });

  it('restarts nothing once told to stop (quit, restore), nor a child replaced on purpose', async () => {
    const events: string[] = [];
    const supervisor = new Supervisor(() => child(5), {
      started: () => events.push('started'),
      restarting: () => events.push('restarting'),
      gaveUp: () => events.push('gave up'),
    });
    const first = supervisor.start();
    const { old, child: second } = supervisor.replace();
    expect(old).toBe(first);
    supervisor.stop();
    await Promise.all([first, second].map((c) => new Promise((resolve) => c.once('exit', resolve))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['started', 'started']);
  });
});

describe('systemd unit (scripts/cargodesk.service)', () => {
  const unitFile = new URL('../../scripts/cargodesk.service', import.meta.url);

  function keys(text: string): Map<string, string> {
    const out = new Map<string, string>();
    let section = '';
    for (const line of text.split('\n').map((l) => l.trim())) {
      if (!line || line.startsWith('#')) continue;
      const header = /^\[(\w+)\]$/.exec(line);
      if (header) section = header[1]!;
      else out.set(`${section}.${line.slice(0, line.indexOf('='))}`, line.slice(line.indexOf('=') + 1));
    }
    return out;
  }

  it('restarts on failure with the desktop limits, as its own user, with owner-only files', async () => {
    const unit = keys(await readFile(unitFile, 'utf8'));
    expect(unit.get('Service.Restart')).toBe('on-failure');
    expect(unit.get('Service.UMask')).toBe('0077');
    expect(unit.get('Service.User')).toBe('cargodesk');
    expect(unit.get('Service.WorkingDirectory')).toBe('/opt/cargodesk');
    expect(unit.get('Service.ExecStart')).toBe('/opt/cargodesk/node_modules/.bin/node --enable-source-maps scripts/start.mjs');
    expect(unit.get('Service.Environment')).toBeDefined();
    expect(unit.get('Unit.StartLimitBurst')).toBe(String(RESTART_LIMITS.maxRestarts));
    expect(unit.get('Unit.StartLimitIntervalSec')).toBe(String(RESTART_LIMITS.windowMs / 1000));
    expect(unit.get('Install.WantedBy')).toBe('multi-user.target');
    // the command is the one npm start runs
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('node --enable-source-maps scripts/start.mjs');
  });

  const analyze = spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' }).status === 0;
  it.skipIf(!analyze)('is a unit systemd accepts (systemd-analyze verify, paths pointed at this checkout)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cargodesk-unit-'));
    try {
      const repo = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
      const copy = join(dir, 'cargodesk.service');
      await writeFile(copy, (await readFile(unitFile, 'utf8')).replaceAll('/opt/cargodesk', repo));
      expect(execFileSync('systemd-analyze', ['verify', copy], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
