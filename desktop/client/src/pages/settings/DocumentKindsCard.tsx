// The document kinds of a B/L's document set (settings `documentKinds`), edited by the admin on the
// Settings page: add, remove and rename kinds, and say which are required. Saved whole with PUT
// /settings, within the route's bounds (1 to MAX_DOCUMENT_KINDS kinds, codes of letters, digits and
// dashes, labels up to 100 characters, no code twice), checked while typing with the same schema. A
// saved kind's code stays (its files are filed under it): renaming changes its label. The B/L
// documents panel and the missing-documents report read the kinds again once saved.
import { Alert, Button, Card, Form, Input, Space, Switch, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { z } from 'zod';
import { settingsBody } from '../../../../../shared/settings';
import { MAX_DOCUMENT_KINDS, type DocumentKind } from '../../../../../shared/trading';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { Confirm } from '../../kit/Confirm';
import { usePhone } from '../../kit/usePhone';
import { zodRule } from '../../kit/zodForm';
import { kindLabel } from '../trading/documentKinds';
import { useSettingsForm } from './useSettingsForm';

const schema = z.object({ documentKinds: settingsBody.shape.documentKinds });

interface Row {
  kind?: string;
  label?: string;
  required?: boolean;
  /** saved already: its code stays */
  saved?: boolean;
}

/** Form rows → the request's list (the `saved` mark stays in the client). */
const read = (values: Record<string, unknown>) => ({
  documentKinds: ((values.documentKinds as Row[] | undefined) ?? []).map((r) => ({ kind: r?.kind ?? '', label: r?.label ?? '', required: r?.required ?? false })),
});

const rowsOf = (kinds: readonly DocumentKind[]): Row[] => kinds.map((k) => ({ ...k, saved: true }));

export function DocumentKindsCard() {
  const t = useT();
  const { settings, form, busy, error, setError, save: put, queryClient } = useSettingsForm();
  const kinds = settings.data?.documentKinds;
  // a refetch (a live refresh) fills the form only while the admin has not started editing
  useEffect(() => {
    if (kinds && !form.isFieldsTouched()) form.setFieldsValue({ documentKinds: rowsOf(kinds) });
  }, [kinds, form]);
  // the whole store: a saved kind's code has no input, so only the store holds it
  const rule = zodRule(schema, t, () => read(form.getFieldsValue(true)));
  const phone = usePhone();

  const save = (documentKinds: z.output<typeof schema>['documentKinds'], done: string) =>
    put({ documentKinds }, done, (saved) => {
      form.resetFields();
      form.setFieldsValue({ documentKinds: rowsOf(saved.documentKinds) });
      // the document sets and the report list the kinds as saved
      void queryClient.invalidateQueries({ queryKey: ['/bl/documents'] });
      void queryClient.invalidateQueries({ queryKey: ['/reports/missing-documents'] });
    });
  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = schema.safeParse(read(form.getFieldsValue(true)));
    if (parsed.success) await save(parsed.data.documentKinds ?? null, t('settings.kindsSaved'));
  };

  /** A saved kind's code (and the name the screen shows when it is not the label: a default kind in Chinese); a new kind's code input. */
  const codeCell = (index: number) =>
    form.getFieldValue(['documentKinds', index, 'saved']) ? (
      <Form.Item noStyle shouldUpdate>
        {() => {
          const { kind = '', label = '' } = (form.getFieldValue(['documentKinds', index]) as Row | undefined) ?? {};
          const shown = kindLabel(t, { kind, label });
          return (
            <Space orientation="vertical" size={0}>
              <Typography.Text code>{kind}</Typography.Text>
              {shown !== label && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {shown}
                </Typography.Text>
              )}
            </Space>
          );
        }}
      </Form.Item>
    ) : (
      <Form.Item name={[index, 'kind']} rules={[rule]} style={{ marginBottom: 0 }}>
        <Input aria-label={t('settings.kindCode')} placeholder="exportLicence" maxLength={40} />
      </Form.Item>
    );
  const labelCell = (index: number) => (
    <Form.Item name={[index, 'label']} rules={[rule]} style={{ marginBottom: 0 }}>
      <Input aria-label={t('settings.kindLabel')} maxLength={100} />
    </Form.Item>
  );

  return (
    <Card title={t('settings.kinds')} loading={settings.isPending} data-testid="document-kinds">
      <Typography.Paragraph type="secondary">{t('settings.kindsHint', { max: MAX_DOCUMENT_KINDS })}</Typography.Paragraph>
      {settings.isError && <Alert type="error" showIcon title={errorText(settings.error, t)} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="documentKinds" onValuesChange={() => setError(null)}>
        <Form.List name="documentKinds">
          {(rows, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={rows}
                scroll={{ x: 'max-content' }}
                columns={[
                  // on a phone the code sits above the name, so the switch and Remove stay on screen
                  ...(phone
                    ? [
                        {
                          key: 'kind',
                          title: `${t('settings.kindCode')} · ${t('settings.kindLabel')}`,
                          render: (_: unknown, row: (typeof rows)[number]) => (
                            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                              {codeCell(row.name)}
                              {labelCell(row.name)}
                            </Space>
                          ),
                        },
                      ]
                    : [
                        { key: 'kind', title: t('settings.kindCode'), width: 200, render: (_: unknown, row: (typeof rows)[number]) => codeCell(row.name) },
                        { key: 'label', title: t('settings.kindLabel'), width: 260, render: (_: unknown, row: (typeof rows)[number]) => labelCell(row.name) },
                      ]),
                  {
                    key: 'required',
                    title: t('settings.kindRequired'),
                    width: 90,
                    render: (_: unknown, row: (typeof rows)[number]) => (
                      <Form.Item name={[row.name, 'required']} valuePropName="checked" style={{ marginBottom: 0 }}>
                        <Switch aria-label={t('settings.kindRequired')} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'remove',
                    title: <span className="visually-hidden">{t('contracts.batchRemove')}</span>,
                    width: 70,
                    render: (_: unknown, row: (typeof rows)[number]) => (
                      <Button type="link" size="small" danger disabled={rows.length === 1} onClick={() => remove(row.name)}>
                        {t('contracts.batchRemove')}
                      </Button>
                    ),
                  },
                ]}
              />
              <Space style={{ marginTop: 12 }} wrap>
                <Button disabled={rows.length >= MAX_DOCUMENT_KINDS} onClick={() => add({ kind: '', label: '', required: false })}>
                  {t('settings.addKind')}
                </Button>
                <Button type="primary" loading={busy} onClick={() => void submit()}>
                  {t('settings.saveKinds')}
                </Button>
                <Confirm title={t('settings.kindsRestoreConfirm')} onConfirm={() => save(null, t('settings.kindsRestored'))}>
                  <Button disabled={busy}>{t('settings.restoreDefaults')}</Button>
                </Confirm>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
