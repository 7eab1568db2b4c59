// Stock summary: one row per warehouse and commodity (inbound, outbound, transferred, current, and
// today what approved pickup requests reserve and what stays available), optionally as it stood at
// the end of a date (without reservations), with totals, a link to the ledger of each row and an
// ownership transfer started from a row. On a phone each row is a card.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Input, Space, Spin, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { stockTransferBody, summaryRow, TRANSFER_STATUSES } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { EditDrawer } from '../../kit/EditDrawer';
import type { FieldDef } from '../../kit/fields';
import { formatQuantity, invalidateStock, SUMMARY_PATH, WarehouseSelect } from './warehouseUi';
import { ExportButton } from '../../kit/ExportButton';
import { PageTitle } from '../../kit/PageTitle';
import { FieldCard } from '../../kit/FieldCard';
import { usePhone } from '../../kit/usePhone';

type Row = z.infer<typeof summaryRow>;
/** The quantity columns, in order: the movements, the stock, and today's reservations against it. */
const QUANTITIES = ['inboundQuantity', 'outboundQuantity', 'transferredQuantity', 'currentStock', 'reservedQuantity', 'availableQuantity'] as const;
type Quantity = (typeof QUANTITIES)[number];
/** What a phone's card of a row shows beside its title (warehouse and commodity). */
const CARD_QUANTITIES: readonly Quantity[] = ['currentStock', 'availableQuantity', 'reservedQuantity', 'inboundQuantity', 'outboundQuantity', 'transferredQuantity'];

const transferFields: FieldDef[] = [
  { name: 'quantity', label: 'wh.f.quantity', kind: 'number', required: true },
  { name: 'transferor', label: 'wh.f.transferor', required: true },
  { name: 'transferee', label: 'wh.f.transferee', required: true },
  { name: 'transferDate', label: 'wh.f.transferDate', kind: 'date', hint: 'wh.summary.dateHint' },
  { name: 'blNumber', label: 'wh.f.blNumber' },
  { name: 'status', label: 'wh.f.status', kind: 'select', options: TRANSFER_STATUSES.map((s) => ({ value: s, label: `wh.transfer.${s}` as const })) },
  { name: 'remark', label: 'wh.f.remark', kind: 'textarea' },
];
const transferSchema = stockTransferBody.omit({ warehouse: true, commodity: true });

