// Checks against the OpenAPI document: every answer the API tests receive (answerChecker, installed
// by ./openapi-check.ts), and where an operation is documented (operationAt).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { AnswerCheck } from './app.js';

type Json = Record<string, any>;

const COMPONENTS = 'cargodesk-openapi-components';

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, Json>;
}

export function answerChecker(document: Json): AnswerCheck {
  // the document's schemas refer to each other as #/components/schemas/X: give them a home of their own
  const doc = JSON.parse(JSON.stringify(document).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/components/schemas/`)) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: COMPONENTS, components: { schemas: doc.components.schemas } });

  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(methods))
      for (const template of [path, ...((op['x-aliases'] as string[] | undefined) ?? [])])
        operations.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: op.responses,
        });

  const validators = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };
  const responseOf = (r: Json): Json => (r.$ref ? doc.components.responses[String(r.$ref).split('/').pop()!] : r);
  const mediaMatches = (declared: string, actual: string) => declared === actual || (declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1)));

  return (method, url, { status, contentType, text }) => {
    const path = new URL(url).pathname;
    const fail: (what: string) => never = (what) => {
      throw new Error(`the answer to ${method} ${path} does not match the OpenAPI document: ${what}`);
    };
    const op = operations.filter((o) => (o.method === method || (method === 'HEAD' && o.method === 'GET')) && o.pattern.test(path)).sort((a, b) => a.params - b.params)[0];
    if (!op) {
      // not a route of the document: only the envelope's 404 of an unknown route may answer
      if (status !== 404) fail(`no operation matches it, yet it answered ${status}`);
      return;
    }
    const declared = op.responses[String(status)];
    if (!declared) fail(`${op.method} ${op.template} does not list status ${status} (it lists ${Object.keys(op.responses).join(', ')})`);
    const content = (responseOf(declared).content ?? {}) as Record<string, Json>;
    if (method === 'HEAD' || text === '') return;
    const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const key = Object.keys(content).find((k) => mediaMatches(k, media));
    if (!key) fail(`status ${status} is sent as ${media || 'no type'}, the document says ${Object.keys(content).join(', ') || 'no body'}`);
    if (media !== 'application/json') return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      fail('the body is not JSON');
    }
    const validate = validatorOf(content[key!]!.schema as object);
    if (!validate(body))
      fail(`${op.method} ${op.template} ${status}: ${ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' })}\n${JSON.stringify(body).slice(0, 600)}`);
  };
}

/** The operation that serves `method path` (as the document writes paths): under `paths`, or in an operation's `x-aliases`. */
export function operationAt(document: Json, method: string, path: string): Json | undefined {
  const m = method.toLowerCase();
  const direct = document.paths[path]?.[m] as Json | undefined;
  if (direct) return direct;
  for (const methods of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    const op = methods[m];
    if ((op?.['x-aliases'] as string[] | undefined)?.includes(path)) return op;
  }
  return undefined;
}
