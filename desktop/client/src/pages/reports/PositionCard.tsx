// The dashboard's net position per commodity (GET /reports/position), each linking to the position.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { PositionReport } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { formatQuantity } from '../warehouse/warehouseUi';

export function PositionCard() {
  const t = useT();
  const position = useQuery({ queryKey: ['dashboard', 'position'], queryFn: ({ signal }) => api.get<PositionReport>('/reports/position', undefined, signal) });
  const rows = position.data?.items ?? [];
  return (
    <Card title={t('desk.position.card')} size="small" style={{ height: '100%' }} extra={<Link to="/reports/position">{t('dash.all')}</Link>}>
      {position.error ? (
        <Alert type="error" showIcon title={t('dash.loadFailed', { reason: errorText(position.error, t) })} />
      ) : !position.isLoading && rows.length === 0 ? (
        <Empty description={t('desk.position.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rows.map((r) => (
            <div key={`${r.commodity}\u0000${r.unit ?? ''}`} data-testid="position-card-row" style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <Link to={`/reports/position?commodity=${encodeURIComponent(r.commodity)}`}>
                {r.commodity}
                {r.unit ? ` (${r.unit})` : ''}
              </Link>
              <Typography.Text strong type={r.netPosition < 0 ? 'danger' : undefined}>
                {formatQuantity(r.netPosition)}
              </Typography.Text>
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}
