// Records named by their number and linked to their list, filtered to them (shared/record-pages.ts):
// the ledger's documents, a pickup request or contract named on another record, and the records of
// the audit log.
import { Link } from 'react-router';
import { RECORD_PAGES, recordPath } from '../../../../shared/record-pages';

/** Fields that name records without a list to open (files, folders, finance rows). */
const NAME_FIELDS = ['contractNumber', 'invoiceNumber', 'fileName', 'name', 'folderName', 'title'];

/** The number (or name) of a record as the audit log kept it, from its state after or before. */
export function recordNumber(kind: string, ...states: unknown[]): string | undefined {
  const fields = [RECORD_PAGES[kind]?.field, ...NAME_FIELDS].filter((f): f is string => !!f);
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
  const href = recordPath(kind, number);
  return href ? (
    <Link to={href} data-testid="record-link">
      {number}
    </Link>
  ) : (
    <>{number}</>
  );
}
