// Corporate contracts: folders, contracts with their file, detail lines, and the detail-line
// spreadsheet (which columns, what to insert); the generic sheet work is in server/spreadsheets.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Writable } from 'node:stream';
import { z } from 'zod';
import {
  type CorpCategory,
  type CorpContract,
  type CorpFolder,
  type Detail,
  type DetailInput,
  type DetailTotals,
  type contractCreateBody,
  contractListQuery,
  type contractUpdateBody,
  type corpFolderBody,
  corpFolderQuery,
  type corpFolderUpdateBody,
  detailBody,
  type detailBatchBody,
  type detailListQuery,
  type detailUpdateBody,
} from '../../../shared/corp-contracts.js';
import { breather, chunked, insertColumns, type InsertColumn } from '../../db/batches.js';
import { isUniqueViolation, now } from '../../db/database.js';
import { lockRow } from '../../db/locks.js';
import type { CorpContractDetailsTable, CorpContractFoldersTable, CorpContractsTable } from '../../db/tables-corp.js';
import type { Db, Queryable } from '../../db/tables.js';
import { withFiles, type FileStore, type UploadedFile } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { invalid, notFound, refusedField } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { DEFAULT_CURRENCY } from '../../../shared/finance.js';
import { id, PRODUCT_TOO_LARGE, productFits } from '../../../shared/validation.js';
import { describeList } from '../../db/lists.js';
import { sheetColumns, type RowError } from '../../spreadsheets/columns.js';
import { readSheetInBatches, rowErrorsToHttp, writeSheet, type SheetLayout } from '../../spreadsheets/sheet.js';
import { recordAudit, recordAudits } from '../audit/audit.service.js';
import { progress } from '../../progress.js';
import { partiesOf } from '../catalogs/catalog-names.js';

type FolderRow = Selectable<CorpContractFoldersTable>;
type ContractRow = Selectable<CorpContractsTable>;
type DetailRow = Selectable<CorpContractDetailsTable>;

// ---------------------------------------------------------------- folders

function presentFolder(row: FolderRow & { contractCount: number | string | null }): CorpFolder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as CorpCategory,
    contractCount: Number(row.contractCount ?? 0),
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

function folderQuery(db: Queryable) {
  return db
    .selectFrom('corpContractFolders as f')
    .selectAll('f')
    .select((eb) => eb.selectFrom('corpContracts as c').whereRef('c.folderId', '=', 'f.id').select(eb.fn.countAll<number>().as('n')).as('contractCount'));
}

export async function getFolder(db: Queryable, id: number): Promise<CorpFolder> {
  const row = await folderQuery(db).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('folder', '文件夹'), id);
  return presentFolder(row);
}

export const listFolders = describeList({
  query: corpFolderQuery,
  from: folderQuery,
  filters: [
    { exact: 'category', column: 'f.category' },
    { contains: 'keyword', columns: ['f.name', 'f.description'] },
  ],
  key: 'f.id',
  order: 'desc',
  present: presentFolder,
}).list;

const folderNameTaken = (name: string) => refusedField('name', said(`a folder named "${name}" already exists; choose another name`, `已存在名为“${name}”的文件夹；请换一个名称`));

