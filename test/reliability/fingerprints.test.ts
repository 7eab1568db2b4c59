// The fingerprint input-fuzz takes after every request (test/helpers/reliability.ts, `fingerprints`)
// answers its last one again only while no row can have changed: a committed insert or update is
// always seen, on both engines (PostgreSQL by the tables' write versions, SQLite by its change count).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { fingerprints } from '../helpers/reliability.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await signInAdmin(app);
});
afterAll(async () => {
  await app?.close();
});

const warehouse = (code: string) => {
  const time = new Date().toISOString();
  return { code, name: code, address: null, contactPerson: null, contactPhone: null, status: 'active', remark: null, createTime: time, updateTime: time } as const;
};

it('sees every committed write, and a rolled-back one changes nothing', async () => {
  const { db } = app.server;
  const fingerprint = fingerprints(db);
  const first = await fingerprint();
  expect(await fingerprint()).toEqual(first);

  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('warehouses').values(warehouse('FP-UNDONE')).execute();
      throw new Error('undone');
    })
    .catch(() => undefined);
  expect(await fingerprint()).toEqual(first);

  await db.insertInto('warehouses').values(warehouse('FP-KEPT')).execute();
  const inserted = await fingerprint();
  expect(inserted.warehouses).not.toEqual(first.warehouses);
  await db.updateTable('warehouses').set({ name: 'renamed' }).where('code', '=', 'FP-KEPT').execute();
  expect((await fingerprint()).warehouses).not.toEqual(inserted.warehouses);
});
