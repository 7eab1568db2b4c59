// The one implementation of every finance kind: rows <-> records, list with totals, create,
// update, delete, attachments and the contract summary. A kind's description (finance.kinds.ts)
// says which of its fields live in real columns; the others are kept as JSON.
import { sql, type Insertable, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { z } from 'zod';
import { financeListQuery, hasFinanceField, type CurrencyTotal } from '../../../shared/finance.js';
import { isUniqueViolation, now } from '../../db/database.js';
import type { Database, Db, Queryable } from '../../db/tables.js';
import type { FinanceFilesTable, FinanceRecordsTable } from '../../db/tables-finance.js';
import type { FileStore, UploadedFile } from '../../files/file-store.js';
import { withFiles } from '../../files/file-store.js';
import type { AuthUser } from '../../http/auth.js';
import { said } from '../../../shared/messages.js';
import { invalid, notFound, refusedField } from '../../http/errors.js';
import { aggregateRows } from '../../db/aggregates.js';
import { describeList } from '../../db/lists.js';
import { recordAudit } from '../audit/audit.service.js';
import { FINANCE_KINDS, type FinanceKind, type Values } from './finance.kinds.js';
import { mayRead, type Permissions } from '../../../shared/permissions.js';
import { shareContractSums } from '../../db/contract-sums.js';
import { PNL_KINDS, touchPnl } from '../trading/pnl-rows.js';

type Row = Selectable<FinanceRecordsTable>;
type FileRow = Selectable<FinanceFilesTable>;
/** the common filters, plus the kind's status filter named after its status field */
type ListQuery = z.output<typeof financeListQuery> & { [statusField: string]: unknown };
type Column = 'number' | 'contractNumber' | 'blNumber' | 'recordDate' | 'status' | 'currency';

const fieldNames = (kind: FinanceKind) => Object.keys(kind.fields.shape);

/** The real column that holds a field, or null when the field is kept in the JSON `fields`. */
function columnOf(kind: FinanceKind, field: string): Column | null {
  if (field === kind.numberField) return 'number';
  if (field === kind.dateField) return 'recordDate';
  if (field === kind.statusField) return 'status';
  if (field === 'contractNumber' || field === 'blNumber' || field === 'currency') return field;
  return null;
}

/** The columns of a record's values (money in currency units, as validated). */
export function toColumns(kind: FinanceKind, values: Values): Omit<Updateable<FinanceRecordsTable>, 'id' | 'kind'> {
  const columns: Record<string, unknown> = { ...kind.money.toColumns(values) };
  const other: Values = {};
  for (const field of fieldNames(kind)) {
    if (kind.money.inputs.includes(field)) continue;
    const column = columnOf(kind, field);
    if (column) columns[column] = values[field] ?? null;
    else other[field] = values[field] ?? null;
  }
  const searchText = fieldNames(kind)
    .map((f) => values[f])
    .filter((v): v is string => typeof v === 'string')
    .join('\n')
    .toLowerCase();
  return { ...columns, fields: JSON.stringify(other), searchText };
}

/** The fields of a stored record in the kind's order, money in currency units, derived values last. */
function valuesOf(kind: FinanceKind, row: Row): Values {
  const other = JSON.parse(row.fields) as Values;
  const money = kind.money.present(row);
  const values: Values = {};
  for (const field of fieldNames(kind)) {
    const column = columnOf(kind, field);
    values[field] = kind.money.inputs.includes(field) ? money[field] : column ? row[column] : (other[field] ?? null);
  }
  return { ...values, ...money };
}

const presentFile = (f: FileRow) => ({ id: f.id, name: f.name, url: f.url, size: f.size });

export type FinanceRecord = Values & { id: number; files?: ReturnType<typeof presentFile>[]; createTime: string; updateTime: string };

export function presentRecord(kind: FinanceKind, row: Row, files: FileRow[]): FinanceRecord {
  return {
    id: row.id,
    ...valuesOf(kind, row),
    ...(kind.hasFiles ? { files: files.map(presentFile) } : {}),
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** Fills defaults for fields left out or cleared, and checks the rules over several fields. */
function complete(kind: FinanceKind, values: Values): Values {
  const out = { ...values };
  for (const [field, value] of Object.entries(kind.defaults)) out[field] ??= value;
  const broken = kind.check?.(out);
  if (broken) throw invalid(broken);
  return out;
}

function rethrowDuplicate(kind: FinanceKind, values: Values, err: unknown): never {
  if (kind.numberField && isUniqueViolation(err))
    throw refusedField(
      kind.numberField,
      said(
        `${kind.numberField} "${String(values[kind.numberField])}" is already used by another ${kind.label.en}; numbers must be unique`,
        `${kind.numberField} “${String(values[kind.numberField])}” 已被另一份${kind.label.zh}使用；编号必须唯一`,
      ),
    );
  throw err;
}

async function findRow(db: Queryable, kind: FinanceKind, id: number): Promise<Row> {
  const row = await db.selectFrom('financeRecords').selectAll().where('id', '=', id).where('kind', '=', kind.segment).executeTakeFirst();
  if (!row) throw notFound(kind.label, id);
  return row;
}

async function filesOf(db: Queryable, recordIds: number[]): Promise<Map<number, FileRow[]>> {
  const byRecord = new Map<number, FileRow[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db.selectFrom('financeFiles').selectAll().where('recordId', 'in', recordIds).orderBy('id').execute();
  for (const f of rows) byRecord.set(f.recordId, [...(byRecord.get(f.recordId) ?? []), f]);
  return byRecord;
}

export async function getRecord(db: Queryable, kind: FinanceKind, id: number): Promise<FinanceRecord> {
  const row = await findRow(db, kind, id);
  return presentRecord(kind, row, (await filesOf(db, [id])).get(id) ?? []);
}

type SumRow = { currency: string; count: number | bigint; amountCents: number | null; costCents: number | null; taxCents: number | null };

/** Per-currency sums of whole cents (exact), presented by the kind's money model. */
function presentTotals(kind: FinanceKind, rows: SumRow[]): CurrencyTotal[] {
  return rows.map((r) => ({
    currency: r.currency,
    count: Number(r.count),
    ...kind.money.totals({ amountCents: Number(r.amountCents ?? 0), costCents: Number(r.costCents ?? 0), taxCents: Number(r.taxCents ?? 0) }),
  }));
}

function sums<O>(query: SelectQueryBuilder<Database, 'financeRecords', O>) {
  return query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => [
      'currency',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amountCents').as('amountCents'),
      eb.fn.sum<number>('costCents').as('costCents'),
      eb.fn.sum<number>('taxCents').as('taxCents'),
    ])
    .groupBy('currency')
    .orderBy('currency');
}

const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[!%_]/g, '!$&')}%`;

/** A kind's list, newest first: the filters of its fields (the status field is the kind's own), and each record's files read once for the page. */
const recordList = (kind: FinanceKind) =>
  describeList({
    query: financeListQuery as z.ZodType<ListQuery>,
    from: (db: Queryable) => db.selectFrom('financeRecords').selectAll().where('kind', '=', kind.segment),
    filters: [
      ...(['blNumber', 'contractNumber'] as const).filter((field) => hasFinanceField(kind.key, field)).map((field) => ({ exact: field, column: field })),
      { from: 'startDate', column: 'recordDate' },
      { to: 'endDate', column: 'recordDate' },
      { custom: 'keyword', where: (eb, keyword) => sql<boolean>`${eb.ref('searchText')} like ${likePattern(keyword)} escape '!'` },
      ...(kind.statusField ? [{ exact: kind.statusField, column: 'status' as const }] : []),
    ],
    key: 'id',
    order: 'desc',
    attach: (db, rows) =>
      filesOf(
        db,
        rows.map((r) => r.id),
      ),
    present: (row, files) => presentRecord(kind, row, files.get(row.id) ?? []),
  });

function checkFilters(kind: FinanceKind, q: ListQuery): void {
  for (const field of ['blNumber', 'contractNumber'] as const)
    if (q[field] && !hasFinanceField(kind.key, field))
      throw invalid(said(`${kind.label.en}s have no ${field}; filter by another field`, `${kind.label.zh}没有 ${field} 字段；请按其他字段筛选`));
  if (q.startDate && q.endDate && q.startDate > q.endDate)
    throw invalid(said(`startDate ${q.startDate} is after endDate ${q.endDate}`, `startDate ${q.startDate} 晚于 endDate ${q.endDate}`));
}

/**
 * One page of a kind's records and the per-currency totals of every record the filters match; the
 * page's `total` is the sum of the totals' counts (one aggregate read for both).
 */
export async function listRecords(db: Queryable, kind: FinanceKind, q: ListQuery) {
  checkFilters(kind, q);
  const list = recordList(kind);
  const { query } = await list.filter(db, q);
  const sumRows = (await aggregateRows(db, sums(query))) as SumRow[];
  const page = await list.list(
    db,
    q,
    undefined,
    sumRows.reduce((n, r) => n + Number(r.count), 0),
  );
  return { ...page, summary: { totals: presentTotals(kind, sumRows) } };
}

/** Every record of a kind the list's filters match, newest first, read in batches (the export). */
export async function allRecords(db: Queryable, kind: FinanceKind, q: ListQuery) {
  checkFilters(kind, q);
  return recordList(kind).all(db, q);
}

/** Whether records of the kind count in the profit and loss report (its kept rows, trading/pnl-rows.ts). */
const countsForPnl = (kind: FinanceKind) => PNL_KINDS.includes(kind.segment);

/** The B/L and contract number a record of a kind the report reads counts under (after the contract-sums lock, which its recount needs first). */
async function pnlKeysOf(db: Queryable, kind: FinanceKind, id: number) {
  if (!countsForPnl(kind)) return undefined;
  await shareContractSums(db);
  return db.selectFrom('financeRecords').select(['blNumber', 'contractNumber']).where('id', '=', id).executeTakeFirst();
}

export async function createRecord(db: Db, kind: FinanceKind, actor: AuthUser, input: Values): Promise<FinanceRecord> {
  const values = complete(kind, input);
  const time = now();
  const row: Insertable<FinanceRecordsTable> = {
    kind: kind.segment,
    ...(toColumns(kind, values) as Omit<Insertable<FinanceRecordsTable>, 'kind' | 'createTime' | 'updateTime'>),
    ...(kind.dateField ? {} : { recordDate: time.slice(0, 10) }),
    createTime: time,
    updateTime: time,
  };
  try {
    return await db.transaction().execute(async (trx) => {
      if (countsForPnl(kind)) await shareContractSums(trx);
      const inserted = await trx.insertInto('financeRecords').values(row).returningAll().executeTakeFirstOrThrow();
      if (countsForPnl(kind)) await touchPnl(trx, [inserted.blNumber], [inserted.contractNumber]);
      const record = presentRecord(kind, inserted, []);
      await recordAudit(trx, { actor, action: 'create', entity: kind.entity, entityId: inserted.id, after: record });
      return record;
    });
  } catch (err) {
    rethrowDuplicate(kind, values, err);
  }
}

/** Fields left out keep their value; optional fields sent as null are cleared; derived fields are recomputed. */
export async function updateRecord(db: Db, kind: FinanceKind, actor: AuthUser, id: number, input: Values): Promise<FinanceRecord> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  let values: Values = changes;
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await getRecord(trx, kind, id);
      values = complete(kind, { ...before, ...changes });
      const status = kind.statusField && before[kind.statusField] !== values[kind.statusField] ? 'status' : 'update';
      const keysBefore = await pnlKeysOf(trx, kind, id);
      await trx
        .updateTable('financeRecords')
        .set({ ...toColumns(kind, values), updateTime: now() })
        .where('id', '=', id)
        .execute();
      if (keysBefore) {
        const keysAfter = await pnlKeysOf(trx, kind, id);
        await touchPnl(trx, [keysBefore.blNumber, keysAfter?.blNumber], [keysBefore.contractNumber, keysAfter?.contractNumber]);
      }
      const after = await getRecord(trx, kind, id);
      await recordAudit(trx, { actor, action: status, entity: kind.entity, entityId: id, before, after });
      return after;
    });
  } catch (err) {
    rethrowDuplicate(kind, values, err);
  }
}

export async function deleteRecord(db: Db, store: FileStore, kind: FinanceKind, actor: AuthUser, id: number): Promise<void> {
  await withFiles(db, store, async (trx, files) => {
    const before = await getRecord(trx, kind, id);
    const keys = await pnlKeysOf(trx, kind, id);
    for (const f of before.files ?? []) files.remove(f.url);
    await trx.deleteFrom('financeRecords').where('id', '=', id).execute(); // its file rows go with it (cascade)
    if (keys) await touchPnl(trx, [keys.blNumber], [keys.contractNumber]);
    await recordAudit(trx, { actor, action: 'delete', entity: kind.entity, entityId: id, before });
  });
}

export async function attachFiles(db: Db, store: FileStore, kind: FinanceKind, actor: AuthUser, id: number, uploads: UploadedFile[]) {
  if (uploads.length === 0) throw invalid(said('attach at least one file in the form field "files"', '请在表单字段“files”中至少附加一个文件'));
  return withFiles(db, store, async (trx, files) => {
    const before = await getRecord(trx, kind, id);
    const time = now();
    for (const upload of uploads) {
      const stored = files.add('finance', upload);
      await trx.insertInto('financeFiles').values({ recordId: id, name: stored.name, url: stored.url, size: stored.size, mimeType: stored.mimeType, createTime: time }).execute();
    }
    await trx.updateTable('financeRecords').set({ updateTime: time }).where('id', '=', id).execute();
    const after = await getRecord(trx, kind, id);
    await recordAudit(trx, { actor, action: 'update', entity: kind.entity, entityId: id, before, after });
    return after;
  });
}

export async function removeFile(db: Db, store: FileStore, kind: FinanceKind, actor: AuthUser, id: number, fileId: number) {
  return withFiles(db, store, async (trx, files) => {
    const before = await getRecord(trx, kind, id);
    const file = await trx.selectFrom('financeFiles').selectAll().where('id', '=', fileId).where('recordId', '=', id).executeTakeFirst();
    if (!file) throw notFound(said(`file ${fileId} of ${kind.label.en} ${id}`, `${kind.label.zh} ${id} 的文件 ${fileId}`));
    await trx.deleteFrom('financeFiles').where('id', '=', fileId).execute();
    files.remove(file.url);
    await trx.updateTable('financeRecords').set({ updateTime: now() }).where('id', '=', id).execute();
    const after = await getRecord(trx, kind, id);
    await recordAudit(trx, { actor, action: 'update', entity: kind.entity, entityId: id, before, after });
    return after;
  });
}

/**
 * Every kind that has a contractNumber and the reader may read, for one contract: its records (newest
 * first) and per-currency totals. Without read access to profit, the profit records and cost
 * breakdowns are not sent: their sections, with their profit and margin, are absent.
 */
export async function contractSummary(db: Queryable, contractNumber: string, permissions: Permissions) {
  const kinds = FINANCE_KINDS.filter((k) => hasFinanceField(k.key, 'contractNumber') && mayRead(permissions, k.area));
  const base = db
    .selectFrom('financeRecords')
    .selectAll()
    .where(
      'kind',
      'in',
      kinds.map((k) => k.segment),
    )
    .where('contractNumber', '=', contractNumber);
  const rows = await base.orderBy('id', 'desc').execute();
  const totals = (await sums(base).select('kind').groupBy('kind').execute()) as (SumRow & { kind: string })[];
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  const sections: Record<string, unknown> = {};
  for (const kind of kinds) {
    const items = rows.filter((r) => r.kind === kind.segment).map((r) => presentRecord(kind, r, files.get(r.id) ?? []));
    sections[kind.key] = {
      count: items.length,
      totals: presentTotals(
        kind,
        totals.filter((t) => t.kind === kind.segment),
      ),
      items,
    };
  }
  return { contractNumber, ...sections };
}

/**
 * The records of every kind the reader may read that name a B/L: by blNumber where the kind has
 * one, else by the contract numbers given (the contracts that list the B/L). Reconciliations have
 * neither field, so their section is always empty. Without read access to profit, the profit records
 * and cost breakdowns have no section.
 */
export async function blFinance(db: Queryable, blNumber: string, contractNumbers: readonly string[], permissions: Permissions) {
  const sections: Record<string, { count: number; totals: CurrencyTotal[]; items: FinanceRecord[] }> = {};
  for (const kind of FINANCE_KINDS.filter((k) => mayRead(permissions, k.area))) {
    const field = hasFinanceField(kind.key, 'blNumber') ? 'blNumber' : hasFinanceField(kind.key, 'contractNumber') ? 'contractNumber' : null;
    const values = field === 'blNumber' ? [blNumber] : field ? contractNumbers : [];
    if (!field || values.length === 0) {
      sections[kind.key] = { count: 0, totals: [], items: [] };
      continue;
    }
    const base = db.selectFrom('financeRecords').selectAll().where('kind', '=', kind.segment).where(field, 'in', values);
    const rows = await base.orderBy('id', 'desc').execute();
    const files = await filesOf(
      db,
      rows.map((r) => r.id),
    );
    sections[kind.key] = {
      count: rows.length,
      totals: presentTotals(kind, (await sums(base).execute()) as SumRow[]),
      items: rows.map((r) => presentRecord(kind, r, files.get(r.id) ?? [])),
    };
  }
  return sections;
}
