// The B/Ls with stock or an open contract whose document set lacks a required kind; each B/L opens
// its trace, where the documents panel takes the missing files.
import { Space, Table, Tag, Typography } from 'antd';
import type { Paged } from '../../../../../shared/paging';
import type { MissingDocumentsRow } from '../../../../../shared/trading';
import { useT } from '../../i18n';
import { PageTitle } from '../../kit/PageTitle';

import { BlLink } from '../reports/BlLink';
import { ReportFilters, StockFilterItems, useReport } from '../reports/reportUi';
import { kindLabel } from './documentKinds';
import { useSettings } from '../settings/useSettings';

const PATH = '/reports/missing-documents';

export default function MissingDocumentsPage() {
  const t = useT();
  const { query, setParams, report, pagination } = useReport<Paged<MissingDocumentsRow>>(PATH);
  const settings = useSettings();
  const labelOf = (kind: string) => {
    const found = settings.data?.documentKinds.find((k) => k.kind === kind);
    return found ? kindLabel(t, found) : kind;
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('menu.missingDocuments')}</PageTitle>
      <Typography.Text type="secondary">{t('td.missing.intro')}</Typography.Text>
      <ReportFilters initialValues={query} setParams={setParams} query={query} exportPath={`${PATH}/export`} fileName="missing-documents" error={report.error}>
        <StockFilterItems bl />
      </ReportFilters>
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
        pagination={pagination(report.data?.total ?? 0)}
      />
    </Space>
  );
}
