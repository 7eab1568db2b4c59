// Validation against the zod schemas of shared/. Query strings and multipart fields arrive as
// text; `fromText` turns them into the types the schema expects (read through zod's public schema
// classes), so one schema serves a JSON body, a query string and a multipart form alike.
import { z } from 'zod';
import { said, type Said } from '../../shared/messages.js';
import { describeErrors, fieldErrors, REQUEST_BODY } from '../../shared/validation.js';
import { invalid } from './errors.js';

const NUMBER_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

const WRAPPERS = [z.ZodOptional, z.ZodNullable, z.ZodDefault, z.ZodPrefault, z.ZodCatch, z.ZodReadonly, z.ZodNonOptional] as const;
type Wrapper = InstanceType<(typeof WRAPPERS)[number]>;

/** The schema under optional, nullable, default, ..., pipes and unions (its first non-literal option). */
export function baseOf(schema: z.ZodType): z.ZodType {
  if (WRAPPERS.some((wrapper) => schema instanceof wrapper)) return baseOf((schema as Wrapper).unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return baseOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map(baseOf).filter((o) => !(o instanceof z.ZodLiteral));
    return options[0] ?? z.string();
  }
  return schema;
}

function convert(value: string, schema: z.ZodType): unknown {
  const base = baseOf(schema);
  const trimmed = value.trim();
  if (base instanceof z.ZodNumber) {
    if (trimmed === '') return undefined;
    return NUMBER_RE.test(trimmed) ? Number(trimmed) : value;
  }
  if (base instanceof z.ZodBoolean) {
    if (trimmed === 'true' || trimmed === '1') return true;
    if (trimmed === 'false' || trimmed === '0') return false;
    return trimmed === '' ? undefined : value;
  }
  if (base instanceof z.ZodArray) {
    if (trimmed.startsWith('[')) return parseJson(trimmed, value);
    if (trimmed === '') return [];
    return trimmed.split(',').map((part) => convert(part, base.element as z.ZodType));
  }
  if (base instanceof z.ZodObject || base instanceof z.ZodRecord) return parseJson(trimmed, value);
  return value;
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
  const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(shape, key)) continue; // unknown fields are ignored
    if (dropEmpty && value === '') continue;
    const field = shape[key]!;
    if (Array.isArray(value)) {
      const base = baseOf(field);
      if (!(base instanceof z.ZodArray)) throw invalid(said(`${key} was sent more than once; send it once`, `${key} 发送了多次；只能发送一次`));
      out[key] = value.map((v) => (typeof v === 'string' ? convert(v, base.element as z.ZodType) : v));
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
    throw invalid(
      said(`${name} must be a positive whole number, like 12; got "${String(raw).slice(0, 40)}"`, `${name} 必须是正整数，例如 12；收到的是“${String(raw).slice(0, 40)}”`),
    );
  }
  return value;
}
