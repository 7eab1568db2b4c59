// The per-key advisory locks of the kept per-B/L and P&L rows (server/db/locks.ts, lockKeys) on
// PostgreSQL: a transaction that writes the rows of many thousand B/Ls (a sheet import) holds a bounded
// number of locks, and a second writer of one of its keys still waits for it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { KEY_LOCK_BUCKETS, keyBucket, lockKeys } from '../../server/db/locks.js';
import { openTestDatabase } from '../helpers/app.js';
import { onPostgres } from '../helpers/postgres.js';

describe.runIf(onPostgres)('per-key advisory locks (PostgreSQL)', () => {
  it('one transaction locks the keys of 30,000 B/Ls in each of the three namespaces; another writer of one of them waits, of another bucket passes', async () => {
    const db = await openTestDatabase('postgres');
    const bls = Array.from({ length: 30_000 }, (_, i) => `BL${String(i).padStart(7, '0')}`);
    const other = (key: string) =>
      db.transaction().execute(async (t2) => {
        await sql`set local lock_timeout = '300ms'`.execute(t2);
        await lockKeys(t2, 'pnl', [key]);
      });

    await db.transaction().execute(async (trx) => {
      // one lock per key was 90,000 locks here: "out of shared memory" on a server's default settings
      for (const namespace of ['blStatus', 'lotWeights', 'pnl'] as const) await lockKeys(trx, namespace, bls);
      const held = await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`.execute(trx);
      expect(Number(held.rows[0]!.n)).toBe(3 * KEY_LOCK_BUCKETS);
      await expect(other(`bl:${bls[12_345]}`)).rejects.toThrow(/lock timeout/);
    });

    await db.transaction().execute(async (trx) => {
      await lockKeys(trx, 'pnl', ['bl:BL0000001']);
      const elsewhere = bls.find((bl) => keyBucket(`bl:${bl}`) !== keyBucket('bl:BL0000001'))!;
      await expect(other(`bl:${elsewhere}`)).resolves.toBeUndefined();
      await expect(other('bl:BL0000001')).rejects.toThrow(/lock timeout/);
    });
  });
});