export async function createFolder(db: Db, actor: AuthUser, input: z.output<typeof corpFolderBody>): Promise<CorpFolder> {
  try {
    return await db.transaction().execute(async (trx) => {
      const time = now();
      const row = await trx
        .insertInto('corpContractFolders')
        .values({ name: input.name, description: input.description ?? null, category: input.category, createTime: time, updateTime: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      const folder = await getFolder(trx, row.id);
      await recordAudit(trx, { actor, action: 'create', entity: 'corpContractFolder', entityId: row.id, after: folder });
      return folder;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw folderNameTaken(input.name);
    throw err;
  }
}

export async function updateFolder(db: Db, actor: AuthUser, id: number, input: z.output<typeof corpFolderUpdateBody>): Promise<CorpFolder> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getFolder(trx, id);
      const changes: Updateable<CorpContractFoldersTable> = { updateTime: now() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description;
      if (input.category !== undefined) changes.category = input.category;
      await trx.updateTable('corpContractFolders').set(changes).where('id', '=', id).execute();
      const after = await getFolder(trx, id);
      await recordAudit(trx, { actor, action: 'update', entity: 'corpContractFolder', entityId: id, before, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw folderNameTaken(input.name ?? '');
    throw err;
  }
}

export async function deleteFolder(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getFolder(trx, id);
    if (before.contractCount > 0)
      throw invalid(
        said(
          `folder is not empty: it holds ${before.contractCount} contract(s); move or delete them first`,
          `文件夹不是空的：其中有 ${before.contractCount} 份合同；请先移走或删除这些合同`,
        ),
      );
    await trx.deleteFrom('corpContractFolders').where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: 'corpContractFolder', entityId: id, before });
  });
}

async function requireFolder(db: Queryable, id: number): Promise<FolderRow> {
  const row = await db.selectFrom('corpContractFolders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw invalid(said(`folderId ${id} names no corporate contract folder`, `folderId ${id} 对应的企业合同文件夹不存在`));
  return row;
}

// ---------------------------------------------------------------- detail lines

export function presentDetail(row: DetailRow): Detail {
  return {
    id: row.id,
    contractId: row.contractId,
    lineNo: row.lineNo,
    commodity: row.commodity,
    specification: row.specification,
    quantity: row.quantity,
    unit: row.unit,
    unitPrice: row.unitPrice,
    amount: row.amount,
    deliveryDate: row.deliveryDate,
    remark: row.remark,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** amount as given, else quantity × unitPrice rounded to cents, else null (no price). */
function amountOf(quantity: number, unitPrice: number | null | undefined, amount: number | null | undefined): number | null {
  if (amount !== undefined && amount !== null) return amount;
  if (unitPrice === undefined || unitPrice === null) return null;
  // an update may change one factor of a stored line: the product is checked here as well as in the schema
  if (!productFits(quantity, unitPrice)) throw refusedField('amount', said(`amount ${PRODUCT_TOO_LARGE.en}`, `amount ${PRODUCT_TOO_LARGE.zh}`));
  return round2(quantity * unitPrice);
}

function detailValues(contractId: number, lineNo: number, input: DetailInput, time: string): Insertable<CorpContractDetailsTable> {
  return {
    contractId,
    lineNo,
    commodity: input.commodity,
    specification: input.specification ?? null,
    quantity: input.quantity,
    unit: input.unit ?? null,
    unitPrice: input.unitPrice ?? null,
    amount: amountOf(input.quantity, input.unitPrice, input.amount),
    deliveryDate: input.deliveryDate ?? null,
    remark: input.remark ?? null,
    createTime: time,
    updateTime: time,
  };
}

async function maxLineNo(db: Queryable, contractId: number): Promise<number> {
  const row = await db
    .selectFrom('corpContractDetails')
    .select((eb) => eb.fn.max('lineNo').as('max'))
    .where('contractId', '=', contractId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * Line numbers for new lines: a given lineNo is kept (and must be free); the others follow the
 * largest number in use, in the order given.
 */
async function assignLineNos(db: Queryable, contractId: number, lines: { lineNo?: number }[], at: (i: number) => string): Promise<number[]> {
  const used = new Set((await db.selectFrom('corpContractDetails').select('lineNo').where('contractId', '=', contractId).execute()).map((r) => r.lineNo));
  let next = 0;
  for (const n of used) next = Math.max(next, n);
  for (const l of lines) next = Math.max(next, l.lineNo ?? 0);
  const result: number[] = [];
  lines.forEach((line, i) => {
    if (line.lineNo !== undefined) {
      if (used.has(line.lineNo))
        throw invalid(
          said(
            `${at(i)}lineNo ${line.lineNo} is already used in this contract; choose another or leave it out`,
            `${at(i)}lineNo ${line.lineNo} 在此合同中已被使用；请换一个或不填`,
          ),
        );
      used.add(line.lineNo);
      result.push(line.lineNo);
    } else result.push(++next);
  });
  return result;
}

/** The columns of a detail line as written, with their migration types (insertColumns). */
const DETAIL_INSERT: readonly InsertColumn[] = [
  ['contractId', 'integer'],
  ['lineNo', 'integer'],
  ['commodity', 'text'],
  ['specification', 'text'],
  ['quantity', 'real'],
  ['unit', 'text'],
  ['unitPrice', 'real'],
  ['amount', 'real'],
  ['deliveryDate', 'text'],
  ['remark', 'text'],
  ['createTime', 'text'],
  ['updateTime', 'text'],
];

/** Lines a statement writes (a sheet's batch of rows is one). */
const INSERT_CHUNK = 2000;

/**
 * Lines gathered column by column (a dozen arrays, not an object a line) and written INSERT_CHUNK a
 * statement (insertColumns): the JSON create's lines and an import's, which adds each small batch
 * of checked rows as it comes and so holds no line object longer than its batch.
 */
class DetailWriter {
  private columns: unknown[][] = DETAIL_INSERT.map(() => []);
  private count = 0;
  written = 0;
  constructor(private readonly db: Queryable) {}

  async add(lines: Insertable<CorpContractDetailsTable>[]): Promise<void> {
    for (const line of lines) {
      DETAIL_INSERT.forEach(([name], j) => this.columns[j]!.push(line[name as keyof typeof line]));
      if (++this.count === INSERT_CHUNK) await this.flush();
    }
  }

  async flush(): Promise<void> {
    if (this.count === 0) return;
    const { columns, count } = this;
    this.columns = DETAIL_INSERT.map(() => []);
    this.count = 0;
    await insertColumns(this.db, 'corpContractDetails', DETAIL_INSERT, columns, count);
    this.written += count;
  }
}

/** Writes the JSON create's lines, INSERT_CHUNK a statement, giving the event loop back between statements. */
async function insertDetails(db: Queryable, values: Insertable<CorpContractDetailsTable>[]): Promise<void> {
  const pause = breather();
  const writer = new DetailWriter(db);
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    if (await pause()) progress('writing', i, values.length);
    await writer.add(values.slice(i, i + INSERT_CHUNK));
  }
  await writer.flush();
  progress('writing', values.length, values.length);
}

async function touchContract(db: Queryable, contractId: number, time: string): Promise<void> {
  await db.updateTable('corpContracts').set({ updateTime: time }).where('id', '=', contractId).execute();
}

async function findDetail(db: Queryable, id: number): Promise<DetailRow> {
  const row = await db.selectFrom('corpContractDetails').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('detail line', '明细行'), id);
  return row;
}

const round = (n: number, decimals: number) => Math.round((n + Number.EPSILON) * 10 ** decimals) / 10 ** decimals;

/** The sums of all a contract's lines: quantity per unit (never across units), amount in the contract's currency. */
async function lineTotals(db: Queryable, contract: ContractRow): Promise<DetailTotals> {
  const lines = db.selectFrom('corpContractDetails').where('contractId', '=', contract.id);
  const perUnit = await lines
    .select((eb) => ['unit', eb.fn.sum<number | string>('quantity').as('quantity'), eb.fn.countAll<number | string>().as('lines')])
    .groupBy('unit')
    .execute();
  // in unit order, lines without a unit last (the engines order nulls differently)
  perUnit.sort((a, b) => (a.unit === b.unit ? 0 : a.unit === null ? 1 : b.unit === null ? -1 : a.unit < b.unit ? -1 : 1));
  const money = await lines
    .select((eb) => [eb.fn.sum<number | string | null>('amount').as('amount'), eb.fn.count<number | string>('amount').as('priced')])
    .executeTakeFirstOrThrow();
  return {
    quantities: perUnit.map((u) => ({ unit: u.unit, quantity: round(Number(u.quantity), 3), lines: Number(u.lines) })),
    amount: Number(money.priced) > 0 ? round(Number(money.amount), 2) : null,
    currency: contract.currency,
  };
}

/** A contract's lines in lineNo order (unique within the contract): its page, and every line for the export. */
const detailList = describeList({
  // the contract comes from the path; the route's query is the paging alone
  query: z.object({ contractId: id() }),
  from: (db: Queryable) => db.selectFrom('corpContractDetails').selectAll(),
  filters: [{ exact: 'contractId', column: 'contractId' }],
  key: 'lineNo',
  order: 'asc',
  present: presentDetail,
});

export async function listDetails(db: Queryable, contract: ContractRow, q: z.output<typeof detailListQuery>) {
  return { ...(await detailList.list(db, { ...q, contractId: contract.id })), summary: await lineTotals(db, contract) };
}

export async function createDetails(db: Db, actor: AuthUser, contractId: number, lines: DetailInput[], batch: boolean): Promise<Detail[]> {
  return db.transaction().execute(async (trx) => {
    await findContractRow(trx, contractId);
    await lockRow(trx, 'corpContracts', contractId);
    const lineNos = await assignLineNos(trx, contractId, lines, (i) => (batch ? `details.${i}.` : ''));
    const time = now();
    // the same multi-row insert as a sheet import, then the lines read back by their numbers
    await insertDetails(
      trx,
      lines.map((line, i) => detailValues(contractId, lineNos[i]!, line, time)),
    );
    const byLineNo = new Map<number, DetailRow>();
    for (const piece of chunked(lineNos))
      for (const row of await trx.selectFrom('corpContractDetails').selectAll().where('contractId', '=', contractId).where('lineNo', 'in', piece).execute())
        byLineNo.set(row.lineNo, row);
    const created = lineNos.map((n) => presentDetail(byLineNo.get(n)!));
    await recordAudits(
      trx,
      created.map((detail) => ({ actor, action: 'create', entity: 'corpContractDetail', entityId: detail.id, after: detail })),
    );
    await touchContract(trx, contractId, time);
    return created;
  });
}

export async function batchDetails(db: Db, actor: AuthUser, input: z.output<typeof detailBatchBody>): Promise<Detail[]> {
  const exists = await db.selectFrom('corpContracts').select('id').where('id', '=', input.contractId).executeTakeFirst();
  if (!exists) throw invalid(said(`contractId ${input.contractId} names no corporate contract`, `contractId ${input.contractId} 对应的企业合同不存在`));
  return createDetails(db, actor, input.contractId, input.details, true);
}

export async function updateDetail(db: Db, actor: AuthUser, id: number, input: z.output<typeof detailUpdateBody>): Promise<Detail> {
  return db.transaction().execute(async (trx) => {
    const beforeRow = await findDetail(trx, id);
    const time = now();
    const changes: Updateable<CorpContractDetailsTable> = { updateTime: time };
    for (const key of ['lineNo', 'commodity', 'specification', 'quantity', 'unit', 'unitPrice', 'deliveryDate', 'remark'] as const) {
      if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    }
    const quantity = input.quantity ?? beforeRow.quantity;
    const unitPrice = input.unitPrice === undefined ? beforeRow.unitPrice : input.unitPrice;
    // amount follows quantity × unitPrice when either changes and no amount is sent
    if (input.amount !== undefined) changes.amount = input.amount ?? amountOf(quantity, unitPrice, null);
    else if (input.quantity !== undefined || input.unitPrice !== undefined) changes.amount = amountOf(quantity, unitPrice, null);
    let row: DetailRow;
    try {
      row = await trx.updateTable('corpContractDetails').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err))
        throw refusedField('lineNo', said(`lineNo ${input.lineNo} is already used in this contract; choose another`, `lineNo ${input.lineNo} 在此合同中已被使用；请换一个`));
      throw err;
    }
    await touchContract(trx, row.contractId, time);
    const after = presentDetail(row);
    await recordAudit(trx, { actor, action: 'update', entity: 'corpContractDetail', entityId: id, before: presentDetail(beforeRow), after });
    return after;
  });
}

export async function deleteDetail(db: Db, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findDetail(trx, id);
    await trx.deleteFrom('corpContractDetails').where('id', '=', id).execute();
    await touchContract(trx, before.contractId, now());
    await recordAudit(trx, { actor, action: 'delete', entity: 'corpContractDetail', entityId: id, before: presentDetail(before) });
  });
}

