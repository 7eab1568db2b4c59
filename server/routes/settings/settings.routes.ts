import { grantsBody, grantsRecord, settingsBody, settingsRecord } from '../../../shared/settings.js';
import { route } from '../../http/route.js';
import { getGrants, getSettings, updateGrants, updateSettings } from './settings.service.js';

export const settingsRoutes = [
  route({
    method: 'get',
    path: '/settings',
    tag: 'Settings',
    summary: "The office's settings: the company name on printed pages, and the rules of registration and approval",
    access: 'user',
    response: settingsRecord,
    handler: (ctx, { db }) => getSettings(db),
  }),
  route({
    method: 'put',
    path: '/settings',
    tag: 'Settings',
    summary: "Change the office's settings (admin)",
    description:
      'Only the keys given change; an empty companyName clears it. `selfRegistration: "closed"` refuses registering (403) except for the very first account; `secondPersonApproves: false` lets a one-person office approve its own pickup requests; `outboundNeedsPickup` is kept for the rule of outbound orders. Written to the audit log (entity `settings`).',
    access: 'admin',
    body: settingsBody,
    response: settingsRecord,
    example: { request: { companyName: '上海示例贸易有限公司', selfRegistration: 'closed' } },
    handler: (ctx, { body, user, db }) => updateSettings(db, user, body),
  }),
  route({
    method: 'get',
    path: '/settings/grants',
    tag: 'Settings',
    summary: 'The grants of the roles: the level of every area for every role but admin, and the defaults',
    access: 'user',
    response: grantsRecord,
    handler: (ctx, { db }) => getGrants(db),
  }),
  route({
    method: 'put',
    path: '/settings/grants',
    tag: 'Settings',
    summary: 'Set the grants of the roles (admin)',
    description:
      'The whole grid: every role but admin, every area, a level each (none, read, write, approve); "restore defaults" sends `defaults` of GET /settings/grants. An unknown role, area or level, a missing role or area, or admin (whose grants are fixed) is 400 naming it, and nothing is changed. Takes effect at the next request of every user. Written to the audit log (entity `grants`).',
    access: 'admin',
    body: grantsBody,
    response: grantsRecord,
    handler: (ctx, { body, user, db }) => updateGrants(db, user, body.grants),
  }),
];
