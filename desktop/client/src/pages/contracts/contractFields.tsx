// The business contracts' field catalog (kit/fieldCatalog.tsx): the list's filters and columns, the
// create/edit drawers and the batch table pick their fields from it by id. Parties and the commodity
// are picked from their catalogs while typing.
import { Space, Tag } from 'antd';
import { CONTRACT_TYPES, splitBlNumbers } from '../../../../../shared/contracts';
import { fieldCatalog, partyCell, type FieldEntry } from '../../kit/fieldCatalog';
import { FILE_RULES } from '../../kit/files';
import { formatQuantity, formatUnitPrice } from '../../kit/numbers';
import type { StatusMap } from '../../kit/StatusBadge';
import { CommodityInput, PartyInput } from '../master-data/CatalogInput';

export const typeOptions = CONTRACT_TYPES.map((v) => ({ value: v, label: `contracts.type.${v}` as const }));

export const typeMap: StatusMap = {
  '1': { color: 'blue', label: 'contracts.type.1' },
  '2': { color: 'purple', label: 'contracts.type.2' },
  '3': { color: 'cyan', label: 'contracts.type.3' },
};

const catalog = {
  name: { label: 'contracts.name', required: true },
  contractType: { label: 'contracts.type', kind: 'select', options: typeOptions, status: typeMap, required: true },
  contractCode: { label: 'contracts.contractCode', required: true },
  buyParty: { label: 'contracts.buyParty', required: true, input: () => <PartyInput />, cell: partyCell },
  sellParty: { label: 'contracts.sellParty', required: true, input: () => <PartyInput />, cell: partyCell },
  commodity: { label: 'contracts.commodity', required: true, input: () => <CommodityInput /> },
  /** a quantity: 3 decimals, grouped by thousands */
  count: { label: 'contracts.count', kind: 'number', required: true, cell: (value) => formatQuantity(value as number) },
  /** the schema allows any decimals: at least 2, up to as many as stored, grouped by thousands */
  unitPrice: { label: 'contracts.unitPrice', kind: 'number', required: true, cell: (value) => formatUnitPrice(value as number) },
  /** the request says BLNumber, the record blNumber: several numbers, shown as tags */
  blNumber: {
    name: 'BLNumber',
    recordName: 'blNumber',
    label: 'contracts.blNumber',
    hint: 'contracts.blHint',
    required: true,
    cell: (value) => (
      <Space size={[0, 4]} wrap style={{ maxWidth: 260 }}>
        {splitBlNumbers(value as string).map((bl) => (
          <Tag key={bl}>{bl}</Tag>
        ))}
      </Space>
    ),
  },
  /** empty: the service takes the commodity catalog's unit */
  unit: { label: 'desk.unit', hint: 'desk.unitHint' },
  /** 3 capital letters; empty: CNY */
  currency: { label: 'desk.currency', placeholder: 'desk.currencyHint' },
  /** a percent as typed (0.5 is 0.5 %), not a fraction */
  weightTolerance: {
    label: 'desk.weightTolerance',
    kind: 'number',
    hint: 'desk.weightToleranceHint',
    cell: (value) => (value === null || value === undefined ? '' : `${value as number} %`),
  },
  deliveryTime: { label: 'contracts.deliveryTime' },
  pickUpTime: { label: 'contracts.pickUpTime' },
  packaging: { label: 'contracts.packaging' },
  remarks: { label: 'contracts.remarks', kind: 'textarea' },
  /** 1 to 20 scans (PDF or image), sent as `files` */
  files: {
    label: 'contracts.files',
    kind: 'files',
    rule: FILE_RULES.scans,
    required: true,
    cell: (value) => <span data-testid="file-count">{(value as unknown[]).length}</span>,
  },
  createTime: { label: 'contracts.createTime', kind: 'dateTime', sortable: true },
  keyword: { label: 'contracts.keyword', placeholder: 'contracts.keywordHint' },
} satisfies Record<string, FieldEntry>;

export const { filterFields, formFields, tableColumns } = fieldCatalog(catalog);

/** Every field of POST /contract/upload except the files; the first nine are required. */
export const contractFields = formFields([
  'name',
  'contractType',
  'contractCode',
  'buyParty',
  'sellParty',
  'commodity',
  'count',
  'unitPrice',
  'blNumber',
  'unit',
  'currency',
  'weightTolerance',
  'deliveryTime',
  'pickUpTime',
  'packaging',
  'remarks',
]);

/** The create drawer: the fields plus the scans. */
export const contractCreateFields = [...contractFields, ...formFields(['files'])];
