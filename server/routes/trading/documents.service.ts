// The document set of each B/L: files attached by document kind (settings `documentKinds`), stored
// through the upload mechanism of every area (server/http/upload.ts: bounds, sniffing, temp files
// removed) and the file store's transaction (server/files/file-store.ts: a refused request leaves no
// file), read at GET /api/contract-files/bl_documents/<name> like contract files. And the
// missing-documents report: the B/Ls with stock or an open contract that lack a required kind.
//
// Warehouse scope: a user limited to some warehouses reaches the set of a B/L that has a lot in one of
// them, or that has no lot anywhere yet (documents often come before the cargo); a B/L whose lots are
// all in other warehouses is 403. The report lists such a user's B/Ls with stock in their warehouses.
import { sql } from 'kysely';
import type { z } from 'zod';
import { said } from '../../../shared/messages.js';
import { MAX_BL_DOCUMENTS, type BlDocumentSet, type MissingDocumentsRow, type missingDocumentsQuery } from '../../../shared/trading.js';
import { now } from '../../db/database.js';
import { ROWS_PER_STATEMENT } from '../../db/batches.js';
import { CONTRACT_OPEN } from '../../db/bl-status.js';
import { prefixEnd } from '../../db/paging.js';
import { inScope, withinScope, type Scope } from '../../db/scope.js';
import type { Db, Queryable } from '../../db/tables.js';
import { withFiles, type FileStore, type UploadedFile } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { forbidden, invalid, notFound, refusedField } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { commoditiesKnown, commodityNamesByKey, commodityStockKey } from '../catalogs/catalog-names.js';
import { warehouseFilterId } from '../warehouse/stock/warehouse-lookup.js';
import { documentKindsOf } from './document-kinds.js';
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

/** A lot holds stock (as the ledger keeps it per lot). */
const IN_STOCK = sql<boolean>`${sql.ref('l.inboundMilli')} - ${sql.ref('l.outboundMilli')} - ${sql.ref('l.transferredMilli')} > 0`;

/** What a report's query needs, resolved once: the required kinds, the filters as keys and ids. */
interface Resolved {
  required: string[];
  warehouseId: number | undefined;
  commodityKey: string | undefined;
  /** the contracts' spellings of the commodity filter (only with one) */
  contractSpellings: string[] | undefined;
  prefix: string | undefined;
  /** open contracts count: readers of every warehouse, without a warehouse filter */
  withContracts: boolean;
  scope: Scope;
}

async function resolve(db: Queryable, q: MissingFilters, scope: Scope): Promise<Resolved> {
  const required = (await documentKindsOf(db)).filter((k) => k.required).map((k) => k.kind);
  const warehouseId = q.warehouse ? await warehouseFilterId(db, q.warehouse) : undefined;
  const commodityKey = q.commodity ? await commodityStockKey(db, q.commodity) : undefined;
  const withContracts = scope.warehouseIds === null && warehouseId === undefined;
  let contractSpellings: string[] | undefined;
  if (commodityKey !== undefined && withContracts) {
    const typed = (await db.selectFrom('contracts').select('commodity').distinct().execute()).map((r) => r.commodity);
    const keys = await commoditiesKnown(db, typed);
    contractSpellings = typed.filter((t) => keys.get(t) === commodityKey);
  }
  return { required, warehouseId, commodityKey, contractSpellings, prefix: q.blNumber || undefined, withContracts, scope };
}

/** The lots in stock that the filters match, in the reader's warehouses. */
function lotsInStock(db: Queryable, r: Resolved) {
  let q = withinScope(db.selectFrom('stockLots as l'), 'l.warehouseId', r.scope).where('l.blNumber', '!=', '').where(IN_STOCK);
  if (r.warehouseId !== undefined) q = q.where('l.warehouseId', '=', r.warehouseId);
  if (r.commodityKey !== undefined) q = q.where('l.commodity', '=', r.commodityKey);
  if (r.prefix) q = q.where('l.blNumber', '>=', r.prefix).where('l.blNumber', '<', prefixEnd(r.prefix));
  return q;
}

