// The ten finance kinds as the client sees them: the shared list (shared/finance-kinds.ts) plus the
// inputs of their fields, the colours of their statuses, the name shown in lists, and their labels'
// i18n keys. The list, the drawer, the totals and the contract summary are all generated from these
// descriptions.
import type { z } from 'zod';
import { FINANCE_FIELDS, SUMMARY_KINDS as SUMMARY_FACTS } from '../../../../../shared/finance';
import { FINANCE_KINDS, type FinanceKindKey, type MoneyKind } from '../../../../../shared/finance-kinds';
import type { MessageKey } from '../../i18n';
import type { StatusMap } from '../../kit/StatusBadge';

export type FinanceRecord = { id: number; createTime: string; updateTime: string; files?: FinanceFile[] } & Record<string, unknown>;
export interface FinanceFile {
  id: number;
  name: string;
  url: string;
  size: number;
}

/** How a field is entered: money (≥ 0, 2 decimals), rate (a fraction 0..1), currency (ISO code), ... */
export type Input = 'text' | 'textarea' | 'number' | 'money' | 'rate' | 'currency' | 'date' | 'status';

export interface FieldSpec {
  name: string;
  input: Input;
  required?: boolean;
}

export interface KindSpec {
  key: FinanceKindKey;
  segment: string;
  /** plural, for tabs, titles and summary sections */
  title: MessageKey;
  /** singular, for drawer titles */
  one: MessageKey;
  schema: z.ZodObject;
  fields: readonly FieldSpec[];
  money: MoneyKind;
  numberField?: string;
  dateField?: string;
  statusField?: 'paymentStatus' | 'status';
  statuses?: StatusMap;
  hasFiles: boolean;
  /** the name shown in the list after the number (carrier, payee, counterparty, ...) */
  nameField?: string;
}

/** the colour of each status value (the values themselves are in the shared list) */
const STATUS_COLORS: Record<string, string> = {
  unpaid: 'gold',
  paid: 'green',
  issued: 'blue',
  received: 'green',
  void: 'default',
  draft: 'gold',
  confirmed: 'green',
  open: 'blue',
  agreed: 'green',
  disputed: 'red',
};

const statusMap = (values: readonly string[]): StatusMap =>
  Object.fromEntries(values.map((v) => [v, { color: STATUS_COLORS[v] ?? 'default', label: `finance.status.${v}` as MessageKey }]));

const f = (name: string, input: Input = 'text', required = false): FieldSpec => ({ name, input, required });
const refs = [f('contractNumber'), f('blNumber')];
const tail = [f('currency', 'currency'), f('remark', 'textarea')];

const invoice = {
  fields: [
    f('invoiceNumber', 'text', true),
    f('contractNumber'),
    f('counterparty'),
    f('amount', 'money', true),
    f('taxRate', 'rate', true),
    f('invoiceDate', 'date'),
    f('status', 'status'),
    ...tail,
  ],
  nameField: 'counterparty',
};

/** what the client adds to each kind: how its fields are entered and which one names a record */
const CLIENT: Record<FinanceKindKey, Pick<KindSpec, 'fields' | 'nameField'>> = {
  freightCharges: {
    fields: [
      ...refs,
      f('carrier'),
      f('origin'),
      f('destination'),
      f('quantity', 'number'),
      f('unitPrice', 'number'),
      f('amount', 'money', true),
      f('chargeDate', 'date'),
      f('paymentStatus', 'status'),
      ...tail,
    ],
    nameField: 'carrier',
  },
  miscCharges: {
    fields: [...refs, f('chargeType'), f('payee'), f('amount', 'money', true), f('chargeDate', 'date'), f('paymentStatus', 'status'), ...tail],
    nameField: 'chargeType',
  },
  serviceFees: {
    fields: [...refs, f('serviceProvider'), f('feeType'), f('amount', 'money', true), f('feeDate', 'date'), f('paymentStatus', 'status'), ...tail],
    nameField: 'serviceProvider',
  },
  costBreakdowns: { fields: [...refs, f('costItem'), f('amount', 'money', true), ...tail], nameField: 'costItem' },
  profitRecords: {
    fields: [...refs, f('commodity'), f('revenue', 'money', true), f('cost', 'money', true), f('recordDate', 'date'), ...tail],
    nameField: 'commodity',
  },
  upstreamInvoices: invoice,
  downstreamInvoices: invoice,
  freightMiscInvoices: invoice,
  settlements: {
    fields: [f('settlementNumber', 'text', true), f('contractNumber'), f('counterparty'), f('amount', 'money', true), f('settlementDate', 'date'), f('status', 'status'), ...tail],
    nameField: 'counterparty',
  },
  reconciliations: {
    fields: [
      f('reconciliationNumber', 'text', true),
      f('counterparty'),
      f('periodStart', 'date'),
      f('periodEnd', 'date'),
      f('amount', 'money', true),
      f('status', 'status'),
      ...tail,
    ],
    nameField: 'counterparty',
  },
};

const specOf = (k: (typeof FINANCE_KINDS)[number]): KindSpec => ({
  key: k.key,
  segment: k.segment,
  title: `finance.kind.${k.key}` as MessageKey,
  one: `finance.one.${k.key}` as MessageKey,
  schema: FINANCE_FIELDS[k.key],
  money: k.money,
  numberField: 'numberField' in k ? k.numberField : undefined,
  dateField: 'dateField' in k ? k.dateField : undefined,
  statusField: 'statusField' in k ? k.statusField : undefined,
  statuses: 'statuses' in k ? statusMap(k.statuses) : undefined,
  hasFiles: k.hasFiles,
  ...CLIENT[k.key],
});

export const KINDS = Object.fromEntries(FINANCE_KINDS.map((k) => [k.key, specOf(k)])) as Record<FinanceKindKey, KindSpec>;

/** The sections of the contract summary, in the service's order (reconciliations have no contract). */
export const SUMMARY_KINDS: readonly KindSpec[] = SUMMARY_FACTS.map((k) => KINDS[k.key]);

export const hasField = (kind: KindSpec, name: string) => kind.fields.some((x) => x.name === name);

/** The money fields of a kind's totals and records, derived ones last. */
export const moneyFields = (kind: KindSpec): { inputs: string[]; derived: string[] } =>
  kind.money === 'profit'
    ? { inputs: ['revenue', 'cost'], derived: ['profit'] }
    : kind.money === 'invoice'
      ? { inputs: ['amount'], derived: ['taxAmount'] }
      : { inputs: ['amount'], derived: [] };

/** API path of a kind under /api: /api/corp-finances/<segment> */
export const kindPath = (kind: KindSpec) => `/corp-finances/${kind.segment}`;
