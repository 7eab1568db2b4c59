// The corporate contracts' field catalog (kit/fieldCatalog.tsx): the folder panel, the contract
// list's filters, columns and drawers, and the detail lines' grid pick their fields from it by id.
// A detail line's fields start with `line` where a contract has a field of the same name. Parties,
// commodities and units are picked from their catalogs while typing.
import { Tag } from 'antd';
import { CORP_CATEGORIES, type Detail } from '../../../../../shared/corp-contracts';
import type { MessageKey } from '../../i18n';
import { fieldCatalog, partyCell, type FieldEntry } from '../../kit/fieldCatalog';
import type { FieldDef } from '../../kit/fields';
import { FileLinks } from '../../kit/FileList';
import { FILE_RULES, fileHref } from '../../kit/files';
import { formatMoney } from '../../kit/numbers';
import type { StatusMap } from '../../kit/StatusBadge';
import { CommodityInput, PartyInput, UnitInput } from '../master-data/CatalogInput';

const categoryColors = { upstream: 'blue', downstream: 'green', foreign_purchase: 'purple', freight_forwarding: 'cyan', logistics: 'orange', other: 'default' } as const;
export const categoryMap: StatusMap = Object.fromEntries(CORP_CATEGORIES.map((c) => [c, { color: categoryColors[c], label: `corp.category.${c}` as MessageKey }]));
const categoryOptions = CORP_CATEGORIES.map((c) => ({ value: c, label: `corp.category.${c}` as MessageKey }));

const catalog = {
  // folders
  folderName: { name: 'name', label: 'corp.folder.name', required: true },
  folderDescription: { name: 'description', label: 'corp.folder.description', kind: 'textarea' },
  // contracts (the folder's input and cell need the page's folder list)
  folderId: { label: 'corp.folder', required: true },
  contractNumber: { label: 'corp.contractNumber', required: true, sortable: true },
  name: { label: 'corp.name' },
  category: { label: 'corp.category', kind: 'select', options: categoryOptions, status: categoryMap },
  partyA: { label: 'corp.partyA', input: () => <PartyInput />, cell: partyCell },
  partyB: { label: 'corp.partyB', input: () => <PartyInput />, cell: partyCell },
  signDate: { label: 'corp.signDate', kind: 'date' },
  amount: { label: 'corp.amount', kind: 'number', cell: (value, row) => formatMoney(value, row.currency) },
  currency: { label: 'corp.currency', placeholder: 'corp.currencyHint' },
  remark: { label: 'corp.remark', kind: 'textarea' },
  /** the contract's one document: uploaded as `file`, listed by its name */
  file: {
    recordName: 'fileName',
    label: 'corp.file',
    kind: 'files',
    rule: FILE_RULES.documents,
    maxCount: 1,
    cell: (value, row) => <FileLinks showName name={value as string} href={fileHref('corp-contract-files', row.fileUrl as string)} />,
  },
  details: { label: 'corp.lines', cell: (_, row) => <Tag>{row.detailCount as number}</Tag> },
  updateTime: { label: 'corp.updateTime', kind: 'dateTime' },
  keyword: { label: 'corp.keyword', placeholder: 'corp.keywordHint' },
  // detail lines
  lineNo: { label: 'corp.detail.lineNo', kind: 'number', width: 70, placeholder: 'corp.detail.auto' },
  lineCommodity: { name: 'commodity', label: 'corp.detail.commodity', required: true, width: 150, input: () => <CommodityInput /> },
  specification: { label: 'corp.detail.specification', width: 140 },
  quantity: { label: 'corp.detail.quantity', kind: 'number', required: true, width: 100 },
  unit: { label: 'corp.detail.unit', width: 70, input: () => <UnitInput /> },
  unitPrice: { label: 'corp.detail.unitPrice', kind: 'number', width: 120 },
  lineAmount: { name: 'amount', label: 'corp.detail.amount', kind: 'number', width: 120 },
  deliveryDate: { label: 'corp.detail.deliveryDate', kind: 'date', width: 140 },
  lineRemark: { name: 'remark', label: 'corp.detail.remark', width: 160 },
} satisfies Record<string, FieldEntry>;

const corp = fieldCatalog(catalog);
export const { filterFields, formFields, tableColumns } = corp;

/** The fields of a detail line, in the spreadsheet's column order, with their widths on screen. */
const LINE_PICKS = ['lineNo', 'lineCommodity', 'specification', 'quantity', 'unit', 'unitPrice', 'lineAmount', 'deliveryDate', 'lineRemark'] as const;
export const LINE_FIELDS: (FieldDef & { name: keyof Detail; width: number })[] = LINE_PICKS.map((id) => {
  const [field] = formFields([id]);
  return { ...field!, name: field!.name as keyof Detail, kind: field!.kind, width: corp.entry(id).width! };
});

export const lineFieldLabel = (column: string): MessageKey | undefined => LINE_FIELDS.find((f) => f.name === column)?.label;
