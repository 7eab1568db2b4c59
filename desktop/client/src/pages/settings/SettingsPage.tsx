// The office's settings (admin): the company name printed above every printed document, the three
// rules (self-registration, a second person approves pickup requests, outbound orders need a pickup
// request) and the grants: what each role may do in each area (docs/permissions.md); the document
// kinds of a B/L's set (DocumentKindsCard).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Radio, Select, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { AREAS, DEFAULT_GRANTS, LEVELS, PRESET_ROLES, type Area, type Grants } from '../../../../../shared/permissions';
import { SELF_REGISTRATION, settingsBody, type Settings } from '../../../../../shared/settings';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { Confirm } from '../../kit/Confirm';
import { zodRule } from '../../kit/zodForm';
import { PageTitle } from '../../kit/PageTitle';
import { DocumentKindsCard } from './DocumentKindsCard';
import { useSettingsForm } from './useSettingsForm';

const GRANTS_PATH = '/settings/grants';

function RulesCard() {
  const t = useT();
  const { settings, form, busy, error, save } = useSettingsForm();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ ...settings.data, companyName: settings.data.companyName ?? '' });
  }, [settings.data, form]);

  const submit = (values: Settings) => save({ ...values, companyName: values.companyName ?? '' }, t('settings.saved'));

  return (
    <Card style={{ maxWidth: 720 }} title={t('menu.settings')} loading={settings.isPending}>
      {settings.isError && <Alert type="error" showIcon title={errorText(settings.error, t)} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="settings" layout="vertical" onFinish={(v: Settings) => void submit(v)}>
        <Form.Item name="companyName" label={t('settings.companyName')} extra={t('settings.companyNameHint')} rules={[zodRule(settingsBody, t)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="selfRegistration" label={t('settings.selfRegistration')} extra={t('settings.selfRegistrationHint')}>
          <Radio.Group optionType="button" options={SELF_REGISTRATION.map((v) => ({ value: v, label: t(`settings.selfRegistration.${v}`) }))} />
        </Form.Item>
        <Form.Item name="secondPersonApproves" label={t('settings.secondPersonApproves')} extra={t('settings.secondPersonApprovesHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="outboundNeedsPickup" label={t('settings.outboundNeedsPickup')} extra={t('settings.outboundNeedsPickupHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('list.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The grants grid: an area a row, a role a column (admin's fixed), a level select in each cell. */
function GrantsCard() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grants = useQuery({ queryKey: [GRANTS_PATH], queryFn: ({ signal }) => api.get<{ grants: Grants; defaults: Grants }>(GRANTS_PATH, undefined, signal) });
  const [grid, setGrid] = useState<Grants | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (grants.data) setGrid(grants.data.grants);
  }, [grants.data]);

  const save = async (next: Grants, done: string) => {
    setError(null);
    setBusy(true);
    try {
      const saved = await api.put<{ grants: Grants; defaults: Grants }>(GRANTS_PATH, { grants: next });
      queryClient.setQueryData([GRANTS_PATH], saved);
      void message.success(done);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  const changed = !!grid && !!grants.data && JSON.stringify(grid) !== JSON.stringify(grants.data.grants);

  return (
    <Card title={t('settings.grants')} loading={grants.isPending} data-testid="grants">
      <Typography.Paragraph type="secondary">{t('settings.grantsHint')}</Typography.Paragraph>
      {grants.isError && <Alert type="error" showIcon title={errorText(grants.error, t)} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {grid && (
        <Table<{ area: Area }>
          rowKey="area"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={AREAS.map((area) => ({ area }))}
          columns={[
            { key: 'area', title: t('settings.area'), fixed: 'left', render: (_: unknown, { area }) => <Typography.Text strong>{t(`access.area.${area}`)}</Typography.Text> },
            { key: 'admin', title: t('role.admin'), render: () => <Typography.Text type="secondary">{t('access.level.approve')}</Typography.Text> },
            ...PRESET_ROLES.map((role) => ({
              key: role,
              title: t(`role.${role}`),
              render: (_: unknown, { area }: { area: Area }) => (
                <Select
                  size="small"
                  style={{ width: 104 }}
                  aria-label={`${t(`role.${role}`)} · ${t(`access.area.${area}`)}`}
                  data-testid={`grant-${role}-${area}`}
                  value={grid[role][area]}
                  onChange={(level) => setGrid({ ...grid, [role]: { ...grid[role], [area]: level } })}
                  options={LEVELS.map((l) => ({ value: l, label: t(`access.level.${l}`) }))}
                />
              ),
            })),
          ]}
        />
      )}
      <Space style={{ marginTop: 16 }} wrap>
        <Button type="primary" loading={busy} disabled={!changed} onClick={() => grid && void save(grid, t('settings.grantsSaved'))}>
          {t('settings.saveGrants')}
        </Button>
        <Confirm title={t('settings.restoreConfirm')} onConfirm={() => save(DEFAULT_GRANTS, t('settings.restored'))}>
          <Button disabled={busy}>{t('settings.restoreDefaults')}</Button>
        </Confirm>
      </Space>
    </Card>
  );
}

export default function SettingsPage() {
  const t = useT();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.settings')}</PageTitle>
      <RulesCard />
      <GrantsCard />
      <DocumentKindsCard />
    </Space>
  );
}
