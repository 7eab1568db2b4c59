// Lot stock: one row per warehouse, commodity and B/L number, with today what approved pickup
// requests naming the B/L reserve and what stays available, optionally as it stood at the end of a
// date (without reservations); each B/L number opens its trace. On a phone each lot is a card.
import { DatePicker, Empty, Form, Pagination, Select, Space, Spin, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Paged } from '../../../../../shared/paging';
import { LOT_STOCK_FILTERS, type Lot } from '../../../../../shared/reports';
import { useT } from '../../i18n';
import { FieldCard } from '../../kit/FieldCard';
import { PageTitle } from '../../kit/PageTitle';
import { usePhone } from '../../kit/usePhone';
import { formatQuantity } from '../warehouse/warehouseUi';
import { BlLink } from './BlLink';
import { quantityColumn, ReportFilters, StockFilterItems, useReport } from './reportUi';

const LOTS_PATH = '/inventory/lots';

export default function LotsPage() {
  const t = useT();
  const { query, setParams, report: lots, pagination: pages } = useReport<Paged<Lot>>(LOTS_PATH);
  const phone = usePhone();
  const items = lots.data?.items ?? [];
  // reservations are today's: an as-of view has none (the API answers null), and shows no such columns
  const reservations = !query.asOf;
  const blOf = (r: Lot) => (r.blNumber ? <BlLink value={r.blNumber} /> : <Typography.Text type="secondary">{t('rp.noBl')}</Typography.Text>);
  const strong = (v: number | null) => <Typography.Text strong>{formatQuantity(v)}</Typography.Text>;
  const pagination = pages(lots.data?.total ?? 0);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.lots')}</PageTitle>
      <ReportFilters
        initialValues={{ ...query, inStock: query.inStock ?? 'true', asOf: query.asOf ? dayjs(query.asOf) : undefined }}
        setParams={setParams}
        query={query}
        exportPath={`${LOTS_PATH}/export`}
        fileName="lots"
        error={lots.error}
      >
        <StockFilterItems bl />
        <Form.Item name="inStock" label={t('rp.f.inStock')}>
          <Select style={{ width: 110 }} options={LOT_STOCK_FILTERS.map((v) => ({ value: v, label: t(`rp.inStock.${v}`) }))} />
        </Form.Item>
        <Form.Item name="asOf" label={t('rp.f.asOf')}>
          <DatePicker />
        </Form.Item>
      </ReportFilters>
      {phone ? (
        <Spin spinning={lots.isFetching}>
          <Space orientation="vertical" size="small" style={{ width: '100%' }}>
            {items.length === 0 && !lots.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            {items.map((r) => (
              <FieldCard
                key={`${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber ?? ''}`}
                title={blOf(r)}
                extra={r.warehouse}
                fields={[
                  { key: 'commodity', label: t('wh.f.commodity'), value: r.commodity },
                  { key: 'currentStock', label: t('wh.f.currentStock'), value: strong(r.currentStock) },
                  ...(reservations
                    ? [
                        { key: 'availableQuantity', label: t('wh.f.availableQuantity'), value: formatQuantity(r.availableQuantity) },
                        { key: 'reservedQuantity', label: t('wh.f.reservedQuantity'), value: formatQuantity(r.reservedQuantity) },
                      ]
                    : []),
                  { key: 'lastMovementDate', label: t('rp.f.lastMovementDate'), value: r.lastMovementDate },
                ]}
              />
            ))}
            <Pagination simple align="center" {...pagination} showSizeChanger={false} />
          </Space>
        </Spin>
      ) : (
        <Table<Lot>
          size="small"
          rowKey={(r) => `${r.warehouseId}\u0000${r.commodity}\u0000${r.blNumber ?? ''}`}
          loading={lots.isFetching}
          dataSource={items}
          columns={[
            { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
            { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
            { key: 'blNumber', title: t('wh.f.blNumber'), render: (_: unknown, r) => blOf(r) },
            quantityColumn<Lot>('inboundQuantity', t('wh.f.inboundQuantity')),
            quantityColumn<Lot>('outboundQuantity', t('wh.f.outboundQuantity')),
            quantityColumn<Lot>('transferredQuantity', t('wh.f.transferredQuantity')),
            { ...quantityColumn<Lot>('currentStock', t('wh.f.currentStock')), render: strong },
            ...(reservations
              ? [
                  {
                    ...quantityColumn<Lot>('reservedQuantity', t('wh.f.reservedQuantity')),
                    title: <Tooltip title={t('rp.lotReservedHint')}>{t('wh.f.reservedQuantity')}</Tooltip>,
                  },
                  {
                    ...quantityColumn<Lot>('availableQuantity', t('wh.f.availableQuantity')),
                    title: <Tooltip title={t('wh.summary.availableHint')}>{t('wh.f.availableQuantity')}</Tooltip>,
                  },
                ]
              : []),
            { key: 'firstInboundDate', dataIndex: 'firstInboundDate', title: t('rp.f.firstInboundDate') },
            { key: 'lastMovementDate', dataIndex: 'lastMovementDate', title: t('rp.f.lastMovementDate') },
          ]}
          pagination={pagination}
        />
      )}
    </Space>
  );
}
