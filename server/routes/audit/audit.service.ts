// The audit log: every service calls `recordAudit` inside the transaction of its change.
import type { Selectable } from 'kysely';
import { auditQuery } from '../../../shared/audit.js';
import { now } from '../../db/database.js';
import type { AuditLogTable, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { describeList } from '../../db/lists.js';
import { insertObjects, ROWS_PER_STATEMENT, type InsertColumn } from '../../db/batches.js';
import { noteChanged } from '../../live/changes.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'status' | 'merge';

export interface AuditEntry {
  actor: Pick<AuthUser, 'id' | 'username'> | null;
  action: AuditAction;
  entity: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
  /** why, as the user said it (a change of a posted document) */
  reason?: string | null;
}

export const recordAudit = (db: Queryable, entry: AuditEntry): Promise<void> => recordAudits(db, [entry]);

/** Writes the entries of a batch of changes, one multi-row insert per ROWS_PER_STATEMENT entries; every write of the service passes here. */
export async function recordAudits(db: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  // the areas of these entities are published when the request succeeds, after its commit (server/live/changes.ts)
  noteChanged(entries.map((e) => e.entity));
  const time = now();
  await insertObjects(
    db,
    'auditLog',
    AUDIT_INSERT,
    entries.map((entry) => ({
      time,
      userId: entry.actor?.id ?? null,
      username: entry.actor?.username ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
    })),
    { size: ROWS_PER_STATEMENT },
  );
}

/** The columns of an audit entry as written, with their migration types (insertObjects). */
const AUDIT_INSERT: readonly InsertColumn[] = [
  ['time', 'text'],
  ['userId', 'integer'],
  ['username', 'text'],
  ['action', 'text'],
  ['entity', 'text'],
  ['entityId', 'integer'],
  ['before', 'text'],
  ['after', 'text'],
  ['reason', 'text'],
];

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
    reason: row.reason,
  };
}

/** The log, newest first: by time, then by id among entries of the same instant. The dates bound the time from a day's first instant to its last. */
const auditList = describeList({
  query: auditQuery,
  from: (db: Queryable) => db.selectFrom('auditLog').selectAll(),
  filters: [
    { exact: 'action', column: 'action' },
    { exact: 'entity', column: 'entity' },
    { exact: 'entityId', column: 'entityId' },
    { exact: 'userId', column: 'userId' },
    { custom: 'startDate', where: (eb, date) => eb('time', '>=', `${date}T00:00:00.000Z`) },
    { custom: 'endDate', where: (eb, date) => eb('time', '<=', `${date}T23:59:59.999Z`) },
  ],
  orderBy: 'time',
  key: 'id',
  order: 'desc',
  present,
});
export const listAudit = auditList.list;
/** Every entry the log's filters match, newest first, read in batches (the export). */
export const allAudit = auditList.all;

/** Excel keeps at most 32,767 characters in a cell: a longer before or after is cut, and says so. */
const CELL_TEXT = 32_000;
const asCell = (value: unknown) => {
  if (value === null) return null;
  const text = JSON.stringify(value);
  return text.length > CELL_TEXT ? `${text.slice(0, CELL_TEXT)} … (${text.length.toLocaleString('en-US')} characters)` : text;
};

/** Audit entries as sheet rows: before and after as JSON text. */
export async function* auditRows(entries: AsyncIterable<ReturnType<typeof present>>) {
  for await (const e of entries) yield { ...e, before: asCell(e.before), after: asCell(e.after) };
}
