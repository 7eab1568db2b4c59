// Lot stock: one row per warehouse, commodity and B/L number, with today what approved pickup
// requests naming the B/L reserve and what stays available, optionally as it stood at the end of a
// date (without reservations); each B/L number opens its trace. On a phone each lot is a card.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Empty, Form, Input, Pagination, Select, Space, Spin, Table, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import type { Paged } from '../../../../../shared/paging';
import { LOT_STOCK_FILTERS, type Lot } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { formatQuantity, WarehouseSelect } from '../warehouse/warehouseUi';
import { BlLink } from './BlLink';
import { ReportButtons, quantityColumn } from './reportUi';
import { PageTitle } from '../../kit/PageTitle';
import { FieldCard } from '../../kit/FieldCard';
import { usePhone } from '../../kit/usePhone';

const LOTS_PATH = '/inventory/lots';

interface Filters {
  warehouse?: string;
  commodity?: string;
  blNumber?: string;
  inStock?: string;
  asOf?: Dayjs | null;
}

export default function LotsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form] = Form.useForm<Filters>();
  const lots = useQuery({
    queryKey: [LOTS_PATH, query],
    queryFn: ({ signal }) => api.get<Paged<Lot>>(LOTS_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
  const phone = usePhone();
  const items = lots.data?.items ?? [];
  // reservations are today's: an as-of view has none (the API answers null), and shows no such columns
  const reservations = !query.asOf;
  const blOf = (r: Lot) => (r.blNumber ? <BlLink value={r.blNumber} /> : <Typography.Text type="secondary">{t('rp.noBl')}</Typography.Text>);
  const strong = (v: number | null) => <Typography.Text strong>{formatQuantity(v)}</Typography.Text>;
  const pagination = {
    current: Number(query.page ?? 1),
    pageSize: Number(query.pageSize ?? 20),
    total: lots.data?.total ?? 0,
    showTotal: (total: number) => t('list.total', { total }),
    onChange: (page: number, pageSize: number) => setParams({ ...query, page: String(page), pageSize: String(pageSize) }),
  };

  const search = (values: Filters) => {
    const next: Record<string, string> = {};
    for (const key of ['warehouse', 'commodity', 'blNumber', 'inStock'] as const) if (values[key]?.trim()) next[key] = values[key].trim();
    if (values.asOf) next.asOf = values.asOf.format('YYYY-MM-DD');
    setParams(next);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.lots')}</PageTitle>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          initialValues={{ ...query, inStock: query.inStock ?? 'true', asOf: query.asOf ? dayjs(query.asOf) : undefined }}
          onFinish={search}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="warehouse" label={t('wh.f.warehouse')}>
            <WarehouseSelect search />
          </Form.Item>
          <Form.Item name="commodity" label={t('wh.f.commodity')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="blNumber" label={t('wh.f.blNumber')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="inStock" label={t('rp.f.inStock')}>
            <Select style={{ width: 110 }} options={LOT_STOCK_FILTERS.map((v) => ({ value: v, label: t(`rp.inStock.${v}`) }))} />
          </Form.Item>
          <Form.Item name="asOf" label={t('rp.f.asOf')}>
            <DatePicker />
          </Form.Item>
          <ReportButtons
            onReset={() => {
              form.resetFields();
              setParams({});
            }}
            exportPath={`${LOTS_PATH}/export`}
            query={query}
            fileName="lots"
          />
        </Form>
      </Card>
      {lots.error && <Alert type="error" showIcon title={errorText(lots.error, t)} />}
      {phone ? (
        <Spin spinning={lots.isFetching}>
          <Space orientation="vertical" size="small" style={{ width: '100%' }}>
            {items.length === 0 && !lots.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            {items.map((r) => (
              <FieldCard
                key={`${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber ?? ''}`}
                title={blOf(r)}
                extra={r.warehouse}
                fields={[
                  { key: 'commodity', label: t('wh.f.commodity'), value: r.commodity },
                  { key: 'currentStock', label: t('wh.f.currentStock'), value: strong(r.currentStock) },
                  ...(reservations
                    ? [
                        { key: 'availableQuantity', label: t('wh.f.availableQuantity'), value: formatQuantity(r.availableQuantity) },
                        { key: 'reservedQuantity', label: t('wh.f.reservedQuantity'), value: formatQuantity(r.reservedQuantity) },
                      ]
                    : []),
                  { key: 'lastMovementDate', label: t('rp.f.lastMovementDate'), value: r.lastMovementDate },
                ]}
              />
            ))}
            <Pagination simple align="center" {...pagination} />
          </Space>
        </Spin>
      ) : (
        <Table<Lot>
          size="small"
          rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber ?? ''}`}
          loading={lots.isFetching}
          dataSource={items}
          columns={[
            { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
            { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
            { key: 'blNumber', title: t('wh.f.blNumber'), render: (_: unknown, r) => blOf(r) },
            quantityColumn<Lot>('inboundQuantity', t('wh.f.inboundQuantity')),
            quantityColumn<Lot>('outboundQuantity', t('wh.f.outboundQuantity')),
            quantityColumn<Lot>('transferredQuantity', t('wh.f.transferredQuantity')),
            { ...quantityColumn<Lot>('currentStock', t('wh.f.currentStock')), render: strong },
            ...(reservations
              ? [
                  {
                    ...quantityColumn<Lot>('reservedQuantity', t('wh.f.reservedQuantity')),
                    title: <Tooltip title={t('rp.lotReservedHint')}>{t('wh.f.reservedQuantity')}</Tooltip>,
                  },
                  {
                    ...quantityColumn<Lot>('availableQuantity', t('wh.f.availableQuantity')),
                    title: <Tooltip title={t('wh.summary.availableHint')}>{t('wh.f.availableQuantity')}</Tooltip>,
                  },
                ]
              : []),
            { key: 'firstInboundDate', dataIndex: 'firstInboundDate', title: t('rp.f.firstInboundDate') },
            { key: 'lastMovementDate', dataIndex: 'lastMovementDate', title: t('rp.f.lastMovementDate') },
          ]}
          pagination={{ ...pagination, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        />
      )}
    </Space>
  );
}
