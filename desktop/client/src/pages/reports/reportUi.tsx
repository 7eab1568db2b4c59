// What the report pages share: the quantity columns of a table and the choice of the commodity a
// chart draws (their export button is the kit's ExportButton).
import { Segmented, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
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
