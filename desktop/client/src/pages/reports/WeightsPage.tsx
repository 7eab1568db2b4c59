// B/L weights and claims: per lot, the B/L weight against the outturn, the tolerance of the contract
// that lists the B/L and the claim; the lots short beyond their tolerance come first, marked. The
// claim amount shows only to a reader who may read finance (the service leaves it out otherwise).
import { Form, Select, Space, Table } from 'antd';
import type { Paged } from '../../../../../shared/paging';
import type { WeightRow } from '../../../../../shared/reports';
import { useT } from '../../i18n';
import { PageTitle } from '../../kit/PageTitle';

import { ReportFilters, StockFilterItems, useReport } from './reportUi';
import { useWeightColumns } from './weightColumns';

const PATH = '/reports/weights';

export default function WeightsPage() {
  const t = useT();
  const { query, setParams, report: weights, pagination } = useReport<Paged<WeightRow>>(PATH);
  const columns = useWeightColumns();

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.weights')}</PageTitle>
      <ReportFilters initialValues={query} setParams={setParams} query={query} exportPath={`${PATH}/export`} fileName="weights" error={weights.error}>
        <StockFilterItems bl />
        <Form.Item name="outOfTolerance" label={t('desk.f.outOfTolerance')}>
          <Select allowClear style={{ width: 150 }} options={(['true', 'false'] as const).map((v) => ({ value: v, label: t(`desk.out.${v}`) }))} />
        </Form.Item>
      </ReportFilters>
      <Table<WeightRow>
        size="small"
        data-testid="weights-table"
        rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber}`}
        loading={weights.isFetching}
        dataSource={weights.data?.items ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.outOfTolerance ? 'weights-out' : '')}
        pagination={pagination(weights.data?.total ?? 0)}
      />
    </Space>
  );
}
