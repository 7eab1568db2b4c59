// Business contracts and their attachments (docs/api/contracts.md): queries and rules.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import {
  DEFAULT_CURRENCY,
  splitBlNumbers,
  type Contract,
  type CreateContractInput,
  type listContractsQuery,
  type UpdateContractInput,
  type updateFilesBody,
} from '../../../shared/contracts.js';
import { nameKey } from '../../../shared/names.js';
import { now } from '../../db/database.js';
import { lockContractSums, recountContracts, withdrawContracts } from '../../db/contract-sums.js';
import { refreshLotWeights } from '../../db/lot-weights.js';
import { recountOpenContracts } from '../../db/bl-status.js';
import { CONTRACT_KEYWORD_COLUMNS, containsKeyword } from '../../db/search.js';
import { ofRows } from '../../db/lists.js';
import type { ContractFilesTable, ContractsTable } from '../../db/tables-contracts.js';
import type { Db, Queryable } from '../../db/tables.js';
import { withFiles, type FileChanges, type FileStore, type UploadedFile } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { invalid, notFound } from '../../http/errors.js';
import { said } from '../../../shared/messages.js';
import { recordAudit } from '../audit/audit.service.js';
import { touchPnl } from '../trading/pnl-rows.js';

type ContractRow = Selectable<ContractsTable>;
type FileRow = Selectable<ContractFilesTable>;

export const presentFile = (f: Pick<FileRow, 'id' | 'name' | 'url' | 'size' | 'mimeType'>) => ({
  id: f.id,
  name: f.name,
  url: f.url,
  size: f.size,
  mimeType: f.mimeType,
});

export function presentContract(row: ContractRow, files: FileRow[]): Contract {
  return {
    id: row.id,
    name: row.name,
    contractType: row.contractType as Contract['contractType'],
    contractCode: row.contractCode,
    buyParty: row.buyParty,
    sellParty: row.sellParty,
    commodity: row.commodity,
    count: row.count,
    unitPrice: row.unitPrice,
    blNumber: row.blNumber,
    deliveryTime: row.deliveryTime,
    pickUpTime: row.pickUpTime,
    packaging: row.packaging,
    remarks: row.remarks,
    unit: row.unit,
    currency: row.currency,
    weightTolerance: row.weightTolerance,
    createTime: row.createTime,
    updateTime: row.updateTime,
    files: files.map(presentFile),
  };
}

/** The columns a form sets; `undefined` means "not sent" and leaves the column as it is. */
function columnsOf(input: UpdateContractInput): Updateable<ContractsTable> {
  const blNumber = input.BLNumber ?? input.blNumber;
  const columns: Updateable<ContractsTable> = {
    name: input.name,
    contractType: input.contractType,
    contractCode: input.contractCode,
    buyParty: input.buyParty,
    sellParty: input.sellParty,
    commodity: input.commodity,
    count: input.count,
    unitPrice: input.unitPrice,
    blNumber,
    deliveryTime: input.deliveryTime,
    pickUpTime: input.pickUpTime,
    packaging: input.packaging,
    remarks: input.remarks,
    unit: input.unit,
    currency: input.currency,
    weightTolerance: input.weightTolerance,
  };
  for (const key of Object.keys(columns) as (keyof typeof columns)[]) if (columns[key] === undefined) delete columns[key];
  return columns;
}

/** The contracts matching the list filters, newest first. */
function filtered(db: Queryable, q: z.output<typeof listContractsQuery>) {
  let query = db.selectFrom('contracts');
  if (q.contractType) query = query.where('contractType', '=', q.contractType);
  if (q.keyword) {
    const keyword = q.keyword;
    query = query.where((eb) => containsKeyword(db, eb, 'contracts', 'contracts.id', CONTRACT_KEYWORD_COLUMNS, keyword));
  }
  return query;
}

function groupFiles(files: FileRow[]): Map<number, FileRow[]> {
  const byContract = new Map<number, FileRow[]>();
  for (const f of files) {
    const list = byContract.get(f.contractId);
    if (list) list.push(f);
    else byContract.set(f.contractId, [f]);
  }
  return byContract;
}

/**
 * Two queries whatever the number of contracts: the contracts, then the files of exactly those
 * contracts (`ofRows`: no parameter list grows with the result).
 */
