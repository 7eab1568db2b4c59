// Outbound orders. Each route serves both published shapes, set A first and set B second
// (docs/api.md). Literal paths (the spreadsheet routes too) come before `/:id`.
import { deletedAnswer } from '../../../../shared/validation.js';
import { z } from 'zod';
import { pagedSchema } from '../../../../shared/paging.js';
import {
  confirmReceiptBody,
  deleteReasonQuery,
  outboundBody,
  outboundListQuery,
  outboundRecord,
  outboundUpdateBody,
  postedOutboundRecord,
  receiptRecord,
} from '../../../../shared/warehouse.js';
import { recordAddress } from '../../../http/public-address.js';
import { reply, route } from '../../../http/route.js';
import { recordPath } from '../../../../shared/record-pages.js';
import { sheetRoutes } from '../../../spreadsheets/sheet-routes.js';
import { getSettings } from '../../settings/settings.service.js';
import { outboundPrintPage, sendPrintPage } from '../print-pages.js';
import { createOutbound, allOutbound, confirmReceipt, deleteOutbound, getOutbound, listOutbound, receiptHistory, updateOutbound } from './outbound-orders.service.js';
import { importOutbound, OUTBOUND_COLUMNS, OUTBOUND_TEMPLATE, OUTBOUND_EXPORT_COLUMNS } from './outbound-orders.sheet.js';

const outboundTag = 'Outbound orders';

export const outboundOrderRoutes = [
  route({
    method: 'get',
    path: ['/delivery-details/list', '/delivery-details'],
    tag: outboundTag,
    summary: 'Outbound orders, newest first',
    access: { area: 'warehouse', level: 'read' },
    description: 'outboundNumber and blNumber match from the start; warehouse is a code or name; commodity and deliveryOrderNumber match exactly; dates are on outboundDate.',
    query: outboundListQuery,
    response: pagedSchema(outboundRecord),
    handler: (ctx, { query, user, db }) => listOutbound(db, query, user),
  }),
  ...sheetRoutes({
    tag: outboundTag,
    area: 'warehouse',
    noun: 'outbound order(s)',
    kind: 'outbound-orders',
    paths: { template: '/delivery-details/template/download', export: '/delivery-details/export', import: '/delivery-details/import' },
    listQuery: outboundListQuery,
    listPath: '/delivery-details/list',
    columns: OUTBOUND_COLUMNS,
    template: OUTBOUND_TEMPLATE,
    exportColumns: OUTBOUND_EXPORT_COLUMNS,
    record: outboundRecord,
    rows: allOutbound,
    importRows: importOutbound,
  }),
  route({
    method: 'get',
    path: '/delivery-details/receipt-history/:id',
    tag: outboundTag,
    summary: 'Receipt confirmations of an outbound order, oldest first',
    access: { area: 'warehouse', level: 'read' },
    response: z.array(receiptRecord),
    handler: (ctx, { id, user, db }) => receiptHistory(db, id, user),
  }),
  route({
    method: 'get',
    path: '/delivery-details/print/:id',
    tag: outboundTag,
    summary: 'Printable A4 page of an outbound order (HTML), with a QR code of its address in the client',
    access: { area: 'warehouse', level: 'read' },
    produces: 'text/html',
    handler: async (ctx, { id, user, db }) => {
      const order = await getOutbound(db, id, user);
      sendPrintPage(ctx, outboundPrintPage(order, (await getSettings(db)).companyName, new Date(), recordAddress(ctx, recordPath('outboundOrder', order.outboundNumber)!)));
    },
  }),
  route({
    method: 'get',
    path: ['/delivery-details/detail/:id', '/delivery-details/:id'],
    tag: outboundTag,
    summary: 'One outbound order',
    access: { area: 'warehouse', level: 'read' },
    response: outboundRecord,
    handler: (ctx, { id, user, db }) => getOutbound(db, id, user),
  }),
  route({
    method: 'post',
    path: ['/delivery-details/create', '/delivery-details'],
    tag: outboundTag,
    summary: 'Create an outbound order (takes its quantity from stock)',
    access: { area: 'warehouse', level: 'write' },
    description:
      '`outboundNumber` is generated unless given; `outboundStatus` defaults to completed; `receiptStatus` starts unconfirmed. Refused (400, "insufficient stock: 40 available ...") when the warehouse holds less of the commodity. A `blNumber` takes from that lot alone (400 "B/L COSU6300001 holds 40 t of copper cathode in Port yard; 50 t requested" when it holds less); without one the order takes from the oldest lots first and `allocations` lists what it took from each. A `deliveryOrderNumber` names the pickup request it ships against: that request must be approved or in progress, with the same warehouse and commodity, and have the quantity left ("pickup request PU... has 18 t left to ship"); it then moves to in_progress, or completed once all is shipped.',
    body: outboundBody,
    response: postedOutboundRecord,
    example: {
      request: { deliveryOrderNumber: 'PU20261122-0001', blNumber: 'COSU6300001', commodity: '电解铜', quantity: 10, unit: '吨', outboundDate: '2026-11-22', warehouse: 'WH-SH' },
    },
    handler: async (ctx, { body, user, db }) => reply(await createOutbound(db, user, body), 'outbound order created'),
  }),
  route({
    method: 'put',
    path: ['/delivery-details/confirm-receipt/:id'],
    tag: outboundTag,
    summary: 'Confirm the receipt of an outbound order (appends to its receipt history)',
    access: { area: 'warehouse', level: 'write' },
    body: confirmReceiptBody,
    response: outboundRecord,
    example: { request: { receivedQuantity: 10, receiver: '李四', remark: '完好' } },
    handler: async (ctx, { id, body, user, db }) => reply(await confirmReceipt(db, user, id, body), 'receipt confirmed'),
  }),
  route({
    method: 'put',
    path: ['/delivery-details/update/:id', '/delivery-details/:id'],
    tag: outboundTag,
    summary: 'Change an outbound order (fields not sent stay as they are)',
    access: { area: 'warehouse', level: 'write' },
    description:
      'Setting outboundStatus to cancelled gives its quantity back to stock and to its pickup request (which moves back from completed to in_progress, or to approved when nothing is shipped); re-activating it or raising its quantity takes them again (refused when stock or the request is short). Posted: changing its warehouse, commodity, blNumber, quantity or outboundDate, cancelling or re-activating it needs approve access to warehouse (403 otherwise, nothing changed); the other fields and receipt confirmations need write. `reason` says why, kept in the audit entry.',
    body: outboundUpdateBody,
    response: postedOutboundRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateOutbound(db, user, id, body), 'outbound order updated'),
  }),
  route({
    method: 'delete',
    path: '/delivery-details/:id',
    tag: outboundTag,
    summary: 'Delete an outbound order (its quantity goes back to stock; both shapes share this path)',
    access: { area: 'warehouse', level: 'approve' },
    description: 'A posted document: deleting it needs approve access to warehouse. `?reason=` says why, kept in the audit entry.',
    query: deleteReasonQuery,
    response: deletedAnswer,
    handler: async (ctx, { id, query, user, db }) => {
      await deleteOutbound(db, user, id, query.reason ?? null);
      return reply({ id }, 'outbound order deleted');
    },
  }),
];
