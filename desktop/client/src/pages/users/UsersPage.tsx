// Users (admin): approve pending accounts, enable/disable, change role, edit name and email.
import { useState } from 'react';
import { App } from 'antd';
import { LEGACY_ROLES, resetPasswordBody, updateUserBody, USER_STATUSES, type User } from '../../../../../shared/users';
import { api } from '../../api/client';
import { useAuth } from '../../api/auth';
import { useT } from '../../i18n';
import { EditDrawer } from '../../kit/EditDrawer';
import { ListPage, type ColumnDef, type RowAction } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import type { StatusMap } from '../../kit/StatusBadge';

export const userStatusMap: StatusMap = {
  pending: { color: 'gold', label: 'status.pending' },
  active: { color: 'green', label: 'status.active' },
  disabled: { color: 'default', label: 'status.disabled' },
};
const roleMap: StatusMap = { admin: { color: 'blue', label: 'role.admin' }, staff: { color: 'default', label: 'role.staff' } };

const filters: FieldDef[] = [
  { name: 'keyword', label: 'users.keyword', placeholder: 'users.keywordHint' },
  { name: 'status', label: 'users.status', kind: 'select', options: USER_STATUSES.map((s) => ({ value: s, label: `status.${s}` as const })) },
  { name: 'role', label: 'users.role', kind: 'select', options: LEGACY_ROLES.map((r) => ({ value: r, label: `role.${r}` as const })) },
];

const columns: ColumnDef<User>[] = [
  { key: 'id', title: 'users.id', sortable: true, width: 80 },
  { key: 'username', title: 'auth.username' },
  { key: 'displayName', title: 'auth.displayName' },
  { key: 'email', title: 'auth.email' },
  { key: 'role', title: 'users.role', kind: 'status', status: roleMap },
  { key: 'status', title: 'users.status', kind: 'status', status: userStatusMap },
  { key: 'createTime', title: 'users.createTime', kind: 'dateTime' },
  { key: 'lastLoginTime', title: 'users.lastLogin', kind: 'dateTime' },
];

const editFields: FieldDef[] = [
  { name: 'displayName', label: 'auth.displayName' },
  { name: 'email', label: 'auth.email' },
];
const editSchema = updateUserBody.pick({ displayName: true, email: true });
const resetFields: FieldDef[] = [{ name: 'password', label: 'users.temporaryPassword', kind: 'password', required: true, hint: 'users.resetHint' }];

export default function UsersPage() {
  const t = useT();
  const { user: me, reloadUser } = useAuth();
  const { message } = App.useApp();
  const [resetting, setResetting] = useState<User | null>(null);
  const change = (body: Partial<Pick<User, 'status' | 'role'>>) => (row: User) => api.put<User>(`/users/${row.id}`, body);
  const done = (row: User) => t('users.changed', { username: row.username });

  const actions = (row: User): RowAction<User>[] => {
    const list: RowAction<User>[] = [];
    if (row.status === 'pending') list.push({ key: 'approve', label: 'users.activate', run: change({ status: 'active' }), done });
    if (row.status === 'disabled') list.push({ key: 'enable', label: 'users.enable', run: change({ status: 'active' }), done });
    if (row.id === me?.id) return list;
    if (row.status === 'active') list.push({ key: 'disable', label: 'users.disable', run: change({ status: 'disabled' }), confirm: 'users.disableConfirm', danger: true, done });
    list.push(
      row.role === 'admin'
        ? { key: 'make-staff', label: 'users.makeStaff', run: change({ role: 'staff' }), confirm: 'users.roleConfirm', done }
        : { key: 'make-admin', label: 'users.makeAdmin', run: change({ role: 'admin' }), confirm: 'users.roleConfirm', done },
    );
    if (row.status === 'active') list.push({ key: 'reset-password', label: 'users.resetPassword', open: setResetting });
    return list;
  };

  return (
    <>
      <ListPage<User>
        title="menu.users"
        path="/users"
        exportPath="/users/export"
        cardFields={['username', 'status', 'displayName', 'role', 'lastLoginTime']}
        filters={filters}
        columns={columns}
        actions={actions}
        edit={{
          fields: editFields,
          schema: editSchema,
          title: (row) => t('users.editTitle', { username: row?.username ?? '' }),
          initial: (row) => ({ displayName: row.displayName ?? '', email: row.email ?? '' }),
        }}
        onChanged={(row) => {
          if (row?.id === me?.id) void reloadUser();
        }}
      />
      <EditDrawer
        open={!!resetting}
        title={resetting ? t('users.resetTitle', { username: resetting.username }) : ''}
        fields={resetFields}
        schema={resetPasswordBody}
        onClose={() => setResetting(null)}
        onSubmit={async (values) => {
          if (!resetting) return;
          await api.post(`/users/${resetting.id}/reset-password`, values);
          void message.success(t('users.resetDone', { username: resetting.username }));
        }}
      />
    </>
  );
}
