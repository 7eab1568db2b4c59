// The party catalog: customers, suppliers, carriers and other companies named on records (owners,
// transferors and transferees, contract parties); the service adds new names with their record.
import { PARTY_KINDS, partyBody, partyUpdateBody, type Party } from '../../../../../shared/catalogs';
import { useT } from '../../i18n';
import type { FieldDef } from '../../kit/fields';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import { StatusBadge, type StatusMap } from '../../kit/StatusBadge';
import { SheetButtons } from '../warehouse/SheetButtons';
import { activeColumn, activeFilter, toggleActive } from './catalogPage';
import { PARTIES_PATH } from './CatalogInput';

const kindOptions = PARTY_KINDS.map((k) => ({ value: k, label: `md.kind.${k}` as const }));
const kindMap: StatusMap = Object.fromEntries(PARTY_KINDS.map((k) => [k, { color: 'blue', label: `md.kind.${k}` as const }]));

const filters: FieldDef[] = [{ name: 'keyword', label: 'md.f.keyword' }, activeFilter];

const fields: FieldDef[] = [
  { name: 'name', label: 'md.f.name', required: true, hint: 'md.nameHint' },
  { name: 'kind', label: 'md.f.kind', kind: 'select', options: kindOptions },
  { name: 'contact', label: 'md.f.contact' },
  { name: 'phone', label: 'md.f.phone' },
  { name: 'remark', label: 'md.f.remark', kind: 'textarea' },
];

const columns: ColumnDef<Party>[] = [
  { key: 'name', title: 'md.f.name' },
  { key: 'kind', title: 'md.f.kind', render: (row) => <StatusBadge value={row.kind} map={kindMap} /> },
  { key: 'contact', title: 'md.f.contact' },
  { key: 'phone', title: 'md.f.phone' },
  activeColumn<Party>(),
  { key: 'remark', title: 'md.f.remark' },
];

export default function PartiesPage() {
  const t = useT();
  return (
    <ListPage<Party>
      title="menu.parties"
      path={PARTIES_PATH}
      filters={filters}
      columns={columns}
      actions={toggleActive<Party>(PARTIES_PATH, (row) => t('md.changed', { name: row.name }))}
      toolbar={<SheetButtons base={PARTIES_PATH} importPath={`${PARTIES_PATH}/import`} listPath={PARTIES_PATH} fileName="parties" />}
      create={{ fields, schema: partyBody, title: () => t('md.party.createTitle') }}
      edit={{ fields, schema: partyUpdateBody, title: (row) => t('md.party.editTitle', { name: row?.name ?? '' }), initial: (row) => ({ ...row }) }}
      canDelete
    />
  );
}
