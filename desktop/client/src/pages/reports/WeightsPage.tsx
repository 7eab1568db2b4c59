// B/L weights and claims: per lot, the B/L weight against the outturn, the tolerance of the contract
// that lists the B/L and the claim; the lots short beyond their tolerance come first, marked. The
// claim amount shows only to a reader who may read finance (the service leaves it out otherwise).
import { ReportButtons } from './reportUi';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../kit/PageTitle';
import { Alert, Card, Form, Input, Select, Space, Table } from 'antd';
import { useSearchParams } from 'react-router';
import type { Paged } from '../../../../../shared/paging';
import type { WeightRow } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { WarehouseSelect } from '../warehouse/warehouseUi';
import { useWeightColumns } from './weightColumns';

const PATH = '/reports/weights';

interface Filters {
  warehouse?: string;
  commodity?: string;
  blNumber?: string;
  outOfTolerance?: string;
}

export default function WeightsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form] = Form.useForm<Filters>();
  const columns = useWeightColumns();
  const weights = useQuery({
    queryKey: [PATH, query],
    queryFn: ({ signal }) => api.get<Paged<WeightRow>>(PATH, query, signal),
    placeholderData: keepPreviousData,
  });

  const search = (values: Filters) => {
    const next: Record<string, string> = {};
    for (const key of ['warehouse', 'commodity', 'blNumber', 'outOfTolerance'] as const) if (values[key]?.trim()) next[key] = values[key].trim();
    setParams(next);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.weights')}</PageTitle>
      <Card size="small">
        <Form form={form} layout="inline" initialValues={query} onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="warehouse" label={t('wh.f.warehouse')}>
            <WarehouseSelect search />
          </Form.Item>
          <Form.Item name="commodity" label={t('wh.f.commodity')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="blNumber" label={t('desk.f.blNumber')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="outOfTolerance" label={t('desk.f.outOfTolerance')}>
            <Select allowClear style={{ width: 150 }} options={(['true', 'false'] as const).map((v) => ({ value: v, label: t(`desk.out.${v}`) }))} />
          </Form.Item>
          <ReportButtons
            onReset={() => {
              form.resetFields();
              setParams({});
            }}
            exportPath={`${PATH}/export`}
            query={query}
            fileName="weights"
          />
        </Form>
      </Card>
      {weights.error && <Alert type="error" showIcon title={errorText(weights.error, t)} />}
      <Table<WeightRow>
        size="small"
        data-testid="weights-table"
        rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber}`}
        loading={weights.isFetching}
        dataSource={weights.data?.items ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.outOfTolerance ? 'weights-out' : '')}
        pagination={{
          current: Number(query.page ?? 1),
          pageSize: Number(query.pageSize ?? 20),
          total: weights.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('list.total', { total }),
          onChange: (page, pageSize) => setParams({ ...query, page: String(page), pageSize: String(pageSize) }),
        }}
      />
    </Space>
  );
}
