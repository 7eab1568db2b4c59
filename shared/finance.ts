// Finance records, invoices, settlements and reconciliations: the fields of each kind, as the
// client sends them. Defaults (currency CNY, the status) are applied by the service, so the same
// shape serves a create (POST) and, made partial, an update (PUT).
import { z } from 'zod';
import { dateRangeQuery, pagingQuery } from './paging.js';
import { FINANCE_KINDS, type FinanceKindKey, INVOICE_STATUSES, type MoneyKind, PAYMENT_STATUSES, RECONCILIATION_STATUSES, SETTLEMENT_STATUSES } from './finance-kinds.js';
import { CODE_LABELS } from './labels.js';
import { catalogName } from './names.js';
import { said, type Said } from './messages.js';
import { bilingual, boundedAmount, boundedQuantity, labelled, MAX_AMOUNT, named, optionalIsoDate, optionalText, recordDate, recordTime, text } from './validation.js';

export { MAX_AMOUNT };

const hasAtMostDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals)) === value;

/** Money: finite, 0 or more, at most 2 decimals (kept as whole cents by the service). */
export const money = () =>
  boundedAmount().refine((v) => hasAtMostDecimals(v, 2), { error: bilingual(said('has more than 2 decimals; amounts are kept to the cent', '小数超过 2 位；金额精确到分')) });

/** A tax rate as a fraction: 0.13 is 13%. 13 is refused rather than guessed. */
export const taxRate = () =>
  z
    .number()
    .min(0)
    .max(1, { error: bilingual(said('is a fraction from 0 to 1: write 0.13 for 13%', '应为 0 到 1 之间的小数：13% 请填写 0.13')) })
    .refine((v) => hasAtMostDecimals(v, 4), { error: bilingual(said('has more than 4 decimals', '小数超过 4 位')) });

/** ISO 4217 codes known to the runtime's Intl data (CNY, USD, EUR, ...). */
export const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
export const DEFAULT_CURRENCY = 'CNY';

/** An ISO 4217 code, upper-cased; '' or null means the default (CNY). */
export const currency = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || CURRENCIES.has(v), {
      error: bilingual(said('must be an ISO 4217 currency code like CNY, USD or EUR', '应为 ISO 4217 货币代码，例如 CNY、USD 或 EUR')),
    })
    .nullish()
    .transform((v) => (v === '' ? null : v))
    .describe('ISO 4217 code; default CNY');

/** A field of a finance kind: how a request sends it (`input`) and how a record answers it (`output`). */
interface FinanceField {
  input: () => z.ZodType;
  output: () => z.ZodType;
}

const nullableText = () => z.string().nullable();
const statusOf = (values: readonly [string, ...string[]], labels: Readonly<Record<string, Said>>, note: string): FinanceField => ({
  input: () => labelled(z.enum(values), labels).optional().describe(note),
  output: () => labelled(z.enum(values), labels),
});

const FIELD: Record<string, FinanceField> = {
  /** invoiceNumber, settlementNumber, reconciliationNumber: unique within the kind */
  number: { input: () => text(100), output: () => z.string() },
  /** contractNumber, blNumber */
  ref: { input: () => optionalText(100), output: nullableText },
  name: { input: () => optionalText(200), output: nullableText },
  commodity: { input: () => optionalText(200), output: () => catalogName('commodity').nullable() },
  party: { input: () => optionalText(200), output: () => catalogName('party').nullable() },
  remark: { input: () => optionalText(1000), output: nullableText },
  quantity: { input: () => boundedQuantity().nullish(), output: () => z.number().nullable() },
  price: { input: () => boundedAmount().nullish(), output: () => z.number().nullable() },
  money: { input: money, output: () => z.number() },
  taxRate: { input: taxRate, output: () => z.number().describe('a fraction: 0.13 is 13%') },
  currency: {
    input: currency,
    output: () =>
      z
        .string()
        .regex(/^[A-Z]{3}$/)
        .describe('ISO 4217 code'),
  },
  date: { input: optionalIsoDate, output: () => recordDate().nullable() },
  paymentStatus: statusOf(PAYMENT_STATUSES, CODE_LABELS.paymentStatus, 'default unpaid'),
  invoiceStatus: statusOf(INVOICE_STATUSES, CODE_LABELS.invoiceStatus, 'default: received for upstream and freight-misc invoices, issued for downstream'),
  settlementStatus: statusOf(SETTLEMENT_STATUSES, CODE_LABELS.settlementStatus, 'default draft'),
  reconciliationStatus: statusOf(RECONCILIATION_STATUSES, CODE_LABELS.reconciliationStatus, 'default open'),
};
type FieldType = keyof typeof FIELD;

