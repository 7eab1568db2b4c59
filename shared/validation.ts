// Zod building blocks shared by the server and the client, and one error map so every
// validation message reads the same way: "<field> <what is wrong>".
import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { joinSaid, said, verbatim, type Said } from './messages.js';

const KIND: Record<string, Said> = {
  string: said('text', '文本'),
  number: said('a number', '数字'),
  int: said('a whole number', '整数'),
  boolean: said('true or false', '布尔值（true 或 false）'),
  array: said('a list', '列表'),
  object: said('an object', '对象'),
  date: said('a date', '日期'),
};

function plural(n: number | bigint, word: string): string {
  return `${n} ${word}${Number(n) === 1 ? '' : 's'}`;
}

type Issue = z.core.$ZodIssue | z.core.$ZodRawIssue;

/** The Chinese of messages the schemas write themselves, by their English text (see `bilingual`). */
const SCHEMA_ZH = new Map<string, string>();

/** A schema's own message: returns the English text for zod and keeps its Chinese for `issueSaid`. */
export function bilingual(message: Said): string {
  SCHEMA_ZH.set(message.en, message.zh);
  return message.en;
}

/** The words of an enum's code values (see `labelled`), by the enum schema. */
const ENUM_LABELS = new WeakMap<object, Record<string, Said>>();

/**
 * An enum whose refusal names its choices by their words, with the code for scripts:
 * "must be one of: Active (active), Inactive (inactive)" / "必须是以下之一：启用（active）、停用（inactive）".
 * The words belong to this very schema: label it after `.describe()` (which copies it), before `.optional()`.
 */
export function labelled<T extends z.ZodEnum>(schema: T, labels: { readonly [Code in z.output<T> & string]: Said }): T {
  ENUM_LABELS.set(schema, labels);
  return schema;
}

/** The words an enum names its choices by (see `labelled`); undefined for an enum without them. */
export const enumLabels = (schema: object): Readonly<Record<string, Said>> | undefined => ENUM_LABELS.get(schema);

/** An enum's choices by their words, with the code: "Active (active), Inactive (inactive)" / "启用（active）、停用（inactive）". */
export function choiceList(values: readonly unknown[], labels: Readonly<Record<string, Said>>): Said {
  const words = values.map(String).map((v) => ({ code: v, word: labels[v] }));
  return said(words.map(({ code, word }) => (word ? `${word.en} (${code})` : code)).join(', '), words.map(({ code, word }) => (word ? `${word.zh}（${code}）` : code)).join('、'));
}

function choices(values: readonly unknown[], labels: Record<string, Said>): Said {
  const list = choiceList(values, labels);
  return said(`must be one of: ${list.en}`, `必须是以下之一：${list.zh}`);
}

/**
 * A code of a fixed list that a person writes into a body (a role, an area, a level), refused with
 * the value sent: `is "boss", which is not a role; must be one of: Admin (admin), …`. A plain enum
 * names only the field's position (roles.2), which does not say which code was wrong. The JSON
 * schema still lists the codes.
 */
export function knownCode<const T extends string>(values: readonly T[], labels: Readonly<Record<T, Said>>, noun: Said): z.ZodType<T, string> {
  const list = choiceList(values, labels);
  return z
    .string()
    .max(100)
    .superRefine((value, ctx) => {
      if ((values as readonly string[]).includes(value)) return;
      ctx.addIssue({
        code: 'custom',
        message: `is "${value}", which is not ${noun.en}; must be one of: ${list.en}`,
        params: { zh: `为“${value}”，不是${noun.zh}；必须是以下之一：${list.zh}` },
      });
    })
    .meta({ enum: [...values] }) as unknown as z.ZodType<T, string>;
}

/** What a zod issue says about its field, in both languages ("is required" / "为必填项"). */
function generated(iss: Issue, input: { known: boolean; value?: unknown }): Said | undefined {
  switch (iss.code) {
    case 'invalid_type': {
      if (input.known ? input.value === undefined : iss.message === 'is required') return said('is required', '为必填项');
      const numeric = input.known ? typeof input.value : { 'must be a finite number': 'number', 'must be a number': 'string' }[iss.message ?? ''];
      if (iss.expected === 'number' && numeric === 'number') return said('must be a finite number', '必须是有限的数字');
      if (iss.expected === 'number' && numeric === 'string') return said('must be a number', '必须是数字');
      const kind = KIND[iss.expected] ?? verbatim(iss.expected);
      return said(`must be ${kind.en}`, `必须是${kind.zh}`);
    }
    case 'too_small': {
      const min = iss.minimum as number;
      if (iss.origin === 'string') return min <= 1 ? said('must not be empty', '不能为空') : said(`must be at least ${plural(min, 'character')}`, `至少需要 ${min} 个字符`);
      if (iss.origin === 'array' || iss.origin === 'set') return said(`must hold at least ${plural(min, 'item')}`, `至少需要 ${min} 项`);
      return iss.inclusive ? said(`must be at least ${min}`, `不能小于 ${min}`) : said(`must be greater than ${min}`, `必须大于 ${min}`);
    }
    case 'too_big': {
      const max = iss.maximum as number;
      if (iss.origin === 'string') return said(`must be at most ${plural(max, 'character')}`, `最多 ${max} 个字符`);
      if (iss.origin === 'array' || iss.origin === 'set') return said(`must hold at most ${plural(max, 'item')}`, `最多 ${max} 项`);
      return iss.inclusive ? said(`must be at most ${max}`, `不能大于 ${max}`) : said(`must be less than ${max}`, `必须小于 ${max}`);
    }
    case 'invalid_value': {
      const values = iss.values.map(String).join(', ');
      return said(`must be one of: ${values}`, `必须是以下之一：${values}`);
    }
    case 'invalid_format':
      if (iss.format === 'email') return said('must be an email address like name@example.com', '必须是电子邮箱地址，例如 name@example.com');
      return said('has the wrong format', '格式不正确');
    case 'not_multiple_of':
      return said(`must be a multiple of ${iss.divisor}`, `必须是 ${iss.divisor} 的倍数`);
    case 'invalid_union':
      return said('has the wrong type', '类型不正确');
    default:
      return undefined;
  }
}

