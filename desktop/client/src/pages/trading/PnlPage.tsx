// Profit and loss by B/L or by sales contract, derived from the contracts and the finance records in
// the base currency, beside the profit records typed by hand: the largest difference first, so a
// record that disagrees with the documents stands out.
import { DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { Paged } from '../../../../../shared/paging';
import { BASE_CURRENCY, PNL_GROUPS, type PnlRow } from '../../../../../shared/trading';
import { useT, type MessageKey } from '../../i18n';
import { PageTitle } from '../../kit/PageTitle';
import { formatQuantity } from '../warehouse/warehouseUi';
import { BlLink } from '../reports/BlLink';
import { ReportFilters, useReport } from '../reports/reportUi';

const PATH = '/reports/pnl';

const money = (v: number | null) => (v === null ? '–' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export default function PnlPage() {
  const t = useT();
  const { query, setParams, report, pagination } = useReport<Paged<PnlRow>>(PATH);
  const byContract = query.groupBy === 'contract';

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
      <ReportFilters
        initialValues={{
          groupBy: query.groupBy ?? 'bl',
          commodity: query.commodity,
          period: query.startDate && query.endDate ? [dayjs(query.startDate), dayjs(query.endDate)] : undefined,
        }}
        setParams={setParams}
        query={query}
        exportPath={`${PATH}/export`}
        fileName="pnl"
        error={report.error}
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
      </ReportFilters>
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
        pagination={pagination(report.data?.total ?? 0)}
      />
    </Space>
  );
}
