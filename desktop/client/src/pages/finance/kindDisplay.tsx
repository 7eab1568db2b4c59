// What every finance list, drawer and the contract summary show, generated from a kind's description:
// money with 2 decimals and its currency, totals per currency, columns and form fields.
import { Card, Form, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { CurrencyTotal } from '../../../../../shared/finance';
import { useT, type MessageKey, type Translate } from '../../i18n';
import type { ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { hasField, moneyFields, type FinanceRecord, type KindSpec } from './financeKinds';

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12345.6, "CNY" → "12,345.60 CNY" */
export const formatMoney = (value: unknown, currency: unknown) =>
  typeof value === 'number' ? `${MONEY.format(value)} ${typeof currency === 'string' ? currency : ''}`.trim() : '';

/** a margin of 0.2035 → "20.35%" (margins have 4 decimals, so this is exact) */
export const formatMargin = (value: unknown) => (typeof value === 'number' ? `${(value * 100).toFixed(2)}%` : '');

export const fieldLabel = (name: string) => `finance.field.${name}` as MessageKey;

/** Link to the contract summary of a contract number. */
export function ContractLink({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return null;
  return <Link to={`/finance/contract-summary?contractNumber=${encodeURIComponent(value)}`}>{value}</Link>;
}

/** The list columns of a kind: its number, references, name, money, derived values, date, status. */
export function columnsFor(kind: KindSpec, t: Translate): ColumnDef<FinanceRecord>[] {
  const cols: ColumnDef<FinanceRecord>[] = [];
  if (kind.numberField) cols.push({ key: kind.numberField, title: fieldLabel(kind.numberField) });
  if (hasField(kind, 'contractNumber')) cols.push({ key: 'contractNumber', title: fieldLabel('contractNumber'), render: (r) => <ContractLink value={r.contractNumber} /> });
  if (hasField(kind, 'blNumber')) cols.push({ key: 'blNumber', title: fieldLabel('blNumber') });
  if (kind.nameField) cols.push({ key: kind.nameField, title: fieldLabel(kind.nameField) });
  const { inputs, derived } = moneyFields(kind);
  for (const name of [...inputs, ...derived]) cols.push({ key: name, title: fieldLabel(name), align: 'right', render: (r) => formatMoney(r[name], r.currency) });
  if (kind.money === 'invoice') cols.splice(cols.length - 1, 0, { key: 'taxRate', title: fieldLabel('taxRate'), align: 'right', render: (r) => formatMargin(r.taxRate) });
  if (kind.money === 'profit')
    cols.push({ key: 'margin', title: fieldLabel('margin'), align: 'right', render: (r) => (r.margin === null ? t('finance.noMargin') : formatMargin(r.margin)) });
  if (kind.dateField) cols.push({ key: kind.dateField, title: fieldLabel(kind.dateField) });
  if (kind.segment === 'reconciliations') cols.push({ key: 'periodEnd', title: fieldLabel('periodEnd') });
  if (kind.statusField && kind.statuses) cols.push({ key: kind.statusField, title: fieldLabel(kind.statusField), kind: 'status', status: kind.statuses });
  if (kind.hasFiles) cols.push({ key: 'files', title: 'files.files', align: 'right', render: (r) => r.files?.length ?? 0 });
  cols.push({ key: 'createTime', title: 'finance.field.createTime', kind: 'dateTime', sortable: true });
  return cols;
}

/** A derived value shown read-only in the edit drawer (the form passes it as `value`). */
function Derived({ value, percent }: { value?: unknown; percent?: boolean }) {
  const t = useT();
  const currency: unknown = Form.useWatch('currency', Form.useFormInstance());
  const text = percent ? (value === null ? t('finance.noMargin') : formatMargin(value)) : formatMoney(value, currency);
  return <Typography.Text strong>{text}</Typography.Text>;
}

/** The drawer's fields of a kind; with a saved record, its derived values follow read-only. */
export function formFields(kind: KindSpec, saved = false): FieldDef[] {
  const fields: FieldDef[] = kind.fields.map((x) => {
    const base: FieldDef = { name: x.name, label: fieldLabel(x.name), required: x.required };
    switch (x.input) {
      case 'money':
      case 'number':
        return { ...base, kind: 'number' };
      case 'rate':
        return { ...base, kind: 'percent', hint: 'finance.hint.taxRate', placeholder: 'finance.placeholder.taxRate' };
      case 'currency':
        return { ...base, hint: 'finance.hint.currency', placeholder: 'finance.placeholder.currency' };
      case 'date':
        return { ...base, kind: 'date' };
      case 'textarea':
        return { ...base, kind: 'textarea' };
      case 'status':
        return { ...base, kind: 'select', hint: 'finance.hint.status', options: Object.entries(kind.statuses ?? {}).map(([value, s]) => ({ value, label: s.label })) };
      default:
        return base;
    }
  });
  if (saved) {
    for (const name of moneyFields(kind).derived) fields.push({ name, label: fieldLabel(name), render: () => <Derived /> });
    if (kind.money === 'profit') fields.push({ name: 'margin', label: fieldLabel('margin'), render: () => <Derived percent /> });
  }
  return fields;
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
