// The aggregates of a filtered list (its count, the finance list's totals per currency) read once
// per filter until a table they read is written, not once per page view. SQLite counts an index
// range in its own process in a millisecond or two and is left as it is. On PostgreSQL counting the
// 50,000 pending orders costs more than the whole page, so there the rows of each aggregate are
// remembered with the write versions of the tables its query reads (the tables named in the query,
// `tablesRead`), and answered again while those versions are unchanged.
//
// A table's write version is a sequence that every statement writing the table bumps, after
// taking a shared advisory lock of the table held until its transaction ends (migration 030: a
// statement-level trigger; writers never wait for each other or for a reader). Before a count is
// read, one statement (`"writeVersions"`) reads the versions, then whether a transaction writing
// one of the tables is under way (pg_locks). The count is remembered only when none was:
// - a writer that bumped before the versions were read held its lock then; with none held, every
//   such writer had ended, before the count's own snapshot was taken, so its rows are counted;
// - a writer that bumps after the versions were read changes them, and the next view counts again
//   (the bump is the writer's last statement on the table at the latest, so before it commits).
// So a remembered answer is the count of what is committed when the versions are read again: exact,
// as the API documents `total`, on one instance or several on one database. A write elsewhere (other
// tables, other databases, a sign-in's audit entry) leaves it remembered. A count read while a
// writer of its tables is under way is answered (it is that statement's exact count) but not kept.
// Inside a transaction (which sees its own uncommitted writes) nothing is remembered; a query
// naming a relation the walk cannot see (in raw SQL text) or a table without a counter is counted
// every time.
import { sql, type OperationNode, type RawNode, type SelectQueryBuilder, type TableNode } from 'kysely';
import { isPostgres } from './postgres.js';
import type { Queryable } from './tables.js';

/** Aggregates remembered per database (a Kysely instance), the least recently used forgotten first. */
const MAX_REMEMBERED = 1_000;
const remembered = new WeakMap<object, Map<string, { versions: string; rows: unknown[] }>>();

/** A raw SQL fragment that names a relation in its own text (`from "t"`, `join t`), which the walk cannot see. */
const NAMES_RELATION = /\b(from|join)\s+[^\s(]/i;
/** A raw SQL fragment whose relation is its next parameter (`from ${sql.table(t)}`). */
const RELATION_FOLLOWS = /\b(from|join)\s*$/i;

/** A parameter of raw SQL, through the raw nodes that only wrap it (`${sql.table(t)}` is one). */
function unwrapped(node: OperationNode | undefined): OperationNode | undefined {
  while (node?.kind === 'RawNode' && (node as RawNode).parameters.length === 1 && (node as RawNode).sqlFragments.every((f) => f.trim() === ''))
    node = (node as RawNode).parameters[0];
  return node;
}

/**
 * The tables `node` reads (sorted), or undefined when they cannot all be named: a schema-qualified
 * table, or raw SQL that names a relation in its text or with something other than a table node.
 * Table names that qualify a column (`d.id`) are aliases, not relations, and are left out.
 */
export function tablesRead(node: OperationNode): string[] | undefined {
  const names = new Set<string>();
  let named = true;
  const visit = (value: unknown): void => {
    if (!named || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const kind = (value as { kind?: unknown }).kind;
    if (kind === 'TableNode') {
      const { schema, identifier } = (value as TableNode).table;
      if (schema) named = false;
      else names.add(identifier.name);
      return;
    }
    if (kind === 'ReferenceNode') return visit((value as { column: unknown }).column);
    if (kind === 'RawNode') {
      const { sqlFragments, parameters } = value as RawNode;
      sqlFragments.forEach((fragment, i) => {
        if (NAMES_RELATION.test(fragment)) named = false;
        if (RELATION_FOLLOWS.test(fragment) && !['TableNode', 'AliasNode', 'SelectQueryNode'].includes(String(unwrapped(parameters[i])?.kind))) named = false;
      });
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return named ? [...names].sort() : undefined;
}

/** The rows of `query`, an aggregate over a filtered list: remembered on PostgreSQL until a table it reads is written. */
export async function aggregateRows<DB, TB extends keyof DB, O>(db: Queryable, query: SelectQueryBuilder<DB, TB, O>): Promise<O[]> {
  if (!isPostgres(db) || db.isTransaction) return query.execute();
  const tables = tablesRead(query.toOperationNode());
  if (!tables?.length) return query.execute();
  const { sql: text, parameters } = query.compile();
  const key = `${text}\u0000${JSON.stringify(parameters)}`;
  let memory = remembered.get(db);
  if (!memory) remembered.set(db, (memory = new Map()));
  const known = memory.get(key);
  const state = await sql<{
    versions: string | null;
    writing: boolean;
  }>`select "versions"::text as "versions", "writing" from "writeVersions"(${tables}::text[], ${known?.versions ?? null}::bigint[])`.execute(db);
  const { versions, writing } = state.rows[0]!;
  if (known && known.versions === versions) {
    // most recently used last
    memory.delete(key);
    memory.set(key, known);
    return known.rows as O[];
  }
  const rows = await query.execute();
  memory.delete(key);
  // a table without a counter, or a writer of the tables under way when the versions were read
  if (versions === null || writing) return rows;
  if (memory.size >= MAX_REMEMBERED) memory.delete(memory.keys().next().value!);
  memory.set(key, { versions, rows });
  return rows;
}
