// Posted documents (decisions.md, "Posted documents, lots and reservations"): an inbound order, an
// outbound order or an ownership transfer is posted when saved. Every change of one goes through
// `changePosted` instead of calling `moveStock` itself, so that one rule holds for all of them, for
// every route that changes one (both route sets, JSON and multipart): a change of its stock fields
// (warehouse, commodity, B/L, quantity, business date), a cancel or a re-activation needs
// `warehouse: approve`; the other fields need only the write access the route already checked.
// Deleting one needs approve in the route's declaration itself (`access`).
import { said, type Said } from '../../../../shared/messages.js';
import { accessNeeded, reaches } from '../../../../shared/permissions.js';
import type { Queryable } from '../../../db/tables.js';
import type { AuthUser } from '../../../http/auth.js';
import { forbidden } from '../../../http/errors.js';
import { moveStock, type Allocation, type Movement } from './stock.service.js';

/** The stock fields of a movement, in words, in the order a message names them. */
const STOCK_FIELDS: readonly { field: string; words: Said; of: (m: Movement) => unknown }[] = [
  { field: 'warehouse', words: said('warehouse', '仓库'), of: (m) => m.warehouseId },
  { field: 'commodity', words: said('commodity', '品名'), of: (m) => m.commodity.trim() },
  { field: 'blNumber', words: said('B/L number', '提单号'), of: (m) => m.blNumber },
  { field: 'quantity', words: said('quantity', '数量'), of: (m) => m.quantityMilli },
  { field: 'businessDate', words: said('date', '日期'), of: (m) => m.businessDate },
];

/** What a change does to a posted document's stock, in words; null when it changes none of it. */
export function stockChangeOf(before: Movement | null, after: Movement | null): { fields: string[]; what: Said } | null {
  if (before === null && after === null) return null;
  if (before === null) return { fields: ['status'], what: said('re-activating', '重新启用') };
  if (after === null) return { fields: ['status'], what: said('cancelling', '取消') };
  const changed = STOCK_FIELDS.filter((f) => f.of(before) !== f.of(after));
  if (changed.length === 0) return null;
  return {
    fields: changed.map((f) => f.field),
    what: said(`changing the ${changed.map((f) => f.words.en).join(', ')} of`, `修改${changed.map((f) => f.words.zh).join('、')}`),
  };
}

/** Refuses (403, in the roles' envelope) an actor without `warehouse: approve` whose change touches a posted document's stock. */
export function refuseUnapprovedChange(actor: AuthUser | null, document: Said, before: Movement | null, after: Movement | null): void {
  const change = stockChangeOf(before, after);
  if (!change || actor === null || reaches(actor.permissions.warehouse, 'approve')) return;
  const needed = accessNeeded('warehouse', 'approve');
  throw forbidden(said(`${change.what.en} posted ${document.en}: ${needed.en}`, `${document.zh}已过账：${change.what.zh}${needed.zh}`), {
    area: 'warehouse',
    level: 'approve',
    fields: change.fields,
  });
}

/**
 * A change of a posted document (`before` as the document counted, `after` as it will): refused
 * without approve access when it touches the stock (above), else recorded in the ledger by
 * `moveStock` in the caller's transaction. Answers what `after` takes from each lot.
 */
export async function changePosted(db: Queryable, actor: AuthUser | null, document: Said, before: Movement | null, after: Movement | null): Promise<Allocation[]> {
  refuseUnapprovedChange(actor, document, before, after);
  return moveStock(db, before, after);
}
