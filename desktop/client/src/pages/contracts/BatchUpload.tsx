// Batch upload: several contracts in a small editable table, each with its own scans (sent as
// files_<index>); all are created or none, and the server's `contracts.<i>.<field>` errors land in
// the right cell.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { cloneElement, useRef, useState, type ReactElement } from 'react';
import { z } from 'zod';
import { createContractBody, type Contract } from '../../../../../shared/contracts';
import { useT } from '../../i18n';
import { FILE_RULES, FileDropzone, UploadProgress, uploadForm } from '../../kit/files';
import { applyServerErrors, dropEmpty, zodRule } from '../../kit/zodForm';
import { formFields } from './contractFields';
import './batch.css';
import { useOpeningKey } from '../../kit/useOpeningKey';

const schema = z.object({ contracts: z.array(createContractBody) });
const MAX_FILES = FILE_RULES.scans.maxCount;

/**
 * The table's columns: the required fields, then the unit (filled from the commodity catalog when a
 * commodity is picked, as in the form), the currency and the weight tolerance; the other optional
 * fields are edited afterwards.
 */
const COLUMNS = formFields(['name', 'contractType', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'count', 'unitPrice', 'blNumber', 'unit', 'currency', 'weightTolerance']);
// the table scrolls sideways in the modal; the remove column stays at the right
const WIDTHS: Record<string, number> = { name: 130, contractType: 110, count: 90, unitPrice: 90, BLNumber: 120, unit: 80, currency: 80, weightTolerance: 100 };

/** Form values: each row's entries; '' and undefined dropped as the schemas expect. */
const read = (values: Record<string, unknown>) => ({
  contracts: ((values.contracts as Record<string, unknown>[] | undefined) ?? []).map((row) => dropEmpty(row ?? {})),
});

export function BatchUpload() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<Record<number, File[]>>({});
  const [progress, setProgress] = useState(0);
  const [saving, setSaving] = useState(false);
  const openingKey = useOpeningKey(open);
  const [topError, setTopError] = useState<string | null>(null);
  const rule = zodRule(schema, t, read);
  const rowKeys = useRef<number[]>([]);
  const count = (Form.useWatch('contracts', form) as unknown[] | undefined)?.length ?? 0;

  const start = () => {
    form.resetFields();
    form.setFieldsValue({ contracts: [{}, {}] });
    setFiles({});
    setTopError(null);
    setOpen(true);
  };

  const send = async () => {
    setTopError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = schema.safeParse(read(form.getFieldsValue()));
    if (!parsed.success) return;
    // the rows as the form holds them (Form.List keys) give each row's files
    const keys = rowKeys.current;
    const rowFiles = parsed.data.contracts.map((_c, i) => files[keys[i] ?? i] ?? []);
    const missing = rowFiles.findIndex((f) => f.length === 0);
    if (missing >= 0) return setTopError(t('contracts.batchFilesMissing', { n: missing + 1 }));
    if (rowFiles.flat().length > MAX_FILES) return setTopError(t('contracts.batchTooManyFiles'));
    setSaving(true);
    try {
      const created = await uploadForm<Contract[]>({
        path: '/contract/batch-upload',
        fields: { contracts: JSON.stringify(parsed.data.contracts) },
        files: rowFiles.flatMap((list, i) => list.map((f): [string, File] => [`files_${i}`, f])),
        onProgress: setProgress,
      });
      void message.success(t('contracts.batchDone', { n: created.length }));
      void queryClient.invalidateQueries({ queryKey: ['/contract'] });
      setOpen(false);
    } catch (err) {
      setTopError(applyServerErrors(form, err, t));
    } finally {
      setSaving(false);
      setProgress(0);
    }
  };

  return (
    <>
      <Button onClick={start}>{t('contracts.batch')}</Button>
      <Modal
        key={openingKey}
        open={open}
        title={t('contracts.batchTitle')}
        width="95vw"
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={() => setOpen(false)}>{t('list.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void send()}>
              {t('contracts.batchSend', { n: count })}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('contracts.batchHint')}</Typography.Paragraph>
        {topError && <Alert type="error" showIcon title={topError} style={{ marginBottom: 12 }} />}
        <Form form={form} className="batch-table" onValuesChange={() => setTopError(null)}>
          <Form.List name="contracts">
            {(rows, { add, remove }) => {
              // which Form.List key each index holds, for the files
              rowKeys.current = rows.map((r) => r.key);
              return (
                <>
                  <Table
                    size="small"
                    rowKey="key"
                    pagination={false}
                    dataSource={rows}
                    scroll={{ x: 'max-content' }}
                    data-testid="batch-table"
                    columns={[
                      { key: 'index', title: '#', width: 32, render: (_: unknown, _r, i) => i + 1 },
                      ...COLUMNS.map((c) => ({
                        key: c.name,
                        title: (
                          <span className={c.required ? 'ant-form-item-required' : undefined} title={c.hint && t(c.hint)}>
                            {t(c.label)}
                          </span>
                        ),
                        width: WIDTHS[c.name] ?? 110,
                        render: (_: unknown, row: (typeof rows)[number]) => (
                          <Form.Item name={[row.name, c.name]} rules={[rule]}>
                            {c.render ? (
                              // a commodity picked from the catalog fills its own row's unit
                              cloneElement(c.render() as ReactElement<{ 'aria-label'?: string; unitField?: (string | number)[] }>, {
                                'aria-label': t(c.label),
                                ...(c.name === 'commodity' && { unitField: ['contracts', row.name, 'unit'] }),
                              })
                            ) : c.kind === 'select' ? (
                              <Select aria-label={t(c.label)} options={(c.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))} />
                            ) : c.kind === 'number' ? (
                              <InputNumber aria-label={t(c.label)} style={{ width: '100%' }} />
                            ) : (
                              <Input aria-label={t(c.label)} placeholder={c.placeholder && t(c.placeholder)} />
                            )}
                          </Form.Item>
                        ),
                      })),
                      {
                        key: 'files',
                        title: <span className="ant-form-item-required">{t('contracts.chooseFiles')}</span>,
                        width: 150,
                        render: (_: unknown, row: (typeof rows)[number]) => (
                          <div className="batch-files">
                            <FileDropzone rule={FILE_RULES.scans} value={files[row.key] ?? []} onChange={(list) => setFiles((all) => ({ ...all, [row.key]: list }))} />
                          </div>
                        ),
                      },
                      {
                        key: 'remove',
                        width: 60,
                        fixed: 'right',
                        render: (_: unknown, row: (typeof rows)[number]) => (
                          <Button type="link" size="small" danger disabled={rows.length === 1} onClick={() => remove(row.name)}>
                            {t('contracts.batchRemove')}
                          </Button>
                        ),
                      },
                    ]}
                  />
                  <Button style={{ marginTop: 8 }} disabled={rows.length >= 20} onClick={() => add({})}>
                    {t('contracts.batchAdd')}
                  </Button>
                </>
              );
            }}
          </Form.List>
        </Form>
        <UploadProgress percent={progress} />
      </Modal>
    </>
  );
}
