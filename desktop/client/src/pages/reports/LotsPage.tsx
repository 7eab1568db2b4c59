// Lot stock: one row per warehouse, commodity and B/L number, optionally as it stood at the end of
// a date; each B/L number opens its trace.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import type { Paged } from '../../../../../shared/paging';
import { LOT_STOCK_FILTERS, type Lot } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { formatQuantity, WarehouseSelect } from '../warehouse/warehouseUi';
import { BlLink } from './BlLink';
import { ExportButton } from '../../kit/ExportButton';
import { quantityColumn } from './reportUi';
import { PageTitle } from '../../kit/PageTitle';

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
          <Space>
            <Button type="primary" htmlType="submit">
              {t('list.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setParams({});
              }}
            >
              {t('list.reset')}
            </Button>
            <ExportButton path={`${LOTS_PATH}/export`} query={query} fileName="lots" />
          </Space>
        </Form>
      </Card>
      {lots.error && <Alert type="error" showIcon title={errorText(lots.error, t)} />}
      <Table<Lot>
        size="small"
        rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber ?? ''}`}
        loading={lots.isFetching}
        dataSource={lots.data?.items ?? []}
        columns={[
          { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
          { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
          {
            key: 'blNumber',
            title: t('wh.f.blNumber'),
            render: (_: unknown, r) => (r.blNumber ? <BlLink value={r.blNumber} /> : <Typography.Text type="secondary">{t('rp.noBl')}</Typography.Text>),
          },
          quantityColumn<Lot>('inboundQuantity', t('wh.f.inboundQuantity')),
          quantityColumn<Lot>('outboundQuantity', t('wh.f.outboundQuantity')),
          quantityColumn<Lot>('transferredQuantity', t('wh.f.transferredQuantity')),
          { ...quantityColumn<Lot>('currentStock', t('wh.f.currentStock')), render: (v: number) => <Typography.Text strong>{formatQuantity(v)}</Typography.Text> },
          { key: 'firstInboundDate', dataIndex: 'firstInboundDate', title: t('rp.f.firstInboundDate') },
          { key: 'lastMovementDate', dataIndex: 'lastMovementDate', title: t('rp.f.lastMovementDate') },
        ]}
        pagination={{
          current: Number(query.page ?? 1),
          pageSize: Number(query.pageSize ?? 20),
          total: lots.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('list.total', { total }),
          onChange: (page, pageSize) => setParams({ ...query, page: String(page), pageSize: String(pageSize) }),
        }}
      />
    </Space>
  );
}
