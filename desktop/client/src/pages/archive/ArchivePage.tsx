// Contract archive: folders on the left (create, rename, delete), the selected folder's batches on
// the right (upload with progress, detail with the files, delete).
import { DeleteOutlined, EditOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Drawer, Empty, List, Row, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createBatchBody, createFolderBody, updateFolderBody, type ArchiveBatch, type ArchiveFolder } from '../../../../../shared/contracts';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { Confirm } from '../../kit/Confirm';
import { FileList, formatSize } from '../../kit/FileList';
import { EditDrawer } from '../../kit/EditDrawer';
import { FILE_RULES, FileDropzone, UploadProgress, uploadForm } from '../../kit/files';
import type { FieldDef } from '../../kit/fields';

const folderFields: FieldDef[] = [
  { name: 'name', label: 'archive.folderName', required: true },
  { name: 'description', label: 'archive.description', kind: 'textarea' },
];

export default function ArchivePage() {
  const t = useT();
  const formatDate = useFormatDate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [folderDrawer, setFolderDrawer] = useState<{ folder?: ArchiveFolder } | null>(null);
  const [folderError, setFolderError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [detail, setDetail] = useState<ArchiveBatch | null>(null);

  const folders = useQuery({ queryKey: ['/contract/folders'], queryFn: ({ signal }) => api.get<ArchiveFolder[]>('/contract/folders', undefined, signal) });
  const folderId = Number(params.get('folderId')) || folders.data?.[0]?.id;
  const folder = folders.data?.find((f) => f.id === folderId);
  const batches = useQuery({
    queryKey: ['/contract/batches', folderId],
    queryFn: ({ signal }) => api.get<ArchiveBatch[]>('/contract/batches', { folderId }, signal),
    enabled: folder !== undefined,
  });

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ['/contract/folders'] });
    void queryClient.invalidateQueries({ queryKey: ['/contract/batches'] });
  };

  const deleteFolder = async (f: ArchiveFolder) => {
    setFolderError(null);
    try {
      await api.delete(`/contract/folders/${f.id}`);
      void message.success(t('list.deleted'));
      if (f.id === folderId) setParams({});
      changed();
    } catch (err) {
      setFolderError(errorText(err, t));
    }
  };

  const deleteBatch = async (b: ArchiveBatch) => {
    try {
      await api.delete(`/contract/batches/${b.id}`);
      void message.success(t('list.deleted'));
      changed();
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  // the folders are records, not translated options: the select is rendered here
  const uploadFields = useMemo<FieldDef[]>(
    () => [
      {
        name: 'folderId',
        label: 'archive.folder',
        required: true,
        render: () => <Select options={(folders.data ?? []).map((f) => ({ value: f.id, label: f.name }))} />,
      },
      { name: 'batchName', label: 'archive.batchName', required: true },
      { name: 'remark', label: 'archive.remark', kind: 'textarea' },
    ],
    [folders.data],
  );

  // stable objects: the drawer resets its form when they change
  const editedFolder = folderDrawer?.folder;
  const folderInitial = useMemo(() => (editedFolder ? { name: editedFolder.name, description: editedFolder.description ?? '' } : undefined), [editedFolder]);
  const uploadInitial = useMemo(() => (folderId ? { folderId } : undefined), [folderId]);

  const upload = async (values: Record<string, unknown>) => {
    if (files.length === 0) throw new Error(t('archive.filesRequired'));
    try {
      await uploadForm<ArchiveBatch>({
        path: '/contract/batches',
        fields: values as Record<string, string | number | null | undefined>,
        files: files.map((f) => ['files', f]),
        onProgress: setProgress,
      });
      setFiles([]);
      void message.success(t('list.saved'));
      changed();
      if (values.folderId !== folderId) setParams({ folderId: String(values.folderId) });
    } finally {
      setProgress(0);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu.contractArchive')}
      </Typography.Title>
      {folders.isError && <Alert type="error" showIcon title={t('list.loadFailed')} description={errorText(folders.error, t)} />}
      <Row gutter={16} wrap={false}>
        <Col flex="340px">
          <Card
            size="small"
            title={t('archive.folders')}
            extra={
              <Button type="primary" size="small" onClick={() => setFolderDrawer({})}>
                {t('archive.newFolder')}
              </Button>
            }
          >
            {folderError && <Alert type="error" showIcon title={folderError} closable={{ onClose: () => setFolderError(null) }} style={{ marginBottom: 8 }} />}
            <List<ArchiveFolder>
              size="small"
              loading={folders.isFetching && !folders.data}
              dataSource={folders.data ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('archive.noFolder')} /> }}
              renderItem={(f) => (
                <List.Item
                  data-testid="archive-folder"
                  style={{ cursor: 'pointer', background: f.id === folderId ? '#e6f0f8' : undefined, paddingInline: 8 }}
                  onClick={() => setParams({ folderId: String(f.id) })}
                  actions={[
                    <Button
                      key="rename"
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('archive.rename')}
                      title={t('archive.rename')}
                      onClick={(e) => (e.stopPropagation(), setFolderDrawer({ folder: f }))}
                    />,
                    <Confirm key="delete" title={t('archive.deleteFolderConfirm', { name: f.name })} danger onConfirm={() => deleteFolder(f)}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('list.delete')} title={t('list.delete')} onClick={(e) => e.stopPropagation()} />
                    </Confirm>,
                  ]}
                >
                  <List.Item.Meta
                    avatar={f.id === folderId ? <FolderOpenOutlined /> : <FolderOutlined />}
                    title={f.name}
                    description={[t('archive.batchCount', { n: f.batchCount }), f.description].filter(Boolean).join(' · ')}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card
            size="small"
            title={folder ? t('archive.batches', { name: folder.name }) : t('archive.chooseFolder')}
            extra={
              <Button type="primary" size="small" disabled={!folders.data?.length} onClick={() => setUploading(true)}>
                {t('archive.upload')}
              </Button>
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
                  render: (_: unknown, b) => (
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
        </Col>
      </Row>

      <EditDrawer
        open={folderDrawer !== null}
        title={folderDrawer?.folder ? t('archive.renameTitle', { name: folderDrawer.folder.name }) : t('archive.newFolderTitle')}
        fields={folderFields}
        schema={folderDrawer?.folder ? updateFolderBody : createFolderBody}
        initialValues={folderInitial}
        onClose={() => setFolderDrawer(null)}
        onSubmit={async (values) => {
          const saved = folderDrawer?.folder
            ? await api.put<ArchiveFolder>(`/contract/folders/${folderDrawer.folder.id}`, values)
            : await api.post<ArchiveFolder>('/contract/folders', values);
          void message.success(t('list.saved'));
          setParams({ folderId: String(saved.id) });
          changed();
        }}
      />
      <EditDrawer
        open={uploading}
        title={t('archive.uploadTitle')}
        fields={uploadFields}
        schema={createBatchBody}
        initialValues={uploadInitial}
        onClose={() => setUploading(false)}
        onSubmit={upload}
        extra={
          <div data-testid="batch-files">
            <FileDropzone rule={FILE_RULES.documents} value={files} onChange={setFiles} />
            <UploadProgress percent={progress} />
          </div>
        }
      />
      <Drawer open={detail !== null} size={640} title={detail ? t('archive.detailTitle', { name: detail.batchName }) : ''} onClose={() => setDetail(null)} destroyOnHidden>
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

