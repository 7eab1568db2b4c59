// Pickup requests. Each route serves both published shapes, set A first and set B second
// (docs/api.md), so the two are visibly one thing. Literal paths (the spreadsheet routes too) come
// before `/:id`.
import { deletedAnswer } from '../../../../shared/validation.js';
import { pagedSchema } from '../../../../shared/paging.js';
import { pickupBody, pickupDetail, pickupListQuery, pickupRecord, pickupUpdateBody } from '../../../../shared/warehouse.js';
import { recordAddress } from '../../../http/public-address.js';
import { reply, route } from '../../../http/route.js';
import { recordPath } from '../../../../shared/record-pages.js';
import { sheetRoutes } from '../../../spreadsheets/sheet-routes.js';
import { getSettings } from '../../settings/settings.service.js';
import { pickupPrintPage, sendPrintPage } from '../print-pages.js';
import { getPickupDetail } from './pickup-detail.js';
import { allPickups, cancelPickup, createPickup, deletePickup, listPickups, updatePickup } from './pickup-requests.service.js';
import { importPickups, PICKUP_COLUMNS, PICKUP_TEMPLATE, PICKUP_EXPORT_COLUMNS } from './pickup-requests.sheet.js';

const pickupTag = 'Pickup requests';

/** A change that approves the request: it needs approve access to pickup, any other change write. */
const approving = (body: unknown) => typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'approved';

export const pickupRequestRoutes = [
  route({
    method: 'get',
    path: ['/apply-delivery/list', '/apply-delivery'],
    tag: pickupTag,
    summary: 'Pickup requests, newest first',
    access: { area: 'pickup', level: 'read' },
    description:
      'orderNumber and blNumber match from the start; warehouse is a code or name; dates are on deliveryDate; keyword searches number, B/L, plate, driver, commodity and address; plate finds any part of the license plate, ignoring case, spaces, dashes and dots ("沪a-12" finds "沪A 12345"); shippable=true keeps the requests an outbound order may ship against (approved, in_progress), shippable=false the others.',
    query: pickupListQuery,
    response: pagedSchema(pickupRecord),
    handler: (ctx, { query, user, db }) => listPickups(db, query, user),
  }),
  ...sheetRoutes({
    tag: pickupTag,
    area: 'pickup',
    noun: 'pickup request(s)',
    kind: 'pickup-requests',
    paths: { template: '/apply-delivery/template/download', export: '/apply-delivery/export', import: '/apply-delivery/import' },
    listQuery: pickupListQuery,
    listPath: '/apply-delivery/list',
    columns: PICKUP_COLUMNS,
    template: PICKUP_TEMPLATE,
    exportColumns: PICKUP_EXPORT_COLUMNS,
    record: pickupRecord,
    rows: allPickups,
    importRows: importPickups,
  }),
  route({
    method: 'get',
    path: '/apply-delivery/print/:id',
    tag: pickupTag,
    summary: 'Printable A4 page of a pickup request (HTML), with a QR code of its address in the client',
    access: { area: 'pickup', level: 'read' },
    produces: 'text/html',
    handler: async (ctx, { id, user, db }) => {
      const request = await getPickupDetail(db, id, user);
      sendPrintPage(ctx, pickupPrintPage(request, (await getSettings(db)).companyName, new Date(), recordAddress(ctx, recordPath('pickupRequest', request.orderNumber)!)));
    },
  }),
  route({
    method: 'get',
    path: ['/apply-delivery/detail/:id', '/apply-delivery/:id'],
    tag: pickupTag,
    summary: 'One pickup request, with the outbound orders that ship against it',
    access: { area: 'pickup', level: 'read' },
    response: pickupDetail,
    handler: (ctx, { id, user, db }) => getPickupDetail(db, id, user),
  }),
  route({
    method: 'post',
    path: ['/apply-delivery/create', '/apply-delivery'],
    tag: pickupTag,
    summary: 'Create a pickup request (status pending, orderNumber generated)',
    access: { area: 'pickup', level: 'write' },
    body: pickupBody,
    response: pickupRecord,
    example: {
      request: {
        blNumber: 'COSU6300001',
        licensePlate: '沪A12345',
        driverName: '张师傅',
        driverPhone: '13900000000',
        driverIdCard: '310101199001011234',
        commodity: '电解铜',
        quantity: 25.5,
        unit: '吨',
        deliveryDate: '2026-11-22',
        deliveryAddress: '上海市宝山区',
        warehouse: 'WH-SH',
      },
    },
    handler: async (ctx, { body, user, db }) => reply(await createPickup(db, user, body), 'pickup request created'),
  }),
  route({
    method: 'put',
    path: ['/apply-delivery/update/:id', '/apply-delivery/:id'],
    tag: pickupTag,
    summary: 'Change a pickup request, or move its status along',
    access: { area: 'pickup', level: 'write', approveWhen: { test: approving, what: 'Approving a request (status approved)' } },
    description:
      'Fields not sent stay as they are. `status` moves pending → approved → in_progress → completed, or to cancelled from the first three; any other change of status is 400. An approved or in-progress request reserves its remainingQuantity in its B/L\'s lot: approving (or raising the quantity or moving it while it reserves) is 400 when less is available there or in its warehouse and commodity ("Port yard holds 100 t of copper cathode; 80 t is reserved by PU20261126-0001; 20 t available", data.reservedBy). Completed and cancelled requests take no edits. Outbound orders that name the request move it too (approved → in_progress → completed and back); once something is shipped, it cannot be cancelled, its warehouse and commodity stay, and its quantity cannot go below what is shipped (reduced to exactly that, it is completed). Completing an in-progress request by hand closes a short shipment.',
    body: pickupUpdateBody,
    response: pickupRecord,
    example: { request: { status: 'approved' } },
    handler: async (ctx, { id, body, user, db }) => reply(await updatePickup(db, user, id, body), 'pickup request updated'),
  }),
  route({
    method: 'put',
    path: ['/apply-delivery/cancel/:id', '/apply-delivery/:id/cancel'],
    tag: pickupTag,
    summary: 'Cancel a pending, approved or in-progress pickup request that has nothing shipped',
    access: { area: 'pickup', level: 'write' },
    response: pickupRecord,
    handler: async (ctx, { id, user, db }) => reply(await cancelPickup(db, user, id), 'pickup request cancelled'),
  }),
  route({
    method: 'delete',
    path: '/apply-delivery/:id',
    tag: pickupTag,
    summary: 'Delete a pickup request nothing is shipped against and no outbound order refers to (both shapes share this path)',
    access: { area: 'pickup', level: 'write' },
    response: deletedAnswer,
    handler: async (ctx, { id, user, db }) => {
      await deletePickup(db, user, id);
      return reply({ id }, 'pickup request deleted');
    },
  }),
];
