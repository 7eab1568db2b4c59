// Outbound orders: goods leaving a warehouse (taken from stock; the service refuses more than is
// in stock), optionally serving a pickup request; receipt confirmed by the customer (each
// confirmation kept in a history) and a printable A4 page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Drawer, Form, Select, Table } from 'antd';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import {
  confirmReceiptBody,
  OUTBOUND_STATUSES,
  outboundBody,
  outboundUpdateBody,
  RECEIPT_STATUSES,
  type OutboundOrder,
  type PickupRequest,
  type receiptRecord,
} from '../../../../../shared/warehouse';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { EditDrawer } from '../../kit/EditDrawer';
import { fetchFile } from '../../kit/files';
import { ListPage, type ColumnDef, type RowAction } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { StatusBadge } from '../../kit/StatusBadge';
import { formatQuantity, invalidateStock, outboundStatusMap, receiptStatusMap, WarehouseSelect } from './warehouseUi';
import { PICKUP_PATH } from './PickupRequestsPage';
import { SheetButtons } from './SheetButtons';
import { BlLink } from '../reports/BlLink';
import { CommodityInput } from '../master-data/CatalogInput';

export const OUTBOUND_PATH = '/delivery-details';
type Receipt = z.infer<typeof receiptRecord>;

/**
 * Chooses the pickup request an order ships against (approved or in progress ones: the others take
 * no shipment), searched on the server; the order starts from it: warehouse, commodity, B/L number,
 * plate, driver and the quantity left to ship are filled in.
 */
function PickupSelect({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const t = useT();
  const form = Form.useFormInstance();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: [PICKUP_PATH, { keyword, pageSize: 20, purpose: 'select' }],
    queryFn: ({ signal }) => api.get<Paged<PickupRequest>>(PICKUP_PATH, { keyword, pageSize: 20 }, signal),
  });
  const requests = (data?.items ?? []).filter((p) => p.status === 'approved' || p.status === 'in_progress');
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={isFetching}
      placeholder={t('wh.outbound.pickupHint')}
      data-testid="pickup-select"
      options={requests.map((p) => ({
        value: p.orderNumber,
        label: `${p.orderNumber} · ${p.blNumber} · ${p.commodity} ${t('wh.outbound.pickupLeft', { left: formatQuantity(p.remainingQuantity), total: formatQuantity(p.quantity) })}`,
      }))}
      onChange={(v: string | undefined) => {
        onChange?.(v ?? null);
        const picked = requests.find((p) => p.orderNumber === v);
        if (!picked) return;
        const fill: Record<string, unknown> = { quantity: picked.remainingQuantity };
        for (const k of ['blNumber', 'warehouse', 'commodity', 'unit', 'licensePlate', 'driverName', 'driverPhone'] as const) if (picked[k] != null) fill[k] = picked[k];
        form.setFieldsValue(fill);
      }}
    />
  );
}

const filters: FieldDef[] = [
  { name: 'outboundNumber', label: 'wh.f.outboundNumber' },
  { name: 'blNumber', label: 'wh.f.blNumber' },
  { name: 'deliveryOrderNumber', label: 'wh.f.orderNumber' },
  { name: 'outboundStatus', label: 'wh.f.outboundStatus', kind: 'select', options: OUTBOUND_STATUSES.map((s) => ({ value: s, label: `wh.outbound.${s}` as const })) },
  { name: 'receiptStatus', label: 'wh.f.receiptStatus', kind: 'select', options: RECEIPT_STATUSES.map((s) => ({ value: s, label: `wh.receipt.${s}` as const })) },
  { name: 'warehouse', label: 'wh.f.warehouse', render: () => <WarehouseSelect search /> },
  { name: 'commodity', label: 'wh.f.commodity' },
  { name: 'keyword', label: 'wh.f.keyword', placeholder: 'wh.outbound.keywordHint' },
  { name: 'dates', label: 'wh.f.outboundDate', kind: 'dateRange' },
];

