// The B/Ls with stock or an open contract whose document set lacks a required kind; each B/L opens
// its trace, where the documents panel takes the missing files.
import { ReportButtons } from '../reports/reportUi';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageTitle } from '../../kit/PageTitle';
import { Alert, Card, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { Paged } from '../../../../../shared/paging';
import type { Settings } from '../../../../../shared/settings';
import type { MissingDocumentsRow } from '../../../../../shared/trading';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import { WarehouseSelect } from '../warehouse/warehouseUi';
import { BlLink } from '../reports/BlLink';
import { kindLabel } from './documentKinds';

const PATH = '/reports/missing-documents';

interface Filters {
  blNumber?: string;
  warehouse?: string;
  commodity?: string;
}

export default function MissingDocumentsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form] = Form.useForm<Filters>();
  const report = useQuery({
    queryKey: [PATH, query],
    queryFn: ({ signal }) => api.get<Paged<MissingDocumentsRow>>(PATH, query, signal),
    placeholderData: keepPreviousData,
  });
  const settings = useQuery({ queryKey: ['/settings'], queryFn: ({ signal }) => api.get<Settings>('/settings', undefined, signal) });
  const labelOf = (kind: string) => {
    const found = settings.data?.documentKinds.find((k) => k.kind === kind);
    return found ? kindLabel(t, found) : kind;
  };

  const search = (values: Filters) => {
    const next: Record<string, string> = {};
    for (const key of ['blNumber', 'warehouse', 'commodity'] as const) if (values[key]?.trim()) next[key] = values[key].trim();
    setParams(next);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.missingDocuments')}</PageTitle>
      <Typography.Text type="secondary">{t('td.missing.intro')}</Typography.Text>
      <Card size="small">
        <Form form={form} layout="inline" initialValues={query} onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="blNumber" label={t('wh.f.blNumber')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="warehouse" label={t('wh.f.warehouse')}>
            <WarehouseSelect search />
          </Form.Item>
          <Form.Item name="commodity" label={t('wh.f.commodity')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <ReportButtons
            onReset={() => {
              form.resetFields();
              setParams({});
            }}
            exportPath={`${PATH}/export`}
            query={query}
            fileName="missing-documents"
          />
        </Form>
      </Card>
      {report.error && <Alert type="error" showIcon title={errorText(report.error, t)} />}
      <Table<MissingDocumentsRow>
        size="small"
        data-testid="missing-documents-table"
        scroll={{ x: 'max-content' }}
        rowKey="blNumber"
        loading={report.isFetching}
        dataSource={report.data?.items ?? []}
        columns={[
          { key: 'blNumber', dataIndex: 'blNumber', title: t('wh.f.blNumber'), render: (v: string) => <BlLink value={v} /> },
          { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
          { key: 'warehouses', dataIndex: 'warehouses', title: t('td.f.warehouses'), render: (v: string[]) => (v.length ? v.join(', ') : '–') },
          {
            key: 'missing',
            dataIndex: 'missing',
            title: t('td.f.missing'),
            render: (v: string[]) => (
              <Space size={4} wrap>
                {v.map((kind) => (
                  <Tag key={kind} color="error">
                    {labelOf(kind)}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
        pagination={{
          current: Number(query.page ?? 1),
          pageSize: Number(query.pageSize ?? 20),
          total: report.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('list.total', { total }),
          onChange: (page, pageSize) => setParams({ ...query, page: String(page), pageSize: String(pageSize) }),
        }}
      />
    </Space>
  );
}
