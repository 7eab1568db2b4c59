// Backups (admin): back up now, the list newest first, download. Restore is done from the desktop
// app's menu or the command line, since it replaces the data folder of a stopped service.
import { CloudDownloadOutlined, DatabaseOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { BackupEngine, BackupRecord } from '../../../../../shared/backups';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { downloadFile } from '../../kit/files';
import { withProgress, WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { PageTitle } from '../../kit/PageTitle';

const PATH = '/admin/backups';

/** The preload API of the desktop app (desktop/api.ts); absent in a browser. */
interface DesktopApi {
  openDataFolder(): Promise<void>;
}
const desktop = (window as unknown as { cargodesk?: DesktopApi }).cargodesk;

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export default function BackupsPage() {
  const t = useT();
  const formatDate = useFormatDate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: [PATH], queryFn: ({ signal }) => api.get<BackupRecord[]>(PATH, undefined, signal) });
  const engine = useQuery({ queryKey: [PATH, 'engine'], queryFn: ({ signal }) => api.get<BackupEngine>(`${PATH}/engine`, undefined, signal) });
  const [progress, setProgress] = useState<WorkProgress | null>(null);
  const backUp = useMutation({
    mutationFn: () => withProgress(setProgress, (id) => api.post<BackupRecord>(PATH, undefined, { headers: id ? { 'x-progress-id': id } : {} })),
    onSettled: () => setProgress(null),
    onSuccess: (backup) => {
      void message.success(t('backups.written', { name: backup.name }));
      void queryClient.invalidateQueries({ queryKey: [PATH] });
    },
    onError: (err) => void message.error(errorText(err, t)),
  });
  const download = useMutation({
    mutationFn: (backup: BackupRecord) => downloadFile(`/api${PATH}/${encodeURIComponent(backup.name)}/download`, backup.name),
    onError: (err) => void message.error(errorText(err, t)),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.backups')}</PageTitle>
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('backups.intro')}</Typography.Text>
          {engine.data?.database === 'postgresql' && <Alert type="info" showIcon title={t('backups.postgresql')} />}
          <Typography.Text type="secondary">{t('backups.restoreHint')}</Typography.Text>
          <Space>
            <Button type="primary" icon={<DatabaseOutlined />} loading={backUp.isPending} onClick={() => backUp.mutate()}>
              {t('backups.now')}
            </Button>
            {progress && (
              <span style={{ display: 'inline-block', width: 280 }}>
                <WorkProgressBar progress={progress} />
              </span>
            )}
            {desktop && (
              <Button icon={<FolderOpenOutlined />} onClick={() => void desktop.openDataFolder()}>
                {t('backups.openFolder')}
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error, t)} />}
      <Table<BackupRecord>
        rowKey="name"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('backups.empty') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('backups.name') },
          {
            key: 'kind',
            title: t('backups.kind'),
            width: 120,
            render: (_, row) => (row.name.startsWith('cargodesk-daily-') ? <Tag color="blue">{t('backups.kind.daily')}</Tag> : <Tag color="green">{t('backups.kind.manual')}</Tag>),
          },
          { key: 'createTime', title: t('backups.createTime'), width: 190, render: (_, row) => formatDate(row.createTime) },
          { key: 'size', title: t('backups.size'), width: 120, align: 'right', render: (_, row) => size(row.size) },
          {
            key: 'actions',
            title: t('list.actions'),
            width: 140,
            render: (_, row) => (
              <Button type="link" icon={<CloudDownloadOutlined />} loading={download.isPending && download.variables?.name === row.name} onClick={() => download.mutate(row)}>
                {t('backups.download')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}
