// The ten kinds of finance record, described declaratively. Everything else (tables, routes,
// validation, lists, totals, files, audit) is written once in finance.service.ts and
// finance.routes.ts and driven by these descriptions: a new kind is one more entry here.
import { z } from 'zod';
import {
  costBreakdownFields,
  DEFAULT_CURRENCY,
  freightChargeFields,
  invoiceFields,
  miscChargeFields,
  profitRecordFields,
  reconciliationFields,
  serviceFeeFields,
  settlementFields,
} from '../../../shared/finance.js';
import { said, type Said } from '../../../shared/messages.js';
import type { FinanceRecordsTable } from '../../db/tables-finance.js';

export type Values = Record<string, unknown>;

type MoneyColumns = Pick<FinanceRecordsTable, 'amountCents' | 'costCents' | 'taxCents'>;
type SumsOfCents = { amountCents: number; costCents: number; taxCents: number };

/** How a kind's money fields map to the cents columns, what is derived from them, and what its totals are. */
export interface MoneyModel {
  /** the money fields of the request (kept in cents columns, not in the JSON of other fields) */
  inputs: readonly string[];
  /** fields the service derives, for the record schema */
  derived: z.ZodRawShape;
  toColumns(values: Values): MoneyColumns;
  /** the money fields of the record, derived ones included, in currency units */
  present(columns: MoneyColumns): Values;
  totals(sums: SumsOfCents): Values;
}

/** Whole cents of an amount already checked to have at most 2 decimals. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

/** n / d rounded to the nearest whole number, halves away from zero, in exact integer arithmetic. */
export function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
}

/** amount × rate rounded half-up to the cent; the rate has at most 4 decimals. */
export function taxCentsOf(amountCents: number, rate: number): number {
  return Number(divideRounded(BigInt(amountCents) * BigInt(Math.round(rate * 10_000)), 10_000n));
}

/** profit / revenue rounded to 4 decimals; null when revenue is 0. */
export function marginOf(revenueCents: number, profitCents: number): number | null {
  if (revenueCents === 0) return null;
  return Number(divideRounded(BigInt(profitCents) * 10_000n, BigInt(revenueCents))) / 10_000;
}

const AMOUNT: MoneyModel = {
  inputs: ['amount'],
  derived: {},
  toColumns: (v) => ({ amountCents: toCents(v.amount as number), costCents: null, taxCents: null }),
  present: (c) => ({ amount: fromCents(c.amountCents) }),
  totals: (s) => ({ amount: fromCents(s.amountCents) }),
};

const INVOICE: MoneyModel = {
  inputs: ['amount'],
  derived: { taxAmount: z.number().describe('amount × taxRate, rounded half-up to the cent') },
  toColumns: (v) => {
    const amountCents = toCents(v.amount as number);
    return { amountCents, costCents: null, taxCents: taxCentsOf(amountCents, v.taxRate as number) };
  },
  present: (c) => ({ amount: fromCents(c.amountCents), taxAmount: fromCents(c.taxCents ?? 0) }),
  totals: (s) => ({ amount: fromCents(s.amountCents), taxAmount: fromCents(s.taxCents) }),
};

const PROFIT: MoneyModel = {
  inputs: ['revenue', 'cost'],
  derived: {
    profit: z.number().describe('revenue − cost'),
    margin: z.number().nullable().describe('profit / revenue to 4 decimals; null when revenue is 0'),
  },
  toColumns: (v) => ({ amountCents: toCents(v.revenue as number), costCents: toCents(v.cost as number), taxCents: null }),
  present: (c) => {
    const profitCents = c.amountCents - (c.costCents ?? 0);
    return {
      revenue: fromCents(c.amountCents),
      cost: fromCents(c.costCents ?? 0),
      profit: fromCents(profitCents),
      margin: marginOf(c.amountCents, profitCents),
    };
  },
  totals: (s) => ({ revenue: fromCents(s.amountCents), cost: fromCents(s.costCents), profit: fromCents(s.amountCents - s.costCents) }),
};

export interface FinanceKind {
  /** url segment under /corp-finances/ */
  segment: string;
  /** audit log entity */
  entity: string;
  /** the kind's name in both languages, for messages: "upstream invoice 7 not found" / "未找到上游发票 7" */
  label: Said;
  /** key of its section in the contract summary (kinds without contractNumber have none) */
  summaryKey: string;
  fields: z.ZodObject;
  money: MoneyModel;
  /** the field kept unique within the kind (column `number`) */
  numberField?: string;
  /** the business date the startDate/endDate filter reads; without one, the creation date */
  dateField?: string;
  /** the status field (column `status`) */
  statusField?: string;
  /** applied on create, and on update when a field is cleared with null */
  defaults: Values;
  /** accepts attachments (POST /:id/upload) */
  hasFiles: boolean;
  /** a rule over several fields: returns the message when broken */
  check?: (values: Values) => Said | null;
}