const fields: FieldDef[] = [
  { name: 'outboundNumber', label: 'wh.f.outboundNumber', hint: 'wh.numberHint' },
  { name: 'deliveryOrderNumber', label: 'wh.f.deliveryOrderNumber', render: () => <PickupSelect /> },
  { name: 'warehouse', label: 'wh.f.warehouse', required: true, render: () => <WarehouseSelect /> },
  { name: 'commodity', label: 'wh.f.commodity', required: true, render: () => <CommodityInput /> },
  { name: 'commodityCode', label: 'wh.f.commodityCode' },
  { name: 'quantity', label: 'wh.f.quantity', kind: 'number', required: true },
  { name: 'unit', label: 'wh.f.unit' },
  { name: 'outboundDate', label: 'wh.f.outboundDate', kind: 'date', required: true },
  { name: 'outboundStatus', label: 'wh.f.outboundStatus', kind: 'select', options: OUTBOUND_STATUSES.map((s) => ({ value: s, label: `wh.outbound.${s}` as const })) },
  { name: 'blNumber', label: 'wh.f.blNumber' },
  { name: 'licensePlate', label: 'wh.f.licensePlate' },
  { name: 'driverName', label: 'wh.f.driverName' },
  { name: 'driverPhone', label: 'wh.f.driverPhone' },
  { name: 'operator', label: 'wh.f.operator' },
  { name: 'remark', label: 'wh.f.remark', kind: 'textarea' },
];
const editFields = fields.filter((f) => f.name !== 'outboundNumber');

const receiptFields: FieldDef[] = [
  { name: 'receivedQuantity', label: 'wh.f.receivedQuantity', kind: 'number' },
  { name: 'receiver', label: 'wh.f.receiver' },
  { name: 'remark', label: 'wh.f.remark', kind: 'textarea' },
];

const columns: ColumnDef<OutboundOrder>[] = [
  { key: 'outboundNumber', title: 'wh.f.outboundNumber', sortable: true },
  { key: 'outboundStatus', title: 'wh.f.outboundStatus', kind: 'status', status: outboundStatusMap },
  { key: 'receiptStatus', title: 'wh.f.receiptStatus', kind: 'status', status: receiptStatusMap },
  { key: 'outboundDate', title: 'wh.f.outboundDate', kind: 'date' },
  { key: 'deliveryOrderNumber', title: 'wh.f.orderNumber' },
  { key: 'blNumber', title: 'wh.f.blNumber', render: (r) => <BlLink value={r.blNumber} /> },
  { key: 'warehouse', title: 'wh.f.warehouse' },
  { key: 'commodity', title: 'wh.f.commodity' },
  { key: 'quantity', title: 'wh.f.quantity', render: (r) => `${formatQuantity(r.quantity)}${r.unit ? ` ${r.unit}` : ''}` },
  { key: 'licensePlate', title: 'wh.f.licensePlate' },
  { key: 'driverName', title: 'wh.f.driverName' },
  { key: 'operator', title: 'wh.f.operator' },
];

function ReceiptHistory({ order, onClose }: { order: OutboundOrder | null; onClose(): void }) {
  const t = useT();
  const formatDate = useFormatDate();
  const history = useQuery({
    queryKey: [OUTBOUND_PATH, 'receipts', order?.id],
    queryFn: ({ signal }) => api.get<Receipt[]>(`${OUTBOUND_PATH}/receipt-history/${order!.id}`, undefined, signal),
    enabled: !!order,
  });
  return (
    <Drawer open={!!order} size={720} title={order ? t('wh.receipt.historyTitle', { number: order.outboundNumber }) : ''} onClose={onClose} destroyOnHidden>
      {order && <StatusBadge value={order.receiptStatus} map={receiptStatusMap} />}
      <Table<Receipt>
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

  // The print page is served with the token only: it is fetched, then shown from a blob url in a
  // window opened at the click (a window opened after an await would be blocked as a pop-up).
  const print = (row: OutboundOrder) => {
    const win = window.open('', '_blank');
    if (!win) return void message.error(t('wh.outbound.popupBlocked'));
    fetchFile(`/api${OUTBOUND_PATH}/print/${row.id}`)
      .then((blob) => {
        const url = URL.createObjectURL(blob.type.startsWith('text/html') ? blob : new Blob([blob], { type: 'text/html' }));
        win.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      })
      .catch((err: unknown) => {
        win.close();
        void message.error(t('wh.outbound.printFailed', { reason: errorText(err, t) }));
      });
  };

  const actions = (row: OutboundOrder): RowAction<OutboundOrder>[] => [
    ...(row.outboundStatus !== 'cancelled' ? [{ key: 'confirm-receipt', label: 'wh.outbound.confirmReceipt' as const, open: setConfirming }] : []),
    { key: 'receipts', label: 'wh.outbound.history', open: setHistoryOf },
    { key: 'print', label: 'wh.outbound.print', open: print },
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
        create={{ fields, schema: outboundBody, title: () => t('wh.outbound.createTitle') }}
        edit={{
          fields: editFields,
          schema: outboundUpdateBody,
          title: (row) => t('wh.outbound.editTitle', { number: row?.outboundNumber ?? '' }),
          initial: (row) => ({ ...row }),
        }}
        canDelete
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
    </>
  );
}
