// Records named by their number and linked to their list, filtered to them: the ledger's documents,
// a pickup request or contract named on another record, and the records of the audit log.
import { Link } from 'react-router';

interface RecordKind {
  /** the list page that shows it */
  path: string;
  /** the list's filter that finds it by its number */
  param: string;
  /** the record's field that names it */
  field: string;
}

// keyed by the audit log's entity names (the ledger's documentType uses the same)
const RECORDS: Record<string, RecordKind> = {
  inboundOrder: { path: '/warehouse/inbound-orders', param: 'inboundNumber', field: 'inboundNumber' },
  outboundOrder: { path: '/warehouse/outbound-orders', param: 'outboundNumber', field: 'outboundNumber' },
  pickupRequest: { path: '/warehouse/pickup-requests', param: 'orderNumber', field: 'orderNumber' },
  ownershipTransfer: { path: '/warehouse/ownership-transfers', param: 'transferNumber', field: 'transferNumber' },
  warehouse: { path: '/warehouse/warehouses', param: 'keyword', field: 'code' },
  contract: { path: '/contracts', param: 'keyword', field: 'contractCode' },
  user: { path: '/admin/users', param: 'keyword', field: 'username' },
};

/** Fields that name records without a list to open (files, folders, finance rows). */
const NAME_FIELDS = ['contractNumber', 'invoiceNumber', 'fileName', 'name', 'folderName', 'title'];

export const recordHref = (kind: string, number: string): string | undefined => {
  const r = RECORDS[kind];
  return r ? `${r.path}?${new URLSearchParams({ [r.param]: number }).toString()}` : undefined;
};

/** The number (or name) of a record as the audit log kept it, from its state after or before. */
export function recordNumber(kind: string, ...states: unknown[]): string | undefined {
  const fields = [RECORDS[kind]?.field, ...NAME_FIELDS].filter((f): f is string => !!f);
  for (const state of states) {
    if (typeof state !== 'object' || state === null) continue;
    for (const f of fields) {
      const v = (state as Record<string, unknown>)[f];
      if (typeof v === 'string' && v) return v;
    }
  }
  return undefined;
}

/** A record's number as a link to it (plain text when its kind has no list). */
export function RecordLink({ kind, number }: { kind: string; number: string | null | undefined }) {
  if (!number) return null;
  const href = recordHref(kind, number);
  return href ? (
    <Link to={href} data-testid="record-link">
      {number}
    </Link>
  ) : (
    <>{number}</>
  );
}
