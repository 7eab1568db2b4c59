// Warehouses. Each route serves both published shapes: set A first, set B second (docs/api.md).
import { deletedAnswer } from '../../../../shared/validation.js';
import { z } from 'zod';
import { warehouseBody, warehouseListQuery, warehouseRecord, warehouseUpdateBody } from '../../../../shared/warehouse.js';
import { reply, route } from '../../../http/route.js';
import { createWarehouse, deleteWarehouse, listWarehouses, updateWarehouse } from './warehouses.service.js';
import { sheetColumns } from '../../../spreadsheets/columns.js';
import { exportRoute } from '../../../spreadsheets/sheet-routes.js';

const tag = 'Warehouses';

export const warehouseRoutes = [
  route({
    method: 'get',
    path: '/inventory/warehouses',
    tag,
    summary: 'All warehouses (not paged), by code',
    access: { area: 'warehouse', level: 'read' },
    query: warehouseListQuery,
    response: z.array(warehouseRecord),
    handler: (ctx, { query, user, db }) => listWarehouses(db, query, user),
  }),
  exportRoute({
    tag,
    noun: 'warehouses',
    kind: 'warehouses',
    path: '/inventory/warehouses/export',

    access: { area: 'warehouse', level: 'read' },
    listPath: '/inventory/warehouses',
    listQuery: warehouseListQuery,
    columns: sheetColumns([
      { key: 'code', type: 'text' },
      { key: 'name', type: 'text', width: 24 },
      { key: 'address', type: 'text', width: 30 },
      { key: 'contactPerson', type: 'text' },
      { key: 'contactPhone', type: 'text' },
      { key: 'status', type: 'text', codes: 'warehouseStatus' },
      { key: 'remark', type: 'text', width: 30 },
    ]),
    rows: (db, query, _layout, reader) => listWarehouses(db, query, reader),
  }),
  route({
    method: 'post',
    path: ['/inventory/warehouses/create', '/inventory/warehouses'],
    tag,
    summary: 'Create a warehouse',
    access: { area: 'warehouse', level: 'write' },
    description: '`code` and `name` are unique; `status` is active (default) or inactive.',
    body: warehouseBody,
    response: warehouseRecord,
    example: { request: { code: 'WH-SH', name: '上海一号库', address: '上海市浦东新区', contactPerson: '王强', contactPhone: '13800000000' } },
    handler: async (ctx, { body, user, db }) => reply(await createWarehouse(db, user, body), 'warehouse created'),
  }),
  route({
    method: 'put',
    path: ['/inventory/warehouses/update/:id', '/inventory/warehouses/:id'],
    tag,
    summary: 'Change a warehouse (fields not sent stay as they are)',
    access: { area: 'warehouse', level: 'write' },
    description: 'Renaming keeps every record that names the warehouse attached to it.',
    body: warehouseUpdateBody,
    response: warehouseRecord,
    handler: async (ctx, { id, body, user, db }) => reply(await updateWarehouse(db, user, id, body), 'warehouse updated'),
  }),
  route({
    method: 'delete',
    path: ['/inventory/warehouses/delete/:id', '/inventory/warehouses/:id'],
    tag,
    summary: 'Delete a warehouse that has never had a movement',
    access: { area: 'warehouse', level: 'write' },
    response: deletedAnswer,
    handler: async (ctx, { id, user, db }) => {
      await deleteWarehouse(db, user, id);
      return reply({ id }, 'warehouse deleted');
    },
  }),
];
