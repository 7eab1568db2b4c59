// Warehouses: the whole list (the API answers it unpaged), create, edit, delete; a warehouse with
// movements cannot be deleted, as the service says, and is set inactive instead.
import { WAREHOUSE_STATUSES, warehouseBody, warehouseUpdateBody, type Warehouse } from '../../../../../shared/warehouse';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { FieldDef } from '../../kit/fields';
import { WAREHOUSES_PATH, warehouseStatusMap } from './warehouseUi';

const statusOptions = WAREHOUSE_STATUSES.map((s) => ({ value: s, label: `wh.status.${s}` as const }));

const filters: FieldDef[] = [
  { name: 'keyword', label: 'wh.f.keyword', placeholder: 'wh.warehouse.keywordHint' },
  { name: 'status', label: 'wh.f.status', kind: 'select', options: statusOptions },
];

const columns: ColumnDef<Warehouse>[] = [
  { key: 'code', title: 'wh.f.code', sortable: true },
  { key: 'name', title: 'wh.f.name' },
  { key: 'address', title: 'wh.f.address' },
  { key: 'contactPerson', title: 'wh.f.contactPerson' },
  { key: 'contactPhone', title: 'wh.f.contactPhone' },
  { key: 'status', title: 'wh.f.status', kind: 'status', status: warehouseStatusMap },
  { key: 'remark', title: 'wh.f.remark' },
  { key: 'updateTime', title: 'wh.f.updateTime', kind: 'dateTime' },
];

const fields: FieldDef[] = [
  { name: 'code', label: 'wh.f.code', required: true },
  { name: 'name', label: 'wh.f.name', required: true },
  { name: 'address', label: 'wh.f.address' },
  { name: 'contactPerson', label: 'wh.f.contactPerson' },
  { name: 'contactPhone', label: 'wh.f.contactPhone' },
  { name: 'status', label: 'wh.f.status', kind: 'select', options: statusOptions },
  { name: 'remark', label: 'wh.f.remark', kind: 'textarea' },
];

export default function WarehousesPage() {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <ListPage<Warehouse>
      title="menu.warehouses"
      path={WAREHOUSES_PATH}
      paging="client"
      filters={filters}
      columns={columns}
      create={{ fields, schema: warehouseBody, title: () => t('wh.warehouse.createTitle') }}
      edit={{
        fields,
        schema: warehouseUpdateBody,
        title: (row) => t('wh.warehouse.editTitle', { name: row?.name ?? '' }),
        initial: (row) => ({ ...row }),
      }}
      canDelete
      // other pages' lists show warehouse names
      onChanged={() => void queryClient.invalidateQueries()}
    />
  );
}
