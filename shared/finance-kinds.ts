// The ten kinds of finance record: the facts the server and the client share, written once (the
// fields of each kind are FINANCE_FIELDS in ./finance.ts). The server adds money handling and
// storage (server/routes/finance/finance.kinds.ts), the client adds inputs and colours
// (desktop/client/src/pages/finance/financeKinds.ts); the menu takes FINANCE_PAGES. No zod here,
// so the menu can read the list without loading the schemas.
import { said, type Said } from './messages.js';

export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export const INVOICE_STATUSES = ['issued', 'received', 'void'] as const;
export const SETTLEMENT_STATUSES = ['draft', 'confirmed'] as const;
export const RECONCILIATION_STATUSES = ['open', 'agreed', 'disputed'] as const;

/** amount: one amount; invoice: amount and derived taxAmount; profit: revenue, cost, derived profit and margin */
export type MoneyKind = 'amount' | 'invoice' | 'profit';

export interface FinanceKindFacts {
  /** key of its section in the contract summary, of its client labels and of its menu entry */
  key: string;
  /** url segment under /corp-finances/ (and, unless grouped, of its page under /finance/) */
  segment: string;
  /** audit log entity */
  entity: string;
  /** the kind's name in both languages, for messages: "upstream invoice 7 not found" / "未找到上游发票 7" */
  label: Said;
  /** the area whose grant reads and writes it (shared/permissions.ts): cost breakdowns and profit records are `profit` */
  area: 'finance' | 'profit';
  money: MoneyKind;
  /** the field kept unique within the kind */
  numberField?: string;
  /** the business date the startDate/endDate filter reads; without one, the creation date */
  dateField?: string;
  statusField?: 'paymentStatus' | 'status';
  statuses?: readonly string[];
  /** accepts attachments (POST /:id/upload) */
  hasFiles: boolean;
  /** kinds shown together as tabs of one page: that page's key and url segment under /finance/ */
  page?: { key: string; segment: string };
}

const PAID = { statusField: 'paymentStatus', statuses: PAYMENT_STATUSES } as const;
const INVOICE = {
  area: 'finance',
  money: 'invoice',
  numberField: 'invoiceNumber',
  dateField: 'invoiceDate',
  statusField: 'status',
  statuses: INVOICE_STATUSES,
  hasFiles: true,
  page: { key: 'invoices', segment: 'invoices' },
} as const;

export const FINANCE_KINDS = [
  {
    key: 'freightCharges',
    segment: 'freight-charges',
    entity: 'freightCharge',
    label: said('freight charge', '运费'),
    area: 'finance',
    money: 'amount',
    dateField: 'chargeDate',
    ...PAID,
    hasFiles: false,
  },
  {
    key: 'miscCharges',
    segment: 'misc-charges',
    entity: 'miscCharge',
    label: said('misc charge', '杂费'),
    area: 'finance',
    money: 'amount',
    dateField: 'chargeDate',
    ...PAID,
    hasFiles: false,
  },
  {
    key: 'serviceFees',
    segment: 'service-fees',
    entity: 'serviceFee',
    label: said('service fee', '服务费'),
    area: 'finance',
    money: 'amount',
    dateField: 'feeDate',
    ...PAID,
    hasFiles: false,
  },
  {
    key: 'costBreakdowns',
    segment: 'cost-breakdowns',
    entity: 'costBreakdown',
    label: said('cost breakdown', '成本项'),
    area: 'profit',
    money: 'amount',
    hasFiles: false,
  },
  {
    key: 'profitRecords',
    segment: 'profit-records',
    entity: 'profitRecord',
    label: said('profit record', '利润记录'),
    area: 'profit',
    money: 'profit',
    dateField: 'recordDate',
    hasFiles: false,
  },
  { key: 'upstreamInvoices', segment: 'upstream-invoices', entity: 'upstreamInvoice', label: said('upstream invoice', '上游发票'), ...INVOICE },
  { key: 'downstreamInvoices', segment: 'downstream-invoices', entity: 'downstreamInvoice', label: said('downstream invoice', '下游发票'), ...INVOICE },
  { key: 'freightMiscInvoices', segment: 'freight-misc-invoices', entity: 'freightMiscInvoice', label: said('freight/misc invoice', '运杂费发票'), ...INVOICE },
  {
    key: 'settlements',
    segment: 'settlements',
    entity: 'settlement',
    label: said('settlement', '结算单'),
    area: 'finance',
    money: 'amount',
    numberField: 'settlementNumber',
    dateField: 'settlementDate',
    statusField: 'status',
    statuses: SETTLEMENT_STATUSES,
    hasFiles: true,
  },
  {
    key: 'reconciliations',
    segment: 'reconciliations',
    entity: 'reconciliation',
    label: said('reconciliation', '对账单'),
    area: 'finance',
    money: 'amount',
    numberField: 'reconciliationNumber',
    dateField: 'periodStart',
    statusField: 'status',
    statuses: RECONCILIATION_STATUSES,
    hasFiles: true,
  },
] as const satisfies readonly FinanceKindFacts[];

export type FinanceKindKey = (typeof FINANCE_KINDS)[number]['key'];

interface FinancePage {
  /** its menu label is menu.<key> */
  key: string;
  /** the client's route: /finance/<segment> */
  path: string;
  kinds: FinanceKindKey[];
}

/** The pages of the finance menu, in the list's order: one per kind, or one with tabs for the kinds that share a page. */
export const FINANCE_PAGES: readonly FinancePage[] = FINANCE_KINDS.reduce<FinancePage[]>((pages, k) => {
  const { key, segment } = 'page' in k ? k.page : k;
  const path = `/finance/${segment}`;
  const existing = pages.find((p) => p.path === path);
  if (existing) existing.kinds.push(k.key);
  else pages.push({ key, path, kinds: [k.key] });
  return pages;
}, []);