/**
 * The business contracts still open (remaining > 0), as the contract execution report counts them:
 * their quantity against what their documents moved (`contractExecution`, kept by every stock and
 * contract write: server/db/contract-sums.ts): received for purchase and upstream contracts,
 * delivered for downstream ones; with the B/Ls they list (`contractBls`).
 */
function openContractBls(db: Queryable, r: Resolved) {
  let q = db.selectFrom('contractBls as cb').innerJoin('contracts as c', 'c.id', 'cb.contractId').where(CONTRACT_OPEN);
  if (r.contractSpellings !== undefined) q = r.contractSpellings.length ? q.where('c.commodity', 'in', r.contractSpellings) : q.where(sql<boolean>`1 = 0`);
  if (r.prefix) q = q.where('cb.blNumber', '>=', r.prefix).where('cb.blNumber', '<', prefixEnd(r.prefix));
  return q;
}

/**
 * Every B/L of a reader of every warehouse, without a warehouse or commodity filter, is a candidate
 * kept in `blStatus` (server/db/bl-status.ts): a lot in stock or an open contract.
 */
const fromKept = (r: Resolved) => r.withContracts && r.commodityKey === undefined;

const CANDIDATE = sql<boolean>`(${sql.ref('b.lotsInStock')} > 0 or ${sql.ref('b.openContracts')} > 0)`;

function keptCandidates(db: Queryable, r: Resolved) {
  let q = db.selectFrom('blStatus as b').where(CANDIDATE);
  if (r.prefix) q = q.where('b.blNumber', '>=', r.prefix).where('b.blNumber', '<', prefixEnd(r.prefix));
  return q;
}

/** The B/Ls the report lists (with stock or an open contract, lacking a required kind), by B/L number: one query, paged by the caller. */
function missingBls(db: Queryable, r: Resolved) {
  // a B/L lacks a kind when fewer required kinds than there are have a file
  const held = db
    .selectFrom('blDocuments as d')
    .select(sql<number>`count(distinct ${sql.ref('d.kind')})`.as('n'))
    .where(sql<boolean>`${sql.ref('d.blNumber')} = ${sql.ref('b.blNumber')}`)
    .where('d.kind', 'in', r.required);
  const lacking = sql<boolean>`(${held}) < ${r.required.length}`;
  if (fromKept(r)) return keptCandidates(db, r).where(lacking);
  const stock = lotsInStock(db, r).select('l.blNumber');
  const candidates = r.withContracts ? stock.union(openContractBls(db, r).select('cb.blNumber')) : stock.distinct();
  return db.selectFrom(candidates.as('b')).where(lacking);
}

