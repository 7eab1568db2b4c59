// Everything finance knows about one contract number: one section per kind with its count, totals
// per currency and records. The contract number is in the address, so list pages link here.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { CurrencyTotal } from '../../../../../shared/finance';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { StatusBadge } from '../../kit/StatusBadge';
import { SUMMARY_KINDS, type FinanceRecord, type KindSpec } from './financeKinds';
import { columnsFor, Totals } from './kindDisplay';
import { ExportButton } from '../../kit/ExportButton';
import { PageTitle } from '../../kit/PageTitle';

interface Section {
  count: number;
  totals: CurrencyTotal[];
  items: FinanceRecord[];
}
type ContractSummary = { contractNumber: string } & Record<string, Section>;

function SectionTable({ kind, section }: { kind: KindSpec; section: Section }) {
  const t = useT();
  const formatDate = useFormatDate();
  const columns = columnsFor(kind)
    .filter((c) => c.key !== 'contractNumber')
    .map((c) => ({
      key: c.key,
      title: t(c.title),
      align: c.align,
      render: (_: unknown, row: FinanceRecord) => {
        if (c.render) return c.render(row);
        const value = row[c.key];
        if (c.kind === 'status' && c.status) return <StatusBadge value={value as string} map={c.status} />;
        if (c.kind === 'dateTime') return formatDate(value as string | null);
        return value == null ? '' : String(value);
      },
    }));
  return <Table<FinanceRecord> rowKey="id" size="small" pagination={false} scroll={{ x: 'max-content' }} columns={columns} dataSource={section.items} />;
}

export default function ContractSummaryPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const contractNumber = params.get('contractNumber')?.trim() ?? '';
  const summary = useQuery({
    queryKey: ['/corp-finances/contract-summary', contractNumber],
    queryFn: ({ signal }) => api.get<ContractSummary>('/corp-finances/contract-summary', { contractNumber }, signal),
    enabled: contractNumber !== '',
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t('finance.contractSummary')}</PageTitle>
      <Input.Search
        key={contractNumber}
        defaultValue={contractNumber}
        aria-label={t('finance.field.contractNumber')}
        placeholder={t('finance.summary.placeholder')}
        enterButton={t('list.search')}
        allowClear
        style={{ maxWidth: 480 }}
        loading={summary.isFetching}
        onSearch={(value) => setParams(value.trim() ? { contractNumber: value.trim() } : {})}
      />
      {contractNumber && <ExportButton path="/corp-finances/contract-summary/export" query={{ contractNumber }} fileName="contract-summary" />}
      {!contractNumber && <Empty description={t('finance.summary.prompt')} />}
      {summary.isError && <Alert type="error" showIcon title={errorText(summary.error, t)} />}
      {summary.data &&
        SUMMARY_KINDS.map((kind) => {
          const section = summary.data[kind.key];
          if (!section) return null;
          return (
            <Card
              key={kind.key}
              size="small"
              data-testid={`summary-${kind.segment}`}
              title={
                <Space>
                  {t(kind.title)}
                  <Tag>{t('finance.summary.count', { count: section.count })}</Tag>
                </Space>
              }
            >
              {section.count === 0 ? (
                <Typography.Text type="secondary">{t('finance.summary.none')}</Typography.Text>
              ) : (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Totals kind={kind} totals={section.totals} />
                  <SectionTable kind={kind} section={section} />
                </Space>
              )}
            </Card>
          );
        })}
    </Space>
  );
}
