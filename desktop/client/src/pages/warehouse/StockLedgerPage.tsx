// Stock ledger: every movement in order (oldest first), its signed change and the running stock
// of its warehouse and commodity after it. Entries are only ever added.
import { Typography } from 'antd';
import type { z } from 'zod';
import type { ledgerEntry } from '../../../../../shared/warehouse';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import { RecordLink } from '../../kit/RecordLink';
import type { FieldDef } from '../../kit/fields';
import type { StatusMap } from '../../kit/StatusBadge';
import { formatQuantity, LEDGER_PATH, ledgerKindMap, WarehouseSelect } from './warehouseUi';

type Entry = z.infer<typeof ledgerEntry>;

const documentTypeMap: StatusMap = {
  inboundOrder: { color: 'default', label: 'wh.documentType.inboundOrder' },
  outboundOrder: { color: 'default', label: 'wh.documentType.outboundOrder' },
  ownershipTransfer: { color: 'default', label: 'wh.documentType.ownershipTransfer' },
};

const filters: FieldDef[] = [
  { name: 'warehouse', label: 'wh.f.warehouse', render: () => <WarehouseSelect search /> },
  { name: 'commodity', label: 'wh.f.commodity' },
  { name: 'documentNumber', label: 'wh.f.documentNumber' },
  { name: 'dates', label: 'wh.f.businessDate', kind: 'dateRange' },
];

const columns: ColumnDef<Entry>[] = [
  { key: 'businessDate', title: 'wh.f.businessDate', kind: 'date' },
  { key: 'entryTime', title: 'wh.f.entryTime', kind: 'dateTime' },
  { key: 'warehouse', title: 'wh.f.warehouse' },
  { key: 'commodity', title: 'wh.f.commodity' },
  { key: 'kind', title: 'wh.f.kind', kind: 'status', status: ledgerKindMap },
  { key: 'documentType', title: 'wh.f.documentType', kind: 'status', status: documentTypeMap },
  { key: 'documentNumber', title: 'wh.f.documentNumber', render: (r) => <RecordLink kind={r.documentType} number={r.documentNumber} /> },
  {
    key: 'quantityChange',
    title: 'wh.f.quantityChange',
    render: (r) => (
      <Typography.Text type={r.quantityChange < 0 ? 'danger' : 'success'}>
        {r.quantityChange > 0 ? '+' : ''}
        {formatQuantity(r.quantityChange)}
      </Typography.Text>
    ),
  },
  { key: 'balance', title: 'wh.f.balance', render: (r) => <Typography.Text strong>{formatQuantity(r.balance)}</Typography.Text> },
];

export default function StockLedgerPage() {
  return <ListPage<Entry> title="menu.stockLedger" path={LEDGER_PATH} exportPath={`${LEDGER_PATH}/export`} filters={filters} columns={columns} />;
}
