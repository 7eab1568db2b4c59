// Inbound orders. Each route serves both published shapes: set A first, set B second (docs/api.md).
// Literal paths come before `/:id` ones.
import { deletedAnswer } from '../../../../shared/validation.js';
import { pagedSchema } from '../../../../shared/paging.js';
import { deleteReasonQuery, inboundBody, inboundListQuery, inboundRecord, inboundUpdateBody } from '../../../../shared/warehouse.js';
import { reply, route } from '../../../http/route.js';
import { sheetRoutes } from '../../../spreadsheets/sheet-routes.js';
import { getSettings } from '../../settings/settings.service.js';
import { inboundPrintPage, sendPrintPage } from '../print-pages.js';
import { allInbound, createInbound, deleteInbound, getInbound, listInbound, updateInbound } from './inbound-orders.service.js';
import { importInbound, INBOUND_COLUMNS, INBOUND_TEMPLATE, INBOUND_EXPORT_COLUMNS } from './inbound-orders.sheet.js';

const tag = 'Inventory';

export const inboundOrderRoutes = [
  route({
    method: 'get',
    path: ['/inventory/inbound/list', '/inventory/inbound'],
    tag,
    summary: 'Inbound orders, newest first',
    access: { area: 'warehouse', level: 'read' },
    description: 'inboundNumber and blNumber match from the start; warehouse (code or name) and commodity match exactly; dates are on inboundDate.',
    query: inboundListQuery,
    response: pagedSchema(inboundRecord),
    handler: (ctx, { query, user, db }) => listInbound(db, query, user),
  }),
  ...sheetRoutes({
    tag,
    area: 'warehouse',
    noun: 'inbound order(s)',
    kind: 'inbound-orders',
    paths: { template: '/inventory/template/download', export: '/inventory/export', import: '/inventory/upload' },
    listQuery: inboundListQuery,
    listPath: '/inventory/inbound/list',
    columns: INBOUND_COLUMNS,
    template: INBOUND_TEMPLATE,
    exportColumns: INBOUND_EXPORT_COLUMNS,
    record: inboundRecord,
    rows: allInbound,
    importRows: importInbound,
  }),
  route({
    method: 'get',
    path: '/inventory/inbound/print/:id',
    tag,
    summary: 'Printable A4 page of an inbound order (HTML)',
    access: { area: 'warehouse', level: 'read' },
    produces: 'text/html',
    handler: async (ctx, { id, user, db }) => {
      const order = await getInbound(db, id, user);
      sendPrintPage(ctx, inboundPrintPage(order, (await getSettings(db)).companyName, new Date()));
    },
  }),
  route({
    method: 'get',
    path: ['/inventory/inbound/detail/:id', '/inventory/inbound/:id'],
    tag,
    summary: 'One inbound order',
    access: { area: 'warehouse', level: 'read' },
    response: inboundRecord,
    handler: (ctx, { id, user, db }) => getInbound(db, id, user),
  }),
  route({
    method: 'post',
    path: ['/inventory/inbound/create', '/inventory/inbound'],
    tag,
    summary: 'Create an inbound order (its inboundWeight enters stock)',
    access: { area: 'warehouse', level: 'write' },
    body: inboundBody,
    response: inboundRecord,
    example: {
      request: { warehouse: 'WH-SH', commodity: '电解铜', blNumber: 'COSU6300001', blWeight: 100.5, inboundWeight: 100.25, owner: '甲公司', inboundDate: '2026-11-22' },
    },
    handler: async (ctx, { body, user, db }) => reply(await createInbound(db, user, body), 'inbound order created'),
  }),
  route({
    method: 'put',
    path: ['/inventory/inbound/update/:id', '/inventory/inbound/:id'],
    tag,
    summary: 'Change an inbound order (fields not sent stay as they are)',
    access: { area: 'warehouse', level: 'write' },
    description:
      'Refused (400) when the change would leave the stock of its warehouse and commodity, or one of its lots, below zero. Posted: changing its warehouse, commodity, blNumber, inboundWeight or inboundDate needs approve access to warehouse (403 otherwise, nothing changed); the other fields need write. `reason` says why, kept in the audit entry.',
    body: inboundUpdateBody,
    response: inboundRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateInbound(db, user, id, body), 'inbound order updated'),
  }),
  route({
    method: 'delete',
    path: ['/inventory/inbound/delete/:id', '/inventory/inbound/:id'],
    tag,
    summary: 'Delete an inbound order (refused when its stock has already gone out)',
    access: { area: 'warehouse', level: 'approve' },
    description: 'A posted document: deleting it needs approve access to warehouse. `?reason=` says why, kept in the audit entry.',
    query: deleteReasonQuery,
    response: deletedAnswer,
    handler: async (ctx, { id, query, user, db }) => {
      await deleteInbound(db, user, id, query.reason ?? null);
      return reply({ id }, 'inbound order deleted');
    },
  }),
];
