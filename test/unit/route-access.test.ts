// Every route states who may call it where it is declared (issue 26, point 1): this walks the app's
// own route table (the mounts of server/app.ts), so a route added later is checked too. The compiler
// already refuses a route() without `access`; this also catches a declaration that names no known
// area or level, a public route nobody meant, and an OpenAPI operation that does not state it.
import { describe, expect, it } from 'vitest';
import { mounts } from '../../server/app.js';
import { describeAccess, pathsOf, type Access } from '../../server/http/route.js';
import { buildOpenApi } from '../../server/openapi.js';
import { AREAS, LEVELS } from '../../shared/permissions.js';

const every = mounts.flatMap(({ prefix, routes }) => routes.flatMap((def) => pathsOf(def).map((path) => ({ def, path: prefix + path }))));

/** The only routes anyone may call without signing in. */
const PUBLIC = [
  'GET /api/health',
  'GET /api/health/live',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/refresh-token',
  'POST /api/auth/refresh',
  'GET /api/contract-files/uploads/:name',
  'GET /api/contract-files/batch_archive/:name',
  'GET /api/contract-files/bl_documents/:name',
  'GET /api/corp-contract-files/files/:name',
  'GET /api/company-files/company/:name',
  'GET /api/ownership-files/ownership/:name',
  'GET /api/finance-files/finance/:name',
  'GET /health',
  'GET /health/live',
];

function isDeclared(access: Access | undefined): boolean {
  if (access === 'public' || access === 'user' || access === 'admin') return true;
  if (typeof access !== 'object' || access === null) return false;
  return (AREAS as readonly string[]).includes(access.area) && (LEVELS as readonly string[]).includes(access.level) && access.level !== 'none';
}

describe('the route table', () => {
  it('has a declared access on every route of every mount', () => {
    expect(every.length).toBeGreaterThan(150);
    const undeclared = every.filter(({ def }) => !isDeclared(def.access)).map(({ def, path }) => `${def.method.toUpperCase()} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it('opens exactly the health, sign-in, registration, token refresh and stored-file routes to anyone', () => {
    const open = every.filter(({ def }) => def.access === 'public').map(({ def, path }) => `${def.method.toUpperCase()} ${path}`);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('needs an area for every business route: only accounts, settings, backups, progress, the live-refresh stream and catalog merges are user or admin', () => {
    const plain = every
      .filter(({ def }) => def.access === 'user' || def.access === 'admin')
      .map(({ path }) => path.replace(/^\/api/, ''))
      .filter((path) => !/^\/(auth|users|settings|admin\/backups|progress|events)\b/.test(path) && !/\/:id\/merge$/.test(path));
    expect(plain).toEqual([]);
  });

  it('states the declaration on each operation of the OpenAPI document: x-permission and a line of the description', () => {
    const doc = buildOpenApi(mounts, 'test');
    const documented = new Set<object>();
    const paths = doc.paths as Record<string, Record<string, { 'x-permission': unknown; description: string }> | undefined>;
    for (const { def, path } of every) {
      // a path a generated client could not tell from another route's is documented at its twin (x-aliases)
      const operation = paths[path.replace(/[:*](\w+)/g, '{$1}')]?.[def.method];
      if (!operation) continue;
      const access = def.access;
      const stated = typeof access === 'string' ? access : { area: access.area, level: access.level, ...(access.approveWhen ? { approveWhen: access.approveWhen.what } : {}) };
      expect(operation['x-permission'], `${def.method} ${path}`).toEqual(stated);
      expect(operation.description.startsWith(describeAccess(access)), `${def.method} ${path}`).toBe(true);
      documented.add(def);
    }
    // every declaration is documented at one of its paths at least
    expect(mounts.flatMap((m) => m.routes).filter((def) => !documented.has(def))).toEqual([]);
    expect(describeAccess({ area: 'finance', level: 'write' })).toBe('Needs write access to finance.');
  });
});
