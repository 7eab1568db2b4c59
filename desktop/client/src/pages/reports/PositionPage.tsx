// The open position: per commodity and unit, what the contracts bought and sold, what came in and
// went out against them, the stock, and what is open; each figure links to the contracts behind it
// (the contract execution report, filtered), each row opens its delivery months, and each commodity
// has a chart of its open quantities by month with its net position.
import { Card, Col, DatePicker, Empty, Form, Input, Row, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { PositionReport, PositionRow } from '../../../../../shared/reports';
import { useT, type MessageKey } from '../../i18n';
import { PageTitle } from '../../kit/PageTitle';
import { formatQuantity } from '../warehouse/warehouseUi';
import { GroupedColumnChart } from './charts';
import { ReportFilters, useReport } from './reportUi';

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

export default function PositionPage() {
  const t = useT();
  const { query, setParams, report } = useReport<PositionReport>(PATH);
  const rows = report.data?.items ?? [];

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
      <ReportFilters
        initialValues={{ commodity: query.commodity, asOf: query.asOf ? dayjs(query.asOf) : null }}
        setParams={setParams}
        query={query}
        exportPath={`${PATH}/export`}
        fileName="position"
        error={report.error}
      >
        <Form.Item name="commodity" label={t('wh.f.commodity')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="asOf" label={t('desk.f.asOf')}>
          <DatePicker />
        </Form.Item>
      </ReportFilters>
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
