// The commodity catalog: every commodity name in use (the service adds new ones with their record),
// each with its default unit, which the warehouse forms fill in when the commodity is chosen.
import { useQueryClient } from '@tanstack/react-query';
import { commodityBody, commodityUpdateBody, type Commodity } from '../../../../../shared/catalogs';
import { useT } from '../../i18n';
import type { FieldDef } from '../../kit/fields';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import { SheetButtons } from '../warehouse/SheetButtons';
import { activeColumn, activeFilter, toggleActive } from './catalogPage';
import { COMMODITIES_PATH } from './CatalogInput';

const filters: FieldDef[] = [{ name: 'keyword', label: 'md.f.keyword' }, activeFilter];

const fields: FieldDef[] = [
  { name: 'name', label: 'md.f.name', required: true, hint: 'md.nameHint' },
  { name: 'code', label: 'md.f.code' },
  { name: 'unit', label: 'md.f.unit' },
  { name: 'category', label: 'md.f.category' },
  { name: 'remark', label: 'md.f.remark', kind: 'textarea' },
];

const columns: ColumnDef<Commodity>[] = [
  { key: 'name', title: 'md.f.name' },
  { key: 'code', title: 'md.f.code' },
  { key: 'unit', title: 'md.f.unit' },
  { key: 'category', title: 'md.f.category' },
  activeColumn<Commodity>(),
  { key: 'remark', title: 'md.f.remark' },
];

export default function CommoditiesPage() {
  const t = useT();
  const queryClient = useQueryClient();
  return (
    <ListPage<Commodity>
      title="menu.commodities"
      path={COMMODITIES_PATH}
      filters={filters}
      columns={columns}
      actions={toggleActive<Commodity>(COMMODITIES_PATH, (row) => t('md.changed', { name: row.name }))}
      toolbar={<SheetButtons base={COMMODITIES_PATH} importPath={`${COMMODITIES_PATH}/import`} listPath={COMMODITIES_PATH} fileName="commodities" />}
      create={{ fields, schema: commodityBody, title: () => t('md.commodity.createTitle') }}
      edit={{ fields, schema: commodityUpdateBody, title: (row) => t('md.commodity.editTitle', { name: row?.name ?? '' }), initial: (row) => ({ ...row }) }}
      canDelete
      // stock and reports show the catalog's names
      onChanged={() => void queryClient.invalidateQueries()}
    />
  );
}
