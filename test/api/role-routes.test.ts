// Every route of the table for every preset role and the admin (issue 26, point 9), generated from
// the app's own mounts, so a route added later is covered too. The expectation comes from the route's
// declaration and the default grants (shared/permissions.ts), the call goes over HTTP to the real
// service:
// - a refused call is 403 with the envelope naming the area and level (data { area, level }), or the
//   admin's refusal, and nothing changed: the rows of every table, the audit log, the files on disk.
//   It is sent as bad input (an empty JSON body; for an upload, a file in a field no route takes), so
//   a check running after the upload or the validation would answer 400 instead;
// - an allowed call is not 403 (sent at ids that do not exist or with a body that fails validation,
//   it changes nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mounts } from '../../server/app.js';
import { pathsOf, type RouteDef } from '../../server/http/route.js';
import { accessNeeded, DEFAULT_GRANTS, effectiveLevels, PRESET_ROLES, reaches, type Level, type Role } from '../../shared/permissions.js';
import { sampleFiles, signInAdmin, signInWithRoles, startTestApp, stateOf, type ApiResponse, type TestApp } from '../helpers/app.js';

let app: TestApp;
const accounts = new Map<Role, { token: string; id: number }>();

beforeAll(async () => {
  app = await startTestApp();
  const admin = await signInAdmin(app);
  accounts.set('admin', { token: admin.token, id: admin.user.id });
  for (const role of PRESET_ROLES) {
    const user = await signInWithRoles(app, admin.token, [role]);
    accounts.set(role, { token: user.token, id: user.user.id });
  }
});
afterAll(() => app.close());

interface Call {
  method: string;
  path: string;
  def: RouteDef;
  /** the JSON body of the call (an upload route gets a multipart form instead when refused) */
  body?: unknown;
  /** what the call needs, when the route raises its level for it (approving) */
  needs?: Level;
}

/** A path of the table with its parameters filled: ids that do not exist, names nothing holds. */
function fill(path: string, ownId: number): string {
  return path
    .replace(/^\/api\/users\/:id$/, `/api/users/${ownId}`)
    .replace(/:(id|fileId)\b/g, '999999')
    .replace(':blNumber', 'NO-SUCH-BL')
    .replace(':progressId', 'abcdefghijklmnop1234')
    .replace(':name', 'no-such-backup.zip')
    .replace('*url', 'uploads/no-such-file.pdf');
}

/** Every call to make: each route at its first path (the others are the same declaration), and the approving call of a route that raises its level. */
function calls(ownId: number): Call[] {
  const out: Call[] = [];
  for (const { prefix, routes } of mounts)
    for (const def of routes) {
      const path = fill(prefix + pathsOf(def)[0]!, ownId);
      const method = def.method.toUpperCase();
      out.push({ method, path, def, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      if (typeof def.access === 'object' && def.access.approveWhen) out.push({ method, path, def, body: { status: 'approved' }, needs: 'approve' });
    }
  return out;
}

/** The level a role has in the call's area, and what the call needs; null for routes without an area. */
function verdict(role: Role, call: Call): { allowed: boolean; refusal?: { message: string; data?: unknown } } {
  const access = call.def.access;
  if (access === 'public' || access === 'user') return { allowed: true };
  if (access === 'admin') return role === 'admin' ? { allowed: true } : { allowed: false, refusal: { message: 'only an admin may do this' } };
  const needs = call.needs ?? access.level;
  const has = effectiveLevels([role], DEFAULT_GRANTS)[access.area];
  if (reaches(has, needs)) return { allowed: true };
  return { allowed: false, refusal: { message: accessNeeded(access.area, needs).en, data: { area: access.area, level: needs } } };
}

function send(call: Call, token: string, refused: boolean): Promise<ApiResponse> {
  if (refused && call.def.upload)
    // a file in a field no route takes: the upload would answer 400, so a 403 shows the check came first
    return app.upload(call.method, call.path, { token, fields: { note: 'x' }, files: [['not-a-file-field', 'scan.pdf', sampleFiles.pdf()]] });
  return app.request(call.method, call.path, { token, body: call.body });
}

const ROLES: Role[] = ['admin', ...PRESET_ROLES];

describe('every route for every role', () => {
  it('covers the whole table: every route of every mount, and the approving call', () => {
    const all = calls(1);
    expect(all.length).toBe(mounts.reduce((n, m) => n + m.routes.length, 0) + 1);
    expect(all.filter((c) => c.needs === 'approve').map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/apply-delivery/update/999999']);
  });

  for (const role of ROLES)
    it(`as ${role}: refused calls are 403 naming what is missing and change nothing; allowed calls are not 403`, async () => {
      const { token, id } = accounts.get(role)!;
      const problems: string[] = [];
      let refusedCount = 0;
      for (const call of calls(id)) {
        const { allowed, refusal } = verdict(role, call);
        const name = `${call.method} ${call.path}${call.needs ? ' (approving)' : ''}`;
        if (allowed) {
          const res = await send(call, token, false);
          if (res.status === 403) problems.push(`${name}: allowed, answered 403 "${res.body.message}"`);
          continue;
        }
        refusedCount++;
        const before = await stateOf(app);
        const res = await send(call, token, true);
        const expected = { success: false, message: refusal!.message, ...(refusal!.data ? { data: refusal!.data } : {}) };
        if (res.status !== 403 || JSON.stringify(res.body) !== JSON.stringify(expected))
          problems.push(`${name}: expected 403 ${JSON.stringify(expected)}, got ${res.status} ${JSON.stringify(res.body)}`);
        const after = await stateOf(app);
        if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${name}: refused, but something changed`);
      }
      expect(problems).toEqual([]);
      // each preset role is refused somewhere (its grants leave something out); the admin nowhere
      if (role === 'admin') expect(refusedCount).toBe(0);
      else expect(refusedCount).toBeGreaterThan(10);
    });
});
