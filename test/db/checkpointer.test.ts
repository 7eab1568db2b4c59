// SQLite's WAL checkpoints run in a worker thread of their own (server/db/checkpointer.ts), not in the
// COMMIT of the request that wrote (issue 18: the slowest GET during a 20,000-row import was that COMMIT).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { newDataDir } from '../helpers/app.js';

describe('WAL checkpoints', () => {
  it('the writer never checkpoints in its COMMIT; the worker copies the WAL into the file soon after; closing leaves no WAL', async () => {
    const file = join(await newDataDir(), 'cargodesk.sqlite');
    const { db, sqlite } = await openDatabase(file);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    sqlite.exec('create table filler (text text)');
    // the worker checkpoints every second: wait until the table's creation is in the file itself (at
    // most 10 s). SQLite keeps the statement with its first two keywords upper-cased: looking for it
    // as typed found nothing, and the wait ran its whole 10 s on every run
    const inFile = () => readFileSync(file).includes('CREATE TABLE filler');
    for (let i = 0; i < 200 && !inFile(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inFile(), 'the worker checkpointed the table into the file').toBe(true);
    const before = statSync(file).size;
    // 8 MB in one transaction: past SQLite's own checkpoint threshold (1,000 pages, 4 MB)
    const insert = sqlite.prepare('insert into filler (text) values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(4000));
    })();
    expect(statSync(file).size, 'the COMMIT copied nothing into the file').toBe(before);
    // the file grows while the worker's checkpoint writes it: wait for the whole copy (at most 10 s)
    let after = before;
    for (let i = 0; i < 100 && after <= before + 7_000_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = statSync(file).size;
    }
    expect(after).toBeGreaterThan(before + 7_000_000);
    await db.destroy();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
