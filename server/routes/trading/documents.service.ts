// The document set of each B/L: files attached by document kind (settings `documentKinds`), stored
// through the upload mechanism of every area (server/http/upload.ts: bounds, sniffing, temp files
// removed) and the file store's transaction (server/files/file-store.ts: a refused request leaves no
// file), read at GET /api/contract-files/bl_documents/<name> like contract files. And the
// missing-documents report: the B/Ls with stock or an open contract that lack a required kind.
//
// Warehouse scope: a user limited to some warehouses reaches the set of a B/L that has a lot in one of
// them, or that has no lot anywhere yet (documents often come before the cargo); a B/L whose lots are
// all in other warehouses is 403. The report lists such a user's B/Ls with stock in their warehouses.
import type { z } from 'zod';
import { splitBlNumbers } from '../../../shared/contracts.js';
import { said } from '../../../shared/messages.js';
import { MAX_BL_DOCUMENTS, type BlDocumentSet, type MissingDocumentsRow, type missingDocumentsQuery } from '../../../shared/trading.js';
import { toMilli } from '../../../shared/warehouse.js';
import { now } from '../../db/database.js';
import { inScope, type Scope } from '../../db/scope.js';
import type { Db, Queryable } from '../../db/tables.js';
import { withFiles, type FileStore, type UploadedFile } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { forbidden, invalid, notFound, refusedField } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { commoditiesKnown, commodityNamesByKey, commodityStockKey } from '../catalogs/catalog-names.js';
import { warehouseFilterId } from '../warehouse/stock/warehouse-lookup.js';
import { documentKindsOf } from './document-kinds.js';
import { lotRows, sumByBl, type LotSums } from './lot-sums.js';
import { lockNamed } from './lock.js';

const MAX_BL_LENGTH = 100;

/** The B/L number of the path: trimmed, not empty, at most 100 characters. */
export function blOfPath(raw: string | undefined): string {
  const bl = (raw ?? '').trim();
  if (bl === '' || bl.length > MAX_BL_LENGTH)
    throw refusedField('blNumber', said(`blNumber must be 1 to ${MAX_BL_LENGTH} characters`, `blNumber 应为 1 到 ${MAX_BL_LENGTH} 个字符`));
  return bl;
}

/** 403 when every lot of the B/L is in a warehouse outside the reader's scope. */
async function refuseBlOutsideScope(db: Queryable, blNumber: string, scope: Scope): Promise<void> {
  if (scope.warehouseIds === null) return;
  const lots = await db.selectFrom('stockLots').select('warehouseId').distinct().where('blNumber', '=', blNumber).execute();
  if (lots.length === 0 || lots.some((l) => inScope(scope, l.warehouseId))) return;
  throw forbidden(
    said(`your account is limited to other warehouses: the cargo of B/L ${blNumber} is in none of yours`, `您的账号仅限其他仓库：提单 ${blNumber} 的货物不在您的仓库中`),
  );
}

export async function documentSet(db: Queryable, blNumber: string, scope: Scope): Promise<BlDocumentSet> {
  await refuseBlOutsideScope(db, blNumber, scope);
  const kinds = await documentKindsOf(db);
  const files = await db.selectFrom('blDocuments').select(['id', 'kind', 'name', 'url', 'size', 'createTime']).where('blNumber', '=', blNumber).orderBy('id').execute();
  const sets = kinds.map((k) => {
    const own = files.filter((f) => f.kind === k.kind).map(({ kind: _kind, ...f }) => f);
    return { ...k, status: own.length ? ('received' as const) : ('missing' as const), files: own };
  });
  return { blNumber, complete: sets.every((k) => !k.required || k.status === 'received'), kinds: sets };
}

