// The export of a list: the .xlsx of every row its filters match (the filters as in the address, paging
// left out), saved under the name the service gives it (dated by the period), with the export's
// progress while it is written.
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { queryString } from '../api/client';
import { errorText } from '../api/errors';
import { useT } from '../i18n';
import type { WorkProgress } from './progress';

// the download helper and the progress bar load at the first export (a list's first screen needs neither)
const WorkProgressBar = lazy(() => import('./progress').then((m) => ({ default: m.WorkProgressBar })));

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
        void import('./files')
          .then(({ downloadFile }) => downloadFile(`/api${path}${queryString(filters)}`, `${fileName}.xlsx`, setExporting))
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
        <Suspense fallback={null}>
          <WorkProgressBar progress={exporting} />
        </Suspense>
      </span>
    </Space>
  );
}
