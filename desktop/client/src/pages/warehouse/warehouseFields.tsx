// The warehouse area's field catalog: each field declared once (label, kind, its input, how its
// column shows it), and each page's filters, form and columns picking entries by id, with the few
// per-page differences (a required flag, a keyword hint) given at the pick (Ant Design ProTable's
// model). Kinds: a 'date' field filters as the dates range, a 'select' shows as a status badge, a
// 'number' as a quantity, a 'warehouse' is the warehouse select.
import { Form, Typography } from 'antd';
import type { ReactNode } from 'react';
import { OUTBOUND_STATUSES, PICKUP_STATUSES, RECEIPT_STATUSES, TRANSFER_STATUSES, WAREHOUSE_STATUSES } from '../../../../../shared/warehouse';
import { useT, type MessageKey } from '../../i18n';
import type { ColumnDef } from '../../kit/ListPage';
import type { FieldDef, Option } from '../../kit/fields';
import type { StatusMap } from '../../kit/StatusBadge';
import { BlLink } from '../reports/BlLink';
import { RecordLink } from '../../kit/RecordLink';
import { CommodityInput, PartyInput } from '../master-data/CatalogInput';
import { formatQuantity, outboundStatusMap, pickupStatusMap, receiptStatusMap, transferStatusMap, WarehouseSelect, warehouseStatusMap } from './warehouseUi';

interface FieldEntry {
  /** the request's and the record's field name (default: the catalog id) */
  name?: string;
  label: MessageKey;
  kind?: 'text' | 'textarea' | 'number' | 'date' | 'dateTime' | 'select' | 'warehouse';
  /** kind 'select': the choices, and the badge of each value in the table */
  options?: readonly Option[];
  status?: StatusMap;
  /** form */
  required?: boolean;
  hint?: MessageKey;
  /** a custom form input */
  input?: () => ReactNode;
  /** kind 'number': the unit after the input, or the form field holding it */
  unit?: FieldDef['unit'];
  /** filter */
  placeholder?: MessageKey;
  /** column */
  sortable?: boolean;
  width?: number;
  cell?: (value: unknown, row: Record<string, unknown>) => ReactNode;
}

const select = (statuses: readonly string[], prefix: string, status: StatusMap): Pick<FieldEntry, 'kind' | 'options' | 'status'> => ({
  kind: 'select',
  options: statuses.map((s) => ({ value: s, label: `${prefix}.${s}` as MessageKey })),
  status,
});

/** inboundWeight − blWeight of the form, as the service computes it. */
function WeightDifference() {
  const form = Form.useFormInstance();
  const bl = Form.useWatch('blWeight', form) as number | null | undefined;
  const inbound = Form.useWatch('inboundWeight', form) as number | null | undefined;
  if (typeof bl !== 'number' || typeof inbound !== 'number') return <Typography.Text type="secondary">—</Typography.Text>;
  const diff = Math.round((inbound - bl) * 1000) / 1000;
  return (
    <Typography.Text strong type={diff < 0 ? 'danger' : undefined} data-testid="weight-difference">
      {diff > 0 ? '+' : ''}
      {formatQuantity(diff)}
    </Typography.Text>
  );
}

/** How many files a row has (nothing when none). */
function FileCount({ files }: { files: readonly unknown[] }) {
  const t = useT();
  return files.length ? t('wh.transfer.fileCount', { n: files.length }) : '';
}

/** A party's name in a list: cut shorter than other free text, so the key columns keep to a laptop's screen. */
const partyCell = (value: unknown) =>
  value == null || value === '' ? (
    ''
  ) : (
    <span className="cell-text cell-party" title={String(value)}>
      {String(value)}
    </span>
  );

/** A quantity followed by the row's unit. */
export const withUnit = (value: unknown, row: Record<string, unknown>) => `${formatQuantity(value as number | null)}${row.unit ? ` ${row.unit as string}` : ''}`;

