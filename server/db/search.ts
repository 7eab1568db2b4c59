// "keyword" filters: a part of any of several text columns. A LIKE '%…%' over every row reads the
// whole table (130–460 ms at 500,000 orders); a trigram index answers the same substring question.
// Engine-specific, so it lives here. On SQLite an FTS5 table with the trigram tokenizer per list
// (migration 007, kept by triggers). On PostgreSQL one pg_trgm GIN index per list over its keyword
// columns joined by a line break (`keywordText`; migration 018): one index scan for every column
// (the plates' keys, one column, have an index of their own: migration 019).
// A list asks `containsKeyword`. Keywords under three characters cannot be looked up by trigrams
// and still use LIKE over the columns (they match most rows anyway).
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from './postgres.js';

const indexOf = (table: string) => `${table}_keyword`;

/**
 * The columns each list's keyword is looked for in. The keyword indexes must be built over exactly
 * these (test/db/keyword-indexes.test.ts compares them with the database): changing a list here
 * takes a new migration that rebuilds its index.
 */
export const CONTRACT_KEYWORD_COLUMNS = ['name', 'contractCode', 'buyParty', 'sellParty', 'commodity', 'blNumber'] as const;
export const INBOUND_KEYWORD_COLUMNS = ['inboundNumber', 'blNumber', 'commodity', 'owner', 'contractNumber'] as const;
export const OUTBOUND_KEYWORD_COLUMNS = ['outboundNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity'] as const;
export const PICKUP_KEYWORD_COLUMNS = ['orderNumber', 'blNumber', 'licensePlate', 'driverName', 'commodity', 'deliveryAddress'] as const;
/** The pickup list's `plate` filter: the plates' keys (migration 019), in the index `pickupPlates_keyword` over `pickupRequests`. */
export const PLATE_KEYWORD_INDEX = 'pickupPlates';
export const PLATE_KEYWORD_COLUMNS = ['plateKey'] as const;

/**
 * True for rows of `table` (its id column is `idRef`, e.g. 'd.id') where one of `columns` contains
 * `keyword`, in any case. `columns` must be those the table's keyword index was created with.
 * `db` is the database the query runs on (it decides the engine). `table` names the index: on SQLite
 * the FTS5 table `<table>_keyword`; on PostgreSQL, for several columns, the table whose GIN index is
 * over them joined, and for one column (the plates: `PLATE_KEYWORD_INDEX`) nothing, that column's own
 * GIN index (migration 019) answering.
 */
export function containsKeyword<DB, TB extends keyof DB>(
  db: Kysely<any>,
  eb: ExpressionBuilder<DB, TB>,
  table: string,
  idRef: string,
  columns: readonly string[],
  keyword: string,
): Expression<SqlBool> {
  const prefix = idRef.includes('.') ? `${idRef.split('.')[0]}.` : '';
  const postgres = isPostgres(db);
  // the keyword is looked for as it is, as the FTS5 phrase does: ILIKE's wildcards are escaped
  const pattern = postgres ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : `%${keyword}%`;
  const like = sql.raw(postgres ? 'ilike' : 'like');
  if ([...keyword].length < 3) return eb.or(columns.map((c) => sql<SqlBool>`${sql.ref(prefix + c)} ${like} ${pattern}`));
  if (postgres) {
    // one column (the plates' keys) has a GIN index of its own
    if (columns.length === 1) return sql<SqlBool>`${sql.ref(prefix + columns[0]!)} ilike ${pattern}`;
    // the ids the index hands out, each column tested again (a keyword never spans two columns);
    // `= any(array(…))` reads them first, so the list is not walked in id order testing each row
    const inColumn = sql.join(
      columns.map((c) => sql`${sql.ref(c)} ilike ${pattern}`),
      sql` or `,
    );
    return sql<SqlBool>`${sql.ref(idRef)} = any(array(select ${sql.ref('id')} from ${sql.table(table)} where ${keywordText(columns)} ilike ${pattern} and (${inColumn})))`;
  }
  const phrase = `"${keyword.replaceAll('"', '""')}"`;
  return sql<SqlBool>`${sql.ref(idRef)} in (select rowid from ${sql.table(indexOf(table))} where ${sql.table(indexOf(table))} match ${phrase})`;
}

/** On PostgreSQL, the text a list's keyword index covers (migration 018): its keyword columns joined by a line break. */
export function keywordText(columns: readonly string[]): RawBuilder<string> {
  return sql<string>`${sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || E'\\n' || `,
  )}`;
}
