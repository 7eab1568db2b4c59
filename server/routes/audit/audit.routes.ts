import { auditQuery, auditRecord } from '../../../shared/audit.js';
import { pagedSchema } from '../../../shared/paging.js';
import { route } from '../../http/route.js';
import { listAudit } from './audit.service.js';

export const auditRoutes = [
  route({
    method: 'get',
    path: '/audit',
    tag: 'Audit log',
    summary: 'Audit log, newest first',
    description:
      'Every create, update, delete, status change and merge of a business record or user. `?entity=contract&entityId=7` is the history of one record; `?action=delete` lists the deletions.',
    access: { area: 'audit', level: 'read' },
    query: auditQuery,
    response: pagedSchema(auditRecord),
    handler: (ctx, { query, db }) => listAudit(db, query),
  }),
];
