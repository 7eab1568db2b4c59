// How the audit log names things: actions as badges, record types and field names translated
// where the dictionaries have them (the raw key otherwise). Used by the audit page and the dashboard.
import { codeLabel, type CodeKind } from '../../../../../shared/labels';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { RecordLink, recordNumber } from '../../kit/RecordLink';
import type { Option } from '../../kit/fields';
import type { StatusMap } from '../../kit/StatusBadge';

export const actionMap: StatusMap = {
  create: { color: 'green', label: 'audit.action.create' },
  update: { color: 'blue', label: 'audit.action.update' },
  delete: { color: 'red', label: 'audit.action.delete' },
  status: { color: 'purple', label: 'audit.action.status' },
  merge: { color: 'orange', label: 'audit.action.merge' },
};

// the entities the service records (the `entity` of recordAudit), with their translated names
const ENTITIES = [
  'user',
  'contract',
  'archiveFolder',
  'archiveBatch',
  'corpContractFolder',
  'corpContract',
  'corpContractDetail',
  'companyFolder',
  'companyFile',
  'warehouse',
  'inboundOrder',
  'outboundOrder',
  'pickupRequest',
  'ownershipTransfer',
  'freightCharge',
  'miscCharge',
  'serviceFee',
  'costBreakdown',
  'profitRecord',
  'upstreamInvoice',
  'downstreamInvoice',
  'freightMiscInvoice',
  'settlement',
  'reconciliation',
  'settings',
] as const;

/** Where an entity's field names are translated (tried in order); else the raw field name shows. */
const FIELD_PREFIXES: Record<string, readonly string[]> = {
  user: ['users.', 'auth.'],
  contract: ['contracts.'],
  archiveFolder: ['archive.'],
  archiveBatch: ['archive.'],
  corpContractFolder: ['corp.folder.', 'corp.'],
  corpContract: ['corp.'],
  corpContractDetail: ['corp.detail.', 'corp.'],
  companyFolder: ['company.folder.', 'company.'],
  companyFile: ['company.'],
  settings: ['settings.'],
};
const fieldPrefixes = (entity: string) => FIELD_PREFIXES[entity] ?? (ENTITIES.indexOf(entity as never) >= ENTITIES.indexOf('freightCharge') ? ['finance.field.'] : ['wh.f.']);

export const entityName = (entity: string, t: Translate) => {
  const key = `audit.entity.${entity}`;
  return t.has(key) ? t(key) : entity;
};

export function fieldName(entity: string, field: string, t: Translate): string {
  const key = fieldPrefixes(entity)
    .map((p) => p + field)
    .find(t.has);
  return key ? t(key) : field;
}

export const entityFilterOptions: Option[] = ENTITIES.map((e) => ({ value: e, label: `audit.entity.${e}` as MessageKey }));

/**
 * The record of an audit entry: its kind (unless `withType` is false) and its number, linked to it
 * (its id when it has none).
 */
export function AuditRecordName({ entry, withType = true }: { entry: { entity: string; entityId: number | null; before: unknown; after: unknown }; withType?: boolean }) {
  const t = useT();
  const number = recordNumber(entry.entity, entry.after, entry.before);
  const name = number ? <RecordLink kind={entry.entity} number={number} /> : entry.entityId !== null ? `#${entry.entityId}` : '';
  return (
    <span data-testid="audit-record">
      {withType ? <>{entityName(entry.entity, t)} </> : null}
      {name}
    </span>
  );
}

// code values shown by their words (shared/labels.ts): the kind of each entity's coded fields
const VALUE_KINDS: Record<string, Record<string, CodeKind>> = {
  user: { role: 'role', status: 'userStatus' },
  warehouse: { status: 'warehouseStatus' },
  pickupRequest: { status: 'pickupStatus' },
  outboundOrder: { outboundStatus: 'outboundStatus', receiptStatus: 'receiptStatus' },
  ownershipTransfer: { status: 'transferStatus' },
  corpContractFolder: { category: 'corpCategory' },
  corpContract: { category: 'corpCategory' },
  contract: { contractType: 'contractType' },
  freightCharge: { paymentStatus: 'paymentStatus' },
  miscCharge: { paymentStatus: 'paymentStatus' },
  serviceFee: { paymentStatus: 'paymentStatus' },
  upstreamInvoice: { status: 'invoiceStatus' },
  downstreamInvoice: { status: 'invoiceStatus' },
  freightMiscInvoice: { status: 'invoiceStatus' },
  settlement: { status: 'settlementStatus' },
  reconciliation: { status: 'reconciliationStatus' },
};

/** A coded value of a field (a status, a role, a category) in the screen's words; undefined otherwise. */
export function valueLabel(entity: string, field: string, value: string, t: Translate): string | undefined {
  const kind = VALUE_KINDS[entity]?.[field];
  return kind ? codeLabel(kind, value)?.[t.lang] : undefined;
}
