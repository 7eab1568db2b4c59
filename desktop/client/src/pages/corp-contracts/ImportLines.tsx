// Importing detail lines from an .xlsx: append or replace. When a row is wrong the service imports
// nothing and lists the rows' errors, which are shown as a table the clerk can work through.
import { App, Alert, Modal, Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import type { CorpContract } from '../../../../../shared/corp-contracts';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { FileDropzone, FILE_RULES, uploadForm } from '../../kit/files';
import { WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { lineFieldLabel } from './corpFields';
import { useOpeningKey } from '../../kit/useOpeningKey';

interface RowError {
  row: number;
  column: string;
  message: string;
}

export function ImportLines({ contract, open, onClose, onImported }: { contract: CorpContract; open: boolean; onClose(): void; onImported(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const [files, setFiles] = useState<File[]>([]);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [progress, setProgress] = useState<WorkProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const openingKey = useOpeningKey(open);
  const [failure, setFailure] = useState<{ text: string; rows: RowError[]; count: number } | null>(null);

  const close = () => {
    setFiles([]);
    setFailure(null);
    setMode('append');
    onClose();
  };

  const run = async () => {
    const file = files[0];
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await uploadForm<{ imported: number; removed: number }>({
        path: `/corp-contract/contracts/${contract.id}/details/import?mode=${mode}`,
        files: [['file', file]],
        onWork: setProgress,
      });
      void message.success(t('corp.importDone', { imported: result.imported, removed: result.removed }));
      onImported();
      close();
    } catch (err) {
      const data = err instanceof ApiError ? (err.data as { errors?: RowError[]; errorCount?: number } | undefined) : undefined;
      const rows = Array.isArray(data?.errors) ? data.errors.filter((e) => typeof e?.row === 'number') : [];
      setFailure({ text: rows.length ? t('corp.importRefused', { count: data?.errorCount ?? rows.length }) : errorText(err, t), rows, count: data?.errorCount ?? rows.length });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Modal
      key={openingKey}
      open={open}
      title={t('corp.importTitle', { number: contract.contractNumber })}
      onCancel={close}
      onOk={() => void run()}
      okText={t('corp.import')}
      cancelText={t('list.cancel')}
      okButtonProps={{ disabled: files.length === 0, loading: busy }}
      width={720}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('corp.importHint')}
        </Typography.Paragraph>
        <FileDropzone rule={FILE_RULES.spreadsheet} value={files} onChange={(f) => (setFiles(f), setFailure(null))} />
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'append' | 'replace')}>
          <Radio value="append">{t('corp.importMode.append')}</Radio>
          <Radio value="replace">{t('corp.importMode.replace')}</Radio>
        </Radio.Group>
        <WorkProgressBar progress={progress} />
        {failure && <Alert type="error" showIcon title={failure.text} data-testid="import-error" />}
        {failure && failure.rows.length > 0 && (
          <Table<RowError>
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={failure.rows}
            pagination={failure.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
            data-testid="import-errors"
            columns={[
              { key: 'row', dataIndex: 'row', title: t('corp.importRow'), width: 80 },
              {
                key: 'column',
                dataIndex: 'column',
                title: t('corp.importColumn'),
                width: 160,
                render: (c: string) => {
                  const label = lineFieldLabel(c);
                  return label ? `${t(label)} (${c})` : c;
                },
              },
              { key: 'message', dataIndex: 'message', title: t('corp.importMessage') },
            ]}
          />
        )}
        {failure && failure.count > failure.rows.length && (
          <Typography.Text type="secondary">{t('corp.importMore', { shown: failure.rows.length, count: failure.count })}</Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
