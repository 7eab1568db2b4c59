// "keyword" filters: a part of any of several text columns. A LIKE '%…%' over every row reads the
// whole table (130–460 ms at 500,000 orders); a SQLite FTS5 index with the trigram tokenizer answers
// the same substring question from an index. SQLite-only, so it lives here: migration 007 created the
// indexes (over its own frozen copy of the column lists below), a list asks `containsKeyword`. Keywords under three characters
// cannot be looked up by trigrams and still use LIKE (they match most rows anyway).
// On PostgreSQL the same migration made a pg_trgm GIN index per column, which ILIKE '%…%' reads.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
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
 * `db` is the database the query runs on (it decides the engine).
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
  if (isPostgres(db)) {
    // the keyword is looked for as it is, as the FTS5 phrase does: ILIKE's wildcards are escaped
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return eb.or(columns.map((c) => sql<SqlBool>`${sql.ref(prefix + c)} ilike ${pattern}`));
  }
  if ([...keyword].length >= 3) {
    const phrase = `"${keyword.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref(idRef)} in (select rowid from ${sql.table(indexOf(table))} where ${sql.table(indexOf(table))} match ${phrase})`;
  }
  const like = `%${keyword}%`;
  return eb.or(columns.map((c) => sql<SqlBool>`${sql.ref(prefix + c)} like ${like}`));
}
