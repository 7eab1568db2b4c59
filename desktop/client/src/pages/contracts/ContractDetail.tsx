// One contract in a drawer: its fields and its files; files are added (with progress) and removed
// here through update-files.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { Contract } from '../../../../../shared/contracts';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { usePageCan } from '../../kit/access';
import { Confirm } from '../../kit/Confirm';
import { FileList } from '../../kit/FileList';
import { FILE_RULES, FileDropzone, UploadProgress, uploadForm } from '../../kit/files';
import { formatQuantity, formatUnitPrice } from '../../kit/numbers';
import { StatusBadge } from '../../kit/StatusBadge';
import { typeMap } from './contractFields';
import { useDrawerSize } from '../../kit/usePhone';

export function ContractDetail({ id, onClose }: { id: number | null; onClose(): void }) {
  const t = useT();
  const writable = usePageCan()('write');
  const drawerSize = useDrawerSize(720);
  const formatDate = useFormatDate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<File[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const contract = useQuery({
    queryKey: ['/contract', id],
    queryFn: ({ signal }) => api.get<Contract>(`/contract/${id}`, undefined, signal),
    enabled: id !== null,
  });

  useEffect(() => {
    setAdding([]);
    setSelected([]);
    setError(null);
  }, [id]);

  const change = async (send: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      void message.success(done);
      void queryClient.invalidateQueries({ queryKey: ['/contract'] });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
      setProgress(0);
    }
  };

  const upload = () =>
    change(async () => {
      await uploadForm<Contract>({ path: `/contract/${id}/update-files`, files: adding.map((f) => ['files', f]), onProgress: setProgress });
      setAdding([]);
    }, t('contracts.filesAdded'));

  const remove = () =>
    change(async () => {
      await api.post<Contract>(`/contract/${id}/update-files`, { removeFileIds: selected });
      setSelected([]);
    }, t('contracts.filesRemoved'));

  const c = contract.data;
  return (
    <Drawer open={id !== null} size={drawerSize} title={c ? t('contracts.detailTitle', { name: c.name }) : t('app.loading')} onClose={onClose} destroyOnHidden>
      {contract.isError && <Alert type="error" showIcon title={errorText(contract.error, t)} />}
      {c && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('contracts.type')}>
              <StatusBadge value={c.contractType} map={typeMap} />
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.contractCode')}>{c.contractCode}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.buyParty')}>{c.buyParty}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.sellParty')}>{c.sellParty}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.commodity')}>{c.commodity}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.packaging')}>{c.packaging}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.count')}>{formatQuantity(c.count)}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.unitPrice')}>{formatUnitPrice(c.unitPrice)}</Descriptions.Item>
            <Descriptions.Item label={t('desk.unit')}>{c.unit}</Descriptions.Item>
            <Descriptions.Item label={t('desk.currency')}>{c.currency}</Descriptions.Item>
            <Descriptions.Item label={t('desk.weightTolerance')}>{c.weightTolerance === null ? '' : `${c.weightTolerance} %`}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.deliveryTime')}>{c.deliveryTime}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.pickUpTime')}>{c.pickUpTime}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.blNumber')} span={2}>
              {c.blNumber.split(';').join('; ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.remarks')} span={2}>
              {c.remarks}
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.createTime')}>{formatDate(c.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('contracts.updateTime')}>{formatDate(c.updateTime)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('contracts.files')}
          </Typography.Title>
          {error && <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} />}
          <FileList area="contract-files" files={c.files} selected={selected} onSelect={setSelected} />
          {writable && (
            <>
              <Confirm title={t('contracts.removeConfirm', { n: selected.length })} danger onConfirm={remove} disabled={selected.length === 0}>
                <Button danger disabled={selected.length === 0 || busy}>
                  {t('contracts.removeSelected')}
                </Button>
              </Confirm>
              <FileDropzone rule={FILE_RULES.scans} value={adding} onChange={setAdding} />
              <UploadProgress percent={progress} />
              <Button type="primary" disabled={adding.length === 0} loading={busy} onClick={() => void upload()}>
                {t('contracts.addFiles')}
              </Button>
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
