// The contract form's fields, shared by the create/edit drawers and the batch table.
import { CONTRACT_TYPES } from '../../../../../shared/contracts';
import type { FieldDef } from '../../kit/fields';
import { FILE_RULES } from '../../kit/files';
import type { StatusMap } from '../../kit/StatusBadge';

export const typeOptions = CONTRACT_TYPES.map((v) => ({ value: v, label: `contracts.type.${v}` as const }));

export const typeMap: StatusMap = {
  '1': { color: 'blue', label: 'contracts.type.1' },
  '2': { color: 'purple', label: 'contracts.type.2' },
  '3': { color: 'cyan', label: 'contracts.type.3' },
};

/** Every field of POST /contract/upload except the files; the first nine are required. */
export const contractFields: FieldDef[] = [
  { name: 'name', label: 'contracts.name', required: true },
  { name: 'contractType', label: 'contracts.type', kind: 'select', options: typeOptions, required: true },
  { name: 'contractCode', label: 'contracts.contractCode', required: true },
  { name: 'buyParty', label: 'contracts.buyParty', required: true },
  { name: 'sellParty', label: 'contracts.sellParty', required: true },
  { name: 'commodity', label: 'contracts.commodity', required: true },
  { name: 'count', label: 'contracts.count', kind: 'number', required: true },
  { name: 'unitPrice', label: 'contracts.unitPrice', kind: 'number', required: true },
  { name: 'BLNumber', label: 'contracts.blNumber', hint: 'contracts.blHint', required: true },
  { name: 'deliveryTime', label: 'contracts.deliveryTime' },
  { name: 'pickUpTime', label: 'contracts.pickUpTime' },
  { name: 'packaging', label: 'contracts.packaging' },
  { name: 'remarks', label: 'contracts.remarks', kind: 'textarea' },
];

/** The create drawer: the fields plus 1 to 20 scans (PDF or image), sent as `files`. */
export const contractCreateFields: FieldDef[] = [...contractFields, { name: 'files', label: 'contracts.files', kind: 'files', rule: FILE_RULES.scans, required: true }];
