// The OpenAPI 3.1 document, generated from the same route declarations and zod schemas that
// validate requests, so it cannot drift from what the service does. Records named with `named()`
// (shared/validation.ts) become the document's schemas, so a generated client has a type per record.
import { z } from 'zod';
import { enumLabels } from '../shared/validation.js';
import { describeAccess, pathsOf, type Access, type RouteDef } from './http/route.js';

/** Where the service serves this document (public). */
export const OPENAPI_PATH = '/api/openapi.json';

type Json = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';

/** An enum's words in its description and in `x-enumDescriptions` (the code, then what people read). */
function enumWords({ zodSchema, jsonSchema }: { zodSchema: object; jsonSchema: Json }) {
  const labels = enumLabels(zodSchema);
  if (!labels) return;
  const words = Object.entries(labels).map(([code, said]) => [code, `${said.en} / ${said.zh}`] as const);
  jsonSchema['x-enumDescriptions'] = Object.fromEntries(words);
  const list = words.map(([code, word]) => `${code}: ${word}`).join('; ');
  jsonSchema.description = jsonSchema.description ? `${String(jsonSchema.description)} (${list})` : list;
}

/** Converts zod schemas into the document's JSON schemas, gathering the named ones into `components`. */
class SchemaSet {
  readonly components: Record<string, Json> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'throw', override: enumWords }) as Json;
    const { $schema: _draft, $defs, ...rest } = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', `"${SCHEMAS}`)) as Json;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      const known = this.components[id];
      if (known && JSON.stringify(known) !== JSON.stringify(def)) throw new Error(`two different schemas are named ${id} (${io})`);
      this.components[id] = def;
    }
    return rest;
  }
}

