// The ten finance kinds as the client sees them: the shared list (shared/finance-kinds.ts) plus the
// fields of each kind picked by id from the area's field catalog (financeFields.tsx), the colours of
// their statuses, the name shown in lists, and their labels' i18n keys. The list, the drawer, the
// totals and the contract summary are all generated from these descriptions.
import type { z } from 'zod';
import { FINANCE_FIELDS, SUMMARY_KINDS as SUMMARY_FACTS } from '../../../../../shared/finance';
import { FINANCE_KINDS, type FinanceKindKey, type MoneyKind } from '../../../../../shared/finance-kinds';
import type { MessageKey } from '../../i18n';
import type { StatusMap } from '../../kit/StatusBadge';
import type { FinanceFieldId } from './financeFields';

export type FinanceRecord = { id: number; createTime: string; updateTime: string; files?: FinanceFile[] } & Record<string, unknown>;
export interface FinanceFile {
  id: number;
  name: string;
  url: string;
  size: number;
}

export interface KindSpec {
  key: FinanceKindKey;
  segment: string;
  /** plural, for tabs, titles and summary sections */
  title: MessageKey;
  /** singular, for drawer titles */
  one: MessageKey;
  schema: z.ZodObject;
  /** the kind's fields in the drawer's order (ids of the field catalog) */
  fields: readonly FinanceFieldId[];
  money: MoneyKind;
  numberField?: string;
  dateField?: string;
  statusField?: 'paymentStatus' | 'status';
  statuses?: StatusMap;
  hasFiles: boolean;
  /** the name shown in the list after the number (carrier, payee, counterparty, ...) */
  nameField?: FinanceFieldId;
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

const refs = ['contractNumber', 'blNumber'] as const;
const tail = ['currency', 'remark'] as const;

const invoice: Pick<KindSpec, 'fields' | 'nameField'> = {
  fields: ['invoiceNumber', 'contractNumber', 'counterparty', 'amount', 'taxRate', 'invoiceDate', 'status', ...tail],
  nameField: 'counterparty',
};

/** what the client adds to each kind: its fields and the one that names a record */
const CLIENT: Record<FinanceKindKey, Pick<KindSpec, 'fields' | 'nameField'>> = {
  freightCharges: {
    fields: [...refs, 'carrier', 'origin', 'destination', 'quantity', 'unitPrice', 'amount', 'chargeDate', 'paymentStatus', ...tail],
    nameField: 'carrier',
  },
  miscCharges: {
    fields: [...refs, 'chargeType', 'payee', 'amount', 'chargeDate', 'paymentStatus', ...tail],
    nameField: 'chargeType',
  },
  serviceFees: {
    fields: [...refs, 'serviceProvider', 'feeType', 'amount', 'feeDate', 'paymentStatus', ...tail],
    nameField: 'serviceProvider',
  },
  costBreakdowns: { fields: [...refs, 'costItem', 'amount', ...tail], nameField: 'costItem' },
  profitRecords: {
    fields: [...refs, 'commodity', 'revenue', 'cost', 'recordDate', ...tail],
    nameField: 'commodity',
  },
  upstreamInvoices: invoice,
  downstreamInvoices: invoice,
  freightMiscInvoices: invoice,
  settlements: {
    fields: ['settlementNumber', 'contractNumber', 'counterparty', 'amount', 'settlementDate', 'status', ...tail],
    nameField: 'counterparty',
  },
  reconciliations: {
    fields: ['reconciliationNumber', 'counterparty', 'periodStart', 'periodEnd', 'amount', 'status', ...tail],
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

export const hasField = (kind: KindSpec, name: FinanceFieldId) => kind.fields.includes(name);

/** The money fields of a kind's totals and records, derived ones last. */
export const moneyFields = (kind: KindSpec): { inputs: string[]; derived: string[] } =>
  kind.money === 'profit'
    ? { inputs: ['revenue', 'cost'], derived: ['profit'] }
    : kind.money === 'invoice'
      ? { inputs: ['amount'], derived: ['taxAmount'] }
      : { inputs: ['amount'], derived: [] };

/** API path of a kind under /api: /api/corp-finances/<segment> */
export const kindPath = (kind: KindSpec) => `/corp-finances/${kind.segment}`;