export async function listContracts(db: Queryable, q: z.output<typeof listContractsQuery>): Promise<Contract[]> {
  const rows = await filtered(db, q).selectAll().orderBy('id', 'desc').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const files = await db
    .selectFrom('contractFiles')
    .selectAll()
    .where(ofRows(db, 'contractId', ids, filtered(db, q).select('id')))
    .orderBy('id')
    .execute();
  const byContract = groupFiles(files);
  return rows.map((row) => presentContract(row, byContract.get(row.id) ?? []));
}

async function loadContract(db: Queryable, id: number): Promise<ContractRow> {
  const row = await db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(said('contract', '合同'), id);
  return row;
}

const filesOf = (db: Queryable, contractId: number) => db.selectFrom('contractFiles').selectAll().where('contractId', '=', contractId).orderBy('id').execute();

export async function getContract(db: Queryable, id: number): Promise<Contract> {
  const row = await loadContract(db, id);
  return presentContract(row, await filesOf(db, id));
}

function attach(trx: Queryable, changes: FileChanges, contractId: number, uploads: UploadedFile[], time: string) {
  if (uploads.length === 0) return Promise.resolve();
  const rows: Insertable<ContractFilesTable>[] = uploads.map((upload) => {
    const stored = changes.add('contractUploads', upload);
    return { contractId, name: stored.name, url: stored.url, size: stored.size, mimeType: stored.mimeType, createTime: time };
  });
  return trx.insertInto('contractFiles').values(rows).execute();
}

/** The unit the commodity catalog gives a typed commodity name (null: not in the catalog, or no unit there). */
async function catalogUnit(db: Queryable, commodity: string): Promise<string | null> {
  const row = await db
    .selectFrom('commodityNames as k')
    .innerJoin('commodities as c', 'c.id', 'k.commodityId')
    .select('c.unit')
    .where('k.nameKey', '=', nameKey(commodity))
    .executeTakeFirst();
  return row?.unit ?? null;
}

async function insertContract(trx: Queryable, changes: FileChanges, actor: AuthUser, input: CreateContractInput, uploads: UploadedFile[]) {
  const time = now();
  const values = {
    ...columnsOf(input),
    unit: input.unit ?? (await catalogUnit(trx, input.commodity)),
    currency: input.currency ?? DEFAULT_CURRENCY,
    createTime: time,
    updateTime: time,
  } as Insertable<ContractsTable>;
  await lockContractSums(trx);
  const row = await trx.insertInto('contracts').values(values).returningAll().executeTakeFirstOrThrow();
  await recountContracts(trx, [row.id]);
  await refreshLotWeights(trx, splitBlNumbers(row.blNumber));
  await recountOpenContracts(trx, splitBlNumbers(row.blNumber));
  await touchPnl(trx, splitBlNumbers(row.blNumber), [row.contractCode]);
  await attach(trx, changes, row.id, uploads, time);
  const contract = presentContract(row, await filesOf(trx, row.id));
  await recordAudit(trx, { actor, action: 'create', entity: 'contract', entityId: row.id, after: contract });
  return contract;
}

export function requireScans(files: UploadedFile[], where = 'files'): void {
  if (files.length === 0)
    throw invalid(said(`${where} is required: attach 1 to 20 scans of the contract (PDF or image)`, `${where} 为必填项：请附上 1 到 20 份合同扫描件（PDF 或图片）`));
}

export function createContract(db: Db, store: FileStore, actor: AuthUser, input: CreateContractInput, uploads: UploadedFile[]): Promise<Contract> {
  requireScans(uploads);
  return withFiles(db, store, (trx, changes) => insertContract(trx, changes, actor, input, uploads));
}

/** Creates every contract with its files (`files_<index>`), or none of them. */
export function createContracts(db: Db, store: FileStore, actor: AuthUser, inputs: CreateContractInput[], uploads: UploadedFile[]): Promise<Contract[]> {
  const byIndex = inputs.map((): UploadedFile[] => []);
  for (const upload of uploads) {
    const index = Number(upload.field.slice('files_'.length));
    const list = byIndex[index];
    if (!list)
      throw invalid(
        said(
          `${upload.field} has no contract: contracts holds ${inputs.length} item${inputs.length === 1 ? '' : 's'} (files_0 to files_${inputs.length - 1})`,
          `${upload.field} 没有对应的合同：contracts 只有 ${inputs.length} 项（files_0 到 files_${inputs.length - 1}）`,
        ),
      );
    list.push(upload);
  }
  byIndex.forEach((list, index) => {
    if (list.length === 0)
      throw invalid(said(`contracts.${index} has no files: attach at least one scan in files_${index}`, `contracts.${index} 没有文件：请在 files_${index} 中至少附上一份扫描件`));
  });
  return withFiles(db, store, async (trx, changes) => {
    const created: Contract[] = [];
    for (const [index, input] of inputs.entries()) created.push(await insertContract(trx, changes, actor, input, byIndex[index]!));
    return created;
  });
}