export async function addDocuments(db: Db, store: FileStore, user: AuthUser, blNumber: string, kind: string, files: UploadedFile[]): Promise<BlDocumentSet> {
  await refuseBlOutsideScope(db, blNumber, user);
  const kinds = await documentKindsOf(db);
  if (!kinds.some((k) => k.kind === kind))
    throw refusedField(
      'kind',
      said(
        `kind "${kind}" is not a document kind; the kinds are: ${kinds.map((k) => k.kind).join(', ')}`,
        `kind“${kind}”不是单据类别；类别为：${kinds.map((k) => k.kind).join('、')}`,
      ),
    );
  if (files.length === 0) throw refusedField('files', said('attach at least one file in the field "files"', '请在字段“files”中至少附上一个文件'));
  await withFiles(db, store, async (trx, changes) => {
    await lockNamed(trx, `blDocuments:${blNumber}`);
    const held = await trx
      .selectFrom('blDocuments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('blNumber', '=', blNumber)
      .executeTakeFirstOrThrow();
    if (Number(held.n) + files.length > MAX_BL_DOCUMENTS)
      throw invalid(
        said(
          `B/L ${blNumber} already has ${held.n} documents; a set holds at most ${MAX_BL_DOCUMENTS} files`,
          `提单 ${blNumber} 已有 ${held.n} 个单据文件；每套单据最多 ${MAX_BL_DOCUMENTS} 个文件`,
        ),
      );
    const time = now();
    const rows = files.map((f) => ({ blNumber, kind, ...changes.add('blDocuments', f), createTime: time }));
    const added = await trx.insertInto('blDocuments').values(rows).returning('id').execute();
    await recordAudit(trx, {
      actor: user,
      action: 'create',
      entity: 'blDocument',
      entityId: added[0]!.id,
      before: null,
      after: { blNumber, kind, files: rows.map((r, i) => ({ id: added[i]!.id, name: r.name, size: r.size })) },
    });
  });
  return documentSet(db, blNumber, user);
}

export async function deleteDocument(db: Db, store: FileStore, user: AuthUser, blNumber: string, fileId: number): Promise<BlDocumentSet> {
  await refuseBlOutsideScope(db, blNumber, user);
  await withFiles(db, store, async (trx, changes) => {
    const row = await trx.selectFrom('blDocuments').selectAll().where('id', '=', fileId).where('blNumber', '=', blNumber).executeTakeFirst();
    if (!row) throw notFound(said(`document file of B/L ${blNumber}`, `提单 ${blNumber} 的单据文件`), fileId);
    await trx.deleteFrom('blDocuments').where('id', '=', fileId).execute();
    changes.remove(row.url);
    await recordAudit(trx, { actor: user, action: 'delete', entity: 'blDocument', entityId: fileId, before: row, after: null });
  });
  return documentSet(db, blNumber, user);
}

type MissingFilters = Omit<z.output<typeof missingDocumentsQuery>, 'page' | 'pageSize' | 'sortOrder'>;

/**
 * The B/Ls with stock (in the reader's warehouses) or an open business contract (remaining > 0 as
 * the contract execution report counts it; readers of every warehouse only) that lack a required
 * kind, by B/L number.
 */
export async function missingDocuments(db: Queryable, q: MissingFilters, scope: Scope): Promise<MissingDocumentsRow[]> {
  const required = (await documentKindsOf(db)).filter((k) => k.required).map((k) => k.kind);
  if (required.length === 0) return [];
  const names = await commodityNamesByKey(db);
  const warehouseId = q.warehouse ? await warehouseFilterId(db, q.warehouse) : undefined;
  const commodityKey = q.commodity ? await commodityStockKey(db, q.commodity) : undefined;
  const prefix = q.blNumber;

  // B/Ls with stock: their commodity and warehouses (one scan of the lots serves the open contracts too)
  const withContracts = scope.warehouseIds === null && warehouseId === undefined;
  const lots = await lotRows(db, withContracts ? { warehouseIds: null } : scope);
  const warehouseNames = new Map((await db.selectFrom('warehouses').select(['id', 'name']).execute()).map((w) => [w.id, w.name]));
  const found = new Map<string, { commodity: string | null; warehouses: Set<string> }>();
  for (const l of lots) {
    if (Number(l.inboundMilli) - Number(l.outboundMilli) - Number(l.transferredMilli) <= 0) continue;
    if (!inScope(scope, l.warehouseId) || (warehouseId !== undefined && l.warehouseId !== warehouseId)) continue;
    if ((commodityKey !== undefined && l.commodity !== commodityKey) || (prefix && !l.blNumber.startsWith(prefix))) continue;
    const entry = found.get(l.blNumber) ?? { commodity: names.get(l.commodity) ?? l.commodity, warehouses: new Set<string>() };
    entry.warehouses.add(warehouseNames.get(l.warehouseId) ?? String(l.warehouseId));
    found.set(l.blNumber, entry);
  }

  // B/Ls of open contracts (not tied to a warehouse: only for readers of every warehouse, without a warehouse filter)
  if (withContracts) {
    for (const c of await openContracts(db, sumByBl(lots))) {
      if (commodityKey !== undefined && (await keyOf(db, c.commodity)) !== commodityKey) continue;
      for (const bl of c.bls) if (!found.has(bl) && (!prefix || bl.startsWith(prefix))) found.set(bl, { commodity: c.commodity, warehouses: new Set() });
    }
  }

  // what each B/L holds
  const held = new Map<string, Set<string>>();
  for (const r of await db.selectFrom('blDocuments').select(['blNumber', 'kind']).distinct().where('kind', 'in', required).execute()) {
    held.set(r.blNumber, (held.get(r.blNumber) ?? new Set()).add(r.kind));
  }
  const rows: MissingDocumentsRow[] = [];
  for (const [blNumber, entry] of found) {
    const has = held.get(blNumber);
    const missing = has ? required.filter((k) => !has.has(k)) : required;
    if (missing.length) rows.push({ blNumber, commodity: entry.commodity, warehouses: [...entry.warehouses].sort(), missing });
  }
  return rows.sort((a, b) => (a.blNumber < b.blNumber ? -1 : a.blNumber > b.blNumber ? 1 : 0));
}

const keyCache = new WeakMap<Queryable, Map<string, string>>();
async function keyOf(db: Queryable, commodity: string): Promise<string> {
  const cache = keyCache.get(db) ?? new Map<string, string>();
  keyCache.set(db, cache);
  let key = cache.get(commodity);
  if (key === undefined) {
    key = (await commoditiesKnown(db, [commodity])).get(commodity)!;
    cache.set(commodity, key);
  }
  return key;
}

/**
 * The business contracts still open (remaining > 0), as the contract execution report counts them:
 * purchase and upstream contracts by what came in on their B/Ls and by the inbound orders of their
 * code without one of their B/Ls, downstream ones by what went out or was transferred on their B/Ls;
 * the B/Ls' quantities as the ledger keeps them per lot (cancelled documents net out).
 */
async function openContracts(db: Queryable, lots: Map<string, LotSums>): Promise<{ commodity: string; bls: string[] }[]> {
  const contracts = await db.selectFrom('contracts').select(['contractType', 'contractCode', 'commodity', 'count', 'blNumber']).execute();
  const byCode = new Map<string, { blNumber: string | null; milli: number }[]>();
  const inbound = await db
    .selectFrom('inboundOrders')
    .select(['contractNumber', 'blNumber', (eb) => eb.fn.sum<number>('inboundWeightMilli').as('milli')])
    .where('contractNumber', 'is not', null)
    .groupBy(['contractNumber', 'blNumber'])
    .execute();
  for (const g of inbound) byCode.set(g.contractNumber!, (byCode.get(g.contractNumber!) ?? []).concat({ blNumber: g.blNumber, milli: Number(g.milli) }));
  const open: { commodity: string; bls: string[] }[] = [];
  for (const c of contracts) {
    const bls = splitBlNumbers(c.blNumber);
    if (bls.length === 0) continue;
    let executed = 0;
    if (c.contractType === '3') executed = bls.reduce((t, bl) => t + (lots.get(bl)?.deliveredMilli ?? 0), 0);
    else {
      executed = bls.reduce((t, bl) => t + (lots.get(bl)?.inboundMilli ?? 0), 0);
      // each group of inbound orders counts once: those on one of its B/Ls are in the lots already
      for (const g of byCode.get(c.contractCode) ?? []) if (g.blNumber === null || !bls.includes(g.blNumber)) executed += g.milli;
    }
    if (toMilli(c.count) - executed > 0) open.push({ commodity: c.commodity, bls });
  }
  return open;
}

export async function listMissingDocuments(db: Queryable, q: z.output<typeof missingDocumentsQuery>, scope: Scope) {
  const all = await missingDocuments(db, q, scope);
  const start = (q.page - 1) * q.pageSize;
  return { items: all.slice(start, start + q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize };
}
