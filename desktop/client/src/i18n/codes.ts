// The words of the code values (statuses, roles, kinds, filters) come from shared/labels.ts, the
// same words the service's refusals name the choices by: one source. Each kind the screens show has
// its dictionary prefix here, so `wh.pickup.approved` is CODE_LABELS.pickupStatus.approved.
import { CODE_LABELS, type CodeKind } from '../../../../shared/labels';
import type { Lang } from '../../../../shared/messages';

const PREFIXES = {
  warehouseStatus: 'wh.status',
  pickupStatus: 'wh.pickup',
  outboundStatus: 'wh.outbound',
  receiptStatus: 'wh.receipt',
  transferStatus: 'wh.transfer',
  ledgerKind: 'wh.kind',
  documentType: 'wh.documentType',
  corpCategory: 'corp.category',
  importMode: 'corp.importMode',
  contractType: 'contracts.type',
  paymentStatus: 'finance.status',
  invoiceStatus: 'finance.status',
  settlementStatus: 'finance.status',
  reconciliationStatus: 'finance.status',
  role: 'role',
  legacyRole: 'role',
  userStatus: 'status',
  auditAction: 'audit.action',
  partyKind: 'md.kind',
  activeFilter: 'md.active',
  lotStockFilter: 'rp.inStock',
  executionStatus: 'rp.status',
} as const satisfies Partial<Record<CodeKind, string>>;

type ShownKind = keyof typeof PREFIXES;
/** `wh.pickup.approved`, … : the dictionary keys of the code words */
type CodeKey = { [K in ShownKind]: `${(typeof PREFIXES)[K]}.${keyof (typeof CODE_LABELS)[K] & string}` }[ShownKind];

/** The code words of one language, each under its dictionary key. */
export function codeWords(lang: Lang): Record<CodeKey, string> {
  const entries = (Object.keys(PREFIXES) as ShownKind[]).flatMap((kind) =>
    Object.entries(CODE_LABELS[kind]).map(([code, words]) => [`${PREFIXES[kind]}.${code}`, words[lang]] as const),
  );
  return Object.fromEntries(entries) as Record<CodeKey, string>;
}
