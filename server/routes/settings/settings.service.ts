// The office's settings: one row per key in `settings`, read whole, changed by an admin with an audit entry.
import type { z } from 'zod';
import type { settingsBody, Settings } from '../../../shared/settings.js';
import { now } from '../../db/database.js';
import type { Db, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { recordAudit } from '../audit/audit.service.js';

const KEYS = ['companyName'] as const;

export async function getSettings(db: Queryable): Promise<Settings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...KEYS])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return { companyName: byKey.get('companyName') ?? null };
}

export async function updateSettings(db: Db, actor: AuthUser, input: z.output<typeof settingsBody>): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    const before = await getSettings(trx);
    for (const key of KEYS) {
      const value = input[key];
      if (value === undefined) continue;
      if (value === null) await trx.deleteFrom('settings').where('key', '=', key).execute();
      else
        await trx
          .insertInto('settings')
          .values({ key, value, updateTime: now() })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value, updateTime: now() }))
          .execute();
    }
    const after = await getSettings(trx);
    await recordAudit(trx, { actor, action: 'update', entity: 'settings', entityId: null, before, after });
    return after;
  });
}
