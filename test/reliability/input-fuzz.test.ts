// Property-based input tests over every JSON and multipart route, taken from the route
// declarations themselves (`mounts`), so a new route is covered without touching this file.
// Bodies are built from each route's zod schema (plausible values) and then broken: wrong types,
// huge strings, "NaN"/"Infinity", 1e400, impossible dates, __proto__ keys, deep nesting, empty
// multipart parts, repeated fields, wrong content types. For every answer: never a 5xx, always
// the envelope; for every refusal: every table and every stored file exactly as before.
// FUZZ_RUNS (per route path, default 20) and FUZZ_SEED change the size and the sequence.
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mounts } from '../../server/app.js';
import { pathsOf, type RouteDef } from '../../server/http/route.js';
import { sampleFiles, signInAdmin, startTestApp, type TestApp } from '../helpers/app.js';
import { detailWorkbook, fingerprints, multipartBody, seedEveryArea, storedFiles, type Part } from '../helpers/reliability.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

let app: TestApp;
let token: string;
let xlsx: Uint8Array;
const statuses = new Map<number, number>();
let before: { rows: Record<string, string>; files: string[] };

// the tables again only when the service can have written a row since (fingerprints, test/helpers/reliability.ts)
let fingerprint: () => Promise<Record<string, string>>;
const snapshot = async () => ({ rows: await fingerprint(), files: await storedFiles(app.dataDir) });

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
  await seedEveryArea(app, token);
  fingerprint = fingerprints(app.server.db);
  xlsx = await detailWorkbook(2);
  before = await snapshot();
}, 120_000);
afterAll(async () => {
  console.log('fuzz answers by status:', Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
  await app?.close();
});

// ---- the routes --------------------------------------------------------------------------------

interface Target {
  method: string;
  path: string;
  def: RouteDef;
}

const targets: Target[] = mounts.flatMap(({ prefix, routes }) =>
  routes
    .filter((def) => (def.method === 'post' || def.method === 'put') && (def.body || def.upload))
    .flatMap((def) => pathsOf(def).map((path) => ({ method: def.method.toUpperCase(), path: prefix + path, def }))),
);

// ---- values ------------------------------------------------------------------------------------

type Json = Record<string, any>;

const HUGE = 'x'.repeat(200_000);
const NESTED = JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown;
/** Placeholders replaced in the JSON text by literals JSON.stringify cannot write. */
const LITERALS: Record<string, string> = { '"@@1e400@@"': '1e400', '"@@-1e400@@"': '-1e400', '"@@tiny@@"': '1e-400', '"@@-0@@"': '-0' };

const adversarial: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '0x10',
    '1,5',
    ' 12 ',
    '',
    '   ',
    '\u0000',
    '\u202e',
    'null',
    'undefined',
    'true',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '2026-1-1',
    '99999-01-01',
    '2026-11-22T25:00:00Z',
    '-0001-01-01',
    -1,
    0,
    -0,
    0.0001,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 64,
    null,
    true,
    false,
    [],
    {},
    [[[]]],
    { a: { b: { c: [] } } },
    '@@1e400@@',
    '@@-1e400@@',
    '@@tiny@@',
    '@@-0@@',
    HUGE,
    NESTED,
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "'; drop table users; --",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values that fit a JSON schema node (so that the other fields of a body pass and the broken one is judged). */
function plausible(node: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!node || depth > 4) return fc.constant('x');
  if (node.enum) return fc.constantFrom(...(node.enum as unknown[]));
  if (node.const !== undefined) return fc.constant(node.const);
  const options = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (options?.length) return fc.oneof(...options.map((o) => plausible(o, depth + 1)));
  switch (node.type) {
    case 'string': {
      const pattern = String(node.pattern ?? '');
      if (node.format === 'date' || pattern.includes('\\d{4}-')) return fc.constantFrom('2026-11-22', '2026-01-31', '2025-02-28');
      if (node.format === 'email') return fc.constant('clerk@example.com');
      if (pattern) {
        try {
          return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length <= (node.maxLength ?? 200) && s.length >= (node.minLength ?? 0));
        } catch {
          return fc.constant('x');
        }
      }
      return fc.string({ minLength: Math.max(1, node.minLength ?? 1), maxLength: Math.min(node.maxLength ?? 20, 20) }).filter((s) => s.trim().length > 0);
    }
    case 'integer':
      return fc.integer({ min: Math.max(node.minimum ?? 1, -1e6), max: Math.min(node.maximum ?? 1000, 1e9) });
    case 'number':
      return fc.double({ min: Math.max(node.exclusiveMinimum ?? node.minimum ?? 0.001, -1e6) + 0.001, max: Math.min(node.maximum ?? 1000, 1e9), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(node.items as Json, depth + 1), { minLength: node.minItems ?? 0, maxLength: Math.min(node.maxItems ?? 3, 3) });
    case 'object':
      return objectOf(node, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function objectOf(node: Json, depth = 0): fc.Arbitrary<Json> {
  const props = (node.properties ?? {}) as Record<string, Json>;
  const required = new Set((node.required as string[] | undefined) ?? []);
  const entries = Object.entries(props);
  if (!entries.length) return fc.constant({});
  return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, plausible(v, depth)])), {
    requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)),
  }) as fc.Arbitrary<Json>;
}

