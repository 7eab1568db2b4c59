// Keyword filters answered from a trigram index instead of reading every row (server/db/search.ts).
import { sql, type Kysely } from 'kysely';
import { CONTRACT_KEYWORD_COLUMNS, createKeywordIndex } from '../search.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeywordIndex(db, 'contracts', CONTRACT_KEYWORD_COLUMNS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.ref(`contracts_keyword_${suffix}`)}`.execute(db);
  await sql`drop table contracts_keyword`.execute(db);
}
