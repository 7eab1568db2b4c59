// The office's settings: one row per key in `settings`, read whole, changed by an admin with an audit
// entry; and the grants of the roles (`roleGrants`), replaced whole by an admin with an audit entry.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AREAS, DEFAULT_GRANTS, PRESET_ROLES, type Grants } from '../../../shared/permissions.js';
import type { settingsBody, Settings } from '../../../shared/settings.js';
import { now } from '../../db/database.js';
import type { Db, Queryable } from '../../db/tables.js';
import { GRANTS_VERSION, type AuthUser } from '../../http/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { DOCUMENT_KINDS_KEY, parseDocumentKinds, refuseDroppingKindsInUse } from '../trading/document-kinds.js';

const KEYS = ['companyName', 'selfRegistration', 'secondPersonApproves', 'outboundNeedsPickup', DOCUMENT_KINDS_KEY] as const satisfies readonly (keyof Settings)[];

/** The settings; a key never set has its default. */
export async function getSettings(db: Queryable): Promise<Settings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...KEYS])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return {
    companyName: byKey.get('companyName') ?? null,
    selfRegistration: byKey.get('selfRegistration') === 'closed' ? 'closed' : 'open',
    secondPersonApproves: byKey.get('secondPersonApproves') !== 'false',
    outboundNeedsPickup: byKey.get('outboundNeedsPickup') === 'true',
    documentKinds: parseDocumentKinds(byKey.get(DOCUMENT_KINDS_KEY)),
  };
}

export async function updateSettings(db: Db, actor: AuthUser, input: z.output<typeof settingsBody>): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    const before = await getSettings(trx);
    await refuseDroppingKindsInUse(trx, input.documentKinds);
    for (const key of KEYS) {
      const given = input[key];
      if (given === undefined) continue;
      if (given === null) {
        await trx.deleteFrom('settings').where('key', '=', key).execute();
        continue;
      }
      const value = typeof given === 'object' ? JSON.stringify(given) : String(given);
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

/** The grants of every preset role, and the defaults beside them. */
export async function getGrants(db: Queryable): Promise<{ grants: Grants; defaults: Grants }> {
  const rows = await db.selectFrom('roleGrants').select(['role', 'area', 'level']).execute();
  const grants = Object.fromEntries(PRESET_ROLES.map((role) => [role, Object.fromEntries(AREAS.map((area) => [area, 'none']))])) as Grants;
  for (const r of rows) if (r.role in grants && r.area in grants[r.role]) grants[r.role][r.area] = r.level;
  return { grants, defaults: DEFAULT_GRANTS };
}

/**
 * Sets the whole grid (checked complete by grantsBody) in one transaction: every row is written
 * with insert … on conflict, so two admins saving at once leave one of the two grids, whole. Takes
 * effect at the next request of every user, on every instance (their grants' version changes).
 */
export async function updateGrants(db: Db, actor: AuthUser, grants: Grants): Promise<{ grants: Grants; defaults: Grants }> {
  return db.transaction().execute(async (trx) => {
    const before = await getGrants(trx);
    await trx
      .insertInto('roleGrants')
      .values(PRESET_ROLES.flatMap((role) => AREAS.map((area) => ({ role, area, level: grants[role][area] }))))
      .onConflict((oc) => oc.columns(['role', 'area']).doUpdateSet((eb) => ({ level: eb.ref('excluded.level') })))
      .execute();
    // a new version: every instance reads the grants again at its next request (server/http/auth.ts)
    const version = { key: GRANTS_VERSION, value: randomUUID(), updateTime: now() };
    await trx
      .insertInto('settings')
      .values(version)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version.value, updateTime: version.updateTime }))
      .execute();
    const after = await getGrants(trx);
    await recordAudit(trx, { actor, action: 'update', entity: 'grants', entityId: null, before: before.grants, after: after.grants });
    return after;
  });
}
