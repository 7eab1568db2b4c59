// What every finance list, drawer and the contract summary show, generated from a kind's description
// and picked from the area's field catalog (financeFields.tsx): filters, columns, form fields, and
// the totals per currency.
import { Card, Space, Typography } from 'antd';
import type { CurrencyTotal } from '../../../../../shared/finance';
import { useT, type MessageKey } from '../../i18n';
import type { FieldEntry, FieldPick } from '../../kit/fieldCatalog';
import type { ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { filterFields, formatMoney, formFields as catalogFormFields, tableColumns, type FinanceFieldId } from './financeFields';
import { hasField, moneyFields, type FinanceRecord, type KindSpec } from './financeKinds';

type Pick = FieldPick<FinanceFieldId>;

const fieldLabel = (name: string) => `finance.field.${name}` as MessageKey;

/** the kind's own number, date and status fields are catalog ids */
const id = (name: string) => name as FinanceFieldId;

/** A kind's status field with the kind's values and badges. */
function statusPick(kind: KindSpec): Pick | undefined {
  if (!kind.statusField || !kind.statuses) return undefined;
  const statuses = kind.statuses;
  const own: Partial<FieldEntry> = { options: Object.entries(statuses).map(([value, s]) => ({ value, label: s.label })), status: statuses };
  return [kind.statusField, own];
}

/** The filters the API offers for a kind. */
export function filtersFor(kind: KindSpec): FieldDef[] {
  const picks: Pick[] = ['keyword'];
  if (hasField(kind, 'contractNumber')) picks.push('contractNumber');
  if (hasField(kind, 'blNumber')) picks.push('blNumber');
  picks.push(kind.dateField ? id(kind.dateField) : ['createTime', { kind: 'date', label: 'finance.createdOn' }]);
  const status = statusPick(kind);
  if (status) picks.push(status);
  return filterFields(picks);
}

/**
 * The list columns of a kind: its number, references, name, money, date and status first (what a
 * clerk scans, in view at 1366 px), then an invoice's tax rate and tax.
 */
export function columnsFor(kind: KindSpec): ColumnDef<FinanceRecord>[] {
  const picks: Pick[] = [];
  if (kind.numberField) picks.push(id(kind.numberField));
  if (hasField(kind, 'contractNumber')) picks.push('contractNumber');
  if (hasField(kind, 'blNumber')) picks.push('blNumber');
  if (kind.nameField) picks.push(kind.nameField);
  const { inputs, derived } = moneyFields(kind);
  picks.push(...inputs.map(id));
  // profit and margin belong beside revenue and cost; an invoice's tax may wait behind its date and status
  if (kind.money === 'profit') picks.push(...derived.map(id), 'margin');
  if (kind.dateField) picks.push(id(kind.dateField));
  if (kind.segment === 'reconciliations') picks.push('periodEnd');
  const status = statusPick(kind);
  if (status) picks.push(status);
  if (kind.money === 'invoice') picks.push('taxRate', ...derived.map(id));
  if (kind.hasFiles) picks.push('files');
  picks.push('createTime');
  return tableColumns<FinanceRecord>(picks);
}

/** The drawer's fields of a kind; with a saved record, its derived values follow read-only. */
export function formFields(kind: KindSpec, saved = false): FieldDef[] {
  const status = statusPick(kind);
  const picks: Pick[] = kind.fields.map((name) => (status && name === kind.statusField ? status : name));
  if (saved) {
    picks.push(...moneyFields(kind).derived.map(id));
    if (kind.money === 'profit') picks.push('margin');
  }
  return catalogFormFields(picks);
}

/** One line per currency: count and sums (amount, tax, revenue, cost, profit as the kind has them). */
export function Totals({ totals, kind }: { totals: CurrencyTotal[]; kind: KindSpec }) {
  const t = useT();
  const { inputs, derived } = moneyFields(kind);
  return (
    <Card size="small" data-testid="finance-totals">
      <Space orientation="vertical" size={2}>
        {totals.length === 0 && <Typography.Text type="secondary">{t('finance.noTotals')}</Typography.Text>}
        {totals.map((line) => (
          <Space key={line.currency} size="large" wrap data-testid={`totals-${line.currency}`}>
            <Typography.Text strong>{t('finance.totalsOf', { currency: line.currency, count: line.count })}</Typography.Text>
            {[...inputs, ...derived].map((name) => (
              <span key={name}>
                {t('finance.sum', { label: t(fieldLabel(name)) })} <Typography.Text strong>{formatMoney(line[name as keyof CurrencyTotal], line.currency)}</Typography.Text>
              </span>
            ))}
          </Space>
        ))}
      </Space>
    </Card>
  );
}
