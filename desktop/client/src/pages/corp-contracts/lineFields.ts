// The fields of a detail line, in the spreadsheet's column order, with their labels.
import type { Detail } from '../../../../../shared/corp-contracts';
import type { MessageKey } from '../../i18n';
import type { FieldDef } from '../../kit/fields';

/** The columns of a line, in the spreadsheet's order. */
export const LINE_FIELDS: (FieldDef & { name: keyof Detail; width: number })[] = [
  { name: 'lineNo', label: 'corp.detail.lineNo', kind: 'number', width: 70, placeholder: 'corp.detail.auto' },
  { name: 'commodity', label: 'corp.detail.commodity', required: true, width: 150 },
  { name: 'specification', label: 'corp.detail.specification', width: 140 },
  { name: 'quantity', label: 'corp.detail.quantity', kind: 'number', required: true, width: 100 },
  { name: 'unit', label: 'corp.detail.unit', width: 70 },
  { name: 'unitPrice', label: 'corp.detail.unitPrice', kind: 'number', width: 120 },
  { name: 'amount', label: 'corp.detail.amount', kind: 'number', width: 120 },
  { name: 'deliveryDate', label: 'corp.detail.deliveryDate', kind: 'date', width: 140 },
  { name: 'remark', label: 'corp.detail.remark', width: 160 },
];

export const lineFieldLabel = (column: string): MessageKey | undefined => LINE_FIELDS.find((f) => f.name === column)?.label;