const schemaOf = (def: RouteDef): Json => (def.body ? (z.toJSONSchema(def.body, { io: 'input', unrepresentable: 'any' }) as Json) : { type: 'object', properties: {} });

/** A plausible body with one to three fields broken, and sometimes junk keys added. */
function brokenBody(def: RouteDef): fc.Arbitrary<Json> {
  const schema = schemaOf(def);
  const keys = Object.keys((schema.properties ?? {}) as object);
  return fc
    .tuple(
      objectOf(schema),
      fc.array(fc.tuple(keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 }), adversarial), { minLength: 1, maxLength: 3 }),
    )
    .map(([base, breaks]) => {
      const body: Json = { ...base };
      for (const [k, v] of breaks) Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
      return body;
    });
}

const jsonText = (value: unknown) => {
  let text = JSON.stringify(value) ?? 'null';
  for (const [placeholder, literal] of Object.entries(LITERALS)) text = text.split(placeholder).join(literal);
  return text;
};

// ---- requests ----------------------------------------------------------------------------------

interface Sent {
  contentType?: string;
  body: string | Buffer;
  label: string;
}

const jsonRequest: (def: RouteDef) => fc.Arbitrary<Sent> = (def) =>
  fc.oneof(
    brokenBody(def).map((b) => ({ contentType: 'application/json', body: jsonText(b), label: 'broken body' })),
    brokenBody(def).map((b) => {
      const text = jsonText(b);
      return {
        contentType: 'application/json',
        body: `{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"x":1}},${text.slice(1)}`,
        label: '__proto__ keys',
      };
    }),
    fc.constantFrom<Sent>(
      { contentType: 'application/json', body: '[]', label: 'array body' },
      { contentType: 'application/json', body: '"text"', label: 'string body' },
      { contentType: 'application/json', body: '1e400', label: '1e400 body' },
      { contentType: 'application/json', body: 'null', label: 'null body' },
      { contentType: 'application/json', body: '{"a":', label: 'truncated JSON' },
      { contentType: 'application/json', body: '\ufeff{}', label: 'BOM' },
      { contentType: 'application/json', body: `{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, label: 'deep nesting' },
      { contentType: 'application/json', body: `{"big":"${'y'.repeat(1_100_000)}"}`, label: 'over 1 MB' },
      { contentType: 'application/json; charset=latin1', body: '{}', label: 'latin1 JSON' },
      { contentType: 'text/plain', body: '{"name":"x"}', label: 'text/plain' },
      { contentType: 'application/x-www-form-urlencoded', body: 'name=x&name=y&quantity=NaN', label: 'urlencoded' },
      { contentType: 'multipart/form-data', body: '{}', label: 'multipart without boundary' },
      { contentType: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', label: 'unterminated multipart' },
      { contentType: undefined, body: '{}', label: 'no content type' },
    ),
  );

const asText = (v: unknown): string => (typeof v === 'string' ? v : jsonText(v));

function multipartRequest(def: RouteDef): fc.Arbitrary<Sent> {
  const policy = def.upload!;
  const declared = Array.isArray(policy.fields) ? (policy.fields as string[]) : ['files_0', 'files_1'];
  const fileFields = declared.length ? declared : ['files', 'file'];
  const fileField = fc.oneof(fc.constantFrom(...fileFields), fc.constantFrom('other', '', 'files[]'));
  const file: fc.Arbitrary<Part> = fc.record({
    name: fileField,
    filename: fc.constantFrom('a.pdf', '../../../evil.pdf', 'x.svg', 'page.html', 'run.exe', '', 'con.pdf', 'a"b.pdf', '名字.xlsx', 'C:\\temp\\a.png'),
    bytes: fc.constantFrom(
      sampleFiles.pdf(),
      sampleFiles.png(),
      sampleFiles.exe(),
      sampleFiles.text(),
      new Uint8Array(0),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      xlsx,
    ),
    type: fc.constantFrom('application/pdf', 'image/svg+xml', 'text/html', 'application/octet-stream'),
  });
  const fieldParts = brokenBody(def).chain((b) =>
    fc.shuffledSubarray(
      Object.entries(b).flatMap(([k, v]): Part[] => [{ name: k, value: asText(v) }]),
      { minLength: 0 },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc.constantFrom<Part>(
        { name: '', value: '' },
        { raw: '' },
        { raw: 'Content-Disposition: form-data\r\n\r\nno name' },
        { name: 'data', value: '{"__proto__":{"x":1}}' },
        { name: 'x', value: 'y'.repeat(1_100_000) },
      ),
      fc.record({ name: fc.string({ maxLength: 6 }), value: adversarial.map(asText) }),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fieldParts, fc.array(file, { maxLength: 3 }), extra, fc.boolean()).map(([fields, files, junk, duplicate]) => {
    const parts = [...fields, ...(duplicate ? fields : []), ...files, ...junk];
    const { body, contentType } = multipartBody(parts);
    return { contentType, body, label: `multipart (${parts.length} parts${duplicate ? ', repeated fields' : ''})` };
  });
}

const requestFor = (def: RouteDef): fc.Arbitrary<Sent> => (def.upload ? fc.oneof(multipartRequest(def), jsonRequest(def)) : jsonRequest(def));

/** Path ids: records seeded above (1, 2, 3), and malformed or unknown ones. */
const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3') },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'abc', '1.5', '1e3', '99999999', '9007199254740993', '%00', '%2e%2e') },
);

// ---- the property ------------------------------------------------------------------------------

describe('every JSON and multipart route under random and adversarial input', () => {
  it('covers every route the service declares with a body or an upload', () => {
    expect(targets.length).toBeGreaterThan(60);
  });

  it.each(targets.map((t) => [`${t.method} ${t.path}`, t] as const))(
    '%s',
    async (_name, target) => {
      await fc.assert(
        fc.asyncProperty(requestFor(target.def), pathId, async (sent, id) => {
          const path = target.path.replace(/:id\b/, id);
          const res = await fetch(app.url + path, {
            method: target.method,
            headers: { authorization: `Bearer ${token}`, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
            body: sent.body,
          });
          const text = await res.text();
          const where = `${target.method} ${path} (${sent.label}) → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          const envelope = JSON.parse(text) as { success: unknown; message: unknown };
          expect(typeof envelope.message, where).toBe('string');
          expect(envelope.success, where).toBe(res.status < 300);
          const after = await snapshot();
          expect(
            after.files.filter((f) => f.startsWith('tmp')),
            `${where}: temp files left`,
          ).toEqual([]);
          if (res.status >= 400) {
            expect(after.rows, `${where}: a refused request changed rows`).toEqual(before.rows);
            expect(after.files, `${where}: a refused request changed files`).toEqual(before.files);
          }
          before = after;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    120_000,
  );

  it('leaves the caller signed in and the service healthy', async () => {
    expect((await app.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await app.request('GET', '/health')).body.data.status).toBe('ok');
  });
});
