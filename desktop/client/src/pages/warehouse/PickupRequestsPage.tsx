// Pickup requests: a driver coming for goods. Each row offers only the status moves the service
// allows (pending → approved → in_progress → completed; cancel from the first three); completed
// and cancelled requests take no edits.
import { pickupBody, pickupUpdateBody, type PickupRequest } from '../../../../../shared/warehouse';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useT, type MessageKey } from '../../i18n';
import { ListPage, type RowAction } from '../../kit/ListPage';
import { filterFields, formFields, tableColumns, withUnit } from './warehouseFields';
import { SheetButtons } from './SheetButtons';
import { usePrintAction } from './usePrint';
import { PICKUP_PATH } from './warehouseUi';

type Status = PickupRequest['status'];

/** The next status of each open status, with its button. */
const NEXT: Partial<Record<Status, { status: Status; label: MessageKey; confirm?: MessageKey }>> = {
  pending: { status: 'approved', label: 'wh.pickup.approve' },
  approved: { status: 'in_progress', label: 'wh.pickup.start' },
  in_progress: { status: 'completed', label: 'wh.pickup.complete', confirm: 'wh.pickup.completeConfirm' },
};
const isOpen = (row: PickupRequest) => row.status !== 'completed' && row.status !== 'cancelled';

const filters = filterFields(['orderNumber', 'blNumber', 'pickupStatus', 'warehouse', ['keyword', { placeholder: 'wh.pickup.keywordHint' }], 'deliveryDate']);

const fields = formFields(
  [
    ['blNumber', { required: true }],
    'warehouse',
    'commodity',
    'quantity',
    'unit',
    'deliveryDate',
    'licensePlate',
    'driverName',
    'driverPhone',
    'driverIdCard',
    'deliveryAddress',
    'remark',
  ],
  pickupBody,
);

const columns = tableColumns<PickupRequest>([
  'orderNumber',
  'pickupStatus',
  'deliveryDate',
  'warehouse',
  'commodity',
  ['quantity', { cell: withUnit }],
  'shippedQuantity',
  'remainingQuantity',
  'blNumber',
  'licensePlate',
  'driverName',
  'driverPhone',
  'deliveryAddress',
]);

export default function PickupRequestsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const done = (status: Status) => (row: PickupRequest) => t('wh.pickup.changed', { number: row.orderNumber, status: t(`wh.pickup.${status}`) });

  const print = usePrintAction<PickupRequest>(PICKUP_PATH);
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
    list.push(print);
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
      cardFields={['orderNumber', 'licensePlate', 'driverName', 'status', 'remainingQuantity']}
      canDelete
      onChanged={() => void queryClient.invalidateQueries({ queryKey: ['dashboard'] })}
    />
  );
}