/** How many B/Ls the report lists: from the kept candidates, those counted less those with every required kind (few); else by the query itself. */
async function countMissing(db: Queryable, r: Resolved): Promise<number> {
  if (!fromKept(r))
    return Number(
      (
        await missingBls(db, r)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const candidates = await keptCandidates(db, r)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const complete = db
    .selectFrom('blDocuments as d')
    .innerJoin('blStatus as b', 'b.blNumber', 'd.blNumber')
    .select('d.blNumber')
    .where(CANDIDATE)
    .where('d.kind', 'in', r.required)
    .groupBy('d.blNumber')
    .having(sql<boolean>`count(distinct ${sql.ref('d.kind')}) = ${r.required.length}`);
  const completeCount = await db
    .selectFrom((r.prefix ? complete.where('d.blNumber', '>=', r.prefix).where('d.blNumber', '<', prefixEnd(r.prefix)) : complete).as('x'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(candidates.n) - Number(completeCount.n);
}

/** The rows of the B/Ls `bls` (at most ROWS_PER_STATEMENT, in order): their commodity, warehouses in stock and missing kinds. */
async function rowsOf(db: Queryable, r: Resolved, bls: readonly string[]): Promise<MissingDocumentsRow[]> {
  if (bls.length === 0) return [];
  const names = await commodityNamesByKey(db);
  const warehouseNames = new Map((await db.selectFrom('warehouses').select(['id', 'name']).execute()).map((w) => [w.id, w.name]));
  const found = new Map<string, { commodity: string | null; warehouses: Set<string> }>();
  // the commodity of a B/L in stock: of its first lot (by warehouse, then commodity key)
  const lots = await lotsInStock(db, r)
    .select(['l.blNumber', 'l.warehouseId', 'l.commodity'])
    .where('l.blNumber', 'in', [...bls])
    .orderBy('l.warehouseId')
    .orderBy('l.commodity')
    .execute();
  for (const l of lots) {
    const entry = found.get(l.blNumber) ?? { commodity: names.get(l.commodity) ?? l.commodity, warehouses: new Set<string>() };
    entry.warehouses.add(warehouseNames.get(l.warehouseId) ?? String(l.warehouseId));
    found.set(l.blNumber, entry);
  }
  // a B/L of an open contract only: the commodity of its first open contract, as typed
  const rest = bls.filter((bl) => !found.has(bl));
  if (rest.length && r.withContracts)
    for (const c of await openContractBls(db, r).select(['cb.blNumber', 'c.commodity']).where('cb.blNumber', 'in', rest).orderBy('c.id').execute())
      if (!found.has(c.blNumber)) found.set(c.blNumber, { commodity: c.commodity, warehouses: new Set() });
  const held = new Map<string, Set<string>>();
  for (const d of await db
    .selectFrom('blDocuments')
    .select(['blNumber', 'kind'])
    .distinct()
    .where('blNumber', 'in', [...bls])
    .where('kind', 'in', r.required)
    .execute())
    held.set(d.blNumber, (held.get(d.blNumber) ?? new Set()).add(d.kind));
  return bls.map((blNumber) => {
    const entry = found.get(blNumber);
    const has = held.get(blNumber);
    return {
      blNumber,
      commodity: entry?.commodity ?? null,
      warehouses: [...(entry?.warehouses ?? [])].sort(),
      missing: has ? r.required.filter((k) => !has.has(k)) : r.required,
    };
  });
}

/**
 * The B/Ls with stock (in the reader's warehouses) or an open business contract (remaining > 0 as
 * the contract execution report counts it; readers of every warehouse only) that lack a required
 * kind, by B/L number, read ROWS_PER_STATEMENT at a time (the export).
 */
export async function* missingDocuments(db: Queryable, q: MissingFilters, scope: Scope): AsyncGenerator<MissingDocumentsRow> {
  const r = await resolve(db, q, scope);
  if (r.required.length === 0) return;
  let last: string | undefined;
  for (;;) {
    let page = missingBls(db, r).select('b.blNumber').orderBy('b.blNumber').limit(ROWS_PER_STATEMENT);
    if (last !== undefined) page = page.where('b.blNumber', '>', last);
    const bls = (await page.execute()).map((b) => b.blNumber);
    yield* await rowsOf(db, r, bls);
    if (bls.length < ROWS_PER_STATEMENT) return;
    last = bls.at(-1);
  }
}

/** One page of the report: the page's B/Ls and their count, each one query over the indexes. */
export async function listMissingDocuments(db: Queryable, q: z.output<typeof missingDocumentsQuery>, scope: Scope) {
  const r = await resolve(db, q, scope);
  if (r.required.length === 0) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  const bls = (
    await missingBls(db, r)
      .select('b.blNumber')
      .orderBy('b.blNumber')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute()
  ).map((b) => b.blNumber);
  return { items: await rowsOf(db, r, bls), total: await countMissing(db, r), page: q.page, pageSize: q.pageSize };
}
