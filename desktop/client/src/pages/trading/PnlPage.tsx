// Profit and loss by B/L or by sales contract, derived from the contracts and the finance records in
// the base currency, beside the profit records typed by hand: the largest difference first, so a
// record that disagrees with the documents stands out.
import { ReportButtons } from '../reports/reportUi';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../kit/PageTitle';
import { Alert, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { Paged } from '../../../../../shared/paging';
import { BASE_CURRENCY, PNL_GROUPS, type PnlRow } from '../../../../../shared/trading';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT, type MessageKey } from '../../i18n';
import { formatQuantity } from '../warehouse/warehouseUi';
import { BlLink } from '../reports/BlLink';

const PATH = '/reports/pnl';

interface Filters {
  groupBy?: string;
  commodity?: string;
  period?: [Dayjs, Dayjs] | null;
}

const money = (v: number | null) => (v === null ? '–' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export default function PnlPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form] = Form.useForm<Filters>();
  const report = useQuery({
    queryKey: [PATH, query],
    queryFn: ({ signal }) => api.get<Paged<PnlRow>>(PATH, query, signal),
    placeholderData: keepPreviousData,
  });
  const byContract = query.groupBy === 'contract';

  const search = (values: Filters) => {
    const next: Record<string, string> = {};
    if (values.groupBy) next.groupBy = values.groupBy;
    if (values.commodity?.trim()) next.commodity = values.commodity.trim();
    if (values.period) [next.startDate, next.endDate] = [values.period[0].format('YYYY-MM-DD'), values.period[1].format('YYYY-MM-DD')];
    setParams(next);
  };
  const amount = (key: keyof PnlRow & string, title: MessageKey) => ({
    key,
    dataIndex: key,
    title: t(title),
    align: 'right' as const,
    render: (v: number | null) => money(v),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.pnl')}</PageTitle>
      <Typography.Text type="secondary">{t('td.pnl.intro', { currency: BASE_CURRENCY })}</Typography.Text>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          initialValues={{
            groupBy: query.groupBy ?? 'bl',
            commodity: query.commodity,
            period: query.startDate && query.endDate ? [dayjs(query.startDate), dayjs(query.endDate)] : undefined,
          }}
          onFinish={search}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="groupBy" label={t('td.f.groupBy')}>
            <Select style={{ width: 140 }} options={PNL_GROUPS.map((g) => ({ value: g, label: t(`td.groupBy.${g}`) }))} />
          </Form.Item>
          <Form.Item name="commodity" label={t('wh.f.commodity')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="period" label={t('rp.f.period')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <ReportButtons
            onReset={() => {
              form.resetFields();
              setParams({});
            }}
            exportPath={`${PATH}/export`}
            query={query}
            fileName="pnl"
          />
        </Form>
      </Card>
      {report.error && <Alert type="error" showIcon title={errorText(report.error, t)} />}
      <Table<PnlRow>
        size="small"
        data-testid="pnl-table"
        scroll={{ x: 'max-content' }}
        rowKey={(r) => r.blNumber ?? r.contractCode ?? ''}
        loading={report.isFetching}
        dataSource={report.data?.items ?? []}
        columns={[
          byContract
            ? {
                key: 'contractCode',
                dataIndex: 'contractCode',
                title: t('rp.f.contractCode'),
                fixed: 'left',
                render: (v: string) => <Link to={`/contracts?keyword=${encodeURIComponent(v)}`}>{v}</Link>,
              }
            : { key: 'blNumber', dataIndex: 'blNumber', title: t('wh.f.blNumber'), fixed: 'left', render: (v: string) => <BlLink value={v} /> },
          { ...amount('profit', 'td.f.profit'), render: (v: number | null) => <Typography.Text strong>{money(v)}</Typography.Text> },
          amount('recordedProfit', 'td.f.recordedProfit'),
          {
            ...amount('difference', 'td.f.difference'),
            render: (v: number | null) =>
              v === null || v === 0 ? (
                money(v)
              ) : (
                <Typography.Text type="danger" strong>
                  {money(v)}
                </Typography.Text>
              ),
          },
          {
            key: 'missingRates',
            title: t('td.f.missingRates'),
            render: (_: unknown, r) =>
              r.missingRates.map((rate) => (
                <Tag key={rate} color="warning">
                  {rate}
                </Tag>
              )),
          },
          { key: 'margin', dataIndex: 'margin', title: t('td.f.margin'), align: 'right', render: (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(2)}%`) },
          { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
          { key: 'deliveredQuantity', dataIndex: 'deliveredQuantity', title: t('td.f.deliveredQuantity'), align: 'right', render: (v: number) => formatQuantity(v) },
          amount('revenue', 'td.f.revenue'),
          amount('purchaseCost', 'td.f.purchaseCost'),
          amount('freight', 'td.f.freight'),
          amount('miscCharges', 'td.f.miscCharges'),
          amount('serviceFees', 'td.f.serviceFees'),
          amount('otherCosts', 'td.f.otherCosts'),
        ]}
        pagination={{
          current: Number(query.page ?? 1),
          pageSize: Number(query.pageSize ?? 20),
          total: report.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('list.total', { total }),
          onChange: (page, pageSize) => setParams({ ...query, page: String(page), pageSize: String(pageSize) }),
        }}
      />
    </Space>
  );
}
