// The audit log: every service calls `recordAudit` inside the transaction of its change.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { auditQuery } from '../../../shared/audit.js';
import { now } from '../../db/database.js';
import type { AuditLogTable, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { paginate } from '../../db/paging.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'status' | 'merge';

export interface AuditEntry {
  actor: Pick<AuthUser, 'id' | 'username'> | null;
  action: AuditAction;
  entity: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      time: now(),
      userId: entry.actor?.id ?? null,
      username: entry.actor?.username ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

function present(row: Selectable<AuditLogTable>) {
  return {
    id: row.id,
    time: row.time,
    userId: row.userId,
    username: row.username,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
  };
}

export function listAudit(db: Queryable, q: z.output<typeof auditQuery>) {
  let query = db.selectFrom('auditLog').selectAll();
  if (q.action) query = query.where('action', '=', q.action);
  if (q.entity) query = query.where('entity', '=', q.entity);
  if (q.entityId) query = query.where('entityId', '=', q.entityId);
  if (q.userId) query = query.where('userId', '=', q.userId);
  if (q.startDate) query = query.where('time', '>=', `${q.startDate}T00:00:00.000Z`);
  if (q.endDate) query = query.where('time', '<=', `${q.endDate}T23:59:59.999Z`);
  const order = q.sortOrder ?? 'desc';
  return paginate(query.orderBy('time', order).orderBy('id', order), q, present);
}
