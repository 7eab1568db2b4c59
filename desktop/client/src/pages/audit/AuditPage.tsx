// Audit log (admin): who changed what and when, with the record before and after.
import { Table, Typography } from 'antd';
import type { z } from 'zod';
import type { auditRecord } from '../../../../../shared/audit';
import { useT } from '../../i18n';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { actionMap, entityFilterOptions, entityName, fieldName } from './names';

type AuditRecord = z.infer<typeof auditRecord>;

const filters: FieldDef[] = [
  { name: 'entity', label: 'audit.entity', kind: 'select', options: entityFilterOptions },
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
  const rows = fields.map((field) => ({
    field,
    name: fieldName(row.entity, field, t),
    before: show(before[field]),
    after: show(after[field]),
    changed: show(before[field]) !== show(after[field]),
  }));
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
