// Pickup requests: a driver coming for goods. Each row offers only the status moves the service
// allows (pending → approved → in_progress → completed; cancel from the first three); completed
// and cancelled requests take no edits.
import { PICKUP_STATUSES, pickupBody, pickupUpdateBody, type PickupRequest } from '../../../../../shared/warehouse';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useT, type MessageKey } from '../../i18n';
import { ListPage, type ColumnDef, type RowAction } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { formatQuantity, pickupStatusMap, WarehouseSelect } from './warehouseUi';
import { SheetButtons } from './SheetButtons';
import { BlLink } from '../reports/BlLink';

export const PICKUP_PATH = '/apply-delivery';
type Status = PickupRequest['status'];

/** The next status of each open status, with its button. */
const NEXT: Partial<Record<Status, { status: Status; label: MessageKey; confirm?: MessageKey }>> = {
  pending: { status: 'approved', label: 'wh.pickup.approve' },
  approved: { status: 'in_progress', label: 'wh.pickup.start' },
  in_progress: { status: 'completed', label: 'wh.pickup.complete', confirm: 'wh.pickup.completeConfirm' },
};
const isOpen = (row: PickupRequest) => row.status !== 'completed' && row.status !== 'cancelled';

const filters: FieldDef[] = [
  { name: 'orderNumber', label: 'wh.f.orderNumber' },
  { name: 'blNumber', label: 'wh.f.blNumber' },
  { name: 'status', label: 'wh.f.status', kind: 'select', options: PICKUP_STATUSES.map((s) => ({ value: s, label: `wh.pickup.${s}` as const })) },
  { name: 'warehouse', label: 'wh.f.warehouse', render: () => <WarehouseSelect search /> },
  { name: 'keyword', label: 'wh.f.keyword', placeholder: 'wh.pickup.keywordHint' },
  { name: 'dates', label: 'wh.f.deliveryDate', kind: 'dateRange' },
];

const fields: FieldDef[] = [
  { name: 'blNumber', label: 'wh.f.blNumber', required: true },
  { name: 'warehouse', label: 'wh.f.warehouse', required: true, render: () => <WarehouseSelect /> },
  { name: 'commodity', label: 'wh.f.commodity', required: true },
  { name: 'quantity', label: 'wh.f.quantity', kind: 'number', required: true },
  { name: 'unit', label: 'wh.f.unit' },
  { name: 'deliveryDate', label: 'wh.f.deliveryDate', kind: 'date', required: true },
  { name: 'licensePlate', label: 'wh.f.licensePlate' },
  { name: 'driverName', label: 'wh.f.driverName' },
  { name: 'driverPhone', label: 'wh.f.driverPhone' },
  { name: 'driverIdCard', label: 'wh.f.driverIdCard' },
  { name: 'deliveryAddress', label: 'wh.f.deliveryAddress' },
  { name: 'remark', label: 'wh.f.remark', kind: 'textarea' },
];

const columns: ColumnDef<PickupRequest>[] = [
  { key: 'orderNumber', title: 'wh.f.orderNumber', sortable: true },
  { key: 'status', title: 'wh.f.status', kind: 'status', status: pickupStatusMap },
  { key: 'deliveryDate', title: 'wh.f.deliveryDate', kind: 'date' },
  { key: 'blNumber', title: 'wh.f.blNumber', render: (r) => <BlLink value={r.blNumber} /> },
  { key: 'warehouse', title: 'wh.f.warehouse' },
  { key: 'commodity', title: 'wh.f.commodity' },
  { key: 'quantity', title: 'wh.f.quantity', render: (r) => `${formatQuantity(r.quantity)}${r.unit ? ` ${r.unit}` : ''}` },
  { key: 'licensePlate', title: 'wh.f.licensePlate' },
  { key: 'driverName', title: 'wh.f.driverName' },
  { key: 'driverPhone', title: 'wh.f.driverPhone' },
  { key: 'deliveryAddress', title: 'wh.f.deliveryAddress' },
];

export default function PickupRequestsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const done = (status: Status) => (row: PickupRequest) => t('wh.pickup.changed', { number: row.orderNumber, status: t(`wh.pickup.${status}`) });

  const actions = (row: PickupRequest): RowAction<PickupRequest>[] => {
    const list: RowAction<PickupRequest>[] = [];
    const next = NEXT[row.status];
    if (next)
      list.push({ key: next.status, label: next.label, confirm: next.confirm, run: (r) => api.put(`${PICKUP_PATH}/${r.id}`, { status: next.status }), done: done(next.status) });
    if (isOpen(row))
      list.push({
        key: 'cancel',
        label: 'wh.pickup.cancel',
        confirm: 'wh.pickup.cancelConfirm',
        danger: true,
        run: (r) => api.put(`${PICKUP_PATH}/${r.id}/cancel`),
        done: done('cancelled'),
      });
    return list;
  };

  return (
    <ListPage<PickupRequest>
      title="menu.pickupRequests"
      path={PICKUP_PATH}
      filters={filters}
      columns={columns}
      actions={actions}
      toolbar={<SheetButtons base={PICKUP_PATH} importPath={`${PICKUP_PATH}/import`} listPath={PICKUP_PATH} fileName="pickup-requests" />}
      create={{ fields, schema: pickupBody, title: () => t('wh.pickup.createTitle') }}
      edit={{
        fields,
        schema: pickupUpdateBody,
        title: (row) => t('wh.pickup.editTitle', { number: row?.orderNumber ?? '' }),
        initial: (row) => ({ ...row }),
      }}
      canEdit={isOpen}
      canDelete
      onChanged={() => void queryClient.invalidateQueries({ queryKey: ['dashboard'] })}
    />
  );
}