const FREIGHT_CHARGE = {
  blNumber: 'ref',
  contractNumber: 'ref',
  carrier: 'party',
  origin: 'name',
  destination: 'name',
  quantity: 'quantity',
  unitPrice: 'price',
  amount: 'money',
  currency: 'currency',
  chargeDate: 'date',
  paymentStatus: 'paymentStatus',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;
const MISC_CHARGE = {
  blNumber: 'ref',
  contractNumber: 'ref',
  chargeType: 'name',
  payee: 'party',
  amount: 'money',
  currency: 'currency',
  chargeDate: 'date',
  paymentStatus: 'paymentStatus',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;
const SERVICE_FEE = {
  blNumber: 'ref',
  contractNumber: 'ref',
  serviceProvider: 'party',
  feeType: 'name',
  amount: 'money',
  currency: 'currency',
  feeDate: 'date',
  paymentStatus: 'paymentStatus',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;
const COST_BREAKDOWN = { contractNumber: 'ref', blNumber: 'ref', costItem: 'name', amount: 'money', currency: 'currency', remark: 'remark' } as const satisfies Record<
  string,
  FieldType
>;
const PROFIT_RECORD = {
  contractNumber: 'ref',
  blNumber: 'ref',
  commodity: 'commodity',
  revenue: 'money',
  cost: 'money',
  currency: 'currency',
  recordDate: 'date',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;
const INVOICE = {
  invoiceNumber: 'number',
  contractNumber: 'ref',
  counterparty: 'party',
  amount: 'money',
  taxRate: 'taxRate',
  currency: 'currency',
  invoiceDate: 'date',
  status: 'invoiceStatus',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;
const SETTLEMENT = {
  settlementNumber: 'number',
  contractNumber: 'ref',
  counterparty: 'party',
  amount: 'money',
  currency: 'currency',
  settlementDate: 'date',
  status: 'settlementStatus',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;
const RECONCILIATION = {
  reconciliationNumber: 'number',
  counterparty: 'party',
  periodStart: 'date',
  periodEnd: 'date',
  amount: 'money',
  currency: 'currency',
  status: 'reconciliationStatus',
  remark: 'remark',
} as const satisfies Record<string, FieldType>;

const KIND_FIELDS: Record<FinanceKindKey, Record<string, FieldType>> = {
  freightCharges: FREIGHT_CHARGE,
  miscCharges: MISC_CHARGE,
  serviceFees: SERVICE_FEE,
  costBreakdowns: COST_BREAKDOWN,
  profitRecords: PROFIT_RECORD,
  upstreamInvoices: INVOICE,
  downstreamInvoices: INVOICE,
  freightMiscInvoices: INVOICE,
  settlements: SETTLEMENT,
  reconciliations: RECONCILIATION,
};

const shapeOf = (fields: Record<string, FieldType>, side: keyof FinanceField) => Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, FIELD[type]![side]()]));

const byKind = <T>(make: (fields: Record<string, FieldType>) => T) =>
  Object.fromEntries(Object.entries(KIND_FIELDS).map(([key, fields]) => [key, make(fields)])) as Record<FinanceKindKey, T>;

/** The fields of each finance kind as a request sends them (the kinds themselves: ./finance-kinds.ts). */
export const FINANCE_FIELDS: Record<FinanceKindKey, z.ZodObject> = byKind((fields) => z.object(shapeOf(fields, 'input')));

export const hasFinanceField = (key: FinanceKindKey, field: string) => Object.hasOwn(FINANCE_FIELDS[key].shape, field);

/** The kinds with a contract number: the sections of the contract summary, in this order. */
export const SUMMARY_KINDS = FINANCE_KINDS.filter((k) => hasFinanceField(k.key, 'contractNumber'));

/** A file attached to an invoice, settlement or reconciliation; read it at /api/finance-files/{url}. */
export const financeFile = named('FinanceFile', {
  id: z.number().int(),
  name: z.string(),
  url: z.string().describe('finance/<stored name>; read at /api/finance-files/{url}'),
  size: z.number().int(),
});

/** Filters of every finance list. Empty strings are ignored. */
export const financeListQuery = pagingQuery.extend(dateRangeQuery.shape).extend({
  blNumber: z.string().trim().max(100).optional().describe('exact bill-of-lading number'),
  contractNumber: z.string().trim().max(100).optional().describe('exact contract number'),
  keyword: z.string().trim().max(100).optional().describe('part of any text field, any case'),
});

export const contractSummaryQuery = z.object({
  contractNumber: text(100),
});

/** One line of a list's `summary.totals` or a contract summary section: sums of one currency. */
export const currencyTotal = named('CurrencyTotal', {
  currency: z.string(),
  count: z.number().int(),
  amount: z.number().optional(),
  taxAmount: z.number().optional(),
  revenue: z.number().optional(),
  cost: z.number().optional(),
  profit: z.number().optional(),
});
export type CurrencyTotal = z.infer<typeof currencyTotal>;

export const listSummary = z.object({ totals: z.array(currencyTotal) });

/** The fields the service derives from a kind's money: taxAmount of invoices, profit and margin of profit records. */
const DERIVED: Record<MoneyKind, z.ZodRawShape> = {
  amount: {},
  invoice: { taxAmount: z.number().describe('amount × taxRate, rounded half-up to the cent') },
  profit: {
    profit: z.number().describe('revenue − cost'),
    margin: z.number().nullable().describe('profit / revenue to 4 decimals; null when revenue is 0'),
  },
};

/** A kind's name among the OpenAPI document's schemas: freightCharge → FreightCharge. */
const schemaName = (entity: string) => entity[0]!.toUpperCase() + entity.slice(1);

/** Each kind's record as the service answers it: its fields (defaults applied, cleared ones null), the derived money, its files. */
export const FINANCE_RECORDS = Object.fromEntries(
  FINANCE_KINDS.map((k): [FinanceKindKey, z.ZodObject] => [
    k.key,
    named(schemaName(k.entity), {
      id: z.number().int(),
      ...shapeOf(KIND_FIELDS[k.key], 'output'),
      ...DERIVED[k.money],
      ...(k.hasFiles ? { files: z.array(financeFile) } : {}),
      createTime: recordTime(),
      updateTime: recordTime(),
    }),
  ]),
) as Record<FinanceKindKey, z.ZodObject>;

/** A kind's records for one contract or B/L: how many, their totals per currency, the records (newest first). */
const section = (key: FinanceKindKey) => z.object({ count: z.number().int(), totals: z.array(currencyTotal), items: z.array(FINANCE_RECORDS[key]) });

/** A kind's section of an answer; a kind of the area `profit` is left out for a reader without read access to it (docs/permissions.md). */
const sectionOf = (k: (typeof FINANCE_KINDS)[number]) =>
  k.area === 'profit' ? section(k.key).optional().describe('only with read access to profit: absent otherwise') : section(k.key);

/** GET /corp-finances/contract-summary: one section per kind with a contract number. */
export const contractSummaryAnswer = z.object({
  contractNumber: z.string(),
  ...Object.fromEntries(SUMMARY_KINDS.map((k) => [k.key, sectionOf(k)])),
});

/** The finance part of the B/L trace: one section per kind. */
export const blFinanceAnswer = z.object(Object.fromEntries(FINANCE_KINDS.map((k) => [k.key, sectionOf(k)])));
