// "keyword" filters: a part of any of several text columns. A LIKE '%…%' over every row reads the
// whole table (130–460 ms at 500,000 orders); a SQLite FTS5 index with the trigram tokenizer answers
// the same substring question from an index. SQLite-only, so it lives here: a migration creates the
// index with `createKeywordIndex`, a list asks `containsKeyword`. Keywords under three characters
// cannot be looked up by trigrams and still use LIKE (they match most rows anyway).
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';

const indexOf = (table: string) => `${table}_keyword`;

/** The columns each list's keyword is looked for in (the keyword indexes are built over exactly these). */
export const CONTRACT_KEYWORD_COLUMNS = ['name', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'blNumber'] as const;
export const INBOUND_KEYWORD_COLUMNS = ['inboundNumber', 'blNumber', 'commodity', 'owner', 'contractNumber'] as const;
export const OUTBOUND_KEYWORD_COLUMNS = ['outboundNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity'] as const;
export const PICKUP_KEYWORD_COLUMNS = ['orderNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity', 'deliveryAddress'] as const;

/** Creates the keyword index of `table` over `columns`, kept in step by triggers, and fills it. */
export async function createKeywordIndex(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const index = sql.table(indexOf(table));
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const values = (prefix: 'new' | 'old') => sql.join(columns.map((c) => sql.ref(`${prefix}.${c}`)));
  const name = (suffix: string) => sql.ref(`${indexOf(table)}_${suffix}`);
  await sql`create virtual table ${index} using fts5(${cols}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin
    insert into ${index}(rowid, ${cols}) values (new.id, ${values('new')}); end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin
    insert into ${index}(${index}, rowid, ${cols}) values ('delete', old.id, ${values('old')}); end`.execute(db);
  await sql`create trigger ${name('update')} after update on ${sql.table(table)} begin
    insert into ${index}(${index}, rowid, ${cols}) values ('delete', old.id, ${values('old')});
    insert into ${index}(rowid, ${cols}) values (new.id, ${values('new')}); end`.execute(db);
  await sql`insert into ${index}(${index}) values ('rebuild')`.execute(db);
}

/**
 * True for rows of `table` (its id column is `idRef`, e.g. 'd.id') where one of `columns` contains
 * `keyword`, in any case. `columns` must be those the table's keyword index was created with.
 */
export function containsKeyword<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  table: string,
  idRef: string,
  columns: readonly string[],
  keyword: string,
): Expression<SqlBool> {
  if ([...keyword].length >= 3) {
    const phrase = `"${keyword.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref(idRef)} in (select rowid from ${sql.table(indexOf(table))} where ${sql.table(indexOf(table))} match ${phrase})`;
  }
  const like = `%${keyword}%`;
  const prefix = idRef.includes('.') ? `${idRef.split('.')[0]}.` : '';
  return eb.or(columns.map((c) => sql<SqlBool>`${sql.ref(prefix + c)} like ${like}`));
}
