// The warehouse area's field catalog (kit/fieldCatalog.tsx): each field declared once, and the
// inbound, outbound, pickup, transfer and warehouse pages picking their filters, form fields and
// columns from it by id. Quantities show with three decimals; the warehouse is the warehouse select.
import { Form, Typography } from 'antd';
import { OUTBOUND_STATUSES, PICKUP_STATUSES, RECEIPT_STATUSES, TRANSFER_STATUSES, WAREHOUSE_STATUSES } from '../../../../../shared/warehouse';
import { useT, type MessageKey } from '../../i18n';
import { fieldCatalog, partyCell, type FieldEntry } from '../../kit/fieldCatalog';
import type { StatusMap } from '../../kit/StatusBadge';
import { BlLink } from '../reports/BlLink';
import { RecordLink } from '../../kit/RecordLink';
import { CommodityInput, PartyInput, UnitInput } from '../master-data/CatalogInput';
import { formatQuantity, outboundStatusMap, pickupStatusMap, receiptStatusMap, transferStatusMap, WarehouseSelect, warehouseStatusMap } from './warehouseUi';

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
  warehouse: { label: 'wh.f.warehouse', required: true, input: () => <WarehouseSelect />, filter: () => <WarehouseSelect search /> },
  commodity: { label: 'wh.f.commodity', required: true, input: () => <CommodityInput /> },
  commodityCode: { label: 'wh.f.commodityCode' },
  blNumber: { label: 'wh.f.blNumber', cell: (value) => <BlLink value={value as string | null} /> },
  blWeight: { label: 'wh.f.blWeight', kind: 'quantity' },
  inboundWeight: { label: 'wh.f.inboundWeight', kind: 'quantity', required: true, hint: 'wh.inbound.weightHint' },
  weightDifference: {
    label: 'wh.f.weightDifference',
    input: () => <WeightDifference />,
    cell: (value) => (value == null ? '' : <Typography.Text type={(value as number) < 0 ? 'danger' : undefined}>{formatQuantity(value as number)}</Typography.Text>),
  },
  quantity: { label: 'wh.f.quantity', kind: 'quantity', required: true, unit: { field: 'unit' } },
  shippedQuantity: { label: 'wh.f.shippedQuantity', kind: 'quantity', cell: (value, row) => withUnit(value, row) },
  remainingQuantity: { label: 'wh.f.remainingQuantity', kind: 'quantity', cell: (value, row) => withUnit(value, row) },
  unit: { label: 'wh.f.unit', input: () => <UnitInput /> },
  inboundDate: { label: 'wh.f.inboundDate', kind: 'date', required: true },
  outboundDate: { label: 'wh.f.outboundDate', kind: 'date', required: true },
  deliveryDate: { label: 'wh.f.deliveryDate', kind: 'date', required: true },
  transferDate: { label: 'wh.f.transferDate', kind: 'date', required: true },
  updateTime: { label: 'wh.f.updateTime', kind: 'dateTime' },
  createdBy: { label: 'wh.f.createdBy' },
  approvedBy: { label: 'wh.f.approvedBy' },
  approvedTime: { label: 'wh.f.approvedTime', kind: 'dateTime' },
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
  receivedQuantity: { label: 'wh.f.receivedQuantity', kind: 'quantity' },
  receiver: { label: 'wh.f.receiver' },
  fileList: { label: 'wh.f.files', cell: (value) => <FileCount files={value as unknown[]} /> },
  keyword: { label: 'wh.f.keyword' },
  remark: { label: 'wh.f.remark', kind: 'textarea' },
} satisfies Record<string, FieldEntry>;

export const { filterFields, formFields, tableColumns } = fieldCatalog(catalog, { formatNumber: formatQuantity });