/** A refusal: the envelope with success false; `data` names the wrong fields or sheet rows when there are any. */
const REFUSAL: Json = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string', description: "what was wrong, in words a user can act on, in the request's language (Accept-Language)" },
    data: {
      type: 'object',
      properties: {
        errors: {
          type: 'array',
          description: 'one entry per wrong field ({ field, message }) or sheet cell ({ row, column, message })',
          items: {
            type: 'object',
            required: ['message'],
            properties: {
              field: { type: 'string', description: 'the field, dotted for nested ones (details.2.quantity)' },
              row: { type: 'integer', description: "the sheet's own row number (the header is row 1)" },
              column: { type: 'string', description: "the column's field name; '' for the whole row" },
              message: { type: 'string' },
            },
            additionalProperties: false,
          },
        },
        errorCount: { type: 'integer', description: 'how many sheet errors there were in all (errors lists the first 200)' },
        area: { type: 'string', description: 'a 403 for want of a grant: the area whose level is missing (docs/permissions.md)' },
        level: { type: 'string', description: 'a 403 for want of a grant: the level the call needs there' },
        rule: { type: 'string', description: 'a 403 by a setting: its name (secondPersonApproves, selfRegistration)' },
        reservedBy: {
          type: 'array',
          items: { type: 'string' },
          description: 'a 400 for want of available stock: the orderNumbers of the pickup requests holding it (at most 10)',
        },
        fields: {
          type: 'array',
          items: { type: 'string' },
          description: "a 403 for a change of a posted document's stock without approve access: the stock fields it would change (status for a cancel or re-activation)",
        },
        warehouse: { type: 'string', description: "a 403 for naming a warehouse outside the user's: its code" },
        warehouses: { type: 'array', items: { type: 'string' }, description: 'a 403 for a record of another warehouse: the codes the user holds' },
        rows: { type: 'integer', description: 'data rows of a sheet with more than an import takes' },
        maxRows: { type: 'integer', description: 'the most data rows an import takes' },
        status: { type: 'string', const: 'unavailable', description: 'a 503 of /health: the service is not ready' },
        database: { type: 'string', enum: ['ok', 'failing'], description: 'a 503 of /health: "failing" when the database did not answer a read within 1 s' },
        files: { type: 'string', enum: ['ok', 'failing'], description: 'a 503 of /health: "failing" when no file could be written into the files folder' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

/** The refusals every route may answer, by status: referenced from each operation. */
const REFUSALS: Record<number, { name: string; description: string; example: string }> = {
  400: { name: 'BadRequest', description: 'invalid input or a broken business rule: the message names the field and what is wrong', example: 'quantity must be greater than 0' },
  401: {
    name: 'Unauthorized',
    description: 'missing, malformed, forged or expired token (or wrong credentials)',
    example: 'sign in first: this needs a valid token (Authorization: Bearer <token>)',
  },
  403: {
    name: 'Forbidden',
    description: "signed in but not allowed: the route's level in its area (data { area, level }), the admin's routes, the user's warehouses, a setting's rule",
    example: 'you need write access to finance',
  },
  404: { name: 'NotFound', description: 'no such record, file or route', example: 'contract 9999 not found' },
  413: { name: 'PayloadTooLarge', description: 'the body (1 MB of JSON) or a file is over its size limit', example: 'the request body is larger than the 1 MB limit' },
  415: { name: 'UnsupportedMediaType', description: 'the body is not UTF-8 JSON', example: 'the request body must be UTF-8 JSON' },
  429: {
    name: 'TooManyRequests',
    description: 'too many failed sign-ins, registrations or sign-ins at once: try again later',
    example: 'too many failed sign-ins for this username; try again in 12 minutes',
  },
  500: { name: 'ServerError', description: 'a fault of the service: a generic message, the details in its log', example: 'something went wrong on the server; it has been logged' },
  503: {
    name: 'ServiceUnavailable',
    description: 'the database stayed busy, or (health) the database or the files folder fails (data { status, database, files })',
    example: 'the database is busy: try again in a moment',
  },
};

const refusal = (status: number) => ({ $ref: `#/components/responses/${REFUSALS[status]!.name}` });

/** The statuses a route answers: what its declaration implies (input can be refused), and those it declares. */
function statusesOf(def: RouteDef, pathParams: readonly string[]): number[] {
  const statuses = new Set([500, 503, ...(def.statuses ?? [])]);
  if (def.query || def.body || def.upload || pathParams.length) statuses.add(400);
  if (def.access !== 'public') statuses.add(401).add(403);
  if (pathParams.length) statuses.add(404);
  if (def.body || def.upload) statuses.add(413);
  if (def.body && !def.upload?.required) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

/** The envelope `{ success: true, message, data }`; without `data` when the route answers none. */
const envelope = (data?: Json): Json => ({
  type: 'object',
  required: ['success', 'message', ...(data ? ['data'] : [])],
  properties: { success: { type: 'boolean', const: true }, message: { type: 'string' }, ...(data ? { data } : {}) },
  additionalProperties: false,
});

const binary = { type: 'string', format: 'binary' };
/** server-sent events, as text (an EventSource parses them) */
const eventStream = { type: 'string', description: 'server-sent events: `event: change` with `data: {"area": "<area>"}`, and `: keep-alive` comments' };

/** The declaration as the document states it: `public`, `user`, `admin` or `{ area, level, approveWhen? }`. */
const permissionOf = (access: Access) =>
  typeof access === 'string' ? access : { area: access.area, level: access.level, ...(access.approveWhen ? { approveWhen: access.approveWhen.what } : {}) };

/** Routes served under one path prefix (`/api`, or '' for the finance routes the client calls without it). */
export interface Mount {
  prefix: string;
  routes: readonly RouteDef[];
}

/** `/contract/{id}/update-files`, with `:id` and `*url` written as OpenAPI templates. */
const templated = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');

/** Two templates a request could match both of, by Redocly's rule (same segments, same number of parameters). */
function ambiguous(a: string, b: string): boolean {
  const [pa, pb] = [a.split('/'), b.split('/')];
  if (a === b || pa.length !== pb.length) return false;
  const isParam = (s: string) => /^\{.+\}$/.test(s);
  if (pa.filter(isParam).length !== pb.filter(isParam).length) return false;
  return pa.every((s, i) => isParam(s) || isParam(pb[i]!) || s === pb[i]);
}

/**
 * The paths each declaration is documented at. A route served at several paths (the two route sets
 * of the warehouse areas) may have one that a generated client could not tell from another route's
 * (`/apply-delivery/{id}/cancel` and `/apply-delivery/detail/{id}`): such a path is left out of
 * `paths` and listed in its operation's `x-aliases` (still served). The path with the most such
 * clashes goes first; a clash no twin can take is an error here (and so in the tests).
 */
function documentedPaths(entries: readonly { def: RouteDef; path: string }[]) {
  const aliases = new Set<string>();
  const live = () => entries.filter((e) => !aliases.has(`${e.def.method} ${e.path}`));
  for (;;) {
    const clashes = live().map((e) => ({ e, n: live().filter((o) => o.def !== e.def && ambiguous(o.path, e.path)).length }));
    const worst = clashes.filter((c) => c.n > 0).sort((a, b) => b.n - a.n)[0];
    if (!worst) return aliases;
    const twins = live().filter((o) => o.def === worst.e.def);
    if (twins.length < 2) throw new Error(`the path ${worst.e.path} cannot be told from another route's; give its route a path with a literal segment`);
    aliases.add(`${worst.e.def.method} ${worst.e.path}`);
  }
}

export function buildOpenApi(mounts: readonly Mount[], version: string) {
  const schemas = new SchemaSet();
  const paths: Record<string, Record<string, Json>> = {};
  const entries = mounts.flatMap(({ prefix, routes }) => routes.flatMap((def) => pathsOf(def).map((raw) => ({ def, raw, path: templated(prefix + raw) }))));
  const aliases = documentedPaths(entries);
  const operationIds = new Map<string, number>();

  for (const { def, raw, path } of entries) {
    if (aliases.has(`${def.method} ${path}`)) continue;
    const pathParams = [...raw.matchAll(/[:*](\w+)/g)].map((m) => m[1]!);
    const params = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'id' || name === 'fileId' ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }));
    const query = def.query ? schemas.convert(def.query, 'input') : null;
    const queryParams = Object.entries((query?.properties ?? {}) as Record<string, Json>).map(([name, schema]) => ({
      name,
      in: 'query',
      required: ((query?.required as string[] | undefined) ?? []).includes(name),
      ...(schema.description ? { description: schema.description } : {}),
      schema,
    }));

    const content: Json = {};
    const example = def.example?.request === undefined ? {} : { example: def.example.request };
    if (def.body && !def.upload?.required) content['application/json'] = { schema: schemas.convert(def.body, 'input'), ...example };
    if (def.upload) {
      const fields = def.body ? schemas.convert(def.body, 'input') : { type: 'object', properties: {} };
      const fileSchema = def.upload.maxFiles === 1 ? binary : { type: 'array', items: binary, maxItems: def.upload.maxFiles };
      const fileFields = Array.isArray(def.upload.fields) ? (def.upload.fields as string[]) : [];
      const required = [...((fields.required as string[] | undefined) ?? []), ...(def.upload.required ? fileFields.slice(0, 1) : [])];
      content['multipart/form-data'] = {
        schema: {
          ...fields,
          properties: { ...(fields.properties as Json), ...Object.fromEntries(fileFields.map((f) => [f, fileSchema])) },
          ...(def.upload.fields instanceof RegExp ? { patternProperties: { [def.upload.fields.source]: fileSchema } } : {}),
          ...(required.length ? { required } : {}),
        },
        ...(def.upload.required ? example : {}),
      };
    }

    const success = def.produces
      ? {
          description: 'the file or page',
          content: Object.fromEntries(
            [def.produces]
              .flat()
              .map((type) => [
                type,
                { schema: type === 'application/json' && def.response ? schemas.convert(def.response, 'output') : type === 'text/event-stream' ? eventStream : binary },
              ]),
          ),
        }
      : {
          description: 'success',
          content: {
            'application/json': {
              schema: envelope(def.response ? schemas.convert(def.response, 'output') : undefined),
              ...(def.example?.response !== undefined || def.example?.message
                ? { example: { success: true, message: def.example.message ?? 'OK', ...(def.example.response === undefined ? {} : { data: def.example.response }) } }
                : {}),
            },
          },
        };

    const baseId = `${def.method}${path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;
    const count = operationIds.get(baseId) ?? 0;
    operationIds.set(baseId, count + 1);
    const twins = entries.filter((e) => e.def === def && aliases.has(`${def.method} ${e.path}`)).map((e) => e.path);
    paths[path] ??= {};
    paths[path][def.method] = {
      operationId: count ? `${baseId}${count + 1}` : baseId,
      tags: [def.tag],
      summary: def.summary,
      description: [describeAccess(def.access), def.description].filter(Boolean).join(' '),
      'x-permission': permissionOf(def.access),
      ...(def.access === 'public' ? { security: [] } : def.ticket ? { security: [{ eventsTicket: [] }] } : {}),
      ...(twins.length ? { 'x-aliases': twins } : {}),
      parameters: [...params, ...queryParams],
      ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
      responses: { 200: success, ...Object.fromEntries(statusesOf(def, pathParams).map((s) => [s, refusal(s)])) },
    };
  }

  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Service'],
      summary: 'This OpenAPI 3.1 document (public, not wrapped in the envelope)',
      security: [],
      parameters: [],
      responses: {
        200: {
          description: 'the document',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['openapi', 'info', 'paths'],
                properties: { openapi: { type: 'string', const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' }, components: { type: 'object' } },
              },
            },
          },
        },
        500: refusal(500),
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Cargodesk API',
      version,
      description:
        'Back-office service for contracts, warehouse stock and finance. Every JSON answer is the envelope { success, message, data? }. Refusals are answered in Chinese when Accept-Language prefers zh, in English otherwise.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        eventsTicket: {
          type: 'apiKey',
          in: 'query',
          name: 'ticket',
          description: 'A ticket from POST /api/events/ticket (60 s), for GET /api/events: an EventSource sends no headers.',
        },
      },
      schemas: { ...schemas.components, Refusal: REFUSAL },
      responses: Object.fromEntries(
        Object.values(REFUSALS).map(({ name, description, example }) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: `${SCHEMAS}Refusal` }, example: { success: false, message: example } } } },
        ]),
      ),
    },
    security: [{ bearer: [] }],
    paths,
  };
}
