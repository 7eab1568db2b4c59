// Pickup requests: a driver coming for goods. Each row offers only the status moves the service
// allows (pending → approved → in_progress → completed; cancel from the first three); completed
// and cancelled requests take no edits. Approving needs pickup: approve; who created and who
// approved a request show in the list and its details (a second person approves: the service's
// refusal is shown as it says it).
import { pickupBody, pickupUpdateBody, type PickupRequest } from '../../../../../shared/warehouse';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { App, Descriptions } from 'antd';
import { errorText } from '../../api/errors';
import { Availability } from './Availability';
import { useFormatDate, useT, type MessageKey } from '../../i18n';
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
  'createdBy',
  'approvedBy',
  'approvedTime',
]);

/** The details under a row: who asked, who approved and when, the driver's ID card and the remark. */
function PickupDetails({ row }: { row: PickupRequest }) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="pickup-details">
      <Descriptions.Item label={t('wh.f.createdBy')}>{row.createdBy}</Descriptions.Item>
      <Descriptions.Item label={t('wh.f.approvedBy')}>{row.approvedBy}</Descriptions.Item>
      <Descriptions.Item label={t('wh.f.approvedTime')}>{formatDate(row.approvedTime)}</Descriptions.Item>
      <Descriptions.Item label={t('wh.f.driverIdCard')}>{row.driverIdCard}</Descriptions.Item>
      <Descriptions.Item label={t('wh.f.remark')}>{row.remark}</Descriptions.Item>
      {row.status === 'pending' && (
        <Descriptions.Item label={t('wh.pickup.availableWhenApproved')}>
          <Availability warehouse={row.warehouse} commodity={row.commodity} blNumber={row.blNumber} />
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

export default function PickupRequestsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const done = (status: Status) => (row: PickupRequest) => t('wh.pickup.changed', { number: row.orderNumber, status: t(`wh.pickup.${status}`) });

  const print = usePrintAction<PickupRequest>(PICKUP_PATH);
  const { modal, message } = App.useApp();
  // approving reserves the request's quantity: the dialog says what is available first (issue 27)
  const approve = (row: PickupRequest) =>
    modal.confirm({
      title: t('wh.pickup.approveTitle', { number: row.orderNumber }),
      content: (
        <>
          {t('wh.pickup.approveText', { quantity: withUnit(row.remainingQuantity, row) })}
          <Availability warehouse={row.warehouse} commodity={row.commodity} blNumber={row.blNumber} />
        </>
      ),
      okText: t('wh.pickup.approve'),
      onOk: async () => {
        try {
          await api.put(`${PICKUP_PATH}/${row.id}`, { status: 'approved' });
          void message.success(done('approved')(row));
          void queryClient.invalidateQueries({ queryKey: [PICKUP_PATH] });
          void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        } catch (err) {
          void message.error(errorText(err, t));
        }
      },
    });
  const actions = (row: PickupRequest): RowAction<PickupRequest>[] => {
    const list: RowAction<PickupRequest>[] = [];
    const next = NEXT[row.status];
    if (next?.status === 'approved') list.push({ key: 'approved', label: next.label, needs: 'approve', open: approve });
    else if (next)
      list.push({
        key: next.status,
        label: next.label,
        confirm: next.confirm,
        needs: 'write',
        run: (r) => api.put(`${PICKUP_PATH}/${r.id}`, { status: next.status }),
        done: done(next.status),
      });
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
      expandedRow={(row) => <PickupDetails row={row} />}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: ['dashboard'] })}
    />
  );
}
