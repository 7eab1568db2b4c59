// Contract archive: folders on the left (the kit's FolderPanel: create, rename, delete), the
// selected folder's batches on the right (upload with progress, detail with the files, delete).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Drawer, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { createBatchBody, createFolderBody, updateFolderBody, type ArchiveBatch, type ArchiveFolder } from '../../../../../shared/contracts';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { ReadOnlyLine, usePageCan } from '../../kit/access';
import { Confirm } from '../../kit/Confirm';
import { EditDrawer } from '../../kit/EditDrawer';
import { FileList, formatSize } from '../../kit/FileList';
import { FILE_RULES, UploadProgress, uploadForm } from '../../kit/files';
import type { FieldDef } from '../../kit/fields';
import { FolderPanel, useSelectedFolder, WithFolders } from '../../kit/FolderPanel';
import { useDrawerSize } from '../../kit/usePhone';
import { PageTitle } from '../../kit/PageTitle';

const FOLDERS = '/contract/folders';
const BATCHES = '/contract/batches';

/** Every archive folder; the same query (and cache) as the FolderPanel's. */
function useFolders() {
  return useQuery({ queryKey: [FOLDERS], queryFn: ({ signal }) => api.get<ArchiveFolder[]>(FOLDERS, undefined, signal) });
}

/** The folder choice of the upload form (Form.Item hands it value and onChange). */
function FolderSelect(props: { value?: number; onChange?: (id: number) => void }) {
  const folders = useFolders();
  return <Select {...props} options={(folders.data ?? []).map((f) => ({ value: f.id, label: f.name }))} />;
}

const folderFields: FieldDef[] = [
  { name: 'name', label: 'archive.folderName', required: true },
  { name: 'description', label: 'archive.description', kind: 'textarea' },
];
const folderInitial = (f: ArchiveFolder) => ({ name: f.name, description: f.description ?? '' });

// a constant: the drawer resets its form when its fields change
const uploadFields: FieldDef[] = [
  { name: 'folderId', label: 'archive.folder', required: true, render: () => <FolderSelect /> },
  { name: 'batchName', label: 'archive.batchName', required: true },
  { name: 'remark', label: 'archive.remark', kind: 'textarea' },
  { name: 'files', label: 'files.files', kind: 'files', rule: FILE_RULES.documents, required: true },
];

export default function ArchivePage() {
  const t = useT();
  const writable = usePageCan()('write');
  const drawerSize = useDrawerSize(640);
  const formatDate = useFormatDate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // the upload drawer's initial values, one object per opening (a new one would reset the form)
  const [uploading, setUploading] = useState<{ folderId?: number } | null>(null);
  const [progress, setProgress] = useState(0);
  const [detail, setDetail] = useState<ArchiveBatch | null>(null);

  const folders = useFolders();
  const [folderId, selectFolder] = useSelectedFolder(folders.data?.[0]?.id);
  const folder = folders.data?.find((f) => f.id === folderId);
  const batches = useQuery({
    queryKey: [BATCHES, folderId],
    queryFn: ({ signal }) => api.get<ArchiveBatch[]>(BATCHES, { folderId }, signal),
    enabled: folder !== undefined,
  });

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: [FOLDERS] });
    void queryClient.invalidateQueries({ queryKey: [BATCHES] });
  };

  const deleteBatch = async (b: ArchiveBatch) => {
    try {
      await api.delete(`${BATCHES}/${b.id}`);
      void message.success(t('list.deleted'));
      changed();
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  const upload = async (values: Record<string, unknown>) => {
    const { files, ...fields } = values as { files: File[] } & Record<string, string | number | null | undefined>;
    try {
      await uploadForm<ArchiveBatch>({ path: BATCHES, fields, files: files.map((f) => ['files', f]), onProgress: setProgress });
      void message.success(t('list.saved'));
      changed();
      if (fields.folderId !== folderId) selectFolder(Number(fields.folderId));
    } finally {
      setProgress(0);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.contractArchive')}</PageTitle>
      <ReadOnlyLine />
      {folders.isError && <Alert type="error" showIcon title={t('list.loadFailed')} description={errorText(folders.error, t)} />}
      <WithFolders
        width="340px"
        folders={
          <FolderPanel<ArchiveFolder>
            path={FOLDERS}
            paging="client"
            title="archive.folders"
            count={(f) => f.batchCount}
            countLabel="archive.batchCount"
            fields={folderFields}
            createSchema={createFolderBody}
            updateSchema={updateFolderBody}
            initial={folderInitial}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: [BATCHES] })}
          />
        }
      >
        <Card
          size="small"
          title={folder ? t('archive.batches', { name: folder.name }) : t('archive.chooseFolder')}
          extra={
            writable && (
              <Button type="primary" size="small" disabled={!folders.data?.length} onClick={() => setUploading({ folderId })}>
                {t('archive.upload')}
              </Button>
            )
          }
        >
          {batches.isError && <Alert type="error" showIcon title={errorText(batches.error, t)} />}
          <Table<ArchiveBatch>
            rowKey="id"
            size="middle"
            loading={batches.isFetching}
            dataSource={folder ? (batches.data ?? []) : []}
            pagination={{ defaultPageSize: 20, showTotal: (total) => t('list.total', { total }) }}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'batchName',
                title: t('archive.batchName'),
                render: (_: unknown, b) => (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetail(b)}>
                    {b.batchName}
                  </Button>
                ),
              },
              { key: 'remark', dataIndex: 'remark', title: t('archive.remark') },
              { key: 'fileCount', dataIndex: 'fileCount', title: t('archive.fileCount') },
              { key: 'totalSize', title: t('archive.totalSize'), render: (_: unknown, b) => formatSize(b.totalSize) },
              { key: 'createTime', title: t('archive.createTime'), render: (_: unknown, b) => formatDate(b.createTime) },
              {
                key: 'actions',
                title: t('list.actions'),
                render: (_: unknown, b) =>
                  writable && (
                    <Confirm title={t('archive.deleteBatchConfirm')} danger onConfirm={() => deleteBatch(b)}>
                      <Button type="link" size="small" danger>
                        {t('list.delete')}
                      </Button>
                    </Confirm>
                  ),
              },
            ]}
          />
        </Card>
      </WithFolders>

      <EditDrawer
        open={uploading !== null}
        title={t('archive.uploadTitle')}
        fields={uploadFields}
        schema={createBatchBody}
        initialValues={uploading ?? undefined}
        onClose={() => setUploading(null)}
        onSubmit={upload}
        extra={<UploadProgress percent={progress} />}
      />
      <Drawer open={detail !== null} size={drawerSize} title={detail ? t('archive.detailTitle', { name: detail.batchName }) : ''} onClose={() => setDetail(null)} destroyOnHidden>
        {detail && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions size="small" bordered column={1}>
              <Descriptions.Item label={t('archive.folder')}>{folders.data?.find((f) => f.id === detail.folderId)?.name}</Descriptions.Item>
              <Descriptions.Item label={t('archive.remark')}>{detail.remark}</Descriptions.Item>
              <Descriptions.Item label={t('archive.fileCount')}>{detail.fileCount}</Descriptions.Item>
              <Descriptions.Item label={t('archive.totalSize')}>{formatSize(detail.totalSize)}</Descriptions.Item>
              <Descriptions.Item label={t('archive.createTime')}>{formatDate(detail.createTime)}</Descriptions.Item>
            </Descriptions>
            <FileList area="contract-files" files={detail.files} />
          </Space>
        )}
      </Drawer>
    </Space>
  );
}