const catalog = {
  inboundNumber: { label: 'wh.f.inboundNumber', hint: 'wh.numberHint', sortable: true },
  outboundNumber: { label: 'wh.f.outboundNumber', hint: 'wh.numberHint', sortable: true },
  orderNumber: { label: 'wh.f.orderNumber', sortable: true },
  transferNumber: { label: 'wh.f.transferNumber', sortable: true },
  deliveryOrderNumber: { label: 'wh.f.orderNumber', cell: (value) => <RecordLink kind="pickupRequest" number={value as string | null} /> },
  code: { label: 'wh.f.code', required: true, sortable: true },
  name: { label: 'wh.f.name', required: true },
  address: { label: 'wh.f.address' },
  contactPerson: { label: 'wh.f.contactPerson' },
  contactPhone: { label: 'wh.f.contactPhone' },
  warehouseStatus: { name: 'status', label: 'wh.f.status', ...select(WAREHOUSE_STATUSES, 'wh.status', warehouseStatusMap) },
  pickupStatus: { name: 'status', label: 'wh.f.status', ...select(PICKUP_STATUSES, 'wh.pickup', pickupStatusMap) },
  transferStatus: { name: 'status', label: 'wh.f.status', ...select(TRANSFER_STATUSES, 'wh.transfer', transferStatusMap) },
  outboundStatus: { label: 'wh.f.outboundStatus', ...select(OUTBOUND_STATUSES, 'wh.outbound', outboundStatusMap) },
  receiptStatus: { label: 'wh.f.receiptStatus', ...select(RECEIPT_STATUSES, 'wh.receipt', receiptStatusMap) },
  warehouse: { label: 'wh.f.warehouse', kind: 'warehouse', required: true },
  commodity: { label: 'wh.f.commodity', required: true, input: () => <CommodityInput /> },
  commodityCode: { label: 'wh.f.commodityCode' },
  blNumber: { label: 'wh.f.blNumber', cell: (value) => <BlLink value={value as string | null} /> },
  blWeight: { label: 'wh.f.blWeight', kind: 'number' },
  inboundWeight: { label: 'wh.f.inboundWeight', kind: 'number', required: true, hint: 'wh.inbound.weightHint' },
  weightDifference: {
    label: 'wh.f.weightDifference',
    input: () => <WeightDifference />,
    cell: (value) => (value == null ? '' : <Typography.Text type={(value as number) < 0 ? 'danger' : undefined}>{formatQuantity(value as number)}</Typography.Text>),
  },
  quantity: { label: 'wh.f.quantity', kind: 'number', required: true, unit: { field: 'unit' } },
  shippedQuantity: { label: 'wh.f.shippedQuantity', kind: 'number', cell: (value, row) => withUnit(value, row) },
  remainingQuantity: { label: 'wh.f.remainingQuantity', kind: 'number', cell: (value, row) => withUnit(value, row) },
  unit: { label: 'wh.f.unit' },
  inboundDate: { label: 'wh.f.inboundDate', kind: 'date', required: true },
  outboundDate: { label: 'wh.f.outboundDate', kind: 'date', required: true },
  deliveryDate: { label: 'wh.f.deliveryDate', kind: 'date', required: true },
  transferDate: { label: 'wh.f.transferDate', kind: 'date', required: true },
  updateTime: { label: 'wh.f.updateTime', kind: 'dateTime' },
  transferor: { label: 'wh.f.transferor', required: true, input: () => <PartyInput />, cell: partyCell },
  transferee: { label: 'wh.f.transferee', required: true, input: () => <PartyInput />, cell: partyCell },
  owner: { label: 'wh.f.owner', input: () => <PartyInput />, cell: partyCell },
  contractNumber: { label: 'wh.f.contractNumber', cell: (value) => <RecordLink kind="contract" number={value as string | null} /> },
  operator: { label: 'wh.f.operator' },
  licensePlate: { label: 'wh.f.licensePlate' },
  driverName: { label: 'wh.f.driverName' },
  driverPhone: { label: 'wh.f.driverPhone' },
  driverIdCard: { label: 'wh.f.driverIdCard' },
  deliveryAddress: { label: 'wh.f.deliveryAddress' },
  receivedQuantity: { label: 'wh.f.receivedQuantity', kind: 'number' },
  receiver: { label: 'wh.f.receiver' },
  fileList: { label: 'wh.f.files', cell: (value) => <FileCount files={value as unknown[]} /> },
  keyword: { label: 'wh.f.keyword' },
  remark: { label: 'wh.f.remark', kind: 'textarea' },
} satisfies Record<string, FieldEntry>;

type FieldId = keyof typeof catalog;
/** an entry by id, or by id with what this page sets differently */
type FieldPick = FieldId | readonly [FieldId, Partial<FieldEntry>];

function entry(pick: FieldPick): FieldEntry & { name: string } {
  const [id, own] = typeof pick === 'string' ? [pick, {}] : pick;
  const base: FieldEntry = catalog[id];
  return { name: id, ...base, ...own };
}

/** The search form: a date filters by the range startDate/endDate, a select or warehouse may stay empty. */
export function filterFields(picks: readonly FieldPick[]): FieldDef[] {
  return picks.map((pick) => {
    const e = entry(pick);
    const field: FieldDef = { name: e.name, label: e.label, placeholder: e.placeholder };
    if (e.kind === 'date') return { ...field, name: 'dates', kind: 'dateRange' };
    if (e.kind === 'warehouse') return { ...field, render: () => <WarehouseSelect search /> };
    if (e.kind === 'select') return { ...field, kind: 'select', options: e.options };
    if (e.kind === 'number') return { ...field, kind: 'number' };
    return field;
  });
}

/** The create/edit drawer's fields. */
export function formFields(picks: readonly FieldPick[]): FieldDef[] {
  return picks.map((pick) => {
    const e = entry(pick);
    const field: FieldDef = { name: e.name, label: e.label, hint: e.hint, required: e.required };
    if (e.input) return { ...field, render: e.input };
    if (e.kind === 'warehouse') return { ...field, render: () => <WarehouseSelect /> };
    if (e.kind === 'select') return { ...field, kind: 'select', options: e.options };
    if (e.kind === 'number') return { ...field, kind: 'quantity', unit: e.unit };
    if (e.kind === 'date' || e.kind === 'textarea') return { ...field, kind: e.kind };
    return field;
  });
}

/** The table's columns: dates formatted, selects as badges, numbers as quantities. */
export function tableColumns<T>(picks: readonly FieldPick[]): ColumnDef<T>[] {
  return picks.map((pick) => {
    const e = entry(pick);
    const key = e.name as keyof T & string;
    const cell = e.cell ?? (e.kind === 'number' ? (value: unknown) => formatQuantity(value as number | null) : undefined);
    const column: ColumnDef<T> = { key, title: e.label, sortable: e.sortable, width: e.width };
    if (cell) return { ...column, render: (row: T) => cell((row as Record<string, unknown>)[key], row as Record<string, unknown>) };
    if (e.kind === 'date' || e.kind === 'dateTime') return { ...column, kind: e.kind };
    if (e.kind === 'select') return { ...column, kind: 'status', status: e.status };
    return column;
  });
}
