import { pagedSchema } from '../../../shared/paging.js';
import { listUsersQuery, updateUserBody, userRecord } from '../../../shared/users.js';
import { route } from '../../http/route.js';
import { findUser, listUsers, presentUser, updateUser } from './users.service.js';

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
    body: updateUserBody,
    response: userRecord,
    example: { request: { status: 'active' } },
    handler: (ctx, { id, body, user, db }) => updateUser(db, user, id, body),
  }),
];
