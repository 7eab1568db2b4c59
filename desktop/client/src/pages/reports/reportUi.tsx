// What the report pages share: the buttons of their filter form, the quantity columns of a table and
// the choice of the commodity a chart draws.
import { Button, Segmented, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { ExportButton } from '../../kit/ExportButton';
import { formatQuantity } from '../warehouse/warehouseUi';

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
 * The end of a report's filter form: Search (the form submits), Reset (when given: clears the form
 * and the address) and the export of what the filters select.
 */
export function ReportButtons({ onReset, exportPath, query, fileName }: { onReset?: () => void; exportPath: string; query: Record<string, string>; fileName: string }) {
  const t = useT();
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('list.search')}
      </Button>
      {onReset && <Button onClick={onReset}>{t('list.reset')}</Button>}
      <ExportButton path={exportPath} query={query} fileName={fileName} />
    </Space>
  );
}
