// Spreadsheet buttons of a warehouse list: the .xlsx template, an export of the list as filtered,
// and an import (all rows or none) whose refused rows are listed as the service names them.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, queryString } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { downloadFile, FileDropzone, FILE_RULES, uploadForm } from '../../kit/files';
import { WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { useOpeningKey } from '../../kit/useOpeningKey';
import { usePageCan } from '../../kit/access';

interface RowError {
  row: number;
  column?: string;
  message: string;
}

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
  const [exporting, setExporting] = useState<WorkProgress | null>(null);
  const writable = usePageCan()('write');

  const download = (href: string, name: string) =>
    downloadFile(href, name, setExporting)
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
        <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
          {t('wh.sheet.import')}
        </Button>
      )}
      {exporting && (
        <span style={{ display: 'inline-block', width: 240 }}>
          <WorkProgressBar progress={exporting} />
        </span>
      )}
      <ImportDialog open={open} onClose={() => setOpen(false)} importPath={importPath} listPath={listPath} />
    </>
  );
}

function ImportDialog({ open, onClose, importPath, listPath }: { open: boolean; onClose(): void; importPath: string; listPath: string }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<WorkProgress | null>(null);
  const [sending, setSending] = useState(false);
  const openingKey = useOpeningKey(open);
  const [error, setError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);

  const close = () => {
    setFiles([]);
    setProgress(null);
    setError(null);
    setRowErrors([]);
    onClose();
  };

  const send = async () => {
    const file = files[0];
    if (!file) return;
    setSending(true);
    setError(null);
    setRowErrors([]);
    try {
      const data = await uploadForm<{ imported?: number }>({ path: importPath, files: [['file', file]], onWork: setProgress });
      void message.success(t('wh.sheet.imported', { n: data?.imported ?? 0 }));
      void queryClient.invalidateQueries({ queryKey: [listPath] });
      close();
    } catch (err) {
      setProgress(null);
      setError(errorText(err, t));
      const errors = err instanceof ApiError ? (err.data as { errors?: unknown } | undefined)?.errors : undefined;
      if (Array.isArray(errors)) setRowErrors(errors.filter((e): e is RowError => typeof e?.row === 'number' && typeof e?.message === 'string'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      key={openingKey}
      open={open}
      title={t('wh.sheet.importTitle')}
      onCancel={close}
      okText={t('wh.sheet.send')}
      cancelText={t('list.cancel')}
      okButtonProps={{ disabled: files.length === 0, loading: sending }}
      onOk={() => void send()}
      width={640}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <FileDropzone rule={FILE_RULES.spreadsheet} value={files} onChange={setFiles} />
        <WorkProgressBar progress={progress} />
        {error && <Alert type="error" showIcon title={error} />}
        {rowErrors.length > 0 && (
          <Table<RowError>
            size="small"
            rowKey={(r) => `${r.row}-${r.column ?? ''}-${r.message}`}
            pagination={rowErrors.length > 10 ? { pageSize: 10 } : false}
            dataSource={rowErrors}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('wh.sheet.row'), width: 80 },
              { key: 'column', dataIndex: 'column', title: t('wh.sheet.column'), width: 160 },
              { key: 'message', dataIndex: 'message', title: t('wh.sheet.message') },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
