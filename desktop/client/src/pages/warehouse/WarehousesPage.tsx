// Warehouses: the whole list (the API answers it unpaged), create, edit, delete; a warehouse with
// movements cannot be deleted, as the service says, and is set inactive instead.
import { warehouseBody, warehouseUpdateBody, type Warehouse } from '../../../../../shared/warehouse';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { ListPage } from '../../kit/ListPage';
import { WAREHOUSES_PATH } from './warehouseUi';
import { filterFields, formFields, tableColumns } from './warehouseFields';

const filters = filterFields([['keyword', { placeholder: 'wh.warehouse.keywordHint' }], 'warehouseStatus']);

const columns = tableColumns<Warehouse>(['code', 'name', 'warehouseStatus', 'updateTime', 'address', 'contactPerson', 'contactPhone', 'remark']);

const fields = formFields(['code', 'name', 'address', 'contactPerson', 'contactPhone', 'warehouseStatus', 'remark'], warehouseBody);

export default function WarehousesPage() {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <ListPage<Warehouse>
      title="menu.warehouses"
      path={WAREHOUSES_PATH}
      exportPath={`${WAREHOUSES_PATH}/export`}
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
