// The OpenAPI 3.1 document, generated from the same route declarations and zod schemas that
// validate requests, so it cannot drift from what the service does.
import { z } from 'zod';
import { describeAccess, pathsOf, type Access, type RouteDef } from './http/route.js';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const envelope = (data?: z.ZodType) => ({
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    ...(data ? { data: jsonSchema(data, 'output') } : {}),
  },
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: envelope(), example: { success: false, message: 'what was wrong, in plain words' } } },
});

/** The declaration as the document states it: `public`, `user`, `admin` or `{ area, level, approveWhen? }`. */
const permissionOf = (access: Access) =>
  typeof access === 'string' ? access : { area: access.area, level: access.level, ...(access.approveWhen ? { approveWhen: access.approveWhen.what } : {}) };

/** Routes served under one path prefix (`/api`, or '' for the finance routes the client calls without it). */
export interface Mount {
  prefix: string;
  routes: readonly RouteDef[];
}

export function buildOpenApi(mounts: readonly Mount[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const seen = new Map<string, number>();
  for (const { prefix, routes } of mounts) {
    for (const def of routes) {
      for (const rawPath of pathsOf(def)) {
        const path = prefix + rawPath.replace(/:(\w+)/g, '{$1}').replace(/\*(\w+)/g, '{$1}');
        const params = [...rawPath.matchAll(/[:*](\w+)/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: m[1] === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
        }));
        const query = def.query ? jsonSchema(def.query, 'input') : null;
        const queryParams = query
          ? Object.entries((query.properties ?? {}) as Record<string, unknown>).map(([name, schema]) => ({
              name,
              in: 'query',
              required: ((query.required as string[] | undefined) ?? []).includes(name),
              schema,
            }))
          : [];
        const baseId = `${def.method}${prefix}${rawPath.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;
        const count = seen.get(baseId) ?? 0;
        seen.set(baseId, count + 1);
        const content: Record<string, unknown> = {};
        if (def.body && !def.upload?.required)
          content['application/json'] = { schema: jsonSchema(def.body, 'input'), ...(def.example?.request ? { example: def.example.request } : {}) };
        if (def.upload) {
          const fields = def.body ? jsonSchema(def.body, 'input') : { type: 'object', properties: {} };
          const fileFields = Array.isArray(def.upload.fields) ? def.upload.fields : ['files_<index>'];
          const props = { ...(fields.properties as object) } as Record<string, unknown>;
          for (const f of fileFields) props[f] = { type: 'array', items: { type: 'string', format: 'binary' } };
          content['multipart/form-data'] = { schema: { type: 'object', properties: props }, ...(def.example?.request ? { example: def.example.request } : {}) };
        }
        const responses: Record<string, unknown> = {
          200: def.produces
            ? { description: 'the file or page', content: { [def.produces]: { schema: { type: 'string', format: 'binary' } } } }
            : {
                description: 'success',
                content: {
                  'application/json': {
                    schema: envelope(def.response),
                    ...(def.example?.response !== undefined ? { example: { success: true, message: def.example.message ?? 'OK', data: def.example.response } } : {}),
                  },
                },
              },
          400: errorResponse('invalid input: the message names the field and what is wrong'),
        };
        if (def.access !== 'public') responses[401] = errorResponse('missing, malformed, forged or expired token');
        if (def.access === 'admin') responses[403] = errorResponse('only an admin may do this');
        if (typeof def.access === 'object') responses[403] = errorResponse('your roles do not reach the level this needs: data { area, level } names it');
        if (params.some((p) => p.name === 'id')) responses[404] = errorResponse('no record with this id');
        if (def.upload) responses[413] = errorResponse('a file is over its size limit');
        paths[path] ??= {};
        paths[path][def.method] = {
          operationId: count ? `${baseId}${count + 1}` : baseId,
          tags: [def.tag],
          summary: def.summary,
          description: [describeAccess(def.access), def.description].filter(Boolean).join(' '),
          'x-permission': permissionOf(def.access),
          ...(def.access === 'public' ? { security: [] } : {}),
          parameters: [...params, ...queryParams],
          ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
          responses,
        };
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cargodesk API',
      version,
      description:
        'Back-office service for contracts, warehouse stock and finance. Every JSON answer is the envelope { success, message, data? }. Refusals are answered in Chinese when Accept-Language prefers zh, in English otherwise.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
