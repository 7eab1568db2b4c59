// The ten kinds of finance record on the server: the shared list (shared/finance-kinds.ts) plus
// how each keeps its money, its defaults and its cross-field rules. Everything else (tables, routes,
// validation, lists, totals, files, audit) is written once in finance.service.ts and
// finance.routes.ts and driven by these descriptions: a new kind is one more entry in the list.
import type { z } from 'zod';
import { DEFAULT_CURRENCY, FINANCE_FIELDS } from '../../../shared/finance.js';
import { FINANCE_KINDS as KIND_FACTS, type FinanceKindFacts, type FinanceKindKey, type MoneyKind } from '../../../shared/finance-kinds.js';
import { said, type Said } from '../../../shared/messages.js';
import type { FinanceRecordsTable } from '../../db/tables-finance.js';

export type Values = Record<string, unknown>;

type MoneyColumns = Pick<FinanceRecordsTable, 'amountCents' | 'costCents' | 'taxCents'>;
type SumsOfCents = { amountCents: number; costCents: number; taxCents: number };

/** How a kind's money fields map to the cents columns, what is derived from them, and what its totals are. */
export interface MoneyModel {
  /** the money fields of the request (kept in cents columns, not in the JSON of other fields) */
  inputs: readonly string[];
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
  toColumns: (v) => ({ amountCents: toCents(v.amount as number), costCents: null, taxCents: null }),
  present: (c) => ({ amount: fromCents(c.amountCents) }),
  totals: (s) => ({ amount: fromCents(s.amountCents) }),
};

const INVOICE: MoneyModel = {
  inputs: ['amount'],
  toColumns: (v) => {
    const amountCents = toCents(v.amount as number);
    return { amountCents, costCents: null, taxCents: taxCentsOf(amountCents, v.taxRate as number) };
  },
  present: (c) => ({ amount: fromCents(c.amountCents), taxAmount: fromCents(c.taxCents ?? 0) }),
  totals: (s) => ({ amount: fromCents(s.amountCents), taxAmount: fromCents(s.taxCents) }),
};

const PROFIT: MoneyModel = {
  inputs: ['revenue', 'cost'],
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

export interface FinanceKind extends Omit<FinanceKindFacts, 'key' | 'money'> {
  key: FinanceKindKey;
  fields: z.ZodObject;
  money: MoneyModel;
  /** applied on create, and on update when a field is cleared with null */
  defaults: Values;
  /** a rule over several fields: returns the message when broken */
  check?: (values: Values) => Said | null;
}

const MONEY: Record<MoneyKind, MoneyModel> = { amount: AMOUNT, invoice: INVOICE, profit: PROFIT };

const CNY = { currency: DEFAULT_CURRENCY };
const UNPAID = { ...CNY, paymentStatus: 'unpaid' };

const SERVER: Record<FinanceKindKey, Pick<FinanceKind, 'defaults' | 'check'>> = {
  freightCharges: { defaults: UNPAID },
  miscCharges: { defaults: UNPAID },
  serviceFees: { defaults: UNPAID },
  costBreakdowns: { defaults: CNY },
  profitRecords: { defaults: CNY },
  upstreamInvoices: { defaults: { ...CNY, status: 'received' } },
  downstreamInvoices: { defaults: { ...CNY, status: 'issued' } },
  freightMiscInvoices: { defaults: { ...CNY, status: 'received' } },
  settlements: { defaults: { ...CNY, status: 'draft' } },
  reconciliations: {
    defaults: { ...CNY, status: 'open' },
    check: (v) =>
      v.periodStart && v.periodEnd && (v.periodEnd as string) < (v.periodStart as string)
        ? said(
            `periodEnd ${v.periodEnd as string} is before periodStart ${v.periodStart as string}`,
            `periodEnd ${v.periodEnd as string} 早于 periodStart ${v.periodStart as string}`,
          )
        : null,
  },
};

export const FINANCE_KINDS: readonly FinanceKind[] = KIND_FACTS.map((k): FinanceKind => ({ ...k, fields: FINANCE_FIELDS[k.key], money: MONEY[k.money], ...SERVER[k.key] }));
