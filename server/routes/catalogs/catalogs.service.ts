// The catalogs of commodities and parties: list, create, update, delete (refused while a record uses
// the entry), import, and the admin's merge of one entry into another. Both catalogs have the same
// shape (an entry, and the name keys that mean it), so one set of functions serves both, each told
// its tables and columns by a `CatalogSpec`. The queries go through an untyped view of the database
// (`anyDb`): the two catalogs' tables differ only in their optional columns.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { catalogListQuery } from '../../../shared/catalogs.js';
import { said, type Said } from '../../../shared/messages.js';
import { nameKey } from '../../../shared/names.js';
import { now } from '../../db/database.js';
import type { Db, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { BatchRefusal, invalid, notFound, refusedField } from '../../http/errors.js';
import { chunked } from '../../db/batches.js';
import { describeList } from '../../db/lists.js';
import type { Column, RowError } from '../../spreadsheets/columns.js';
import { importRows } from '../../spreadsheets/row-import.js';
import { recordAudit, recordAudits } from '../audit/audit.service.js';

type Row = Record<string, unknown> & { id: number; name: string; nameKey: string; active: number };

export interface CatalogSpec {
  table: 'commodities' | 'parties';
  namesTable: 'commodityNames' | 'partyNames';
  idColumn: 'commodityId' | 'partyId';
  /** the audit log's entity */
  entity: 'commodity' | 'party';
  noun: Said;
  /** the optional text columns besides name and remark */
  fields: readonly string[];
  /** the columns the keyword searches besides the name */
  keywordColumns: readonly string[];
  /** the record columns that name an entry of this catalog */
  uses: readonly (readonly [table: string, column: string, numberColumn: string])[];
  /** what else follows a merge (a commodity's stock) */
  onMerge?: (db: Queryable, fromKey: string, intoKey: string) => Promise<void>;
}

const anyDb = (db: Queryable) => db as unknown as Kysely<any>;

function present(spec: CatalogSpec, row: Row) {
  const out: Record<string, unknown> = { id: row.id };
  if (spec.table === 'commodities') out.code = row.code ?? null;
  out.name = row.name;
  for (const f of spec.fields) if (f !== 'code') out[f] = row[f] ?? null;
  return { id: row.id, ...out, remark: row.remark ?? null, active: row.active === 1, createTime: row.createTime, updateTime: row.updateTime };
}

async function load(db: Queryable, spec: CatalogSpec, id: number): Promise<Row> {
  const row = (await anyDb(db).selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound(spec.noun, id);
  return row;
}

export const getEntry = async (db: Queryable, spec: CatalogSpec, id: number) => present(spec, await load(db, spec, id));

/** The entry a name key already means, if any. */
const entryOfKey = async (db: Queryable, spec: CatalogSpec, key: string): Promise<Row | undefined> => (await entriesOfKeys(db, spec, [key])).get(key);

function duplicate(spec: CatalogSpec, name: string, existing: Row): Said {
  return said(
    `${spec.noun.en} "${name}" is already in the catalog as "${existing.name}" (names differing only in case, spaces or full-width characters are the same); use that entry`,
    `${spec.noun.zh}“${name}”已在目录中，名为“${existing.name}”（仅大小写、空格或全角半角不同的名称视为同一个）；请使用该条目`,
  );
}

/** A catalog's list, newest first: the keyword finds an entry by its name (by the name rule), by a name merged into it, or by its other keyword columns. */
const catalogList = (spec: CatalogSpec) =>
  describeList({
    query: catalogListQuery,
    from: (db: Queryable) => anyDb(db).selectFrom(spec.table).selectAll(),
    filters: [
      { exact: 'active', column: 'active', lookup: async (_db, active) => (active === 'true' ? 1 : 0) },
      {
        custom: 'keyword',
        where: (eb, keyword) => {
          const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          const keyLike = `%${nameKey(keyword).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          return eb.or([
            eb(eb.ref('nameKey'), 'like', eb.val(keyLike)).$castTo<boolean>(),
            ...spec.keywordColumns.map((c) => eb(eb.ref(c), 'like', eb.val(like))),
            // an entry is found by any name merged into it too
            eb.exists(eb.selectFrom(spec.namesTable).select('nameKey').whereRef(spec.idColumn, '=', `${spec.table}.id`).where('nameKey', 'like', keyLike)),
          ]);
        },
      },
    ],
    key: 'id',
    order: 'desc',
    present: (row) => present(spec, row as Row),
  });

export const listEntries = (db: Queryable, spec: CatalogSpec, q: z.output<typeof catalogListQuery>) => catalogList(spec).list(db, q);

/** Every entry the list's filters match, newest first, for the export. */
export const allEntries = (db: Queryable, spec: CatalogSpec, q: z.output<typeof catalogListQuery>) => catalogList(spec).all(db, q);

type EntryInput = Record<string, unknown> & { name: string };

/**
 * Creates entries (in the caller's transaction), set-based: a name the catalog already has by the
 * rule, or that an earlier entry of the batch has, is 400 naming its entry (`BatchRefusal`).
 */
export async function insertEntries(db: Queryable, spec: CatalogSpec, actor: AuthUser | null, inputs: readonly EntryInput[]) {
  const keys = inputs.map((input) => nameKey(input.name));
  const existing = await entriesOfKeys(db, spec, keys);
  const seen = new Map<string, EntryInput>();
  for (const [i, input] of inputs.entries()) {
    const earlier = existing.get(keys[i]!) ?? (seen.has(keys[i]!) ? ({ name: seen.get(keys[i]!)!.name } as Row) : undefined);
    if (earlier) throw new BatchRefusal(i, refusedField('name', duplicate(spec, input.name, earlier)));
    seen.set(keys[i]!, input);
  }
  const time = now();
  const created: ReturnType<typeof present>[] = [];
  for (const piece of chunked(inputs.map((input, i) => ({ input, key: keys[i]! })))) {
    const values = piece.map(({ input, key }) => {
      const row: Record<string, unknown> = {
        name: input.name,
        nameKey: key,
        remark: input.remark ?? null,
        active: input.active === false ? 0 : 1,
        createTime: time,
        updateTime: time,
      };
      for (const f of spec.fields) row[f] = input[f] ?? null;
      return row;
    });
    const stored = (await anyDb(db).insertInto(spec.table).values(values).returningAll().execute()) as Row[];
    const byKey = new Map(stored.map((r) => [r.nameKey, r]));
    await anyDb(db)
      .insertInto(spec.namesTable)
      .values(stored.map((r) => ({ nameKey: r.nameKey, [spec.idColumn]: r.id })))
      .execute();
    for (const { key } of piece) created.push(present(spec, byKey.get(key)!));
  }
  await recordAudits(
    db,
    created.map((after) => ({ actor, action: 'create', entity: spec.entity, entityId: after.id, after })),
  );
  return created;
}

/** The entries the name keys already mean, by key. */
async function entriesOfKeys(db: Queryable, spec: CatalogSpec, keys: readonly string[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  for (const piece of chunked([...new Set(keys)])) {
    const rows = (await anyDb(db)
      .selectFrom(`${spec.namesTable} as k`)
      .innerJoin(`${spec.table} as e`, 'e.id', `k.${spec.idColumn}`)
      .selectAll('e')
      .select('k.nameKey as typedKey')
      .where('k.nameKey', 'in', piece)
      .execute()) as (Row & { typedKey: string })[];
    for (const { typedKey, ...row } of rows) found.set(typedKey, row as Row);
  }
  return found;
}

export const createEntry = (db: Db, spec: CatalogSpec, actor: AuthUser, input: EntryInput) =>
  db.transaction().execute(async (trx) => (await insertEntries(trx, spec, actor, [input]))[0]!);

/** Changes an entry. A new name adds its key to the entry; the old names keep meaning it. */
export function updateEntry(db: Db, spec: CatalogSpec, actor: AuthUser, id: number, input: Record<string, unknown>) {
  return db.transaction().execute(async (trx) => {
    const before = await load(trx, spec, id);
    const changes: Record<string, unknown> = { updateTime: now() };
    if (typeof input.name === 'string') {
      const key = nameKey(input.name);
      const existing = await entryOfKey(trx, spec, key);
      if (existing && existing.id !== id) throw refusedField('name', duplicate(spec, input.name, existing));
      if (!existing)
        await anyDb(trx)
          .insertInto(spec.namesTable)
          .values({ nameKey: key, [spec.idColumn]: id })
          .execute();
      changes.name = input.name;
    }
    for (const f of [...spec.fields, 'remark']) if (input[f] !== undefined) changes[f] = input[f];
    if (input.active !== undefined) changes.active = input.active ? 1 : 0;
    await anyDb(trx).updateTable(spec.table).set(changes).where('id', '=', id).execute();
    const after = await getEntry(trx, spec, id);
    await recordAudit(trx, { actor, action: 'update', entity: spec.entity, entityId: id, before: present(spec, before), after });
    return after;
  });
}

/** The number of a record that names the entry (by any of its names), or null when none does. */
async function firstUse(db: Queryable, spec: CatalogSpec, id: number): Promise<string | null> {
  const keys = new Set((await anyDb(db).selectFrom(spec.namesTable).select('nameKey').where(spec.idColumn, '=', id).execute()).map((r) => String(r.nameKey)));
  for (const [table, column, numberColumn] of spec.uses) {
    const names = await anyDb(db).selectFrom(table).select(column).distinct().where(column, 'is not', null).execute();
    const used = names.map((r) => String(r[column])).find((n) => keys.has(nameKey(n)));
    if (used !== undefined) {
      const record = await anyDb(db).selectFrom(table).select(numberColumn).where(column, '=', used).executeTakeFirstOrThrow();
      return String(record[numberColumn]);
    }
  }
  return null;
}

export function deleteEntry(db: Db, spec: CatalogSpec, actor: AuthUser, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = await load(trx, spec, id);
    const use = await firstUse(trx, spec, id);
    if (use)
      throw invalid(
        said(
          `${spec.noun.en} "${before.name}" is used by ${use} and cannot be deleted; deactivate it instead (active: false)`,
          `${spec.noun.zh}“${before.name}”已被 ${use} 使用，不能删除；请改为停用（active: false）`,
        ),
      );
    await anyDb(trx).deleteFrom(spec.namesTable).where(spec.idColumn, '=', id).execute();
    await anyDb(trx).deleteFrom(spec.table).where('id', '=', id).execute();
    await recordAudit(trx, { actor, action: 'delete', entity: spec.entity, entityId: id, before: present(spec, before) });
  });
}

/** Merges entry `id` into `intoId`: its names mean `intoId` from now on, what is grouped by its key follows, and it is removed. */
export function mergeEntry(db: Db, spec: CatalogSpec, actor: AuthUser, id: number, intoId: number) {
  return db.transaction().execute(async (trx) => {
    if (id === intoId)
      throw refusedField('intoId', said(`an entry cannot be merged into itself; choose another ${spec.noun.en}`, `不能把条目合并到它自己；请选择另一个${spec.noun.zh}`));
    const from = await load(trx, spec, id);
    const into = await load(trx, spec, intoId);
    await anyDb(trx)
      .updateTable(spec.namesTable)
      .set({ [spec.idColumn]: intoId })
      .where(spec.idColumn, '=', id)
      .execute();
    await spec.onMerge?.(trx, from.nameKey, into.nameKey);
    await anyDb(trx).deleteFrom(spec.table).where('id', '=', id).execute();
    await anyDb(trx).updateTable(spec.table).set({ updateTime: now() }).where('id', '=', intoId).execute();
    const after = await getEntry(trx, spec, intoId);
    await recordAudit(trx, { actor, action: 'merge', entity: spec.entity, entityId: intoId, before: { merged: present(spec, from), into: present(spec, into) }, after });
    return after;
  });
}

/** Imports entries from a sheet, all or none; a name already in the catalog, or twice in the sheet, is a row error. */
export function importEntries<S extends z.ZodObject>(db: Db, spec: CatalogSpec, actor: AuthUser, path: string, columns: readonly Column[], schema: S) {
  return importRows(
    db,
    path,
    columns,
    schema,
    async (trx, rows, rowNumbers) => {
      const errors: RowError[] = [];
      const inSheet = new Map<string, number>();
      const names = rows.map((row) => String((row as { name: string }).name));
      const existing = await entriesOfKeys(trx, spec, names.map(nameKey));
      for (const [i, name] of names.entries()) {
        const key = nameKey(name);
        const entry = existing.get(key);
        if (entry) errors.push({ row: rowNumbers[i]!, column: 'name', message: duplicate(spec, name, entry) });
        else if (inSheet.has(key))
          errors.push({
            row: rowNumbers[i]!,
            column: 'name',
            message: said(`"${name}" is the same name as row ${inSheet.get(key)} of this sheet`, `“${name}”与本表第 ${inSheet.get(key)} 行的名称相同`),
          });
        else inSheet.set(key, rowNumbers[i]!);
      }
      return errors;
    },
    (trx, batch) => insertEntries(trx, spec, actor, batch as unknown as EntryInput[]),
  );
}