z.config({
  customError(iss) {
    const labels = iss.code === 'invalid_value' && iss.inst ? ENUM_LABELS.get(iss.inst) : undefined;
    if (labels && iss.code === 'invalid_value') return bilingual(choices(iss.values, labels));
    return generated(iss, { known: true, value: iss.input })?.en;
  },
});

/** A parsed issue's message in both languages: the schema's own text, or the generated one. */
export function issueSaid(iss: z.core.$ZodIssue): Said {
  const own = (iss.code === 'custom' && typeof iss.params?.zh === 'string' ? iss.params.zh : undefined) ?? SCHEMA_ZH.get(iss.message);
  if (own !== undefined) return said(iss.message, own);
  const input = 'input' in iss ? { known: true, value: iss.input } : { known: false };
  const text = generated(iss, input);
  return text && text.en === iss.message ? text : verbatim(iss.message);
}

/** A field's error; the service sends `message` as text in the request's language. */
export interface FieldError<Message = string> {
  field: string;
  message: Message;
}

/** Turns zod issues into `[{ field, message }]`, field being a dotted path (`details.2.quantity`). */
export function fieldErrors(error: z.ZodError): FieldError<Said>[] {
  return error.issues.map((iss) => ({
    field: iss.path.map(String).join('.'),
    message: issueSaid(iss),
  }));
}

export const REQUEST_BODY = said('request body', '请求内容');

/** One readable sentence for the envelope's message: "<field> <what is wrong>; …". */
export function describeErrors(errors: FieldError<Said>[], what: Said = said('request', '请求')): Said {
  return joinSaid(
    errors.slice(0, 5).map((e) => (e.field ? said(`${e.field} ${e.message.en}`, `${e.field} ${e.message.zh}`) : said(`${what.en} ${e.message.en}`, `${what.zh}${e.message.zh}`))),
  );
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
const DATE_FORMAT = bilingual(said('must be a date written YYYY-MM-DD, like 2026-11-22', '必须是 YYYY-MM-DD 格式的日期，例如 2026-11-22'));
const NOT_A_DATE = bilingual(said('is not a real calendar date', '不是真实存在的日期'));

export function isRealDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A business date `YYYY-MM-DD` that exists on the calendar (2026-02-30 does not). */
export const isoDate = () => z.string().trim().regex(DATE_RE, { error: DATE_FORMAT, abort: true }).refine(isRealDate, { error: NOT_A_DATE });

/** An optional business date: '' or null clears it; anything else must be a real `YYYY-MM-DD` date. */
export const optionalIsoDate = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || DATE_RE.test(v), { error: DATE_FORMAT, abort: true })
    .refine((v) => v === '' || isRealDate(v), { error: NOT_A_DATE })
    .nullish()
    .transform((v) => (v === '' ? null : v));

// The number bounds of every area, in one place. JSON and text alike can carry 1e308, which is
// finite but makes any product or sum infinite; every number field is finite and at most these.

/** Largest quantity or weight: 1 trillion (in thousandths it stays a safe integer). */
export const MAX_QUANTITY = 1_000_000_000_000;

/** Largest amount or price: 100 billion, so sums of many rows stay exact integers of cents. */
export const MAX_AMOUNT = 100_000_000_000;

/** A quantity, count or weight: finite, greater than zero, at most MAX_QUANTITY. */
export const boundedQuantity = () => z.number().positive().max(MAX_QUANTITY);

/** An amount or price: finite, zero or more, at most MAX_AMOUNT. */
export const boundedAmount = () => z.number().min(0).max(MAX_AMOUNT);

/** quantity × unitPrice fits an amount (the service stores it as the line's amount). */
export const productFits = (quantity: number, unitPrice: number): boolean => quantity * unitPrice <= MAX_AMOUNT;

export const PRODUCT_TOO_LARGE: Said = said(
  `would be quantity × unitPrice, which is more than ${MAX_AMOUNT.toLocaleString('en-US')}; check the quantity and the unit price`,
  `将为数量 × 单价，超过 ${MAX_AMOUNT.toLocaleString('en-US')}；请检查数量和单价`,
);

/** A record id: positive whole number. */
export const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const sortOrder = labelled(z.enum(['asc', 'desc']), CODE_LABELS.sortOrder);

/** A business date as a record answers it: `YYYY-MM-DD` (format `date` in the OpenAPI document). */
export const recordDate = () => z.iso.date();

/** A moment as a record answers it (createTime, updateTime, ...): ISO 8601 UTC, format `date-time`. */
export const recordTime = () => z.iso.datetime();

/** A record's schema, named `id` among the OpenAPI document's schemas (and so in a generated client). */
export const named = <S extends z.ZodRawShape>(id: string, shape: S) => z.object(shape).meta({ id });

/** What a delete of a warehouse document or catalog entry answers: the id of the record gone. */
export const deletedAnswer = named('Deleted', { id: z.number().int() });
