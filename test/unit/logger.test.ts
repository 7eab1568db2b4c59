// The service's log (server/logger.ts): a start refused at once (its data or files folder in use)
// closes a logger whose file is still opening; that must not throw in place of the refusal.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createLogger } from '../../server/logger.js';

it('closes at once after it is made, and keeps what was logged before it closed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cargodesk-logger-'));
  try {
    const at = await createLogger(join(dir, 'a'), { level: 'info', stdout: false });
    await expect(at.close()).resolves.toBeUndefined();

    const logged = await createLogger(join(dir, 'b'), { level: 'info', stdout: false });
    logged.logger.info('the data folder is in use');
    await logged.close();
    expect(await readFile(join(dir, 'b', 'logs', 'cargodesk.1.log'), 'utf8')).toContain('the data folder is in use');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
