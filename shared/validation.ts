// Zod building blocks shared by the server and the client, and one error map so every
// validation message reads the same way: "<field> <what is wrong>".
import { z } from 'zod';

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

function plural(n: number | bigint, word: string): string {
  return `${n} ${word}${Number(n) === 1 ? '' : 's'}`;
}

z.config({
  customError(iss) {
    switch (iss.code) {
      case 'invalid_type': {
        if (iss.input === undefined) return 'is required';
        if (iss.expected === 'number' && typeof iss.input === 'number') return 'must be a finite number';
        if (iss.expected === 'number' && typeof iss.input === 'string') return 'must be a number';
        return `must be ${KIND[iss.expected] ?? iss.expected}`;
      }
      case 'too_small': {
        const min = iss.minimum as number;
        if (iss.origin === 'string') return min <= 1 ? 'must not be empty' : `must be at least ${plural(min, 'character')}`;
        if (iss.origin === 'array' || iss.origin === 'set') return `must hold at least ${plural(min, 'item')}`;
        return iss.inclusive ? `must be at least ${min}` : `must be greater than ${min}`;
      }
      case 'too_big': {
        const max = iss.maximum as number;
        if (iss.origin === 'string') return `must be at most ${plural(max, 'character')}`;
        if (iss.origin === 'array' || iss.origin === 'set') return `must hold at most ${plural(max, 'item')}`;
        return iss.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
      }
      case 'invalid_value':
        return `must be one of: ${iss.values.map(String).join(', ')}`;
      case 'invalid_format':
        if (iss.format === 'email') return 'must be an email address like name@example.com';
        return 'has the wrong format';
      case 'not_multiple_of':
        return `must be a multiple of ${iss.divisor}`;
      case 'invalid_union':
        return 'has the wrong type';
      default:
        return undefined;
    }
  },
});

export interface FieldError {
  field: string;
  message: string;
}

/** Turns zod issues into `[{ field, message }]`, field being a dotted path (`details.2.quantity`). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((iss) => ({
    field: iss.path.map(String).join('.'),
    message: iss.message,
  }));
}

/** One readable sentence for the envelope's message. */
export function describeErrors(errors: FieldError[], what = 'request'): string {
  return errors
    .slice(0, 5)
    .map((e) => (e.field ? `${e.field} ${e.message}` : `${what} ${e.message}`))
    .join('; ');
}

/** Required text, trimmed, not empty. */
export const text = (max = 200) => z.string().trim().min(1).max(max);

/** Optional text: trimmed; an empty string becomes null (which clears the field on update). */
export const optionalText = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A business date `YYYY-MM-DD` that exists on the calendar (2026-02-30 does not). */
export const isoDate = () =>
  z
    .string()
    .trim()
    .regex(DATE_RE, { error: 'must be a date written YYYY-MM-DD, like 2026-11-22', abort: true })
    .refine(isRealDate, { error: 'is not a real calendar date' });

/** An optional business date: '' becomes null; a wrong date says why (not "has the wrong type"). */
export const optionalIsoDate = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === '' ? null : v))
    .pipe(isoDate().nullish());

/** A quantity or weight: finite and greater than zero. */
export const positiveNumber = () => z.number().positive();

/** An amount or price: finite and zero or more. */
export const nonNegativeNumber = () => z.number().min(0);

/** A record id: positive whole number. */
export const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const sortOrder = z.enum(['asc', 'desc']);
