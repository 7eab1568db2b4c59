// The open position: per commodity and unit, what the contracts bought and sold, what came in and
// went out against them, the stock, and what is open; each figure links to the contracts behind it
// (the contract execution report, filtered), each row opens its delivery months, and each commodity
// has a chart of its open quantities by month with its net position.
import { ReportButtons } from './reportUi';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../kit/PageTitle';
import { Alert, Card, Col, DatePicker, Empty, Form, Input, Row, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { PositionReport, PositionRow } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT, type MessageKey } from '../../i18n';
import { formatQuantity } from '../warehouse/warehouseUi';
import { GroupedColumnChart } from './charts';

const PATH = '/reports/position';

type Figure = 'purchased' | 'sold' | 'received' | 'delivered' | 'inStock' | 'openToReceive' | 'openToDeliver' | 'netPosition';
type Month = PositionRow['byMonth'][number];

/** The contracts behind a figure: the execution report of the commodity's contracts of that side (open ones for an open quantity). */
function behind(figure: Figure, commodity: string): string | undefined {
  if (figure === 'inStock' || figure === 'netPosition') return undefined;
  const q = new URLSearchParams({ keyword: commodity });
  if (figure === 'sold' || figure === 'delivered' || figure === 'openToDeliver') q.set('contractType', '3');
  if (figure === 'openToReceive' || figure === 'openToDeliver') q.set('status', 'open');
  return `/reports/contract-execution?${q}`;
}

interface Filters {
  commodity?: string;
  asOf?: Dayjs | null;
}

export default function PositionPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form] = Form.useForm<Filters>();
  const report = useQuery({
    queryKey: [PATH, query],
    queryFn: ({ signal }) => api.get<PositionReport>(PATH, query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.items ?? [];

  const search = (values: Filters) => {
    const next: Record<string, string> = {};
    if (values.commodity?.trim()) next.commodity = values.commodity.trim();
    if (values.asOf) next.asOf = values.asOf.format('YYYY-MM-DD');
    setParams(next);
  };

  const figure = <T extends PositionRow | Month>(key: Figure, commodity: (r: T) => string, strong = false) => ({
    key,
    dataIndex: key,
    title: t(`desk.f.${key}` as MessageKey),
    align: 'right' as const,
    render: (v: number, r: T) => {
      const text = strong ? (
        <Typography.Text strong type={v < 0 ? 'danger' : undefined}>
          {formatQuantity(v)}
        </Typography.Text>
      ) : (
        formatQuantity(v)
      );
      const link = behind(key, commodity(r));
      return link ? (
        <Link to={link} title={t('desk.contractsBehind')}>
          {text}
        </Link>
      ) : (
        text
      );
    },
  });

  const columns = [
    { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
    { key: 'unit', dataIndex: 'unit', title: t('desk.unit'), render: (v: string | null) => v ?? '' },
    ...(['purchased', 'sold', 'received', 'delivered', 'inStock', 'openToReceive', 'openToDeliver'] as const).map((k) => figure<PositionRow>(k, (r) => r.commodity)),
    figure<PositionRow>('netPosition', (r) => r.commodity, true),
  ];

  const monthTable = (row: PositionRow) => (
    <Table<Month>
      size="small"
      data-testid="position-months"
      rowKey={(m) => m.month ?? ''}
      dataSource={row.byMonth}
      pagination={false}
      columns={[
        { key: 'month', dataIndex: 'month', title: t('desk.f.month'), render: (v: string | null) => v ?? t('desk.noMonth') },
        ...(['purchased', 'sold', 'received', 'delivered', 'openToReceive', 'openToDeliver'] as const).map((k) => figure<Month>(k, () => row.commodity)),
      ]}
    />
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.position')}</PageTitle>
      <Card size="small">
        <Form form={form} layout="inline" initialValues={{ commodity: query.commodity, asOf: query.asOf ? dayjs(query.asOf) : null }} onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="commodity" label={t('wh.f.commodity')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="asOf" label={t('desk.f.asOf')}>
            <DatePicker />
          </Form.Item>
          <ReportButtons exportPath={`${PATH}/export`} query={query} fileName="position" />
        </Form>
      </Card>
      {report.error && <Alert type="error" showIcon title={errorText(report.error, t)} />}
      <Table<PositionRow>
        size="small"
        data-testid="position-table"
        rowKey={(r) => `${r.commodity}\u0000${r.unit ?? ''}`}
        loading={report.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: monthTable, rowExpandable: (r) => r.byMonth.length > 0 }}
        locale={{ emptyText: <Empty description={t('desk.position.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
      <Row gutter={[16, 16]}>
        {rows.map((r) => (
          <Col key={`${r.commodity}\u0000${r.unit ?? ''}`} xs={24} xl={12}>
            <Card
              size="small"
              data-testid="position-chart"
              title={t('desk.chart.title', { commodity: r.commodity, unit: r.unit ?? t('desk.noUnit') })}
              extra={
                <Typography.Text strong data-testid="position-net">
                  {t('desk.netPosition', { value: formatQuantity(r.netPosition) })}
                </Typography.Text>
              }
            >
              <GroupedColumnChart
                data={r.byMonth.flatMap((m) => [
                  { x: m.month ?? t('desk.noMonth'), series: t('desk.f.openToReceive'), value: m.openToReceive },
                  { x: m.month ?? t('desk.noMonth'), series: t('desk.f.openToDeliver'), value: m.openToDeliver },
                ])}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
