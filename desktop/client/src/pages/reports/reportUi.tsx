// What the report pages share: the export button (the list's filters, as in the URL) and the
// quantity columns of a table.
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { queryString } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { downloadFile } from '../../kit/files';
import { WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { formatQuantity } from '../warehouse/warehouseUi';

const PAGING = ['page', 'pageSize', 'sortOrder'];

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
