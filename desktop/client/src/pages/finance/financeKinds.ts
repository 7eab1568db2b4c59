// The ten finance kinds as the client sees them, mirroring server/routes/finance/finance.kinds.ts:
// segment, fields with their inputs, money model, number, date and status fields, files. The list,
// the drawer, the totals and the contract summary are all generated from these descriptions.
import type { z } from 'zod';
import {
  costBreakdownFields,
  freightChargeFields,
  INVOICE_STATUSES,
  invoiceFields,
  miscChargeFields,
  PAYMENT_STATUSES,
  profitRecordFields,
  RECONCILIATION_STATUSES,
  reconciliationFields,
  serviceFeeFields,
  SETTLEMENT_STATUSES,
  settlementFields,
} from '../../../../../shared/finance';
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

/** amount: one amount; invoice: amount and derived taxAmount; profit: revenue, cost, derived profit and margin */
export type MoneyModel = 'amount' | 'invoice' | 'profit';

export interface KindSpec {
  segment: string;
  /** key of its contract-summary section (also the key of its labels) */
  summaryKey: string;
  /** plural, for tabs, titles and summary sections */
  title: MessageKey;
  /** singular, for drawer titles */
  one: MessageKey;
  schema: z.ZodObject;
  fields: readonly FieldSpec[];
  money: MoneyModel;
  numberField?: string;
  dateField?: string;
  statusField?: 'paymentStatus' | 'status';
  statuses?: StatusMap;
  hasFiles: boolean;
  /** the name shown in the list after the number (carrier, payee, counterparty, ...) */
  nameField?: string;
}

const statusMap = (values: readonly string[], colors: Record<string, string>): StatusMap =>
  Object.fromEntries(values.map((v) => [v, { color: colors[v] ?? 'default', label: `finance.status.${v}` as MessageKey }]));

const PAYMENT = statusMap(PAYMENT_STATUSES, { unpaid: 'gold', paid: 'green' });
const INVOICE = statusMap(INVOICE_STATUSES, { issued: 'blue', received: 'green', void: 'default' });
const SETTLEMENT = statusMap(SETTLEMENT_STATUSES, { draft: 'gold', confirmed: 'green' });
const RECONCILIATION = statusMap(RECONCILIATION_STATUSES, { open: 'blue', agreed: 'green', disputed: 'red' });

const f = (name: string, input: Input = 'text', required = false): FieldSpec => ({ name, input, required });
const refs = [f('contractNumber'), f('blNumber')];
const tail = [f('currency', 'currency'), f('remark', 'textarea')];

const invoice = (segment: string, summaryKey: string): KindSpec => ({
  segment,
  summaryKey,
  title: `finance.kind.${summaryKey}` as MessageKey,
  one: `finance.one.${summaryKey}` as MessageKey,
  schema: invoiceFields,
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
  money: 'invoice',
  numberField: 'invoiceNumber',
  dateField: 'invoiceDate',
  statusField: 'status',
  statuses: INVOICE,
  hasFiles: true,
  nameField: 'counterparty',
});

export const KINDS = {
  freightCharges: {
    segment: 'freight-charges',
    summaryKey: 'freightCharges',
    title: 'finance.kind.freightCharges',
    one: 'finance.one.freightCharges',
    schema: freightChargeFields,
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
    money: 'amount',
    dateField: 'chargeDate',
    statusField: 'paymentStatus',
    statuses: PAYMENT,
    hasFiles: false,
    nameField: 'carrier',
  },
  miscCharges: {
    segment: 'misc-charges',
    summaryKey: 'miscCharges',
    title: 'finance.kind.miscCharges',
    one: 'finance.one.miscCharges',
    schema: miscChargeFields,
    fields: [...refs, f('chargeType'), f('payee'), f('amount', 'money', true), f('chargeDate', 'date'), f('paymentStatus', 'status'), ...tail],
    money: 'amount',
    dateField: 'chargeDate',
    statusField: 'paymentStatus',
    statuses: PAYMENT,
    hasFiles: false,
    nameField: 'chargeType',
  },
  serviceFees: {
    segment: 'service-fees',
    summaryKey: 'serviceFees',
    title: 'finance.kind.serviceFees',
    one: 'finance.one.serviceFees',
    schema: serviceFeeFields,
    fields: [...refs, f('serviceProvider'), f('feeType'), f('amount', 'money', true), f('feeDate', 'date'), f('paymentStatus', 'status'), ...tail],
    money: 'amount',
    dateField: 'feeDate',
    statusField: 'paymentStatus',
    statuses: PAYMENT,
    hasFiles: false,
    nameField: 'serviceProvider',
  },
  costBreakdowns: {
    segment: 'cost-breakdowns',
    summaryKey: 'costBreakdowns',
    title: 'finance.kind.costBreakdowns',
    one: 'finance.one.costBreakdowns',
    schema: costBreakdownFields,
    fields: [...refs, f('costItem'), f('amount', 'money', true), ...tail],
    money: 'amount',
    hasFiles: false,
    nameField: 'costItem',
  },
  profitRecords: {
    segment: 'profit-records',
    summaryKey: 'profitRecords',
    title: 'finance.kind.profitRecords',
    one: 'finance.one.profitRecords',
    schema: profitRecordFields,
    fields: [...refs, f('commodity'), f('revenue', 'money', true), f('cost', 'money', true), f('recordDate', 'date'), ...tail],
    money: 'profit',
    dateField: 'recordDate',
    hasFiles: false,
    nameField: 'commodity',
  },
  upstreamInvoices: invoice('upstream-invoices', 'upstreamInvoices'),
  downstreamInvoices: invoice('downstream-invoices', 'downstreamInvoices'),
  freightMiscInvoices: invoice('freight-misc-invoices', 'freightMiscInvoices'),
  settlements: {
    segment: 'settlements',
    summaryKey: 'settlements',
    title: 'finance.kind.settlements',
    one: 'finance.one.settlements',
    schema: settlementFields,
    fields: [f('settlementNumber', 'text', true), f('contractNumber'), f('counterparty'), f('amount', 'money', true), f('settlementDate', 'date'), f('status', 'status'), ...tail],
    money: 'amount',
    numberField: 'settlementNumber',
    dateField: 'settlementDate',
    statusField: 'status',
    statuses: SETTLEMENT,
    hasFiles: true,
    nameField: 'counterparty',
  },
  reconciliations: {
    segment: 'reconciliations',
    summaryKey: 'reconciliations',
    title: 'finance.kind.reconciliations',
    one: 'finance.one.reconciliations',
    schema: reconciliationFields,
    fields: [
      f('reconciliationNumber', 'text', true),
      f('counterparty'),
      f('periodStart', 'date'),
      f('periodEnd', 'date'),
      f('amount', 'money', true),
      f('status', 'status'),
      ...tail,
    ],
    money: 'amount',
    numberField: 'reconciliationNumber',
    dateField: 'periodStart',
    statusField: 'status',
    statuses: RECONCILIATION,
    hasFiles: true,
    nameField: 'counterparty',
  },
} satisfies Record<string, KindSpec>;

export type KindKey = keyof typeof KINDS;

/** The sections of the contract summary, in the service's order (reconciliations have no contract). */
export const SUMMARY_KINDS: KindKey[] = [
  'freightCharges',
  'miscCharges',
  'serviceFees',
  'costBreakdowns',
  'profitRecords',
  'upstreamInvoices',
  'downstreamInvoices',
  'freightMiscInvoices',
  'settlements',
];

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
