// Audit log (admin): who changed what and when, with the record before and after.
import { Table, Typography } from 'antd';
import type { z } from 'zod';
import type { auditRecord } from '../../../../../shared/audit';
import { useFormatDate, useT } from '../../i18n';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { actionMap, AuditRecordName, entityFilterOptions, entityName, fieldName, valueLabel } from './names';

type AuditRecord = z.infer<typeof auditRecord>;

const filters: FieldDef[] = [
  { name: 'entity', label: 'audit.entity', kind: 'select', options: entityFilterOptions },
  { name: 'entityId', label: 'audit.entityId', kind: 'number' },
  { name: 'userId', label: 'audit.userId', kind: 'number' },
  { name: 'dates', label: 'audit.dateRange', kind: 'dateRange' },
];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as people read it: local times, file names instead of their records, lists joined. */
function show(value: unknown, formatDate: (v: string) => string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDate(value) : value;
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) return value.map((v) => show(v, formatDate)).join(', ');
  if (typeof value === 'object') {
    const named = value as Record<string, unknown>;
    const name = named.fileName ?? named.name ?? named.originalName;
    if (typeof name === 'string') return name;
  }
  return JSON.stringify(value);
}

/** Ids beside the name they stand for (warehouseId beside warehouse), and the record's own id. */
const hidden = (field: string, fields: string[]) => field === 'id' || (field.endsWith('Id') && fields.includes(field.slice(0, -2)));

function Changes({ row }: { row: AuditRecord }) {
  const t = useT();
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const formatDate = useFormatDate();
  const all = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const fields = all.filter((f) => !hidden(f, all));
  // why, as the user said it: a change of a posted document (issue 27)
  const reason = row.reason ? (
    <Typography.Paragraph data-testid="audit-reason">
      <Typography.Text strong>{t('wh.posted.auditReason')}: </Typography.Text>
      {row.reason}
    </Typography.Paragraph>
  ) : null;
  if (fields.length === 0) return reason ?? <Typography.Text type="secondary">{t('audit.noDetails')}</Typography.Text>;
  const rows = fields.map((field) => {
    const shown = (v: unknown) => (typeof v === 'string' ? valueLabel(row.entity, field, v, t) : undefined) ?? show(v, formatDate);
    return {
      field,
      name: fieldName(row.entity, field, t),
      before: shown(before[field]),
      after: shown(after[field]),
      changed: JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    };
  });
  return (
    <>
      {reason}
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
    </>
  );
}

export default function AuditPage() {
  const t = useT();
  const columns: ColumnDef<AuditRecord>[] = [
    { key: 'time', title: 'audit.time', kind: 'dateTime', sortable: true, width: 170 },
    { key: 'username', title: 'audit.user', render: (r) => r.username ?? t('audit.system') },
    { key: 'action', title: 'audit.action', kind: 'status', status: actionMap },
    { key: 'entity', title: 'audit.entity', render: (r) => entityName(r.entity, t) },
    { key: 'entityId', title: 'audit.record', render: (r) => <AuditRecordName entry={r} withType={false} /> },
  ];
  return <ListPage<AuditRecord> title="menu.audit" path="/audit" exportPath="/audit/export" filters={filters} columns={columns} expandedRow={(row) => <Changes row={row} />} />;
}
