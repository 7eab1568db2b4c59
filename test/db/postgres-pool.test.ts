// The service's PostgreSQL connections (server/db/postgres.ts): a connection the server breaks while a
// query holds it fails that query, and never ends the process with an unheard 'error' event.
import { describe, expect, it } from 'vitest';
import { postgresPool } from '../../server/db/postgres.js';
import { createTestDatabase, onPostgres } from '../helpers/postgres.js';

describe.runIf(onPostgres)('the PostgreSQL pool', () => {
  it('a connection broken while a query holds it throws nothing beyond that query', async () => {
    const database = await createTestDatabase();
    const pool = postgresPool(database.url);
    try {
      const held = await pool.connect();
      // what the socket reports when the server resets it (pg emits it on the client)
      expect(() => held.emit('error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).not.toThrow();
      held.release(true);
      // the pool goes on with a new connection
      expect((await pool.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
