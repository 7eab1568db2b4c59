import { settingsBody, settingsRecord } from '../../../shared/settings.js';
import { route } from '../../http/route.js';
import { getSettings, updateSettings } from './settings.service.js';

export const settingsRoutes = [
  route({
    method: 'get',
    path: '/settings',
    tag: 'Settings',
    summary: "The office's settings (the company name on printed pages)",
    access: 'user',
    response: settingsRecord,
    handler: (ctx, { db }) => getSettings(db),
  }),
  route({
    method: 'put',
    path: '/settings',
    tag: 'Settings',
    summary: "Change the office's settings (admin)",
    description: 'Only the keys given change; an empty companyName clears it. Written to the audit log (entity `settings`).',
    access: 'admin',
    body: settingsBody,
    response: settingsRecord,
    example: { request: { companyName: '上海示例贸易有限公司' } },
    handler: (ctx, { body, user, db }) => updateSettings(db, user, body),
  }),
];
