// The files of a record, listed the same way in every area: name and size, a preview when the file
// is a PDF or an image, a download under the original name, and optionally selection or removal.
// FileLinks is the same pair of actions for a record that is itself one file (a table cell).
import { App, Button, Space, Table, Typography } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { errorText } from '../api/errors';
import { useT } from '../i18n';
import { Confirm } from './Confirm';
import { canPreview, downloadFile, FilePreview, fileHref } from './files';

/** A stored file as the service lists it (`url` is read under the area's file route). */
export interface StoredFile {
  id: number;
  name: string;
  size: number;
  url: string;
}

/** 1234567 → "1.2 MB" */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Preview (PDF/image) and download of one file; `downloadHref` when the download has its own route. */
export function FileLinks({ name, href, downloadHref = href, showName = false }: { name: string; href: string; downloadHref?: string; showName?: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [previewing, setPreviewing] = useState(false);
  return (
    <Space size={0} wrap>
      {showName && <Typography.Text>{name}</Typography.Text>}
      {canPreview(name) && (
        <Button type="link" size="small" onClick={() => setPreviewing(true)}>
          {t('files.preview')}
        </Button>
      )}
      <Button type="link" size="small" onClick={() => void downloadFile(downloadHref, name).catch((err: unknown) => void message.error(errorText(err, t)))}>
        {t('files.download')}
      </Button>
      <FilePreview href={previewing ? href : null} name={name} onClose={() => setPreviewing(false)} />
    </Space>
  );
}

export interface FileListProps<F extends StoredFile> {
  /** the area's file route, e.g. 'contract-files' (see fileHref) */
  area: string;
  files: readonly F[];
  /** rows with a checkbox, for an action on several files */
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  /** a Remove button with confirmation; a refusal is the caller's to show */
  onRemove?: (file: F) => Promise<unknown>;
  /** more buttons of a row */
  actions?: (file: F) => ReactNode;
}

export function FileList<F extends StoredFile>({ area, files, selected, onSelect, onRemove, actions }: FileListProps<F>) {
  const t = useT();
  return (
    <Table<F>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={files as F[]}
      locale={{ emptyText: t('files.none') }}
      rowSelection={onSelect ? { selectedRowKeys: selected, onChange: (keys: Key[]) => onSelect(keys.map(Number)) } : undefined}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('files.name') },
        { key: 'size', dataIndex: 'size', title: t('files.size'), width: 100, render: (size: number) => formatSize(size) },
        {
          key: 'actions',
          title: t('list.actions'),
          render: (_: unknown, file: F) => (
            <Space size={0} wrap>
              <FileLinks name={file.name} href={fileHref(area, file.url)} />
              {onRemove && (
                <Confirm title={t('files.removeConfirm', { name: file.name })} danger onConfirm={() => onRemove(file)}>
                  <Button type="link" size="small" danger>
                    {t('files.remove')}
                  </Button>
                </Confirm>
              )}
              {actions?.(file)}
            </Space>
          ),
        },
      ]}
    />
  );
}
