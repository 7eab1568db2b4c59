// Spreadsheet buttons of a warehouse list: the .xlsx template, an export of the list as filtered,
// and an import (all rows or none) whose refused rows are listed as the service names them.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryString } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import type { WorkProgress } from '../../kit/progress';
import { usePageCan } from '../../kit/access';

// what a list's first screen does not show loads when first used (a phone on a slow link waited for
// the upload, progress and table code before the list's rows): the import dialog, the download
// helper, the export's progress bar
const ImportDialog = lazy(() => import('./SheetImportDialog'));
const WorkProgressBar = lazy(() => import('../../kit/progress').then((m) => ({ default: m.WorkProgressBar })));

export interface SheetButtonsProps {
  /** e.g. '/apply-delivery': template at {base}/template/download, export at {base}/export */
  base: string;
  /** POST path of the import */
  importPath: string;
  /** list path whose cache reloads after an import */
  listPath: string;
  /** file names of the downloads, without .xlsx */
  fileName: string;
}

const PAGING = ['page', 'pageSize', 'sortOrder'];

export function SheetButtons({ base, importPath, listPath, fileName }: SheetButtonsProps) {
  const t = useT();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  // the dialog stays mounted after its first opening, so it closes as it opened (animated)
  const [opened, setOpened] = useState(false);
  const [exporting, setExporting] = useState<WorkProgress | null>(null);
  const writable = usePageCan()('write');

  const download = (href: string, name: string) =>
    import('../../kit/files')
      .then(({ downloadFile }) => downloadFile(href, name, setExporting))
      .catch((err: unknown) => void message.error(errorText(err, t)))
      .finally(() => setExporting(null));
  const filters = Object.fromEntries([...params.entries()].filter(([k]) => !PAGING.includes(k)));

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void download(`/api${base}/template/download`, `${fileName}-template.xlsx`)}>
        {t('wh.sheet.template')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void download(`/api${base}/export${queryString(filters)}`, `${fileName}.xlsx`)}>
        {t('wh.sheet.export')}
      </Button>
      {writable && (
        <Button
          icon={<UploadOutlined />}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          {t('wh.sheet.import')}
        </Button>
      )}
      {exporting && (
        <span style={{ display: 'inline-block', width: 240 }}>
          <Suspense fallback={null}>
            <WorkProgressBar progress={exporting} />
          </Suspense>
        </span>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ImportDialog open={open} onClose={() => setOpen(false)} importPath={importPath} listPath={listPath} />
        </Suspense>
      )}
    </>
  );
}
