import { pagedSchema } from '../../../shared/paging.js';
import { createUserBody, listUsersQuery, resetPasswordBody, updateUserBody, userRecord } from '../../../shared/users.js';
import { reply, route } from '../../http/route.js';
import { createUser, deleteUser, getUser, listUsers, resetPassword, updateUser } from './users.service.js';

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
    handler: async (ctx, { id, user, db }) => {
      await deleteUser(db, user, id);
      return reply({ id }, 'account removed');
    },
  }),
];
