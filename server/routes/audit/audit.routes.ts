import { auditQuery, auditRecord } from '../../../shared/audit.js';
import { pagedSchema } from '../../../shared/paging.js';
import { route } from '../../http/route.js';
import { allAudit, auditRows, listAudit } from './audit.service.js';
import { said } from '../../../shared/messages.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';

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
  exportRoute({
    tag: 'Audit log',
    noun: 'audit entries, newest first; before and after as JSON',
    kind: 'audit-log',
    path: '/audit/export',
    access: { area: 'audit', level: 'read' },
    listPath: '/audit',
    listQuery: auditQuery,
    columns: sheetColumns([
      { key: 'time', type: 'text', width: 24 },
      { key: 'username', type: 'text' },
      { key: 'action', type: 'text', codes: 'auditAction' },
      { key: 'entity', type: 'text' },
      { key: 'entityId', type: 'number' },
      { key: 'before', type: 'text', width: 60 },
      { key: 'after', type: 'text', width: 60 },
      { key: 'reason', type: 'text', width: 40 },
    ]),
    rows: async (db, query) => auditRows(await allAudit(db, query)),
    title: said('Audit log', '审计日志'),
  }),
];
