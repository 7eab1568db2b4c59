// The B/L trace: enter a bill of lading and see its contracts, its documents, the finance records
// that name it, its stock per warehouse and commodity with each lot's balance drawn as a step line
// (never a sum across commodities), and every ledger entry in order on a vertical timeline.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Input, Row, Space, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { BlTrace, Lot, TimelineEntry, WeightRow } from '../../../../../shared/reports';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { StatusBadge } from '../../kit/StatusBadge';
import { formatQuantity, ledgerKindMap, outboundStatusMap, pickupStatusMap, transferStatusMap } from '../warehouse/warehouseUi';
import { StepChart } from './charts';
import { quantityColumn } from './reportUi';
import { useWeightColumns } from './weightColumns';
import { BlDocumentsCard } from '../trading/BlDocumentsCard';
import { useCan } from '../../kit/access';
import { PageTitle } from '../../kit/PageTitle';

const KIND_COLOR = { inbound: 'green', outbound: 'orange', transfer: 'purple' } as const;

/** The balance of each lot of the B/L (its warehouse and commodity, as the stock is kept) at the end
 *  of each business date from the lot's first entry on, one series per lot, never summed across
 *  commodities. A series is named by its commodity, and by its warehouse too when the B/L lies in
 *  more than one. */
function balanceByDate(timeline: TimelineEntry[]) {
  const lotOf = (e: TimelineEntry) => `${e.warehouse}\u0000${e.commodity}`;
  const severalWarehouses = new Set(timeline.map((e) => e.warehouse)).size > 1;
  const names = new Map(timeline.map((e) => [lotOf(e), severalWarehouses ? `${e.commodity} · ${e.warehouse}` : e.commodity]));
  const dates = [...new Set(timeline.map((e) => e.businessDate))];
  const balances = new Map<string, number>();
  return dates.flatMap((date) => {
    for (const e of timeline) if (e.businessDate === date) balances.set(lotOf(e), e.balance);
    return [...balances].map(([lot, balance]) => ({ date, series: names.get(lot) ?? lot, balance }));
  });
}

