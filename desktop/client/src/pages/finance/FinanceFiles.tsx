// The files of an invoice, settlement or reconciliation: upload with progress, preview, download
// under the original name, remove one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { Confirm } from '../../kit/Confirm';
import { canPreview, downloadFile, FILE_RULES, FileDropzone, fileHref, FilePreview, uploadForm, UploadProgress } from '../../kit/files';
import { kindPath, type FinanceFile, type FinanceRecord, type KindSpec } from './kinds';

const href = (file: FinanceFile) => fileHref('finance-files', file.url);

export function FinanceFiles({ kind, record }: { kind: KindSpec; record: FinanceRecord }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<File[]>([]);
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<FinanceFile | null>(null);
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
      <List
        size="small"
        bordered
        dataSource={files}
        locale={{ emptyText: t('finance.files.none') }}
        renderItem={(file) => (
          <List.Item
            actions={[
              canPreview(file.name) && (
                <Button key="preview" type="link" size="small" onClick={() => setPreview(file)}>
                  {t('files.preview')}
                </Button>
              ),
              <Button key="download" type="link" size="small" onClick={() => downloadFile(href(file), file.name).catch((err: unknown) => void message.error(errorText(err, t)))}>
                {t('files.download')}
              </Button>,
              <Confirm key="remove" title={t('finance.files.removeConfirm', { name: file.name })} danger onConfirm={() => remove.mutateAsync(file)}>
                <Button type="link" size="small" danger>
                  {t('finance.files.remove')}
                </Button>
              </Confirm>,
            ].filter(Boolean)}
          >
            <span>
              {file.name} <Typography.Text type="secondary">({t('finance.files.size', { kb: Math.max(1, Math.round(file.size / 1024)) })})</Typography.Text>
            </span>
          </List.Item>
        )}
      />
      <FileDropzone rule={FILE_RULES.documents} value={picked} onChange={setPicked} />
      <UploadProgress percent={percent} />
      <Button type="primary" disabled={picked.length === 0} loading={upload.isPending} onClick={() => upload.mutate()}>
        {t('finance.files.upload')}
      </Button>
      <FilePreview href={preview ? href(preview) : null} name={preview?.name ?? ''} onClose={() => setPreview(null)} />
    </Space>
  );
}
