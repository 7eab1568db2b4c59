// Inbound orders: what enters stock (inboundWeight), with the bill-of-lading weight kept for
// comparison and their difference shown in the list and while typing. Shrinking or deleting an
// order whose goods have gone out is refused by the service; its message is shown.
import { Form, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { inboundBody, inboundUpdateBody, type InboundOrder } from '../../../../../shared/warehouse';
import { useT } from '../../i18n';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { formatQuantity, invalidateStock, WarehouseSelect } from './warehouseUi';
import { SheetButtons } from './SheetButtons';
import { BlLink } from '../reports/BlLink';

export const INBOUND_PATH = '/inventory/inbound';

const filters: FieldDef[] = [
  { name: 'inboundNumber', label: 'wh.f.inboundNumber' },
  { name: 'blNumber', label: 'wh.f.blNumber' },
  { name: 'warehouse', label: 'wh.f.warehouse', render: () => <WarehouseSelect search /> },
  { name: 'commodity', label: 'wh.f.commodity' },
  { name: 'keyword', label: 'wh.f.keyword', placeholder: 'wh.inbound.keywordHint' },
  { name: 'dates', label: 'wh.f.inboundDate', kind: 'dateRange' },
];

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

const fields: FieldDef[] = [
  { name: 'inboundNumber', label: 'wh.f.inboundNumber', hint: 'wh.numberHint' },
  { name: 'warehouse', label: 'wh.f.warehouse', required: true, render: () => <WarehouseSelect /> },
  { name: 'commodity', label: 'wh.f.commodity', required: true },
  { name: 'commodityCode', label: 'wh.f.commodityCode' },
  { name: 'blNumber', label: 'wh.f.blNumber' },
  { name: 'blWeight', label: 'wh.f.blWeight', kind: 'number' },
  { name: 'inboundWeight', label: 'wh.f.inboundWeight', kind: 'number', required: true, hint: 'wh.inbound.weightHint' },
  { name: 'weightDifference', label: 'wh.f.weightDifference', render: () => <WeightDifference /> },
  { name: 'inboundDate', label: 'wh.f.inboundDate', kind: 'date', required: true },
  { name: 'owner', label: 'wh.f.owner' },
  { name: 'contractNumber', label: 'wh.f.contractNumber' },
  { name: 'operator', label: 'wh.f.operator' },
  { name: 'remark', label: 'wh.f.remark', kind: 'textarea' },
];
const editFields = fields.filter((f) => f.name !== 'inboundNumber');

const columns: ColumnDef<InboundOrder>[] = [
  { key: 'inboundNumber', title: 'wh.f.inboundNumber', sortable: true },
  { key: 'inboundDate', title: 'wh.f.inboundDate', kind: 'date' },
  { key: 'warehouse', title: 'wh.f.warehouse' },
  { key: 'commodity', title: 'wh.f.commodity' },
  { key: 'blNumber', title: 'wh.f.blNumber', render: (r) => <BlLink value={r.blNumber} /> },
  { key: 'blWeight', title: 'wh.f.blWeight', render: (r) => formatQuantity(r.blWeight) },
  { key: 'inboundWeight', title: 'wh.f.inboundWeight', render: (r) => formatQuantity(r.inboundWeight) },
  {
    key: 'weightDifference',
    title: 'wh.f.weightDifference',
    render: (r) => (r.weightDifference == null ? '' : <Typography.Text type={r.weightDifference < 0 ? 'danger' : undefined}>{formatQuantity(r.weightDifference)}</Typography.Text>),
  },
  { key: 'owner', title: 'wh.f.owner' },
  { key: 'contractNumber', title: 'wh.f.contractNumber' },
  { key: 'operator', title: 'wh.f.operator' },
];

export default function InboundOrdersPage() {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <ListPage<InboundOrder>
      title="menu.inboundOrders"
      path={INBOUND_PATH}
      filters={filters}
      columns={columns}
      toolbar={<SheetButtons base="/inventory" importPath="/inventory/upload" listPath={INBOUND_PATH} fileName="inbound-orders" />}
      create={{ fields, schema: inboundBody, title: () => t('wh.inbound.createTitle') }}
      edit={{
        fields: editFields,
        schema: inboundUpdateBody,
        title: (row) => t('wh.inbound.editTitle', { number: row?.inboundNumber ?? '' }),
        initial: (row) => ({ ...row }),
      }}
      canDelete
      onChanged={() => invalidateStock(queryClient)}
    />
  );
}