const CNY = { currency: DEFAULT_CURRENCY };

export const FINANCE_KINDS: readonly FinanceKind[] = [
  {
    segment: 'freight-charges',
    entity: 'freightCharge',
    label: said('freight charge', '运费'),
    summaryKey: 'freightCharges',
    fields: freightChargeFields,
    money: AMOUNT,
    dateField: 'chargeDate',
    statusField: 'paymentStatus',
    defaults: { ...CNY, paymentStatus: 'unpaid' },
    hasFiles: false,
  },
  {
    segment: 'misc-charges',
    entity: 'miscCharge',
    label: said('misc charge', '杂费'),
    summaryKey: 'miscCharges',
    fields: miscChargeFields,
    money: AMOUNT,
    dateField: 'chargeDate',
    statusField: 'paymentStatus',
    defaults: { ...CNY, paymentStatus: 'unpaid' },
    hasFiles: false,
  },
  {
    segment: 'service-fees',
    entity: 'serviceFee',
    label: said('service fee', '服务费'),
    summaryKey: 'serviceFees',
    fields: serviceFeeFields,
    money: AMOUNT,
    dateField: 'feeDate',
    statusField: 'paymentStatus',
    defaults: { ...CNY, paymentStatus: 'unpaid' },
    hasFiles: false,
  },
  {
    segment: 'cost-breakdowns',
    entity: 'costBreakdown',
    label: said('cost breakdown', '成本项'),
    summaryKey: 'costBreakdowns',
    fields: costBreakdownFields,
    money: AMOUNT,
    defaults: CNY,
    hasFiles: false,
  },
  {
    segment: 'profit-records',
    entity: 'profitRecord',
    label: said('profit record', '利润记录'),
    summaryKey: 'profitRecords',
    fields: profitRecordFields,
    money: PROFIT,
    dateField: 'recordDate',
    defaults: CNY,
    hasFiles: false,
  },
  {
    segment: 'upstream-invoices',
    entity: 'upstreamInvoice',
    label: said('upstream invoice', '上游发票'),
    summaryKey: 'upstreamInvoices',
    fields: invoiceFields,
    money: INVOICE,
    numberField: 'invoiceNumber',
    dateField: 'invoiceDate',
    statusField: 'status',
    defaults: { ...CNY, status: 'received' },
    hasFiles: true,
  },
  {
    segment: 'downstream-invoices',
    entity: 'downstreamInvoice',
    label: said('downstream invoice', '下游发票'),
    summaryKey: 'downstreamInvoices',
    fields: invoiceFields,
    money: INVOICE,
    numberField: 'invoiceNumber',
    dateField: 'invoiceDate',
    statusField: 'status',
    defaults: { ...CNY, status: 'issued' },
    hasFiles: true,
  },
  {
    segment: 'freight-misc-invoices',
    entity: 'freightMiscInvoice',
    label: said('freight/misc invoice', '运杂费发票'),
    summaryKey: 'freightMiscInvoices',
    fields: invoiceFields,
    money: INVOICE,
    numberField: 'invoiceNumber',
    dateField: 'invoiceDate',
    statusField: 'status',
    defaults: { ...CNY, status: 'received' },
    hasFiles: true,
  },
  {
    segment: 'settlements',
    entity: 'settlement',
    label: said('settlement', '结算单'),
    summaryKey: 'settlements',
    fields: settlementFields,
    money: AMOUNT,
    numberField: 'settlementNumber',
    dateField: 'settlementDate',
    statusField: 'status',
    defaults: { ...CNY, status: 'draft' },
    hasFiles: true,
  },
  {
    segment: 'reconciliations',
    entity: 'reconciliation',
    label: said('reconciliation', '对账单'),
    summaryKey: 'reconciliations',
    fields: reconciliationFields,
    money: AMOUNT,
    numberField: 'reconciliationNumber',
    dateField: 'periodStart',
    statusField: 'status',
    defaults: { ...CNY, status: 'open' },
    hasFiles: true,
    check: (v) =>
      v.periodStart && v.periodEnd && (v.periodEnd as string) < (v.periodStart as string)
        ? said(
            `periodEnd ${v.periodEnd as string} is before periodStart ${v.periodStart as string}`,
            `periodEnd ${v.periodEnd as string} 早于 periodStart ${v.periodStart as string}`,
          )
        : null,
  },
];
