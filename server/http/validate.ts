// Validation against the zod schemas of shared/. Query strings and multipart fields arrive as
// text; `fromText` turns them into the types the schema expects, so one schema serves a JSON body,
// a query string and a multipart form alike.
import { z } from 'zod';
import { said, type Said } from '../../shared/messages.js';
import { describeErrors, fieldErrors, REQUEST_BODY } from '../../shared/validation.js';
import { invalid } from './errors.js';

const NUMBER_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };

/** The base kind of a schema, looking through optional, nullable, default and pipes. */
function baseOf(schema: z.ZodType): { kind: string; element?: z.ZodType } {
  let s: z.ZodType | undefined = schema;
  for (let depth = 0; s && depth < 20; depth++) {
    const def: Def = (s as unknown as { def: Def }).def;
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else if (def.type === 'union' && def.options?.length) {
      const kinds = def.options.map((o): string => baseOf(o).kind).filter((k) => k !== 'literal');
      return { kind: kinds[0] ?? 'string' };
    } else return { kind: def.type, element: def.element };
  }
  return { kind: 'unknown' };
}

function convert(value: string, schema: z.ZodType): unknown {
  const { kind, element } = baseOf(schema);
  const trimmed = value.trim();
  switch (kind) {
    case 'number':
    case 'int':
      if (trimmed === '') return undefined;
      return NUMBER_RE.test(trimmed) ? Number(trimmed) : value;
    case 'boolean':
      if (trimmed === 'true' || trimmed === '1') return true;
      if (trimmed === 'false' || trimmed === '0') return false;
      return trimmed === '' ? undefined : value;
    case 'array':
      if (trimmed.startsWith('[')) return parseJson(trimmed, value);
      if (trimmed === '') return [];
      return trimmed.split(',').map((part) => (element ? convert(part, element) : part.trim()));
    case 'object':
    case 'record':
      return parseJson(trimmed, value);
    default:
      return value;
  }
}

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/**
 * Converts text fields (query or multipart) to the types of an object schema's fields.
 * `dropEmpty` (for query strings): an empty value means the filter is not given, as search forms send it.
 */
export function fromText(schema: z.ZodType, raw: Record<string, unknown>, { dropEmpty = false } = {}): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(shape, key)) continue; // unknown fields are ignored
    if (dropEmpty && value === '') continue;
    const field = shape[key]!;
    if (Array.isArray(value)) {
      if (baseOf(field).kind !== 'array') throw invalid(said(`${key} was sent more than once; send it once`, `${key} 发送了多次；只能发送一次`));
      out[key] = value.map((v) => (typeof v === 'string' && baseOf(field).element ? convert(v, baseOf(field).element!) : v));
    } else out[key] = typeof value === 'string' ? convert(value, field) : value;
  }
  return out;
}

/** Parses a value against a schema; on failure throws 400 naming each wrong field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what: Said = REQUEST_BODY): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw invalid(describeErrors(errors, what), { errors });
}

const ID_RE = /^[1-9]\d{0,15}$/;

/** A path id: a positive whole number, else 400. */
export function parseId(raw: string | undefined, name = 'id'): number {
  const value = raw === undefined ? NaN : Number(raw);
  if (!raw || !ID_RE.test(raw) || !Number.isSafeInteger(value)) {
    throw invalid(said(`${name} must be a positive whole number, like 12; got "${String(raw).slice(0, 40)}"`, `${name} 必须是正整数，例如 12；收到的是“${String(raw).slice(0, 40)}”`));
  }
  return value;
}
