// The home page: stock by warehouse and commodity as bars (the part approved pickup requests reserve
// shaded, with what stays available), today's pickup requests by status,
// licences expiring within 30 days (soonest first) and the latest audit entries. Each panel reads
// the areas' own list routes, and shows to the readers of its area.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { auditRecord } from '../../../../../shared/audit';
import type { CompanyFile } from '../../../../../shared/company';
import type { Paged } from '../../../../../shared/paging';
import { PICKUP_STATUSES, type PickupRequest, type summaryRow } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { useCan } from '../../kit/access';
import { StatusBadge } from '../../kit/StatusBadge';
import { actionMap, AuditRecordName } from '../audit/names';
import { DashboardCharts } from '../reports/DashboardCharts';
import { PositionCard } from '../reports/PositionCard';
import { formatQuantity, pickupStatusMap } from '../warehouse/warehouseUi';
import { PageTitle } from '../../kit/PageTitle';

type SummaryRow = z.infer<typeof summaryRow>;
type AuditRecord = z.infer<typeof auditRecord>;

function Panel({ title, link, error, children }: { title: string; link?: string; error?: unknown; children: ReactNode }) {
  const t = useT();
  return (
    <Card title={title} size="small" style={{ height: '100%' }} extra={link && <Link to={link}>{t('dash.all')}</Link>}>
      {error ? <Alert type="error" showIcon title={t('dash.loadFailed', { reason: errorText(error, t) })} /> : children}
    </Card>
  );
}

/**
 * Current stock as horizontal bars, grouped by warehouse, scaled to the largest row; the reserved
 * part of a bar is shaded, and what is available and reserved shows under it.
 */