// ---------------------------------------------------------------- contracts

/** Lines a contract read embeds; the rest are read page by page from GET /corp-contract/contracts/:id/details. */
export const EMBEDDED_DETAILS = 100;

interface Lines {
  details: Detail[];
  detailCount: number;
}

function presentContract(row: ContractRow, { details, detailCount }: Lines): CorpContract {
  return {
    id: row.id,
    folderId: row.folderId,
    contractNumber: row.contractNumber,
    name: row.name,
    category: row.category as CorpCategory,
    partyA: row.partyA,
    partyB: row.partyB,
    signDate: row.signDate,
    amount: row.amount,
    currency: row.currency,
    remark: row.remark,
    fileName: row.fileName,
    fileUrl: row.fileUrl,
    fileSize: row.fileSize,
    details,
    detailCount,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** What the audit log keeps of a contract: its fields and how many lines it has, not every line. */
async function auditView(db: Queryable, row: ContractRow) {
  const { details: _lines, ...fields } = presentContract(row, (await detailsOf(db, [row.id], 0)).get(row.id)!);
  return fields;
}

export async function findContractRow(db: Queryable, id: number): Promise<ContractRow> {
  const row = await db.selectFrom('corpContracts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('contract', '企业合同'), id);
  return row;
}

/** Each contract's first `embed` lines in lineNo order and how many it has in all. */
async function detailsOf(db: Queryable, contractIds: number[], embed = EMBEDDED_DETAILS): Promise<Map<number, Lines>> {
  const map = new Map<number, Lines>(contractIds.map((id) => [id, { details: [], detailCount: 0 }]));
  if (contractIds.length === 0) return map;
  const counts = await db
    .selectFrom('corpContractDetails')
    .select((eb) => ['contractId', eb.fn.countAll<number>().as('n')])
    .where('contractId', 'in', contractIds)
    .groupBy('contractId')
    .execute();
  for (const { contractId, n } of counts) map.get(contractId)!.detailCount = Number(n);
  if (embed === 0) return map;
  for (const id of contractIds) {
    if (map.get(id)!.detailCount === 0) continue;
    const rows = await db.selectFrom('corpContractDetails').selectAll().where('contractId', '=', id).orderBy('lineNo').limit(embed).execute();
    map.get(id)!.details = rows.map(presentDetail);
  }
  return map;
}

export async function getContract(db: Queryable, id: number): Promise<CorpContract> {
  const row = await findContractRow(db, id);
  return presentContract(row, (await detailsOf(db, [id])).get(id)!);
}

const contractList = describeList({
  query: contractListQuery,
  from: (db: Queryable) => db.selectFrom('corpContracts').selectAll(),
  filters: [
    { exact: 'folderId', column: 'folderId' },
    { exact: 'category', column: 'category' },
    { contains: 'keyword', columns: ['contractNumber', 'name', 'partyA', 'partyB', 'remark', 'fileName'] },
  ],
  key: 'id',
  order: 'desc',
  attach: (db, rows) =>
    detailsOf(
      db,
      rows.map((r) => r.id),
    ),
  present: (row, details) => presentContract(row, details.get(row.id)!),
});
export const listContracts = contractList.list;
/** Every contract the list's filters match, newest first, read in batches (the export). */
export const allContracts = contractList.all;

/** The one contract file of a request: `file` or `files`, exactly one. */
function contractFile(files: UploadedFile[], required: boolean): UploadedFile | undefined {
  if (files.length > 1) throw invalid(said(`send one contract file; ${files.length} were sent`, `只能发送一个合同文件；收到了 ${files.length} 个`));
  if (required && files.length === 0)
    throw invalid(said('file is required: attach the contract file in the field "file" (or "files")', 'file 为必填项：请在字段“file”（或“files”）中附上合同文件'));
  return files[0];
}

const numberTaken = (contractNumber: string) =>
  refusedField(
    'contractNumber',
    said(
      `contractNumber "${contractNumber}" is already used by another contract; contract numbers are unique`,
      `contractNumber “${contractNumber}” 已被另一份合同使用；编号必须唯一`,
    ),
  );

export async function createContract(db: Db, store: FileStore, actor: AuthUser, input: z.output<typeof contractCreateBody>, files: UploadedFile[]): Promise<CorpContract> {
  const file = contractFile(files, true)!;
  try {
    return await withFiles(db, store, async (trx, changes) => {
      const folder = await requireFolder(trx, input.folderId);
      const stored = changes.add('corpContract', file);
      const time = now();
      const row = await trx
        .insertInto('corpContracts')
        .values({
          folderId: input.folderId,
          contractNumber: input.contractNumber,
          name: input.name ?? null,
          category: input.category ?? folder.category,
          partyA: input.partyA ?? null,
          partyB: input.partyB ?? null,
          signDate: input.signDate ?? null,
          amount: input.amount ?? null,
          currency: input.currency ?? DEFAULT_CURRENCY,
          remark: input.remark ?? null,
          fileName: stored.name,
          fileUrl: stored.url,
          fileSize: stored.size,
          createTime: time,
          updateTime: time,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await partiesOf(trx, [row.partyA, row.partyB]);
      await recordAudit(trx, { actor, action: 'create', entity: 'corpContract', entityId: row.id, after: await auditView(trx, row) });
      return presentContract(row, { details: [], detailCount: 0 });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw numberTaken(input.contractNumber);
    throw err;
  }
}

export async function updateContract(
  db: Db,
  store: FileStore,
  actor: AuthUser,
  id: number,
  input: z.output<typeof contractUpdateBody>,
  files: UploadedFile[],
): Promise<CorpContract> {
  const file = contractFile(files, false);
  try {
    return await withFiles(db, store, async (trx, changes) => {
      const beforeRow = await findContractRow(trx, id);
      const before = await auditView(trx, beforeRow);
      if (input.folderId !== undefined) await requireFolder(trx, input.folderId);
      const set: Updateable<CorpContractsTable> = { updateTime: now() };
      for (const key of ['folderId', 'contractNumber', 'name', 'category', 'partyA', 'partyB', 'signDate', 'amount', 'currency', 'remark'] as const) {
        if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
      }
      if (file) {
        const stored = changes.add('corpContract', file);
        Object.assign(set, { fileName: stored.name, fileUrl: stored.url, fileSize: stored.size });
        changes.remove(beforeRow.fileUrl);
      }
      const row = await trx.updateTable('corpContracts').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await partiesOf(trx, [input.partyA, input.partyB]);
      await recordAudit(trx, { actor, action: 'update', entity: 'corpContract', entityId: id, before, after: await auditView(trx, row) });
      return presentContract(row, (await detailsOf(trx, [id])).get(id)!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw numberTaken(input.contractNumber ?? '');
    throw err;
  }
}

export async function deleteContract(db: Db, store: FileStore, actor: AuthUser, id: number): Promise<void> {
  await withFiles(db, store, async (trx, changes) => {
    const row = await findContractRow(trx, id);
    const before = await auditView(trx, row);
    await trx.deleteFrom('corpContractDetails').where('contractId', '=', id).execute();
    await trx.deleteFrom('corpContracts').where('id', '=', id).execute();
    changes.remove(row.fileUrl);
    await recordAudit(trx, { actor, action: 'delete', entity: 'corpContract', entityId: id, before });
  });
}

// ---------------------------------------------------------------- spreadsheet

/** The detail-line sheet: the record's fields from lineNo on, in order, with their Chinese labels. */
export const DETAIL_COLUMNS = sheetColumns([
  { key: 'lineNo', type: 'number', width: 8 },
  { key: 'commodity', type: 'text', width: 24 },
  { key: 'specification', type: 'text', width: 20 },
  { key: 'quantity', type: 'number' },
  { key: 'unit', type: 'text', width: 8 },
  { key: 'unitPrice', type: 'number' },
  { key: 'amount', type: 'number', width: 16 },
  { key: 'deliveryDate', type: 'date' },
  { key: 'remark', type: 'text', width: 30 },
]);

/**
 * Lines one import file may hold: the 100,000-line import the benchmark measures (docs/performance.md)
 * takes seconds and a few hundred MB while it is checked; a larger contract is imported in several files (append).
 */
export const MAX_DETAIL_IMPORT_ROWS = 100_000;

export const exportFileName = (contractNumber: string) => `${contractNumber}-details.xlsx`;

export async function exportDetails(db: Queryable, contractId: number, target: Writable, layout: SheetLayout): Promise<void> {
  await writeSheet(DETAIL_COLUMNS, await detailList.all(db, { contractId }), target, { sheetName: 'details', layout });
}

/**
 * Imports lines from an .xlsx: every row is checked first and nothing is written if any is wrong.
 * append: the lines follow the existing ones, numbered on from the largest lineNo in use, in sheet order.
 * replace: the existing lines are removed; the sheet's lineNo values are kept (blank ones are
 * numbered after the largest), and a lineNo used twice in the sheet is a row error.
 */
export async function importDetails(db: Db, actor: AuthUser, contractId: number, path: string, mode: 'append' | 'replace'): Promise<{ imported: number; removed: number }> {
  await findContractRow(db, contractId);
  // The lines are written batch by batch while the sheet is still read (readSheetInBatches), in one
  // transaction: a wrong row anywhere, a lineNo used twice or a refusal of the file undoes them all.
  return db.transaction().execute(async (trx) => {
    const contract = await findContractRow(trx, contractId);
    await lockRow(trx, 'corpContracts', contractId);
    let removed = 0;
    // append: numbered on from the largest lineNo in use. replace: the sheet's lineNo values are
    // kept, and the blank ones, numbered after the sheet's largest, which is known only at its end,
    // are written as -1, -2, … meanwhile and renumbered then
    let next = 0;
    if (mode === 'replace') {
      const del = await trx.deleteFrom('corpContractDetails').where('contractId', '=', contractId).executeTakeFirst();
      removed = Number(del.numDeletedRows);
    } else next = await maxLineNo(trx, contractId);
    const seen = new Map<number, number>();
    const duplicates: RowError[] = [];
    let largest = 0;
    let blanks = 0;
    let imported = 0;
    const time = now();
    const writer = new DetailWriter(trx);
    const result = await readSheetInBatches(path, DETAIL_COLUMNS, detailBody, { maxRows: MAX_DETAIL_IMPORT_ROWS }, async (rows, rowNumbers) => {
      const values = rows.map((row, i) => {
        if (mode === 'append') return detailValues(contractId, ++next, row, time);
        if (row.lineNo === undefined) return detailValues(contractId, -++blanks, row, time);
        const first = seen.get(row.lineNo);
        if (first !== undefined)
          duplicates.push({
            row: rowNumbers[i]!,
            column: 'lineNo',
            message: said(`lineNo ${row.lineNo} is already used in row ${first}`, `lineNo ${row.lineNo} 已在第 ${first} 行使用`),
          });
        else seen.set(row.lineNo, rowNumbers[i]!);
        largest = Math.max(largest, row.lineNo);
        return detailValues(contractId, row.lineNo, row, time);
      });
      // after a lineNo used twice nothing more is written: the answer lists them all
      if (duplicates.length) return;
      const before = writer.written;
      await writer.add(values);
      imported += values.length;
      if (writer.written > before) progress('writing', writer.written, null);
    });
    if ('errors' in result) throw rowErrorsToHttp(result.errors, result.errorCount);
    if (!duplicates.length) await writer.flush();
    if (duplicates.length) throw rowErrorsToHttp(duplicates);
    if (blanks)
      await trx
        .updateTable('corpContractDetails')
        .set({ lineNo: sql<number>`${largest} - ${sql.ref('lineNo')}` })
        .where('contractId', '=', contractId)
        .where('lineNo', '<', 0)
        .execute();
    progress('writing', imported, imported);
    await touchContract(trx, contractId, time);
    await recordAudit(trx, {
      actor,
      action: 'update',
      entity: 'corpContract',
      entityId: contractId,
      before: { contractNumber: contract.contractNumber },
      after: { contractNumber: contract.contractNumber, import: { mode, imported, removed } },
    });
    return { imported, removed };
  });
}
