import { pagedSchema } from '../../../shared/paging.js';
import { createUserBody, listUsersQuery, resetPasswordBody, updateUserBody, userRecord, type User } from '../../../shared/users.js';
import { reply, route } from '../../http/route.js';
import { allUsers, createUser, deleteUser, getUser, listUsers, resetPassword, updateUser } from './users.service.js';
import { said } from '../../../shared/messages.js';
import { deletedAnswer } from '../../../shared/validation.js';
import { sheetColumns } from '../../spreadsheets/columns.js';
import { exportRoute } from '../../spreadsheets/sheet-routes.js';

/** The roles and warehouses of each user as one cell each: "trader;finance". */
async function* listsJoined(users: AsyncIterable<User>) {
  for await (const user of users) yield { ...user, roles: user.roles.join(';'), warehouses: user.warehouses.join(';') };
}

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
      { key: 'role', type: 'text', codes: 'legacyRole' },
      { key: 'roles', type: 'text', width: 24 },
      { key: 'warehouses', type: 'text', width: 20 },
      { key: 'status', type: 'text', codes: 'userStatus' },
      { key: 'lastLoginTime', type: 'text', width: 24 },
      { key: 'createTime', type: 'text', width: 24 },
    ]),
    rows: async (db, query) => listsJoined(await allUsers(db, query)),
    title: said('Users', '用户'),
  }),
  route({
    method: 'post',
    path: '/users',
    tag: 'Users',
    summary: 'Create an account (admin)',
    access: 'admin',
    description:
      'The account is active at once, with its `roles` (one or more of admin, manager, trader, warehouse, finance, viewer) and `warehouses` (codes; left out or []: every warehouse), and `mustChangePassword: true`: at its first sign-in the user replaces the temporary password before anything else. The registration limits do not apply. An unknown role or warehouse code is 400 naming it.',
    body: createUserBody,
    response: userRecord,
    example: { request: { username: 'zhang.li', password: 'temporary-pass-1', displayName: '张丽', roles: ['warehouse'], warehouses: ['WH-SH'] } },
    handler: async (ctx, { body, user, db }) => reply(await createUser(db, user, body), 'account created; the user chooses a new password at the first sign-in'),
  }),
  route({
    method: 'get',
    path: '/users/:id',
    tag: 'Users',
    summary: 'One user',
    access: 'user',
    response: userRecord,
    handler: (ctx, { id, db }) => getUser(db, id),
  }),
  route({
    method: 'put',
    path: '/users/:id',
    tag: 'Users',
    summary: 'Change a user',
    access: 'user',
    description:
      'An admin may change displayName, email, roles, warehouses and status (activate a pending account and give it its roles with `{"status":"active","roles":["trader"]}`); `role` is for older clients ("admin" adds the admin role, "staff" takes it away). Any user may change its own displayName, email and password (with currentPassword). Taking the admin role or the active status from the last active admin is 400.',
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
  route({
    method: 'delete',
    path: '/users/:id',
    tag: 'Users',
    summary: 'Remove an account that is pending or has never signed in (admin)',
    access: 'admin',
    description: 'Any other account keeps its history: it is disabled instead (PUT with status disabled), and this answers 400 saying so.',
    response: deletedAnswer,
    handler: async (ctx, { id, user, db }) => {
      await deleteUser(db, user, id);
      return reply({ id }, 'account removed');
    },
  }),
];
