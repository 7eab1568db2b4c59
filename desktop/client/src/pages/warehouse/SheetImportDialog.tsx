// The import dialog of the spreadsheet buttons (SheetButtons.tsx), its own chunk: the drop zone,
// the upload's progress and the table of refused rows load when a clerk first opens it.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { FileDropzone, FILE_RULES, uploadForm } from '../../kit/files';
import { WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { useOpeningKey } from '../../kit/useOpeningKey';

interface RowError {
  row: number;
  column?: string;
  message: string;
}

export default function ImportDialog({ open, onClose, importPath, listPath }: { open: boolean; onClose(): void; importPath: string; listPath: string }) {
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
