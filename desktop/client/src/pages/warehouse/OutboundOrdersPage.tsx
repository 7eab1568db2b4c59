// Outbound orders: goods leaving a warehouse (taken from stock; the service refuses more than is
// in stock), optionally serving a pickup request; receipt confirmed by the customer (each
// confirmation kept in a history) and a printable A4 page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { confirmReceiptBody, outboundBody, outboundUpdateBody, type OutboundOrder, type receiptRecord } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { EditDrawer } from '../../kit/EditDrawer';
import { LazyTable } from '../../kit/lazyAntd';
import { ListPage, type RowAction } from '../../kit/ListPage';
import { StatusBadge } from '../../kit/StatusBadge';
import { formatQuantity, invalidateStock, OUTBOUND_PATH, receiptStatusMap } from './warehouseUi';
import { outboundFields, todayIso } from './outboundForm';
import { filterFields, formFields, tableColumns, withUnit } from './warehouseFields';
import { SheetButtons } from './SheetButtons';
import { usePrintAction } from './usePrint';
import { useDrawerSize } from '../../kit/usePhone';
import { usePostedActions, usePostedEdit } from './posted';

/** The stock fields of a posted outbound order (its status: a cancel or re-activation). */
const STOCK_FIELDS = ['warehouse', 'commodity', 'blNumber', 'quantity', 'outboundDate', 'outboundStatus'];

type Receipt = z.infer<typeof receiptRecord>;

const filters = filterFields([
  'outboundNumber',
  'blNumber',
  'deliveryOrderNumber',
  'outboundStatus',
  'receiptStatus',
  'warehouse',
  'commodity',
  ['keyword', { placeholder: 'wh.outbound.keywordHint' }],
  'outboundDate',
]);

const editFields = outboundFields.filter((f) => f.name !== 'outboundNumber');

const receiptFields = formFields(['receivedQuantity', 'receiver', 'remark'], confirmReceiptBody);

// the columns a clerk scans first (number, status, date, warehouse, commodity, quantity), then the rest
const columns = tableColumns<OutboundOrder>([
  'outboundNumber',
  'outboundStatus',
  'outboundDate',
  'warehouse',
  'commodity',
  ['quantity', { cell: withUnit }],
  'receiptStatus',
  'deliveryOrderNumber',
  'blNumber',
  'licensePlate',
  'driverName',
  'operator',
]);

function ReceiptHistory({ order, onClose }: { order: OutboundOrder | null; onClose(): void }) {
  const t = useT();
  const drawerSize = useDrawerSize(720);
  const formatDate = useFormatDate();
  const history = useQuery({
    queryKey: [OUTBOUND_PATH, 'receipts', order?.id],
    queryFn: ({ signal }) => api.get<Receipt[]>(`${OUTBOUND_PATH}/receipt-history/${order!.id}`, undefined, signal),
    enabled: !!order,
  });
  return (
    <Drawer open={!!order} size={drawerSize} title={order ? t('wh.receipt.historyTitle', { number: order.outboundNumber }) : ''} onClose={onClose} destroyOnHidden>
      {order && <StatusBadge value={order.receiptStatus} map={receiptStatusMap} />}
      <LazyTable<Receipt>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="id"
        loading={history.isFetching}
        dataSource={history.data ?? []}
        pagination={false}
        locale={{ emptyText: history.isError ? errorText(history.error, t) : t('wh.receipt.none') }}
        columns={[
          { key: 'time', dataIndex: 'time', title: t('wh.f.time'), render: (v: string) => formatDate(v) },
          { key: 'receivedQuantity', dataIndex: 'receivedQuantity', title: t('wh.f.receivedQuantity'), render: (v: number | null) => formatQuantity(v) },
          { key: 'receiver', dataIndex: 'receiver', title: t('wh.f.receiver') },
          { key: 'remark', dataIndex: 'remark', title: t('wh.f.remark') },
          { key: 'username', dataIndex: 'username', title: t('wh.f.confirmedBy') },
        ]}
      />
    </Drawer>
  );
}

export default function OutboundOrdersPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<OutboundOrder | null>(null);
  const [historyOf, setHistoryOf] = useState<OutboundOrder | null>(null);
  const receiptInitial = useMemo(() => (confirming ? { receivedQuantity: confirming.quantity } : undefined), [confirming]);

  const print = usePrintAction<OutboundOrder>(OUTBOUND_PATH);
  const posted = usePostedEdit(editFields, STOCK_FIELDS);
  const removal = usePostedActions<OutboundOrder>({
    path: OUTBOUND_PATH,
    numberOf: (r) => r.outboundNumber,
    cancel: { field: 'outboundStatus', when: (r) => r.outboundStatus !== 'cancelled' },
  });

  const actions = (row: OutboundOrder): RowAction<OutboundOrder>[] => [
    ...(row.outboundStatus !== 'cancelled' ? [{ key: 'confirm-receipt', label: 'wh.outbound.confirmReceipt' as const, open: setConfirming }] : []),
    { key: 'receipts', label: 'wh.outbound.history', open: setHistoryOf, needs: 'read' },
    print,
    ...removal.action(row),
  ];

  return (
    <>
      <ListPage<OutboundOrder>
        title="menu.outboundOrders"
        path={OUTBOUND_PATH}
        filters={filters}
        columns={columns}
        actions={actions}
        toolbar={<SheetButtons base={OUTBOUND_PATH} importPath={`${OUTBOUND_PATH}/import`} listPath={OUTBOUND_PATH} fileName="outbound-orders" />}
        create={{ fields: outboundFields, schema: outboundBody, title: () => t('wh.outbound.createTitle'), initial: () => ({ outboundDate: todayIso() }) }}
        edit={{
          fields: posted.fields,
          label: posted.label,
          schema: outboundUpdateBody,
          title: (row) => t(posted.approve ? 'wh.posted.correctTitle' : 'wh.outbound.editTitle', { number: row?.outboundNumber ?? '' }),
          initial: (row) => ({ ...row }),
        }}
        cardFields={['outboundNumber', 'licensePlate', 'quantity', 'outboundDate', 'outboundStatus']}
        onChanged={() => invalidateStock(queryClient)}
      />
      <EditDrawer
        open={!!confirming}
        title={confirming ? t('wh.receipt.title', { number: confirming.outboundNumber }) : ''}
        fields={receiptFields}
        schema={confirmReceiptBody}
        initialValues={receiptInitial}
        onClose={() => setConfirming(null)}
        onSubmit={async (values) => {
          if (!confirming) return;
          await api.put(`${OUTBOUND_PATH}/confirm-receipt/${confirming.id}`, values);
          void message.success(t('wh.receipt.done', { number: confirming.outboundNumber }));
          void queryClient.invalidateQueries({ queryKey: [OUTBOUND_PATH] });
        }}
      />
      <ReceiptHistory order={historyOf} onClose={() => setHistoryOf(null)} />
      {removal.dialog}
    </>
  );
}
