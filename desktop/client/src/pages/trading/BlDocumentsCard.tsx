// The document set of one B/L on its trace: every document kind with its status and files, a drop
// zone per kind (files go through the same upload as every area: the service judges each by its
// bytes), previews and downloads as for contract files.
import { InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { BlDocumentSet } from '../../../../../shared/trading';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { useCan } from '../../kit/access';
import { usePhone } from '../../kit/usePhone';
import { Confirm } from '../../kit/Confirm';
import { FILE_RULES, fileHref, uploadForm } from '../../kit/files';
import { FileLinks, formatSize } from '../../kit/FileList';
import { kindLabel } from './documentKinds';

type KindRow = BlDocumentSet['kinds'][number];
const MAX_FILES = 20;

export function BlDocumentsCard({ blNumber }: { blNumber: string }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayWrite = useCan('contracts', 'write');
  const path = `/bl/${encodeURIComponent(blNumber)}/documents`;
  const set = useQuery({ queryKey: ['/bl/documents', blNumber], queryFn: ({ signal }) => api.get<BlDocumentSet>(path, undefined, signal) });
  const [busy, setBusy] = useState<string>();
  const phone = usePhone();
  const refresh = (next: BlDocumentSet) => queryClient.setQueryData(['/bl/documents', blNumber], next);

  const send = async (kind: string, files: File[]) => {
    setBusy(kind);
    try {
      refresh(await uploadForm<BlDocumentSet>({ path, fields: { kind }, files: files.slice(0, MAX_FILES).map((f): [string, File] => ['files', f]) }));
      void message.success(t('td.docs.uploaded', { count: Math.min(files.length, MAX_FILES) }));
    } catch (err) {
      void message.error(errorText(err, t));
    } finally {
      setBusy(undefined);
    }
  };

  const dropZone = (k: KindRow) => (
    <div data-testid={`drop-${k.kind}`}>
      <Upload.Dragger
        multiple
        showUploadList={false}
        accept={FILE_RULES.documents.accept}
        disabled={busy !== undefined}
        beforeUpload={(file, batch) => {
          // antd calls this once per file of a drop; send the whole drop on its first file
          if (file === batch[0]) void send(k.kind, batch);
          return false;
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <InboxOutlined /> {t('td.docs.drop')}
        </Typography.Text>
      </Upload.Dragger>
    </div>
  );

  const data = set.data;
  return (
    <Card
      size="small"
      data-testid="bl-documents"
      title={t('td.docs.title')}
      extra={data && <Tag color={data.complete ? 'success' : 'error'}>{t(data.complete ? 'td.docs.complete' : 'td.docs.incomplete')}</Tag>}
    >
      {set.error && <Alert type="error" showIcon title={errorText(set.error, t)} />}
      <Table<KindRow>
        size="small"
        pagination={false}
        rowKey="kind"
        loading={set.isFetching || busy !== undefined}
        dataSource={data?.kinds ?? []}
        columns={[
          {
            key: 'kind',
            title: t('td.docs.kind'),
            render: (_: unknown, k) => (
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                <Space size={4} wrap>
                  <Typography.Text strong>{kindLabel(t, k)}</Typography.Text>
                  {k.required && <Typography.Text type="secondary">({t('td.docs.required')})</Typography.Text>}
                  <Tag color={k.status === 'received' ? 'success' : k.required ? 'error' : 'default'}>{t(`td.docs.status.${k.status}`)}</Tag>
                </Space>
                {k.files.map((f) => (
                  <Space key={f.id} size={4} wrap>
                    <Typography.Text>{f.name}</Typography.Text>
                    <Typography.Text type="secondary">{formatSize(f.size)}</Typography.Text>
                    <FileLinks name={f.name} href={fileHref('contract-files', f.url)} />
                    {mayWrite && (
                      <Confirm
                        title={t('files.removeConfirm', { name: f.name })}
                        danger
                        onConfirm={async () => {
                          try {
                            refresh(await api.delete<BlDocumentSet>(`${path}/${f.id}`));
                          } catch (err) {
                            void message.error(errorText(err, t));
                          }
                        }}
                      >
                        <Typography.Link type="danger">{t('files.remove')}</Typography.Link>
                      </Confirm>
                    )}
                  </Space>
                ))}
                {mayWrite && phone && dropZone(k)}
              </Space>
            ),
          },
          ...(mayWrite && !phone ? [{ key: 'drop', width: 220, title: '', render: (_: unknown, k: KindRow) => dropZone(k) }] : []),
        ]}
      />
    </Card>
  );
}
