// The texts shared by the service and the client: every zod issue and every schema's own message
// has its Chinese, and error data is put in one language.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inLanguage, said } from '../../shared/messages.js';
import { createContractBody } from '../../shared/contracts.js';
import { currency, money } from '../../shared/finance.js';
import { describeErrors, fieldErrors, isoDate, issueSaid } from '../../shared/validation.js';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues;
};

describe('zod issue texts', () => {
  const cases: [z.ZodType, unknown, string, string][] = [
    [z.object({ name: z.string() }), {}, 'is required', '为必填项'],
    [z.number(), 'x', 'must be a number', '必须是数字'],
    [z.number(), Infinity, 'must be a finite number', '必须是有限的数字'],
    [z.boolean(), 'x', 'must be true or false', '必须是布尔值（true 或 false）'],
    [z.string().min(1), '', 'must not be empty', '不能为空'],
    [z.string().min(3), 'ab', 'must be at least 3 characters', '至少需要 3 个字符'],
    [z.string().max(2), 'abc', 'must be at most 2 characters', '最多 2 个字符'],
    [z.number().min(0), -1, 'must be at least 0', '不能小于 0'],
    [z.number().positive(), 0, 'must be greater than 0', '必须大于 0'],
    [z.number().max(5), 6, 'must be at most 5', '不能大于 5'],
    [z.array(z.string()).min(1), [], 'must hold at least 1 item', '至少需要 1 项'],
    [z.enum(['pending', 'approved']), 'x', 'must be one of: pending, approved', '必须是以下之一：pending, approved'],
    [z.email(), 'x', 'must be an email address like name@example.com', '必须是电子邮箱地址，例如 name@example.com'],
    [isoDate(), '2026/11/22', 'must be a date written YYYY-MM-DD, like 2026-11-22', '必须是 YYYY-MM-DD 格式的日期，例如 2026-11-22'],
    [isoDate(), '2026-02-30', 'is not a real calendar date', '不是真实存在的日期'],
  ];
  it.each(cases)('%#: %s', (schema, value, en, zh) => {
    const [issue] = issuesOf(schema, value);
    expect(issue!.message).toBe(en);
    expect(issueSaid(issue!)).toEqual({ en, zh });
  });

  it('knows the Chinese of the schemas’ own messages, fixed and with numbers in them', () => {
    const finance = issuesOf(z.object({ amount: money(), currency: currency() }), { amount: 1.234, currency: 'XXX' }).map(issueSaid);
    expect(finance).toContainEqual({ en: 'has more than 2 decimals; amounts are kept to the cent', zh: '小数超过 2 位；金额精确到分' });
    expect(finance).toContainEqual({ en: 'must be an ISO 4217 currency code like CNY, USD or EUR', zh: '应为 ISO 4217 货币代码，例如 CNY、USD 或 EUR' });
    const bl = Array.from({ length: 16 }, (_, i) => `BL${i}`).join(';');
    const contract = issuesOf(createContractBody, { name: 'x', contractType: '9', BLNumber: bl }).map(issueSaid);
    expect(contract).toContainEqual({ en: 'holds 16 numbers; at most 15 are allowed', zh: '有 16 个提单号；最多允许 15 个' });
    expect(contract).toContainEqual({
      en: 'must be one of: Purchase (1), Upstream (2), Downstream (3)',
      zh: '必须是以下之一：采购合同（1）、上游合同（2）、下游合同（3）',
    });
  });

  it('falls back to the English of a message that has no Chinese rather than to a wrong one', () => {
    const [issue] = issuesOf(
      z.string().refine(() => false, { error: 'is odd' }),
      'x',
    );
    expect(issueSaid(issue!)).toEqual({ en: 'is odd', zh: 'is odd' });
  });

  it('names each field in the envelope sentence in both languages', () => {
    const errors = fieldErrors(z.object({ count: z.number(), name: z.string() }).safeParse({ count: 'x' }).error!);
    expect(describeErrors(errors, said('request body', '请求内容'))).toEqual({
      en: 'count must be a number; name is required',
      zh: 'count 必须是数字；name 为必填项',
    });
  });
});

describe('inLanguage', () => {
  it('puts every message inside error data in one language and leaves the rest alone', () => {
    const data = { errors: [{ row: 2, column: 'qty', message: said('is required', '为必填项') }], errorCount: 1, note: { en: 'x' } };
    expect(inLanguage(data, 'zh')).toEqual({ errors: [{ row: 2, column: 'qty', message: '为必填项' }], errorCount: 1, note: { en: 'x' } });
    expect(inLanguage(data, 'en')).toEqual({ errors: [{ row: 2, column: 'qty', message: 'is required' }], errorCount: 1, note: { en: 'x' } });
  });
});
