// What the report pages share: the report read from the address, its filter card, the quantity
// columns of a table and the choice of the commodity a chart draws.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Segmented, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { ExportButton } from '../../kit/ExportButton';
import { formatQuantity, WarehouseSelect } from '../warehouse/warehouseUi';

/**
 * The commodity the charts draw: one at a time, so no bar or column adds copper to iron ore. Answers
 * the chosen one (the first until one is chosen, or when the chosen one has gone) and the picker.
 */
export function useChartCommodity(commodities: readonly string[]): [string | undefined, ReactNode] {
  const t = useT();
  const [picked, setPicked] = useState<string>();
  const commodity = picked !== undefined && commodities.includes(picked) ? picked : commodities[0];
  const picker =
    commodities.length > 0 ? (
      <Space wrap data-testid="chart-commodity">
        <Typography.Text type="secondary">{t('rp.chart.commodity')}</Typography.Text>
        <Segmented options={[...commodities]} value={commodity} onChange={(value) => setPicked(value)} />
      </Space>
    ) : null;
  return [commodity, picker];
}

/** A right-aligned quantity column of an antd table. */
export const quantityColumn = <T,>(key: keyof T & string, title: string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (v: number) => formatQuantity(v),
});

/**
 * A report read from the address: the query (its filters and page; `defaults` fill what the address
 * leaves out), the answer as it loads (the last one stays while the next loads), and for a paged
 * report the table's pagination, kept in the address too.
 */
export function useReport<Answer>(path: string, defaults: Record<string, string> = {}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query: Record<string, string> = { ...defaults, ...Object.fromEntries(params.entries()) };
  const report = useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<Answer>(path, query, signal),
    placeholderData: keepPreviousData,
  });
  const pagination = (total: number) => ({
    current: Number(query.page ?? 1),
    pageSize: Number(query.pageSize ?? 20),
    total,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (all: number) => t('list.total', { total: all }),
    onChange: (page: number, pageSize: number) => setParams({ ...query, page: String(page), pageSize: String(pageSize) }),
  });
  return { query, setParams, report, pagination };
}

const isDate = (v: unknown): v is Dayjs => typeof (v as Dayjs | null)?.format === 'function';

/** A filter form's values as address parameters: text trimmed (empty left out), a date as YYYY-MM-DD, a period as startDate and endDate. */
export function filterParams(values: Record<string, unknown>): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [key, v] of Object.entries(values)) {
    if (typeof v === 'string' && v.trim()) next[key] = v.trim();
    else if (isDate(v)) next[key] = v.format('YYYY-MM-DD');
    else if (Array.isArray(v) && isDate(v[0]) && isDate(v[1])) [next.startDate, next.endDate] = [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')];
  }
  return next;
}

/** The filters the stock reports share, in this order: warehouse, commodity and (with `bl`) B/L number. */
export function StockFilterItems({ bl = false }: { bl?: boolean }) {
  const t = useT();
  return (
    <>
      <Form.Item name="warehouse" label={t('wh.f.warehouse')}>
        <WarehouseSelect search />
      </Form.Item>
      <Form.Item name="commodity" label={t('wh.f.commodity')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      {bl && (
        <Form.Item name="blNumber" label={t('wh.f.blNumber')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      )}
    </>
  );
}

/**
 * A report's filter card: an inline form whose Search puts its values in the address
 * (`filterParams`), Reset (unless `reset` is false) clears the form and the address, and Export
 * exports what the address selects; then the answer's error, if any.
 */
export function ReportFilters({
  initialValues,
  setParams,
  query,
  exportPath,
  fileName,
  error,
  reset = true,
  children,
}: {
  initialValues: Record<string, unknown>;
  setParams: (next: Record<string, string>) => void;
  query: Record<string, string>;
  exportPath: string;
  fileName: string;
  error: unknown;
  reset?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [form] = Form.useForm();
  return (
    <>
      <Card size="small">
        <Form form={form} layout="inline" initialValues={initialValues} onFinish={(values: Record<string, unknown>) => setParams(filterParams(values))} style={{ rowGap: 12 }}>
          {children}
          <Space>
            <Button type="primary" htmlType="submit">
              {t('list.search')}
            </Button>
            {reset && (
              <Button
                onClick={() => {
                  form.resetFields();
                  setParams({});
                }}
              >
                {t('list.reset')}
              </Button>
            )}
            <ExportButton path={exportPath} query={query} fileName={fileName} />
          </Space>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon title={errorText(error, t)} /> : null}
    </>
  );
}
