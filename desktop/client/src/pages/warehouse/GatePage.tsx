// The gate (issue 28): a truck arrives, the guard types part of its plate (or the pickup order's
// number) and sees the approved and in-progress pickup requests it may load against, with the
// driver's name, ID card and phone, the B/L, the warehouse and what is left to ship; "Ship" opens
// the outbound form filled from the request with today's date. Made for a phone first: one search
// field, one card per request, the buttons under it. The search lives in the address (`?q=`), so a
// reload or back keeps it.
import { PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { plateKey } from '../../../../../shared/names';
import type { Paged } from '../../../../../shared/paging';
import { outboundBody, type OutboundOrder, type PickupRequest } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { EditDrawer } from '../../kit/EditDrawer';
import { useCan } from '../../kit/access';
import { StatusBadge } from '../../kit/StatusBadge';
import { usePhone } from '../../kit/usePhone';
import { outboundFields, shipFrom } from './outboundForm';
import { usePrintAction } from './usePrint';
import { formatQuantity, invalidateStock, OUTBOUND_PATH, PICKUP_PATH, pickupStatusMap } from './warehouseUi';
import { PageTitle } from '../../kit/PageTitle';

const PAGE = 20;
/** What an order number may start with: letters, digits and dashes (PU20261122-0001). */
const NUMBER_RE = /^[A-Za-z0-9-]{2,40}$/;

/** The requests the gate may ship against whose plate contains `text`, and those whose number starts with it (those first). */
function useGateSearch(text: string) {
  const plate = plateKey(text) !== '';
  const number = NUMBER_RE.test(text);
  const [byNumber, byPlate] = useQueries({
    queries: [
      {
        queryKey: [PICKUP_PATH, { orderNumber: text.toUpperCase(), shippable: true, pageSize: PAGE, purpose: 'gate' }],
        queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Paged<PickupRequest>>(PICKUP_PATH, { orderNumber: text.toUpperCase(), shippable: true, pageSize: PAGE }, signal),
        enabled: number,
      },
      {
        queryKey: [PICKUP_PATH, { plate: text, shippable: true, pageSize: PAGE, purpose: 'gate' }],
        queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Paged<PickupRequest>>(PICKUP_PATH, { plate: text, shippable: true, pageSize: PAGE }, signal),
        enabled: plate,
      },
    ],
  });
  const seen = new Set<number>();
  const items = [...(byNumber.data?.items ?? []), ...(byPlate.data?.items ?? [])].filter((p) => !seen.has(p.id) && seen.add(p.id));
  return {
    items,
    searched: plate || number,
    loading: byNumber.isFetching || byPlate.isFetching,
    error: byNumber.error ?? byPlate.error,
  };
}

function RequestCard({ request, onShip, onPrint }: { request: PickupRequest; onShip(): void; onPrint(): void }) {
  const t = useT();
  const formatDate = useFormatDate();
  const phone = usePhone();
  const canShip = useCan('warehouse', 'write');
  const unit = request.unit ? ` ${request.unit}` : '';
  return (
    <Card
      size="small"
      data-testid="gate-card"
      title={
        <Space size={8} wrap>
          <Typography.Text strong style={{ fontSize: 18 }} data-testid="gate-plate">
            {request.licensePlate ?? '—'}
          </Typography.Text>
          <StatusBadge value={request.status} map={pickupStatusMap} />
        </Space>
      }
      extra={<Typography.Text type="secondary">{request.orderNumber}</Typography.Text>}
    >
      <Descriptions size="small" column={phone ? 1 : 2} colon={false} styles={{ label: { width: phone ? 110 : 140 } }}>
        <Descriptions.Item label={t('wh.f.driverName')}>{request.driverName}</Descriptions.Item>
        <Descriptions.Item label={t('wh.f.driverIdCard')}>{request.driverIdCard}</Descriptions.Item>
        <Descriptions.Item label={t('wh.f.driverPhone')}>
          {request.driverPhone && (
            <a href={`tel:${request.driverPhone}`} aria-label={`${t('gate.call')} ${request.driverPhone}`}>
              <PhoneOutlined /> {request.driverPhone}
            </a>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('wh.f.blNumber')}>{request.blNumber}</Descriptions.Item>
        <Descriptions.Item label={t('wh.f.warehouse')}>{request.warehouse}</Descriptions.Item>
        <Descriptions.Item label={t('wh.f.commodity')}>{request.commodity}</Descriptions.Item>
        <Descriptions.Item label={t('gate.remaining')}>
          <Typography.Text strong data-testid="gate-remaining">
            {formatQuantity(request.remainingQuantity)}
            {unit}
          </Typography.Text>
          <Typography.Text type="secondary">
            {' '}
            / {formatQuantity(request.quantity)}
            {unit}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('wh.f.deliveryDate')}>{formatDate(request.deliveryDate, false)}</Descriptions.Item>
        <Descriptions.Item label={t('wh.f.approvedBy')}>{request.approvedBy}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'flex-end' }} wrap>
        <Button onClick={onPrint}>{t('wh.print')}</Button>
        {/* shipping writes an outbound order: the warehouse area's */}
        {canShip && (
          <Button type="primary" onClick={onShip} disabled={request.remainingQuantity <= 0}>
            {t('gate.ship')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

export default function GatePage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const text = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(text);
  const [shipping, setShipping] = useState<PickupRequest | null>(null);
  const print = usePrintAction<PickupRequest>(PICKUP_PATH);
  const found = useGateSearch(text);
  // once per opening: a refetch while the form is open must not reset what was typed
  const shipValues = useMemo(() => (shipping ? shipFrom(shipping) : undefined), [shipping]);

  // the search follows the typing after a pause (a phone's keyboard types slowly), and the address follows the search
  useEffect(() => {
    const next = typed.trim();
    if (next === text) return;
    const timer = setTimeout(() => setParams(next ? { q: next } : {}, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [typed, text, setParams]);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <PageTitle>{t('menu.gate')}</PageTitle>
      <Input.Search
        size="large"
        allowClear
        autoFocus
        maxLength={100}
        value={typed}
        placeholder={t('gate.search')}
        aria-label={t('gate.search')}
        data-testid="gate-search"
        enterButton={<Button type="primary" icon={<SearchOutlined />} aria-label={t('list.search')} />}
        onChange={(e) => setTyped(e.target.value)}
        onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true })}
      />
      <Typography.Text type="secondary">{t('gate.hint')}</Typography.Text>
      {found.error && <Typography.Text type="danger">{errorText(found.error, t)}</Typography.Text>}
      <Spin spinning={found.loading}>
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          {found.searched && !found.loading && found.items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gate.none', { text })} />}
          {found.items.length > 0 && <Typography.Text data-testid="gate-found">{t('gate.found', { n: found.items.length })}</Typography.Text>}
          {found.items.map((request) => (
            <RequestCard key={request.id} request={request} onShip={() => setShipping(request)} onPrint={() => print.open?.(request)} />
          ))}
        </Space>
      </Spin>
      <EditDrawer
        open={!!shipping}
        title={shipping ? t('gate.shipTitle', { number: shipping.orderNumber }) : ''}
        fields={outboundFields}
        schema={outboundBody}
        initialValues={shipValues}
        onClose={() => setShipping(null)}
        onSubmit={async (values) => {
          const order = await api.post<OutboundOrder>(OUTBOUND_PATH, values);
          void message.success(t('gate.shipped', { number: order.outboundNumber }));
          void queryClient.invalidateQueries({ queryKey: [PICKUP_PATH] });
          void queryClient.invalidateQueries({ queryKey: [OUTBOUND_PATH] });
          invalidateStock(queryClient);
        }}
      />
    </Space>
  );
}
