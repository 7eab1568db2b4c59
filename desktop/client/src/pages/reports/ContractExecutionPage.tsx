// Contract execution: each business contract's quantity against what its documents executed, as
// progress bars; over-delivery shows as more than 100 %.
import { Progress, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { CONTRACT_TYPES } from '../../../../../shared/contracts';
import { EXECUTION_STATUSES, type ExecutionRow } from '../../../../../shared/reports';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { formatQuantity } from '../warehouse/warehouseUi';
import { BlLink } from './BlLink';
import { ExportButton } from '../../kit/ExportButton';
import { useT } from '../../i18n';

const PATH = '/reports/contract-execution';

const filters: FieldDef[] = [
  { name: 'keyword', label: 'rp.f.keyword' },
  { name: 'contractType', label: 'rp.f.contractType', kind: 'select', options: CONTRACT_TYPES.map((v) => ({ value: v, label: `contracts.type.${v}` as const })) },
  { name: 'status', label: 'rp.f.status', kind: 'select', options: EXECUTION_STATUSES.map((v) => ({ value: v, label: `rp.status.${v}` as const })) },
];

const quantity = (
  key: 'count' | 'executed' | 'remaining' | 'inboundQuantity' | 'outboundQuantity' | 'transferredQuantity',
  title: ColumnDef<ExecutionRow>['title'],
): ColumnDef<ExecutionRow> => ({
  key,
  title,
  align: 'right',
  render: (r) => (key === 'remaining' && r.remaining < 0 ? <Typography.Text type="danger">{formatQuantity(r.remaining)}</Typography.Text> : formatQuantity(r[key])),
});

/** A contract's execution as a bar, named for screen readers by its contract. */
function ExecutionProgress({ row, progress }: { row: ExecutionRow; progress: number }) {
  const t = useT();
  return (
    <Progress
      data-testid="execution-progress"
      aria-label={`${t('rp.f.progress')}: ${row.contractCode}`}
      percent={Math.min(100, Math.round(progress * 1000) / 10)}
      format={() => `${Math.round(progress * 1000) / 10}%`}
      status={row.remaining <= 0 ? 'success' : 'active'}
      size="small"
    />
  );
}

const columns: ColumnDef<ExecutionRow>[] = [
  { key: 'contractCode', title: 'rp.f.contractCode' },
  { key: 'name', title: 'rp.f.contractName' },
  {
    key: 'contractType',
    title: 'rp.f.contractType',
    kind: 'status',
    status: { 1: { color: 'blue', label: 'contracts.type.1' }, 2: { color: 'cyan', label: 'contracts.type.2' }, 3: { color: 'purple', label: 'contracts.type.3' } },
  },
  { key: 'commodity', title: 'wh.f.commodity' },
  quantity('count', 'rp.f.count'),
  quantity('executed', 'rp.f.executed'),
  quantity('remaining', 'rp.f.remaining'),
  {
    key: 'progress',
    title: 'rp.f.progress',
    width: 180,
    render: (r) => (r.progress === null ? '–' : <ExecutionProgress row={r} progress={r.progress} />),
  },
  quantity('inboundQuantity', 'wh.f.inboundQuantity'),
  quantity('outboundQuantity', 'wh.f.outboundQuantity'),
  quantity('transferredQuantity', 'wh.f.transferredQuantity'),
  {
    key: 'blNumbers',
    title: 'rp.f.blNumbers',
    render: (r) => (
      <Space size={4} wrap>
        {r.blNumbers.map((bl) => (
          <BlLink key={bl} value={bl} />
        ))}
      </Space>
    ),
  },
];

export default function ContractExecutionPage() {
  const [params] = useSearchParams();
  return (
    <ListPage<ExecutionRow>
      title="menu.contractExecution"
      path={PATH}
      filters={filters}
      columns={columns}
      toolbar={<ExportButton path={`${PATH}/export`} query={Object.fromEntries(params.entries())} fileName="contract-execution" />}
    />
  );
}
