// The .xlsx exports of finance: each kind's list as its page filters it, and everything finance holds
// for one contract (the contract summary), with the header in the reader's language and the
// statuses and kinds in words.
import type { Permissions } from '../../../shared/permissions.js';
import { z } from 'zod';
import { contractSummaryAnswer, FINANCE_RECORDS, hasFinanceField } from '../../../shared/finance.js';
import { INVOICE_STATUSES, PAYMENT_STATUSES, RECONCILIATION_STATUSES, SETTLEMENT_STATUSES } from '../../../shared/finance-kinds.js';
import { codeLabel, type CodeKind } from '../../../shared/labels.js';
import type { Queryable } from '../../db/tables.js';
import { baseOf } from '../../http/validate.js';
import { sheetColumns, type Column, type ColumnSpec } from '../../spreadsheets/columns.js';
import type { LabelledField } from '../../spreadsheets/field-labels.js';
import type { SheetLayout } from '../../spreadsheets/sheet.js';
import { withCatalogSpelling } from '../catalogs/catalog-spelling.js';
import { FINANCE_KINDS, type FinanceKind } from './finance.kinds.js';
import { contractSummary, type FinanceRecord } from './finance.service.js';

const STATUS_CODES = new Map<readonly string[], CodeKind>([
  [PAYMENT_STATUSES, 'paymentStatus'],
  [INVOICE_STATUSES, 'invoiceStatus'],
  [SETTLEMENT_STATUSES, 'settlementStatus'],
  [RECONCILIATION_STATUSES, 'reconciliationStatus'],
]);

/** The code words of a kind's status field. */
export const statusCodesOf = (kind: FinanceKind): CodeKind | undefined => (kind.statuses ? STATUS_CODES.get(kind.statuses) : undefined);

const NOT_COLUMNS = new Set(['id', 'files', 'createTime', 'updateTime']);

/** A kind's export columns: the fields of its record in their order, derived money after them. */
export function financeColumns(kind: FinanceKind): readonly Column[] {
  const shape = FINANCE_RECORDS[kind.key].shape as Record<string, z.ZodType>;
  return sheetColumns(
    Object.entries(shape)
      .filter(([key]) => !NOT_COLUMNS.has(key))
      .map(([key, schema]): ColumnSpec => {
        const base = baseOf(schema);
        const type = base instanceof z.ZodNumber ? 'number' : base instanceof z.ZodISODate ? 'date' : 'text';
        const codes = key === kind.statusField ? statusCodesOf(kind) : undefined;
        return { key: key as LabelledField, type, ...(codes ? { codes } : {}), ...(key === 'remark' ? { width: 30 } : {}) };
      }),
  );
}

/** The contract summary as one table: a row per record of every kind, the kind and its status in words. */
export const SUMMARY_COLUMNS = sheetColumns([
  { key: 'kind', type: 'text', width: 18 },
  { key: 'number', type: 'text', width: 18 },
  { key: 'date', type: 'date' },
  { key: 'counterparty', type: 'text', width: 24 },
  { key: 'blNumber', type: 'text' },
  { key: 'amount', type: 'number' },
  { key: 'taxAmount', type: 'number' },
  { key: 'cost', type: 'number' },
  { key: 'profit', type: 'number' },
  { key: 'currency', type: 'text', width: 8 },
  { key: 'status', type: 'text', width: 12 },
  { key: 'remark', type: 'text', width: 30 },
]);

/** The party a record of any kind names: its counterparty, carrier, payee or service provider. */
const partyOf = (r: FinanceRecord) => r.counterparty ?? r.carrier ?? r.payee ?? r.serviceProvider ?? null;

const SUMMARY_KINDS = FINANCE_KINDS.filter((k) => hasFinanceField(k.key, 'contractNumber'));

/** The contract summary's records, one row each, of the kinds the reader may read (`permissions`). */
export async function summaryRows(db: Queryable, contractNumber: string, layout: SheetLayout, permissions: Permissions) {
  const summary = (await withCatalogSpelling(db, contractSummaryAnswer, await contractSummary(db, contractNumber, permissions))) as unknown as Record<
    string,
    { items: FinanceRecord[] } | undefined
  >;
  const words = (kind: CodeKind | undefined, code: unknown) =>
    layout.headers === 'labels' && kind && typeof code === 'string' ? (codeLabel(kind, code)?.[layout.lang] ?? code) : code;
  return SUMMARY_KINDS.flatMap((kind) =>
    (summary[kind.key]?.items ?? []).map((r) => ({
      kind: layout.headers === 'labels' ? kind.label[layout.lang] : kind.key,
      number: kind.numberField ? r[kind.numberField] : null,
      date: kind.dateField ? r[kind.dateField] : null,
      counterparty: partyOf(r),
      blNumber: r.blNumber ?? null,
      amount: r.amount ?? r.revenue,
      taxAmount: r.taxAmount ?? null,
      cost: r.cost ?? null,
      profit: r.profit ?? null,
      currency: r.currency,
      status: kind.statusField ? words(statusCodesOf(kind), r[kind.statusField]) : null,
      remark: r.remark,
    })),
  );
}