function Documents({ trace }: { trace: BlTrace }) {
  const t = useT();
  const small = { size: 'small' as const, pagination: false as const };
  const tabs = [
    trace.contracts && {
      key: 'contracts',
      label: `${t('rp.trace.contracts')} (${trace.contracts.length})`,
      children: (
        <Table
          {...small}
          rowKey="id"
          dataSource={trace.contracts}
          columns={[
            {
              key: 'contractCode',
              dataIndex: 'contractCode',
              title: t('contracts.contractCode'),
              render: (v: string) => <Link to={`/contracts?keyword=${encodeURIComponent(v)}`}>{v}</Link>,
            },
            { key: 'name', dataIndex: 'name', title: t('contracts.name') },
            { key: 'contractType', dataIndex: 'contractType', title: t('contracts.type'), render: (v: '1' | '2' | '3') => t(`contracts.type.${v}`) },
            { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
            { key: 'count', dataIndex: 'count', title: t('contracts.count'), align: 'right', render: (v: number) => formatQuantity(v) },
          ]}
        />
      ),
    },
    trace.inboundOrders && {
      key: 'inbound',
      label: `${t('menu.inboundOrders')} (${trace.inboundOrders.length})`,
      children: (
        <Table
          {...small}
          rowKey="id"
          dataSource={trace.inboundOrders}
          columns={[
            { key: 'inboundNumber', dataIndex: 'inboundNumber', title: t('wh.f.inboundNumber') },
            { key: 'inboundDate', dataIndex: 'inboundDate', title: t('wh.f.inboundDate') },
            { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
            { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
            { key: 'inboundWeight', dataIndex: 'inboundWeight', title: t('wh.f.inboundWeight'), align: 'right', render: (v: number) => formatQuantity(v) },
          ]}
        />
      ),
    },
    trace.pickupRequests && {
      key: 'pickup',
      label: `${t('menu.pickupRequests')} (${trace.pickupRequests.length})`,
      children: (
        <Table
          {...small}
          rowKey="id"
          dataSource={trace.pickupRequests}
          columns={[
            { key: 'orderNumber', dataIndex: 'orderNumber', title: t('wh.f.orderNumber') },
            { key: 'deliveryDate', dataIndex: 'deliveryDate', title: t('wh.f.deliveryDate') },
            { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
            { key: 'quantity', dataIndex: 'quantity', title: t('wh.f.quantity'), align: 'right', render: (v: number) => formatQuantity(v) },
            { key: 'status', dataIndex: 'status', title: t('wh.f.status'), render: (v: string) => <StatusBadge value={v} map={pickupStatusMap} /> },
          ]}
        />
      ),
    },
    trace.outboundOrders && {
      key: 'outbound',
      label: `${t('menu.outboundOrders')} (${trace.outboundOrders.length})`,
      children: (
        <Table
          {...small}
          rowKey="id"
          dataSource={trace.outboundOrders}
          columns={[
            { key: 'outboundNumber', dataIndex: 'outboundNumber', title: t('wh.f.outboundNumber') },
            { key: 'outboundDate', dataIndex: 'outboundDate', title: t('wh.f.outboundDate') },
            { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
            { key: 'quantity', dataIndex: 'quantity', title: t('wh.f.quantity'), align: 'right', render: (v: number) => formatQuantity(v) },
            { key: 'outboundStatus', dataIndex: 'outboundStatus', title: t('wh.f.outboundStatus'), render: (v: string) => <StatusBadge value={v} map={outboundStatusMap} /> },
          ]}
        />
      ),
    },
    trace.ownershipTransfers && {
      key: 'transfers',
      label: `${t('menu.ownershipTransfers')} (${trace.ownershipTransfers.length})`,
      children: (
        <Table
          {...small}
          rowKey="id"
          dataSource={trace.ownershipTransfers}
          columns={[
            { key: 'transferNumber', dataIndex: 'transferNumber', title: t('wh.f.transferNumber') },
            { key: 'transferDate', dataIndex: 'transferDate', title: t('wh.f.transferDate') },
            { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
            { key: 'quantity', dataIndex: 'quantity', title: t('wh.f.quantity'), align: 'right', render: (v: number) => formatQuantity(v) },
            { key: 'transferee', dataIndex: 'transferee', title: t('wh.f.transferee') },
            { key: 'status', dataIndex: 'status', title: t('wh.f.status'), render: (v: string) => <StatusBadge value={v} map={transferStatusMap} /> },
          ]}
        />
      ),
    },
    trace.finance && {
      key: 'finance',
      label: `${t('rp.trace.finance')} (${Object.values(trace.finance).reduce((n, s) => n + (s?.count ?? 0), 0)})`,
      children: (
        <Table
          {...small}
          rowKey="kind"
          dataSource={Object.entries(trace.finance).flatMap(([kind, s]) => (s && s.count > 0 ? [{ kind, ...s }] : []))}
          columns={[
            {
              key: 'kind',
              dataIndex: 'kind',
              title: t('rp.trace.finance'),
              render: (k: string) => {
                const key = `finance.kind.${k}`;
                return t.has(key) ? t(key) : k;
              },
            },
            { key: 'count', dataIndex: 'count', title: t('rp.trace.records', { count: '' }).trim(), align: 'right' },
            {
              key: 'totals',
              title: t('rp.totals'),
              render: (_: unknown, s: { totals: { currency: string; amount?: number; revenue?: number }[] }) =>
                s.totals.map((c) => (
                  <Tag key={c.currency}>
                    {c.currency} {(c.amount ?? c.revenue ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 })}
                  </Tag>
                )),
            },
          ]}
        />
      ),
    },
  ];
  // a part the reader may not read is not sent, so it has no tab
  return <Tabs items={tabs.filter((tab) => tab !== undefined)} />;
}

function HistoryTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  const t = useT();
  return (
    <Timeline
      data-testid="trace-timeline"
      items={timeline.map((e, i) => ({
        key: i,
        color: KIND_COLOR[e.kind],
        content: (
          <Space orientation="vertical" size={0}>
            <Space wrap size="small">
              <Typography.Text strong>{e.businessDate}</Typography.Text>
              <StatusBadge value={e.kind} map={ledgerKindMap} />
              <Typography.Text>{e.documentNumber}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">
              {e.warehouse} · {e.commodity} ·{' '}
              <Typography.Text type={e.quantityChange < 0 ? 'danger' : 'success'}>
                {e.quantityChange > 0 ? '+' : ''}
                {formatQuantity(e.quantityChange)}
              </Typography.Text>{' '}
              · {t('rp.trace.balanceAfter', { balance: formatQuantity(e.balance) })}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  );
}

export default function BlTracePage() {
  const t = useT();
  const weightColumns = useWeightColumns();
  const [params, setParams] = useSearchParams();
  const bl = params.get('bl')?.trim() ?? '';
  const trace = useQuery({
    queryKey: ['/bl/trace', bl],
    queryFn: ({ signal }) => api.get<BlTrace>(`/bl/${encodeURIComponent(bl)}/trace`, undefined, signal),
    enabled: bl !== '',
  });
  const data = trace.data;
  const mayReadDocuments = useCan('contracts');
  const empty = data && data.timeline.length === 0 && !data.contracts?.length && !data.pickupRequests?.length && Object.values(data.finance ?? {}).every((s) => !s?.count);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>
        {t('menu.blTrace')}
        {bl && ` · ${bl}`}
      </PageTitle>
      <Input.Search
        key={bl}
        defaultValue={bl}
        placeholder={t('rp.trace.placeholder')}
        enterButton={t('rp.trace.search')}
        allowClear
        style={{ maxWidth: 480 }}
        onSearch={(value) => setParams(value.trim() ? { bl: value.trim() } : {})}
      />
      {!bl && <Empty description={t('rp.trace.enter')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {trace.error && <Alert type="error" showIcon title={errorText(trace.error, t)} />}
      {empty && <Empty description={t('rp.trace.nothing', { bl })} />}
      {data && !empty && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Card size="small" title={t('rp.trace.lots')}>
                <Table<Lot>
                  size="small"
                  pagination={false}
                  rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}`}
                  dataSource={data.lots}
                  columns={[
                    { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
                    { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
                    quantityColumn<Lot>('inboundQuantity', t('wh.f.inboundQuantity')),
                    quantityColumn<Lot>('outboundQuantity', t('wh.f.outboundQuantity')),
                    quantityColumn<Lot>('transferredQuantity', t('wh.f.transferredQuantity')),
                    { ...quantityColumn<Lot>('currentStock', t('wh.f.currentStock')), render: (v: number) => <Typography.Text strong>{formatQuantity(v)}</Typography.Text> },
                  ]}
                />
                {data.timeline.length > 0 && (
                  <div style={{ marginTop: 16 }}>
                    <Typography.Text type="secondary">{t('rp.trace.balance')}</Typography.Text>
                    <StepChart data={balanceByDate(data.timeline)} valueTitle={t('wh.f.balance')} height={220} />
                  </div>
                )}
              </Card>
              {data.weights.length > 0 && (
                <Card size="small" title={t('desk.trace.weights')} data-testid="trace-weights">
                  <Table<WeightRow>
                    size="small"
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}`}
                    dataSource={data.weights}
                    columns={weightColumns.filter((c) => c.key !== 'blNumber')}
                  />
                </Card>
              )}
              <Card size="small" title={t('rp.trace.documents')}>
                <Documents trace={data} />
              </Card>
            </Space>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title={t('rp.trace.timeline')}>
              <HistoryTimeline timeline={data.timeline} />
            </Card>
          </Col>
        </Row>
      )}
      {bl && mayReadDocuments && <BlDocumentsCard blNumber={bl} />}
    </Space>
  );
}
