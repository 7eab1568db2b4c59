// Users (admin): create accounts with their roles, warehouses and a temporary password, approve
// pending accounts, enable/disable, edit roles, warehouses, name and email, delete an account that
// never signed in (the service says when it must be disabled instead).
import { useMemo, useState } from 'react';
import { App, Select, Space, Tag, Typography } from 'antd';
import { ROLES } from '../../../../../shared/permissions';
import { createUserBody, LEGACY_ROLES, resetPasswordBody, updateUserBody, USER_STATUSES, type User } from '../../../../../shared/users';
import { api } from '../../api/client';
import { useAuth } from '../../api/auth';
import { useT } from '../../i18n';
import { EditDrawer } from '../../kit/EditDrawer';
import { ListPage, type ColumnDef, type RowAction } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import type { StatusMap } from '../../kit/StatusBadge';
import { useWarehouses } from '../warehouse/warehouseUi';

export const userStatusMap: StatusMap = {
  pending: { color: 'gold', label: 'status.pending' },
  active: { color: 'green', label: 'status.active' },
  disabled: { color: 'default', label: 'status.disabled' },
};

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
  { key: 'roles', title: 'users.roles', render: (row) => <RoleTags roles={row.roles} /> },
  { key: 'warehouses', title: 'users.warehouses', render: (row) => <WarehouseCodes codes={row.warehouses} /> },
  { key: 'status', title: 'users.status', kind: 'status', status: userStatusMap },
  { key: 'createTime', title: 'users.createTime', kind: 'dateTime' },
  { key: 'lastLoginTime', title: 'users.lastLogin', kind: 'dateTime' },
];

const editSchema = updateUserBody.pick({ displayName: true, email: true, roles: true, warehouses: true });
const resetFields: FieldDef[] = [{ name: 'password', label: 'users.temporaryPassword', kind: 'password', required: true, hint: 'users.resetHint' }];

function RoleTags({ roles }: { roles: User['roles'] }) {
  const t = useT();
  return (
    <Space size={4} wrap>
      {roles.map((r) => (
        <Tag key={r} color={r === 'admin' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(`role.${r}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** The warehouses an account is limited to, or "all" when it is not. */
function WarehouseCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return codes.length ? <span className="cell-text">{codes.join(', ')}</span> : <Typography.Text type="secondary">{t('users.allWarehouses')}</Typography.Text>;
}

/** The fields of an account: roles and warehouses as multi-selects (the warehouses of the warehouse list, by code). */
function useAccountFields(): { create: FieldDef[]; edit: FieldDef[] } {
  const t = useT();
  const warehouses = useWarehouses();
  return useMemo(() => {
    const roles: FieldDef = {
      name: 'roles',
      label: 'users.roles',
      required: true,
      hint: 'users.rolesHint',
      render: () => <Select mode="multiple" options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />,
    };
    const scope: FieldDef = {
      name: 'warehouses',
      label: 'users.warehouses',
      hint: 'users.warehousesHint',
      render: () => (
        <Select
          mode="multiple"
          loading={warehouses.isLoading}
          placeholder={t('users.allWarehouses')}
          optionFilterProp="label"
          options={(warehouses.data ?? []).map((w) => ({ value: w.code, label: `${w.name} (${w.code})` }))}
        />
      ),
    };
    const named: FieldDef[] = [
      { name: 'displayName', label: 'auth.displayName' },
      { name: 'email', label: 'auth.email' },
    ];
    return {
      create: [
        { name: 'username', label: 'auth.username', required: true, hint: 'auth.usernameHint' },
        ...named,
        roles,
        scope,
        { name: 'password', label: 'users.temporaryPassword', kind: 'password', required: true, hint: 'users.temporaryHint' },
      ],
      edit: [...named, roles, scope],
    };
  }, [t, warehouses.data, warehouses.isLoading]);
}

export default function UsersPage() {
  const t = useT();
  const { user: me, reloadUser } = useAuth();
  const { message } = App.useApp();
  const [resetting, setResetting] = useState<User | null>(null);
  const fields = useAccountFields();
  const change = (body: Partial<Pick<User, 'status'>>) => (row: User) => api.put<User>(`/users/${row.id}`, body);
  const done = (row: User) => t('users.changed', { username: row.username });

  const actions = (row: User): RowAction<User>[] => {
    const list: RowAction<User>[] = [];
    if (row.status === 'pending') list.push({ key: 'approve', label: 'users.activate', run: change({ status: 'active' }), done });
    if (row.status === 'disabled') list.push({ key: 'enable', label: 'users.enable', run: change({ status: 'active' }), done });
    if (row.id === me?.id) return list;
    if (row.status === 'active') list.push({ key: 'disable', label: 'users.disable', run: change({ status: 'disabled' }), confirm: 'users.disableConfirm', danger: true, done });
    if (row.status === 'active') list.push({ key: 'reset-password', label: 'users.resetPassword', open: setResetting });
    return list;
  };

  return (
    <>
      <ListPage<User>
        title="menu.users"
        path="/users"
        exportPath="/users/export"
        cardFields={['username', 'status', 'displayName', 'roles', 'warehouses', 'lastLoginTime']}
        filters={filters}
        columns={columns}
        actions={actions}
        createLabel="users.create"
        create={{ fields: fields.create, schema: createUserBody, title: () => t('users.createTitle'), initial: () => ({ roles: [], warehouses: [] }) }}
        edit={{
          fields: fields.edit,
          schema: editSchema,
          title: (row) => t('users.editTitle', { username: row?.username ?? '' }),
          initial: (row) => ({ displayName: row.displayName ?? '', email: row.email ?? '', roles: row.roles, warehouses: row.warehouses }),
        }}
        // an account that never signed in (pending ones included) is removed; the service refuses the others, saying to disable them
        canDelete={(row) => row.id !== me?.id && (row.status === 'pending' || row.lastLoginTime === null)}
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