async function applyChanges(trx: Queryable, actor: AuthUser, before: Contract, input: UpdateContractInput) {
  await lockContractSums(trx);
  // what the contract counts, and where the position groups it, may change with any field
  await withdrawContracts(trx, [before.id]);
  const row = await trx
    .updateTable('contracts')
    .set({ ...columnsOf(input), updateTime: now() })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recountContracts(trx, [row.id]);
  // the lots of the B/Ls it listed and lists: their contract, tolerance and claim may have changed
  await refreshLotWeights(trx, [...splitBlNumbers(before.blNumber), ...splitBlNumbers(row.blNumber)]);
  await recountOpenContracts(trx, [...splitBlNumbers(before.blNumber), ...splitBlNumbers(row.blNumber)]);
  // the profit and loss rows of its B/Ls and codes, before and after (their sale, purchase or price may have changed)
  await touchPnl(trx, [...splitBlNumbers(before.blNumber), ...splitBlNumbers(row.blNumber)], [before.contractCode, row.contractCode]);
  const after = presentContract(row, await filesOf(trx, before.id));
  await recordAudit(trx, { actor, action: 'update', entity: 'contract', entityId: before.id, before, after });
  return after;
}

const NOTHING = said('nothing to change: send at least one contract field', '没有要修改的内容：请至少发送一个合同字段');

export function updateContract(db: Db, actor: AuthUser, id: number, input: UpdateContractInput): Promise<Contract> {
  if (Object.keys(columnsOf(input)).length === 0) throw invalid(NOTHING);
  return db.transaction().execute(async (trx) => applyChanges(trx, actor, await getContract(trx, id), input));
}

/** Adds `files`, removes `removeFileIds` and changes the fields sent, in one transaction. */
export function updateContractFiles(db: Db, store: FileStore, actor: AuthUser, id: number, input: z.output<typeof updateFilesBody>, uploads: UploadedFile[]): Promise<Contract> {
  const { removeFileIds = [], ...fields } = input;
  if (Object.keys(columnsOf(fields)).length === 0 && removeFileIds.length === 0 && uploads.length === 0)
    throw invalid(said(`${NOTHING.en}, files to add or removeFileIds`, '没有要修改的内容：请至少发送一个合同字段、要添加的文件或 removeFileIds'));
  return withFiles(db, store, async (trx, changes) => {
    const before = await getContract(trx, id);
    const removing = [...new Set(removeFileIds)];
    for (const fileId of removing) {
      if (!before.files.some((f) => f.id === fileId))
        throw invalid(said(`removeFileIds: file ${fileId} is not an attachment of contract ${id}`, `removeFileIds：文件 ${fileId} 不是合同 ${id} 的附件`));
    }
    if (before.files.length - removing.length + uploads.length < 1)
      throw invalid(said('a contract keeps at least one attachment: add a file before removing the last one', '合同至少要保留一个附件：请先添加文件，再删除最后一个'));
    if (removing.length) {
      await trx.deleteFrom('contractFiles').where('contractId', '=', id).where('id', 'in', removing).execute();
      for (const f of before.files) if (removing.includes(f.id)) changes.remove(f.url);
    }
    await attach(trx, changes, id, uploads, now());
    return applyChanges(trx, actor, before, fields);
  });
}

export function deleteContract(db: Db, store: FileStore, actor: AuthUser, id: number): Promise<void> {
  return withFiles(db, store, async (trx, changes) => {
    const before = await getContract(trx, id);
    await trx.deleteFrom('contractFiles').where('contractId', '=', id).execute();
    await lockContractSums(trx);
    await withdrawContracts(trx, [id]);
    await trx.deleteFrom('contracts').where('id', '=', id).execute();
    await refreshLotWeights(trx, splitBlNumbers(before.blNumber));
    await recountOpenContracts(trx, splitBlNumbers(before.blNumber));
    await touchPnl(trx, splitBlNumbers(before.blNumber), [before.contractCode]);
    for (const f of before.files) changes.remove(f.url);
    await recordAudit(trx, { actor, action: 'delete', entity: 'contract', entityId: id, before });
  });
}
