// The finance area's field catalog (kit/fieldCatalog.tsx): every field of the ten kinds declared
// once (label, input, how its column shows it); each kind lists its fields by id (financeKinds.ts)
// and its list, filters, drawer and contract summary pick them from here (kindDisplay.tsx). Money
// shows with 2 decimals and the record's currency; parties and the commodity are picked from their
// catalogs while typing.
import { Form, Typography } from 'antd';
import { Link } from 'react-router';
import { useT, type MessageKey } from '../../i18n';
import { fieldCatalog, partyCell, type FieldEntry } from '../../kit/fieldCatalog';
import { formatMoney } from '../../kit/numbers';
import { CommodityInput, PartyInput } from '../master-data/CatalogInput';

export { formatMoney };

/** a margin of 0.2035 → "20.35%" (margins have 4 decimals, so this is exact) */
const formatMargin = (value: unknown) => (typeof value === 'number' ? `${(value * 100).toFixed(2)}%` : '');

/** Link to the contract summary of a contract number. */
function ContractLink({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return null;
  return <Link to={`/finance/contract-summary?contractNumber=${encodeURIComponent(value)}`}>{value}</Link>;
}

/** A margin, or "no margin" when there is no revenue. */
function Margin({ value }: { value: unknown }) {
  const t = useT();
  return value === null ? t('finance.noMargin') : formatMargin(value);
}

/** A derived value shown read-only in the edit drawer (the form passes it as `value`). */
function Derived({ value, percent }: { value?: unknown; percent?: boolean }) {
  const t = useT();
  const currency: unknown = Form.useWatch('currency', Form.useFormInstance());
  const text = percent ? (value === null ? t('finance.noMargin') : formatMargin(value)) : formatMoney(value, currency);
  return <Typography.Text strong>{text}</Typography.Text>;
}

const label = (name: string) => `finance.field.${name}` as MessageKey;
const text = (name: string): FieldEntry => ({ label: label(name) });
const party = (name: string): FieldEntry => ({ label: label(name), input: () => <PartyInput />, cell: partyCell });
const date = (name: string): FieldEntry => ({ label: label(name), kind: 'date' });
const number = (name: string, required = false): FieldEntry => ({ label: label(name), kind: 'number', required });
const money = (name: string, required = true): FieldEntry => ({ ...number(name, required), align: 'right', cell: (value, row) => formatMoney(value, row.currency) });
/** the options and badges of a status come with the kind (kindDisplay.tsx) */
const status = (name: string): FieldEntry => ({ label: label(name), kind: 'select', hint: 'finance.hint.status' });

const catalog = {
  // references and numbers
  contractNumber: { label: label('contractNumber'), cell: (value) => <ContractLink value={value} /> },
  blNumber: text('blNumber'),
  invoiceNumber: { ...text('invoiceNumber'), required: true },
  settlementNumber: { ...text('settlementNumber'), required: true },
  reconciliationNumber: { ...text('reconciliationNumber'), required: true },
  // who and what
  carrier: party('carrier'),
  payee: party('payee'),
  serviceProvider: party('serviceProvider'),
  counterparty: party('counterparty'),
  commodity: { label: label('commodity'), input: () => <CommodityInput /> },
  origin: text('origin'),
  destination: text('destination'),
  chargeType: text('chargeType'),
  feeType: text('feeType'),
  costItem: text('costItem'),
  // amounts: money has 2 decimals and the record's currency; derived ones are read-only in the drawer
  quantity: number('quantity'),
  unitPrice: number('unitPrice'),
  amount: money('amount'),
  revenue: money('revenue'),
  cost: money('cost'),
  taxAmount: { ...money('taxAmount', false), input: () => <Derived /> },
  profit: { ...money('profit', false), input: () => <Derived /> },
  taxRate: {
    label: label('taxRate'),
    kind: 'percent',
    required: true,
    hint: 'finance.hint.taxRate',
    placeholder: 'finance.placeholder.taxRate',
    align: 'right',
    cell: (value) => formatMargin(value),
  },
  margin: { label: label('margin'), align: 'right', input: () => <Derived percent />, cell: (value) => <Margin value={value} /> },
  currency: { label: label('currency'), hint: 'finance.hint.currency', placeholder: 'finance.placeholder.currency' },
  // dates and statuses
  chargeDate: date('chargeDate'),
  feeDate: date('feeDate'),
  recordDate: date('recordDate'),
  invoiceDate: date('invoiceDate'),
  settlementDate: date('settlementDate'),
  periodStart: date('periodStart'),
  periodEnd: date('periodEnd'),
  paymentStatus: status('paymentStatus'),
  status: status('status'),
  remark: { label: label('remark'), kind: 'textarea' },
  // the list's own
  files: { label: 'files.files', align: 'right', cell: (value) => (value as unknown[] | undefined)?.length ?? 0 },
  createTime: { label: label('createTime'), kind: 'dateTime', sortable: true },
  keyword: { label: 'finance.keyword', placeholder: 'finance.keywordHint' },
} satisfies Record<string, FieldEntry>;

export type FinanceFieldId = keyof typeof catalog;

export const { filterFields, formFields, tableColumns } = fieldCatalog(catalog);
