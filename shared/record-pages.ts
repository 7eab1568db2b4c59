// Where the client shows a record: its list page, filtered to it by its number. The client's links
// between records (RecordLink) and the QR codes of printed slips (server/routes/warehouse/print-pages.ts)
// both build addresses from this one table, so a scanned slip opens the same page a link does.

export interface RecordPage {
  /** the client's list page that shows it */
  path: string;
  /** the list's filter that finds it by its number */
  param: string;
  /** the record's field that names it */
  field: string;
}

// keyed by the audit log's entity names (the ledger's documentType uses the same)
export const RECORD_PAGES: Record<string, RecordPage> = {
  inboundOrder: { path: '/warehouse/inbound-orders', param: 'inboundNumber', field: 'inboundNumber' },
  outboundOrder: { path: '/warehouse/outbound-orders', param: 'outboundNumber', field: 'outboundNumber' },
  pickupRequest: { path: '/warehouse/pickup-requests', param: 'orderNumber', field: 'orderNumber' },
  ownershipTransfer: { path: '/warehouse/ownership-transfers', param: 'transferNumber', field: 'transferNumber' },
  warehouse: { path: '/warehouse/warehouses', param: 'keyword', field: 'code' },
  contract: { path: '/contracts', param: 'keyword', field: 'contractCode' },
  user: { path: '/admin/users', param: 'keyword', field: 'username' },
};

/** The client's address of a record (path and query), or undefined for a kind without a list. */
export const recordPath = (kind: string, number: string): string | undefined => {
  const r = RECORD_PAGES[kind];
  return r ? `${r.path}?${new URLSearchParams({ [r.param]: number }).toString()}` : undefined;
};
