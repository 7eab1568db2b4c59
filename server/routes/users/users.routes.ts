import { pagedSchema } from '../../../shared/paging.js';
import { listUsersQuery, resetPasswordBody, updateUserBody, userRecord } from '../../../shared/users.js';
import { route } from '../../http/route.js';
import { allUsers, findUser, listUsers, presentUser, resetPassword, updateUser } from './users.service.js';
import { said } from '../../../shared/messages.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';

export const userRoutes = [
  route({
    method: 'get',
    path: '/users',
    tag: 'Users',
    summary: 'List users (admin)',
    access: 'admin',
    query: listUsersQuery,
    response: pagedSchema(userRecord),
    handler: (ctx, { query, db }) => listUsers(db, query),
  }),
  exportRoute({
    tag: 'Users',
    noun: 'users (admin)',
    kind: 'users',
    path: '/users/export',
    access: 'admin',
    listPath: '/users',
    listQuery: listUsersQuery,
    columns: sheetColumns([
      { key: 'username', type: 'text' },
      { key: 'displayName', type: 'text' },
      { key: 'email', type: 'text', width: 24 },
      { key: 'role', type: 'text', codes: 'role' },
      { key: 'status', type: 'text', codes: 'userStatus' },
      { key: 'lastLoginTime', type: 'text', width: 24 },
      { key: 'createTime', type: 'text', width: 24 },
    ]),
    rows: (db, query) => allUsers(db, query),
    title: said('Users', '用户'),
  }),
  route({
    method: 'get',
    path: '/users/:id',
    tag: 'Users',
    summary: 'One user',
    response: userRecord,
    handler: async (ctx, { id, db }) => presentUser(await findUser(db, id)),
  }),
  route({
    method: 'put',
    path: '/users/:id',
    tag: 'Users',
    summary: 'Change a user',
    description:
      'An admin may change displayName, email, role and status (activate a pending account with `{"status":"active"}`). Any user may change its own displayName, email and password (with currentPassword).',
    statuses: [429], // a new password waits for a free hashing thread (auth.service.ts)
    body: updateUserBody,
    response: userRecord,
    example: { request: { status: 'active' } },
    handler: (ctx, { id, body, user, db }) => updateUser(db, user, id, body),
  }),
  route({
    method: 'post',
    path: '/users/:id/reset-password',
    tag: 'Users',
    summary: "Reset a user's password (admin)",
    description:
      'Sets a temporary password for another user and ends its sessions; the user then has `mustChangePassword: true` and must choose a new password (PUT /users/:id with currentPassword) before going on.',
    access: 'admin',
    statuses: [429],
    body: resetPasswordBody,
    response: userRecord,
    example: { request: { password: 'temporary-pass-1' } },
    handler: (ctx, { id, body, user, db }) => resetPassword(db, user, id, body),
  }),
];
