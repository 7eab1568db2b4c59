// The export of a list: the .xlsx of every row its filters match (the filters as in the address, paging
// left out), saved under the name the service gives it (dated by the period), with the export's
// progress while it is written.
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { queryString } from '../api/client';
import { errorText } from '../api/errors';
import { useT } from '../i18n';
import { downloadFile } from './files';
import { WorkProgressBar, type WorkProgress } from './progress';

const PAGING = ['page', 'pageSize', 'sortOrder'];

/** `path`: the export route under /api; `fileName`: the name to save under when the service gives none. */
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
      {t('list.export')}
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