function StockPanel() {
  const t = useT();
  const stock = useQuery({ queryKey: ['dashboard', 'stock'], queryFn: ({ signal }) => api.get<SummaryRow[]>('/inventory/summary', undefined, signal) });
  const rows = (stock.data ?? []).filter((r) => r.currentStock > 0);
  const max = Math.max(...rows.map((r) => r.currentStock), 0);
  const warehouses = [...new Set(rows.map((r) => r.warehouse))];
  return (
    <Panel title={t('dash.stock')} link="/warehouse/stock-summary" error={stock.error}>
      {!stock.isLoading && rows.length === 0 && <Empty description={t('dash.noStock')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {warehouses.map((w) => (
          <div key={w}>
            <Typography.Text strong>{w}</Typography.Text>
            {rows
              .filter((r) => r.warehouse === w)
              .map((r) => (
                <div key={r.commodity} data-testid="stock-bar" style={{ display: 'grid', gridTemplateColumns: '160px 1fr 110px', gap: 8, alignItems: 'center', marginTop: 6 }}>
                  <Typography.Text ellipsis={{ tooltip: r.commodity }}>{r.commodity}</Typography.Text>
                  <div style={{ background: '#f0f4f8', borderRadius: 3, height: 14 }}>
                    <div
                      style={{
                        display: 'flex',
                        width: `${Math.max(1, (r.currentStock / max) * 100)}%`,
                        background: '#1f6fb2',
                        borderRadius: 3,
                        height: '100%',
                        overflow: 'hidden',
                      }}
                    >
                      {/* the reserved part at the bar's end, hatched in the bar's colour */}
                      <div
                        style={{
                          marginLeft: 'auto',
                          width: `${Math.min(100, ((r.reservedQuantity ?? 0) / r.currentStock) * 100)}%`,
                          background: 'repeating-linear-gradient(135deg, #1f6fb2 0 3px, #9cc3e6 3px 6px)',
                        }}
                      />
                    </div>
                  </div>
                  <Typography.Text style={{ textAlign: 'right' }}>{formatQuantity(r.currentStock)}</Typography.Text>
                  {r.availableQuantity !== null && (
                    <Typography.Text type="secondary" data-testid="stock-available" style={{ gridColumn: '1 / 4', textAlign: 'right', fontSize: 12, marginTop: -6 }}>
                      {t('dash.availableReserved', { available: formatQuantity(r.availableQuantity), reserved: formatQuantity(r.reservedQuantity) })}
                    </Typography.Text>
                  )}
                </div>
              ))}
          </div>
        ))}
      </Space>
    </Panel>
  );
}

/** How many of today's pickup requests (by pickup date) are in each status. */
function PickupPanel() {
  const t = useT();
  const today = dayjs().format('YYYY-MM-DD');
  const counts = useQueries({
    queries: PICKUP_STATUSES.map((status) => ({
      queryKey: ['dashboard', 'pickup', status, today],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Paged<PickupRequest>>('/apply-delivery', { status, startDate: today, endDate: today, pageSize: 1 }, signal),
    })),
  });
  const error = counts.find((c) => c.error)?.error;
  const dayLink = `startDate=${today}&endDate=${today}`;
  return (
    <Panel title={t('dash.pickupToday', { date: today })} link={`/warehouse/pickup-requests?${dayLink}`} error={error}>
      <Row gutter={[12, 12]}>
        {PICKUP_STATUSES.map((status, i) => (
          <Col key={status} flex="1 1 0" style={{ minWidth: 96 }}>
            <Link to={`/warehouse/pickup-requests?status=${status}&${dayLink}`} data-testid={`pickup-${status}`}>
              <Statistic title={<StatusBadge value={status} map={pickupStatusMap} />} value={counts[i]?.data?.total ?? '–'} loading={counts[i]?.isLoading} />
            </Link>
          </Col>
        ))}
      </Row>
    </Panel>
  );
}

function ExpiringPanel() {
  const t = useT();
  const formatDate = useFormatDate();
  const files = useQuery({
    queryKey: ['dashboard', 'expiring'],
    queryFn: ({ signal }) => api.get<Paged<CompanyFile>>('/company/files', { expiringWithinDays: 30, pageSize: 100 }, signal),
  });
  const items = [...(files.data?.items ?? [])].sort((a, b) => (a.expireDate ?? '').localeCompare(b.expireDate ?? '')).slice(0, 8);
  const today = dayjs().startOf('day');
  const due = (date: string) => {
    const n = dayjs(date).diff(today, 'day');
    if (n < 0) return <Tag color="red">{t('dash.expired', { n: -n })}</Tag>;
    if (n === 0) return <Tag color="red">{t('dash.expiresToday')}</Tag>;
    return <Tag color={n <= 7 ? 'orange' : 'gold'}>{t('dash.daysLeft', { n })}</Tag>;
  };
  return (
    <Panel title={t('dash.expiring')} link="/company-files" error={files.error}>
      <List
        size="small"
        loading={files.isLoading}
        locale={{ emptyText: t('dash.noExpiring') }}
        dataSource={items}
        renderItem={(f) => (
          <List.Item extra={f.expireDate && due(f.expireDate)}>
            {/* not List.Item.Meta, whose title is an h4 straight after the page's h1 (axe: heading-order) */}
            <div>
              <Typography.Text strong>{[f.companyName, f.fileCategory].filter(Boolean).join(' · ') || f.fileName}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{`${f.fileName} · ${formatDate(f.expireDate, false)}`}</Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </Panel>
  );
}

function ActivityPanel() {
  const t = useT();
  const formatDate = useFormatDate();
  const audit = useQuery({ queryKey: ['dashboard', 'audit'], queryFn: ({ signal }) => api.get<Paged<AuditRecord>>('/audit', { pageSize: 8 }, signal) });
  return (
    <Panel title={t('dash.activity')} link="/admin/audit" error={audit.error}>
      <List
        size="small"
        loading={audit.isLoading}
        locale={{ emptyText: t('dash.noActivity') }}
        dataSource={audit.data?.items ?? []}
        renderItem={(a) => (
          <List.Item>
            <Space wrap>
              <Typography.Text type="secondary">{formatDate(a.time)}</Typography.Text>
              <Typography.Text strong>{a.username ?? t('audit.system')}</Typography.Text>
              <StatusBadge value={a.action} map={actionMap} />
              <AuditRecordName entry={a} />
            </Space>
          </List.Item>
        )}
      />
    </Panel>
  );
}

export default function DashboardPage() {
  const t = useT();
  // each panel shows to the readers of its area
  const pickup = useCan('pickup');
  const stock = useCan('stock');
  const files = useCan('companyFiles');
  const audit = useCan('audit');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.dashboard')}</PageTitle>
      {pickup && <PickupPanel />}
      {stock && <DashboardCharts />}
      <Row gutter={[16, 16]}>
        {stock && (
          <Col xs={24} xl={12}>
            <StockPanel />
          </Col>
        )}
        {stock && (
          <Col xs={24} xl={12}>
            <PositionCard />
          </Col>
        )}
        {files && (
          <Col xs={24} xl={12}>
            <ExpiringPanel />
          </Col>
        )}
        {audit && (
          <Col xs={24}>
            <ActivityPanel />
          </Col>
        )}
      </Row>
    </Space>
  );
}
