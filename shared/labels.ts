// The words people read for the code values of the records, in both languages: one word per status
// on the lists, the detail pages, the printed pages and the service's refusals ("must be one of").
// The client's screens say the same (desktop/client/src/i18n/areas/*). Enums built with `labelled`
// (shared/validation.ts) name their choices by these words when they refuse a value.
import { said, type Said } from './messages.js';

export const CODE_LABELS = {
  warehouseStatus: { active: said('Active', '启用'), inactive: said('Inactive', '停用') },
  pickupStatus: {
    pending: said('Pending', '待审核'),
    approved: said('Approved', '已审核'),
    in_progress: said('In progress', '提货中'),
    completed: said('Completed', '已完成'),
    cancelled: said('Cancelled', '已取消'),
  },
  outboundStatus: { pending: said('Pending', '待出库'), completed: said('Shipped', '已出库'), cancelled: said('Cancelled', '已取消') },
  receiptStatus: { unconfirmed: said('Unconfirmed', '未签收'), confirmed: said('Confirmed', '已签收') },
  transferStatus: { pending: said('Pending', '待处理'), completed: said('Completed', '已完成'), cancelled: said('Cancelled', '已取消') },
  corpCategory: {
    upstream: said('Upstream', '上游'),
    downstream: said('Downstream', '下游'),
    foreign_purchase: said('Foreign purchase', '外采'),
    freight_forwarding: said('Freight forwarding', '货代'),
    logistics: said('Logistics', '物流'),
    other: said('Other', '其他'),
  },
} as const satisfies Record<string, Record<string, Said>>;

export type CodeKind = keyof typeof CODE_LABELS;

/** The words of one code value, or undefined for a value the list does not know. */
export function codeLabel(kind: CodeKind, code: string): Said | undefined {
  return (CODE_LABELS[kind] as Record<string, Said>)[code];
}
