import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { id, labelled } from './validation.js';
import { dateRangeQuery, pagingQuery } from './paging.js';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status', 'merge'] as const;

const auditAction = () => labelled(z.enum(AUDIT_ACTIONS), CODE_LABELS.auditAction);

export const auditQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  action: auditAction().optional(),
  entity: z.string().trim().max(50).optional(),
  entityId: id().optional(),
  userId: id().optional(),
});

export const auditRecord = z.object({
  id: z.number().int(),
  time: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  action: auditAction(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
