// The outbound order's form, shared by the outbound list and the gate: its fields (the pickup
// request chosen from a server search), and the values an order starts from when it ships against
// a pickup request.
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { outboundBody, type PickupRequest } from '../../../../../shared/warehouse';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { formFields } from './warehouseFields';
import { OutboundQuantity } from './Availability';
import { formatQuantity, PICKUP_PATH } from './warehouseUi';
import { LazySelect } from '../../kit/lazyAntd';

/** Today in the browser's own calendar, as business dates are written. */
export const todayIso = () => dayjs().format('YYYY-MM-DD');

/**
 * What an outbound order shipping against `pickup` starts from: its warehouse, commodity, B/L
 * number, plate and driver, the quantity left to ship and, unless `date` is false, today's date.
 */
export function shipFrom(pickup: PickupRequest, date = true): Record<string, unknown> {
  const fill: Record<string, unknown> = { deliveryOrderNumber: pickup.orderNumber, quantity: pickup.remainingQuantity };
  for (const k of ['blNumber', 'warehouse', 'commodity', 'unit', 'licensePlate', 'driverName', 'driverPhone'] as const) if (pickup[k] != null) fill[k] = pickup[k];
  if (date) fill.outboundDate = todayIso();
  return fill;
}

/**
 * Chooses the pickup request an order ships against (approved or in progress ones: the others take
 * no shipment), searched on the server; the order starts from it (`shipFrom`; a date already chosen
 * stays).
 */
function PickupSelect({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const t = useT();
  const form = Form.useFormInstance();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: [PICKUP_PATH, { keyword, shippable: true, pageSize: 20, purpose: 'select' }],
    queryFn: ({ signal }) => api.get<Paged<PickupRequest>>(PICKUP_PATH, { keyword, shippable: true, pageSize: 20 }, signal),
  });
  const requests = data?.items ?? [];
  return (
    <LazySelect
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
        const { deliveryOrderNumber: _number, ...fill } = shipFrom(picked, !form.getFieldValue('outboundDate'));
        form.setFieldsValue(fill);
      }}
    />
  );
}

export const outboundFields = formFields(
  [
    'outboundNumber',
    ['deliveryOrderNumber', { label: 'wh.f.deliveryOrderNumber', input: () => <PickupSelect /> }],
    'warehouse',
    'commodity',
    'commodityCode',
    ['quantity', { input: () => <OutboundQuantity /> }],
    'unit',
    'outboundDate',
    'outboundStatus',
    'blNumber',
    'licensePlate',
    'driverName',
    'driverPhone',
    'operator',
    'remark',
  ],
  outboundBody,
);
