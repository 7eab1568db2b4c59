import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { id, labelled, named, recordTime } from './validation.js';
import { dateRangeQuery, pagingQuery } from './paging.js';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status', 'merge'] as const;

const auditAction = () => labelled(z.enum(AUDIT_ACTIONS), CODE_LABELS.auditAction);

export const auditQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  action: auditAction().optional(),
  entity: z.string().trim().max(50).optional(),
  entityId: id().optional(),
  userId: id().optional(),
});

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const flatRecord = z.record(z.string(), scalar);
/** A field of a record as it stood: a value, a record of values (a merge's entry) or a list of them (files, detail lines). */
const fieldValue = z.union([scalar, flatRecord, z.array(z.union([scalar, flatRecord]))]);

/** A record as it stood before or after the change, field by field; null for what did not exist. */
const snapshot = () => z.record(z.string(), fieldValue).nullable();

export const auditRecord = named('AuditEntry', {
  id: z.number().int(),
  time: recordTime(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  action: auditAction(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: snapshot(),
  after: snapshot(),
  reason: z.string().nullable().describe('why, as the user said it: a change of a posted document (its stock fields, a cancel, re-activation or delete); null when none was given'),
});
