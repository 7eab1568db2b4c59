// What the report pages share: the export button (the list's filters, as in the URL), the quantity
// columns of a table and the choice of the commodity a chart draws.
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Segmented, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { queryString } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { downloadFile } from '../../kit/files';
import { WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { formatQuantity } from '../warehouse/warehouseUi';

const PAGING = ['page', 'pageSize', 'sortOrder'];

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

export function ExportButton({ path, query, fileName, disabled }: { path: string; query: Record<string, string>; fileName: string; disabled?: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<WorkProgress | null>(null);
  const filters = Object.fromEntries(Object.entries(query).filter(([k]) => !PAGING.includes(k)));
  const button = (
    <Button
      icon={<DownloadOutlined />}
      disabled={disabled}
      onClick={() =>
        void downloadFile(`/api${path}${queryString(filters)}`, `${fileName}.xlsx`, setExporting)
          .catch((err: unknown) => void message.error(errorText(err, t)))
          .finally(() => setExporting(null))
      }
    >
      {t('wh.sheet.export')}
    </Button>
  );
  if (!exporting) return button;
  return (
    <Space>
      {button}
      <span style={{ display: 'inline-block', width: 240 }}>
        <WorkProgressBar progress={exporting} />
      </span>
    </Space>
  );
}

/** A right-aligned quantity column of an antd table. */
export const quantityColumn = <T,>(key: keyof T & string, title: string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (v: number) => formatQuantity(v),
});