export default function StockSummaryPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form] = Form.useForm();
  const [transferring, setTransferring] = useState<Row | null>(null);
  const phone = usePhone();

  const summary = useQuery({
    queryKey: [SUMMARY_PATH, query],
    queryFn: ({ signal }) => api.get<Row[]>(SUMMARY_PATH, query, signal),
  });
  const rows = summary.data ?? [];

  const search = (values: { warehouse?: string; commodity?: string; asOf?: Dayjs | null }) => {
    const next: Record<string, string> = {};
    if (values.warehouse) next.warehouse = values.warehouse;
    if (values.commodity?.trim()) next.commodity = values.commodity.trim();
    if (values.asOf) next.asOf = values.asOf.format('YYYY-MM-DD');
    setParams(next);
  };

  const commodities = [...new Set(rows.map((r) => r.commodity))];
  const sum = (key: Quantity, commodity: string) => rows.filter((r) => r.commodity === commodity).reduce((s, r) => s + Math.round((r[key] ?? 0) * 1000), 0) / 1000;
  // reservations are today's: an as-of view has none (the API answers null), and shows no such columns
  const quantities = QUANTITIES.filter((k) => !query.asOf || (k !== 'reservedQuantity' && k !== 'availableQuantity'));
  const title = (key: Quantity) => {
    const hint = key === 'reservedQuantity' ? t('wh.summary.reservedHint') : key === 'availableQuantity' ? t('wh.summary.availableHint') : null;
    return hint ? <Tooltip title={hint}>{t(`wh.f.${key}`)}</Tooltip> : t(`wh.f.${key}`);
  };
  const figure = (key: Quantity, value: number | null) => (key === 'currentStock' ? <Typography.Text strong>{formatQuantity(value)}</Typography.Text> : formatQuantity(value));

  const actions = (row: Row) => (
    <Space size={0}>
      <Link to={`/warehouse/stock-ledger?${new URLSearchParams({ warehouse: row.warehouse, commodity: row.commodity }).toString()}`}>
        <Button type="link" size="small">
          {t('wh.summary.ledger')}
        </Button>
      </Link>
      {row.currentStock > 0 && !query.asOf && (
        <Button type="link" size="small" onClick={() => setTransferring(row)}>
          {t('wh.summary.transfer')}
        </Button>
      )}
    </Space>
  );

  const columns: ColumnsType<Row> = [
    { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
    { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
    ...quantities.map((key) => ({ key, dataIndex: key, title: title(key), align: 'right' as const, render: (v: number | null) => figure(key, v) })),
    { key: '_actions', title: t('list.actions'), render: (_: unknown, row: Row) => actions(row) },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.stockSummary')}</PageTitle>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          initialValues={{ warehouse: query.warehouse, commodity: query.commodity, asOf: query.asOf ? dayjs(query.asOf) : undefined }}
          onFinish={search}
        >
          <Form.Item name="warehouse" label={t('wh.f.warehouse')}>
            <WarehouseSelect search />
          </Form.Item>
          <Form.Item name="commodity" label={t('wh.f.commodity')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="asOf" label={t('wh.f.asOf')} tooltip={t('wh.summary.asOfHint')}>
            <DatePicker format={t('format.date')} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('list.search')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({ warehouse: undefined, commodity: undefined, asOf: undefined });
                search({});
              }}
            >
              {t('list.reset')}
            </Button>
            <ExportButton path="/inventory/summary/export" query={query} fileName="stock-summary" />
          </Space>
        </Form>
      </Card>
      {summary.isError && <Alert type="error" showIcon title={t('list.loadFailed')} description={errorText(summary.error, t)} />}
      {phone ? (
        <Spin spinning={summary.isFetching}>
          <Space orientation="vertical" size="small" style={{ width: '100%' }}>
            {rows.length === 0 && !summary.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wh.summary.empty')} />}
            {rows.map((row) => (
              <FieldCard
                key={`${row.warehouseId}-${row.commodity}`}
                title={row.commodity}
                extra={row.warehouse}
                fields={CARD_QUANTITIES.filter((k) => quantities.includes(k)).map((k) => ({ key: k, label: t(`wh.f.${k}`), value: figure(k, row[k]) }))}
                actions={actions(row)}
              />
            ))}
            {commodities.map((commodity) => (
              <FieldCard
                key={commodity}
                title={<Typography.Text strong>{t('wh.summary.totalOf', { commodity })}</Typography.Text>}
                fields={CARD_QUANTITIES.filter((k) => quantities.includes(k)).map((k) => ({ key: k, label: t(`wh.f.${k}`), value: figure(k, sum(k, commodity)) }))}
              />
            ))}
          </Space>
        </Spin>
      ) : (
        <Table<Row>
          rowKey={(r) => `${r.warehouseId}-${r.commodity}`}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={summary.isFetching}
          pagination={false}
          locale={{ emptyText: t('wh.summary.empty') }}
          summary={() =>
            // one total per commodity: tonnes of copper and of iron ore are never added together
            commodities.length > 0 && (
              <>
                {commodities.map((commodity) => (
                  <Table.Summary.Row key={commodity} data-testid="summary-total">
                    <Table.Summary.Cell index={0} colSpan={2}>
                      <Typography.Text strong>{t('wh.summary.totalOf', { commodity })}</Typography.Text>
                    </Table.Summary.Cell>
                    {quantities.map((k, i) => (
                      <Table.Summary.Cell key={k} index={i + 2} align="right">
                        <Typography.Text strong>{formatQuantity(sum(k, commodity))}</Typography.Text>
                      </Table.Summary.Cell>
                    ))}
                    <Table.Summary.Cell index={quantities.length + 2} />
                  </Table.Summary.Row>
                ))}
              </>
            )
          }
        />
      )}
      <EditDrawer
        open={!!transferring}
        title={
          transferring
            ? t('wh.summary.transferTitle', { commodity: transferring.commodity, warehouse: transferring.warehouse, stock: formatQuantity(transferring.currentStock) })
            : ''
        }
        fields={transferFields}
        schema={transferSchema}
        onClose={() => setTransferring(null)}
        onSubmit={async (values) => {
          if (!transferring) return;
          await api.post('/inventory/transfer/create', { ...values, warehouse: transferring.warehouse, commodity: transferring.commodity });
          void message.success(t('wh.summary.transferred'));
          invalidateStock(queryClient);
          void queryClient.invalidateQueries({ queryKey: ['/ownership-transfer'] });
        }}
      />
    </Space>
  );
}
