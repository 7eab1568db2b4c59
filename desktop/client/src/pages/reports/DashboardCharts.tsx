// The dashboard's charts of one commodity at a time (never a sum of different goods): its current
// stock per warehouse (bars) and what came in and went out in each of the last 12 months (columns),
// from GET /reports/stock-chart.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row } from 'antd';
import { Link } from 'react-router';
import type { StockChart } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { BarChart, GroupedColumnChart } from './charts';
import { useChartCommodity } from './reportUi';

export function DashboardCharts() {
  const t = useT();
  const chart = useQuery({ queryKey: ['dashboard', 'stock-chart'], queryFn: ({ signal }) => api.get<StockChart>('/reports/stock-chart', undefined, signal) });
  const data = chart.data;
  const commodities = [...new Set([...(data?.byWarehouse ?? []), ...(data?.months ?? [])].map((r) => r.commodity))];
  const [commodity, picker] = useChartCommodity(commodities);
  if (chart.error) return <Alert type="error" showIcon title={t('dash.loadFailed', { reason: errorText(chart.error, t) })} />;
  const stock = (data?.byWarehouse ?? []).filter((w) => w.commodity === commodity);
  const months = (data?.months ?? []).filter((m) => m.commodity === commodity);
  return (
    <Row gutter={[16, 16]}>
      {picker && <Col span={24}>{picker}</Col>}
      <Col xs={24} xl={12}>
        <Card size="small" title={t('rp.chart.byWarehouse', { commodity: commodity ?? '' })} extra={<Link to="/warehouse/lots">{t('menu.lots')}</Link>}>
          {data && stock.length === 0 ? (
            <Empty description={t('dash.noStock')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <BarChart data={stock.map((w) => ({ label: w.warehouse, value: w.currentStock }))} valueTitle={t('wh.f.currentStock')} />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('rp.chart.months', { commodity: commodity ?? '' })} extra={<Link to="/reports/stock-movement">{t('menu.stockMovement')}</Link>}>
          <GroupedColumnChart
            data={months.flatMap((m) => [
              { x: m.month, series: t('rp.f.inbound'), value: m.inbound },
              { x: m.month, series: t('rp.f.outbound'), value: m.outbound },
            ])}
          />
        </Card>
      </Col>
    </Row>
  );
}
