// The files of a contract or an archive batch: preview of PDFs and images in the window, download
// under the original name, and (optionally) selection for removal.
import { App, Button, Space, Table } from 'antd';
import { useState, type Key } from 'react';
import type { z } from 'zod';
import type { fileRecord } from '../../../../../shared/contracts';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { canPreview, downloadFile, FilePreview, fileHref } from '../../kit/files';

export type FileRecord = z.infer<typeof fileRecord>;

const AREA = 'contract-files';

/** 1234567 → "1.2 MB" */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function FileTable({ files, selected, onSelect }: { files: FileRecord[]; selected?: number[]; onSelect?: (ids: number[]) => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [preview, setPreview] = useState<FileRecord | null>(null);
  return (
    <>
      <Table<FileRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={files}
        rowSelection={onSelect ? { selectedRowKeys: selected, onChange: (keys: Key[]) => onSelect(keys.map(Number)) } : undefined}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('contracts.fileName') },
          { key: 'size', dataIndex: 'size', title: t('contracts.fileSize'), width: 100, render: (size: number) => formatSize(size) },
          {
            key: 'actions',
            title: t('list.actions'),
            width: 170,
            render: (_: unknown, file) => (
              <Space size={0}>
                {canPreview(file.url) && (
                  <Button type="link" size="small" onClick={() => setPreview(file)}>
                    {t('files.preview')}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => downloadFile(fileHref(AREA, file.url), file.name).catch((err) => void message.error(errorText(err, t)))}
                >
                  {t('files.download')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FilePreview href={preview ? fileHref(AREA, preview.url) : null} name={preview?.name ?? ''} onClose={() => setPreview(null)} />
    </>
  );
}
