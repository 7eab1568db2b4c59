// The files of an invoice, settlement or reconciliation: upload with progress, preview, download
// under the original name, remove one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { FileList } from '../../kit/FileList';
import { FILE_RULES, FileDropzone, uploadForm, UploadProgress } from '../../kit/files';
import { kindPath, type FinanceFile, type FinanceRecord, type KindSpec } from './financeKinds';

export function FinanceFiles({ kind, record }: { kind: KindSpec; record: FinanceRecord }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<File[]>([]);
  const [percent, setPercent] = useState(0);
  const path = `${kindPath(kind)}/${record.id}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [kindPath(kind)] });

  const upload = useMutation({
    mutationFn: () => uploadForm<FinanceRecord>({ path: `${path}/upload`, files: picked.map((file) => ['files', file]), onProgress: setPercent }),
    onSuccess: async () => {
      void message.success(t('finance.files.uploaded', { count: picked.length }));
      setPicked([]);
      await refresh();
    },
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: () => setPercent(0),
  });

  const remove = useMutation({
    mutationFn: (file: FinanceFile) => api.delete(`${path}/files/${file.id}`),
    onSuccess: async () => {
      void message.success(t('finance.files.removed'));
      await refresh();
    },
    onError: (err) => void message.error(errorText(err, t)),
  });

  const files = record.files ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 720 }} data-testid={`files-${record.id}`}>
      <Typography.Text strong>{t('files.files')}</Typography.Text>
      <FileList area="finance-files" files={files} onRemove={(file) => remove.mutateAsync(file)} />
      <FileDropzone rule={FILE_RULES.documents} value={picked} onChange={setPicked} />
      <UploadProgress percent={percent} />
      <Button type="primary" disabled={picked.length === 0} loading={upload.isPending} onClick={() => upload.mutate()}>
        {t('finance.files.upload')}
      </Button>
    </Space>
  );
}
