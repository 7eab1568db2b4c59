// What the commodity and party pages share: the active filter and badge, and the row action that
// deactivates an entry (a used entry cannot be deleted: the service says so) or activates it again.
import { api } from '../../api/client';
import type { FieldDef } from '../../kit/fields';
import type { ColumnDef, RowAction } from '../../kit/ListPage';
import { StatusBadge, type StatusMap } from '../../kit/StatusBadge';

const activeMap: StatusMap = {
  true: { color: 'green', label: 'md.active.true' },
  false: { color: 'default', label: 'md.active.false' },
};

export const activeFilter: FieldDef = {
  name: 'active',
  label: 'md.f.active',
  kind: 'select',
  options: [
    { value: 'true', label: 'md.active.true' },
    { value: 'false', label: 'md.active.false' },
  ],
};

export function activeColumn<T extends { active: boolean }>(): ColumnDef<T> {
  return { key: 'active' as keyof T & string, title: 'md.f.active', render: (row) => <StatusBadge value={String(row.active)} map={activeMap} /> };
}

export function toggleActive<T extends { id: number; name: string; active: boolean }>(path: string, done: (row: T) => string) {
  return (row: T): RowAction<T>[] => [
    {
      key: row.active ? 'deactivate' : 'activate',
      label: row.active ? 'md.deactivate' : 'md.activate',
      run: (r) => api.put(`${path}/${r.id}`, { active: !r.active }),
      done,
    },
  ];
}
