// The stock movement report (进销存) of a period: opening, inbound, outbound, transferred and closing
// per warehouse and commodity with a totals row per commodity, and one commodity's rows as charts.
import { Card, Col, DatePicker, Form, Row, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { MovementReport, MovementRow } from '../../../../../shared/reports';
import { useT } from '../../i18n';
import { PageTitle } from '../../kit/PageTitle';
import { formatQuantity } from '../warehouse/warehouseUi';
import { BarChart, GroupedColumnChart } from './charts';
import { quantityColumn, ReportFilters, StockFilterItems, useChartCommodity, useReport } from './reportUi';

const PATH = '/reports/stock-movement';

export default function StockMovementPage() {
  const t = useT();
  const monthStart = dayjs().startOf('month').format('YYYY-MM-DD');
  const monthEnd = dayjs().endOf('month').format('YYYY-MM-DD');
  const { query, setParams, report } = useReport<MovementReport>(PATH, { startDate: monthStart, endDate: monthEnd });
  const rows = report.data?.items ?? [];
  // the service's totals, one per commodity: quantities of different goods are never added together
  const totals = report.data?.totals ?? [];
  const [commodity, picker] = useChartCommodity(totals.map((total) => total.commodity));
  // the charts draw one commodity: a row per warehouse
  const charted = rows.filter((r) => r.commodity === commodity);

  const columns = [
    { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
    { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
    quantityColumn<MovementRow>('opening', t('rp.f.opening')),
    quantityColumn<MovementRow>('inbound', t('rp.f.inbound')),
    quantityColumn<MovementRow>('outbound', t('rp.f.outbound')),
    quantityColumn<MovementRow>('transferred', t('rp.f.transferred')),
    { ...quantityColumn<MovementRow>('closing', t('rp.f.closing')), render: (v: number) => <Typography.Text strong>{formatQuantity(v)}</Typography.Text> },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.stockMovement')}</PageTitle>
      <ReportFilters
        initialValues={{ period: [dayjs(query.startDate), dayjs(query.endDate)], warehouse: query.warehouse, commodity: query.commodity }}
        setParams={setParams}
        query={query}
        exportPath={`${PATH}/export`}
        fileName="stock-movement"
        error={report.error}
        reset={false}
      >
        <Form.Item name="period" label={t('rp.f.period')} rules={[{ required: true, message: t('rp.periodRequired') }]}>
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <StockFilterItems />
      </ReportFilters>
      <Table<MovementRow>
        size="small"
        rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}`}
        loading={report.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={false}
        summary={() =>
          totals.length > 0 && (
            <>
              {totals.map((total) => (
                <Table.Summary.Row key={total.commodity} data-testid="movement-totals">
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <Typography.Text strong>{t('rp.totalsOf', { commodity: total.commodity })}</Typography.Text>
                  </Table.Summary.Cell>
                  {(['opening', 'inbound', 'outbound', 'transferred', 'closing'] as const).map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 2} align="right">
                      <Typography.Text strong>{formatQuantity(total[k])}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ))}
            </>
          )
        }
      />
      {picker}
      {commodity !== undefined && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('rp.chart.closingByWarehouse', { commodity })}>
              <BarChart data={charted.map((w) => ({ label: w.warehouse, value: w.closing }))} valueTitle={t('rp.f.closing')} />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('rp.chart.movementByWarehouse', { commodity })}>
              <GroupedColumnChart
                data={charted.flatMap(({ warehouse: x, ...w }) => [
                  { x, series: t('rp.f.inbound'), value: w.inbound },
                  { x, series: t('rp.f.outbound'), value: w.outbound },
                  { x, series: t('rp.f.transferred'), value: w.transferred },
                ])}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Space>
  );
}
