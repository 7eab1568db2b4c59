// Keyword filters answered from a trigram index instead of reading every row (server/db/search.ts).
import { sql, type Kysely } from 'kysely';
import { CONTRACT_KEYWORD_COLUMNS, INBOUND_KEYWORD_COLUMNS, OUTBOUND_KEYWORD_COLUMNS, PICKUP_KEYWORD_COLUMNS, createKeywordIndex } from '../search.js';

const INDEXED = { contracts: CONTRACT_KEYWORD_COLUMNS, inboundOrders: INBOUND_KEYWORD_COLUMNS, outboundOrders: OUTBOUND_KEYWORD_COLUMNS, pickupRequests: PICKUP_KEYWORD_COLUMNS };

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(INDEXED)) await createKeywordIndex(db, table, columns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(INDEXED)) {
    for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.ref(`${table}_keyword_${suffix}`)}`.execute(db);
    await sql`drop table ${sql.table(`${table}_keyword`)}`.execute(db);
  }
}
