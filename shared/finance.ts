// Finance records, invoices, settlements and reconciliations: the fields of each kind, as the
// client sends them. Defaults (currency CNY, the status) are applied by the service, so the same
// shape serves a create (POST) and, made partial, an update (PUT).
import { z } from 'zod';
import { dateRangeQuery, pagingQuery } from './paging.js';
import { FINANCE_KINDS, type FinanceKindKey, INVOICE_STATUSES, PAYMENT_STATUSES, RECONCILIATION_STATUSES, SETTLEMENT_STATUSES } from './finance-kinds.js';
import { CODE_LABELS } from './labels.js';
import { said } from './messages.js';
import { bilingual, labelled, boundedAmount, boundedQuantity, MAX_AMOUNT, optionalIsoDate, optionalText, text } from './validation.js';

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

const numberText = () => text(100);
const ref = () => optionalText(100); // contractNumber, blNumber
const name = () => optionalText(200);
const remark = () => optionalText(1000);
const paymentStatus = () => labelled(z.enum(PAYMENT_STATUSES), CODE_LABELS.paymentStatus).optional().describe('default unpaid');

const freightChargeFields = z.object({
  blNumber: ref(),
  contractNumber: ref(),
  carrier: name(),
  origin: name(),
  destination: name(),
  quantity: boundedQuantity().nullish(),
  unitPrice: boundedAmount().nullish(),
  amount: money(),
  currency: currency(),
  chargeDate: optionalIsoDate(),
  paymentStatus: paymentStatus(),
  remark: remark(),
});

const miscChargeFields = z.object({
  blNumber: ref(),
  contractNumber: ref(),
  chargeType: name(),
  payee: name(),
  amount: money(),
  currency: currency(),
  chargeDate: optionalIsoDate(),
  paymentStatus: paymentStatus(),
  remark: remark(),
});

const serviceFeeFields = z.object({
  blNumber: ref(),
  contractNumber: ref(),
  serviceProvider: name(),
  feeType: name(),
  amount: money(),
  currency: currency(),
  feeDate: optionalIsoDate(),
  paymentStatus: paymentStatus(),
  remark: remark(),
});

const costBreakdownFields = z.object({
  contractNumber: ref(),
  blNumber: ref(),
  costItem: name(),
  amount: money(),
  currency: currency(),
  remark: remark(),
});

const profitRecordFields = z.object({
  contractNumber: ref(),
  blNumber: ref(),
  commodity: name(),
  revenue: money(),
  cost: money(),
  currency: currency(),
  recordDate: optionalIsoDate(),
  remark: remark(),
});

const invoiceFields = z.object({
  invoiceNumber: numberText(),
  contractNumber: ref(),
  counterparty: name(),
  amount: money(),
  taxRate: taxRate(),
  currency: currency(),
  invoiceDate: optionalIsoDate(),
  status: labelled(z.enum(INVOICE_STATUSES), CODE_LABELS.invoiceStatus).optional().describe('default: received for upstream and freight-misc invoices, issued for downstream'),
  remark: remark(),
});

const settlementFields = z.object({
  settlementNumber: numberText(),
  contractNumber: ref(),
  counterparty: name(),
  amount: money(),
  currency: currency(),
  settlementDate: optionalIsoDate(),
  status: labelled(z.enum(SETTLEMENT_STATUSES), CODE_LABELS.settlementStatus).optional().describe('default draft'),
  remark: remark(),
});

const reconciliationFields = z.object({
  reconciliationNumber: numberText(),
  counterparty: name(),
  periodStart: optionalIsoDate(),
  periodEnd: optionalIsoDate(),
  amount: money(),
  currency: currency(),
  status: labelled(z.enum(RECONCILIATION_STATUSES), CODE_LABELS.reconciliationStatus).optional().describe('default open'),
  remark: remark(),
});

/** The fields of each finance kind (the kinds themselves: ./finance-kinds.ts). */
export const FINANCE_FIELDS: Record<FinanceKindKey, z.ZodObject> = {
  freightCharges: freightChargeFields,
  miscCharges: miscChargeFields,
  serviceFees: serviceFeeFields,
  costBreakdowns: costBreakdownFields,
  profitRecords: profitRecordFields,
  upstreamInvoices: invoiceFields,
  downstreamInvoices: invoiceFields,
  freightMiscInvoices: invoiceFields,
  settlements: settlementFields,
  reconciliations: reconciliationFields,
};

export const hasFinanceField = (key: FinanceKindKey, field: string) => Object.hasOwn(FINANCE_FIELDS[key].shape, field);

/** The kinds with a contract number: the sections of the contract summary, in this order. */
export const SUMMARY_KINDS = FINANCE_KINDS.filter((k) => hasFinanceField(k.key, 'contractNumber'));

/** A file attached to an invoice, settlement or reconciliation; read it at /api/finance-files/{url}. */
export const financeFile = z.object({
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
export const currencyTotal = z.object({
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
