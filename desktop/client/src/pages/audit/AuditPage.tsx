// Audit log (admin): who changed what and when, with the record before and after.
import { Table, Typography } from 'antd';
import type { z } from 'zod';
import type { auditRecord } from '../../../../../shared/audit';
import { isMessageKey, useT, type MessageKey, type Translate } from '../../i18n';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import type { StatusMap } from '../../kit/StatusBadge';

type AuditRecord = z.infer<typeof auditRecord>;

const actionMap: StatusMap = {
  create: { color: 'green', label: 'audit.action.create' },
  update: { color: 'blue', label: 'audit.action.update' },
  delete: { color: 'red', label: 'audit.action.delete' },
  status: { color: 'purple', label: 'audit.action.status' },
};

// the entities the service records (the `entity` of recordAudit), with their translated names
const ENTITIES = [
  'user', 'contract', 'archiveFolder', 'archiveBatch', 'corpContractFolder', 'corpContract', 'corpContractDetail', 'companyFolder', 'companyFile',
  'warehouse', 'inboundOrder', 'outboundOrder', 'pickupRequest', 'ownershipTransfer',
  'freightCharge', 'miscCharge', 'serviceFee', 'costBreakdown', 'profitRecord', 'upstreamInvoice', 'downstreamInvoice', 'freightMiscInvoice', 'settlement', 'reconciliation',
] as const;

/** Where an entity's field names are translated (tried in order); else the raw field name shows. */
const FIELD_PREFIXES: Record<string, readonly string[]> = {
  user: ['users.', 'auth.'],
  contract: ['contracts.'],
  archiveFolder: ['archive.'],
  archiveBatch: ['archive.'],
  corpContractFolder: ['corp.folder.', 'corp.'],
  corpContract: ['corp.'],
  corpContractDetail: ['corp.detail.', 'corp.'],
  companyFolder: ['company.folder.', 'company.'],
  companyFile: ['company.'],
};
const fieldPrefixes = (entity: string) => FIELD_PREFIXES[entity] ?? (ENTITIES.indexOf(entity as never) >= ENTITIES.indexOf('freightCharge') ? ['finance.field.'] : ['wh.f.']);

const entityName = (entity: string, t: Translate) => {
  const key = `audit.entity.${entity}`;
  return isMessageKey(key) ? t(key) : entity;
};

function fieldName(entity: string, field: string, t: Translate): string {
  const key = fieldPrefixes(entity).map((p) => p + field).find(isMessageKey);
  return key ? t(key) : field;
}

const filters: FieldDef[] = [
  { name: 'entity', label: 'audit.entity', kind: 'select', options: ENTITIES.map((e) => ({ value: e, label: `audit.entity.${e}` as MessageKey })) },
  { name: 'entityId', label: 'audit.entityId', kind: 'number' },
  { name: 'userId', label: 'audit.userId', kind: 'number' },
  { name: 'dates', label: 'audit.dateRange', kind: 'dateRange' },
];

function show(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Changes({ row }: { row: AuditRecord }) {
  const t = useT();
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Typography.Text type="secondary">{t('audit.noDetails')}</Typography.Text>;
  const rows = fields.map((field) => ({ field, name: fieldName(row.entity, field, t), before: show(before[field]), after: show(after[field]), changed: show(before[field]) !== show(after[field]) }));
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      rowClassName={(r) => (r.changed && row.before && row.after ? 'audit-changed' : '')}
      columns={[
        { key: 'field', dataIndex: 'name', title: t('audit.field'), width: 200 },
        ...(row.before ? [{ key: 'before', dataIndex: 'before', title: t('audit.before') }] : []),
        ...(row.after ? [{ key: 'after', dataIndex: 'after', title: t('audit.after') }] : []),
      ]}
    />
  );
}

export default function AuditPage() {
  const t = useT();
  const columns: ColumnDef<AuditRecord>[] = [
    { key: 'time', title: 'audit.time', kind: 'dateTime', sortable: true, width: 170 },
    { key: 'username', title: 'audit.user', render: (r) => r.username ?? t('audit.system') },
    { key: 'action', title: 'audit.action', kind: 'status', status: actionMap },
    { key: 'entity', title: 'audit.entity', render: (r) => entityName(r.entity, t) },
    { key: 'entityId', title: 'audit.entityId' },
  ];
  return <ListPage<AuditRecord> title="menu.audit" path="/audit" filters={filters} columns={columns} expandedRow={(row) => <Changes row={row} />} />;
}

