// Helpers of the reliability suites: a fingerprint of every table, the list of stored files, one
// record of every kind, and raw multipart bodies (empty parts, duplicate fields, broken framing).
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { isPostgres } from '../../server/db/postgres.js';
import type { Db } from '../../server/db/tables.js';
import { KIND_SAMPLES } from './finance.js';
import { contractForm, pdfFile } from './contracts.js';
import { sampleFiles, uniqueName, type TestApp } from './app.js';
import { makeInbound, makeOutbound, makePickup, makeWarehouse } from './warehouse.js';
import { workbook } from './xlsx.js';

/**
 * Every table of the database (bookkeeping excluded: the migrations', and the login throttle's
 * counts, which a refused sign-in adds to by design, as it did when they were kept in memory).
 */
export async function tableNames(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' and table_name != 'throttleEvents' order by name`.execute(
        db,
      )
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name != 'throttleEvents' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Row count and a hash of the content of every table: equal fingerprints, equal data. */
export async function dbFingerprint(db: Db): Promise<Record<string, string>> {
  const names = await tableNames(db);
  if (isPostgres(db)) {
    // on PostgreSQL one statement, hashed where the rows are (a round trip a table, 60 of them, cost
    // more than the hashing): each table's count and the md5 of its rows as text, in their text's order
    const prints = names.map(
      (name) => sql`(select count(*) || ':' || left(md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')), 12) from ${sql.table(name)} t) as ${sql.ref(name)}`,
    );
    const { rows } = await sql<Record<string, string>>`select ${sql.join(prints)}`.execute(db);
    return Object.fromEntries(names.map((name) => [name, rows[0]![name]!]));
  }
  // SQLite's one connection reads them in turn
  const prints = await Promise.all(
    names.map(async (name) => {
      // rows sorted by their content: some tables (the search index's shadow tables) have no rowid
      const { rows } = await sql.raw(`select * from "${name}"`).execute(db);
      const content = rows.map((r) => JSON.stringify(r)).sort();
      return `${rows.length}:${createHash('sha1').update(content.join('\n')).digest('hex').slice(0, 12)}`;
    }),
  );
  return Object.fromEntries(names.map((name, i) => [name, prints[i]!]));
}

/**
 * dbFingerprint for a test that takes one after every request: the last fingerprint again while
 * nothing can have changed a row since it was taken. The mark is read before the tables, so a write
 * that lands while they are read moves it for the next call.
 * - SQLite: the service's connection's total_changes() (every row it inserted, updated or deleted,
 *   triggers and rolled-back statements included) with PRAGMA data_version (which moves when any
 *   other connection commits to the file).
 * - PostgreSQL: the tables' write versions (migration 030: a sequence every writing statement bumps,
 *   rolled back or not), read as the aggregates read them (server/db/aggregates.ts); no mark while a
 *   transaction writing one of them is under way, whose rows the fingerprint may not see yet.
 */
export function fingerprints(db: Db): () => Promise<Record<string, string>> {
  let last: { mark: string; rows: Record<string, string> } | undefined;
  let names: string[] | undefined;
  const markOf = async (): Promise<string | undefined> => {
    if (isPostgres(db)) {
      names ??= await tableNames(db);
      const { rows } = await sql<{
        versions: string | null;
        writing: boolean;
      }>`select "versions"::text as "versions", "writing" from "writeVersions"(${names}::text[], null::bigint[])`.execute(db);
      return rows[0]!.versions === null || rows[0]!.writing ? undefined : rows[0]!.versions;
    }
    const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(db);
    return `${rows[0]!.changes}:${rows[0]!.version}`;
  };
  return async () => {
    const mark = await markOf();
    if (mark !== undefined && last?.mark === mark) return last.rows;
    const rows = await dbFingerprint(db);
    last = mark === undefined ? undefined : { mark, rows };
    return rows;
  };
}

/** Every file under <data>/files (areas and temp folder), as sorted relative paths. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'files');
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(relative(root, path));
    }
  };
  await walk(root);
  return out.sort();
}

async function ok(res: Promise<{ status: number; body: { message: string; data?: any } }>, what: string) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.body.message}`);
  return r.body.data;
}

/** One record of every kind, most of them twice, so that path ids 1 and 2 exist in every area. */
export async function seedEveryArea(app: TestApp, token: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const folder = await ok(app.request('POST', '/api/contract/folders', { token, body: { name: uniqueName('folder') } }), 'contract folder');
    await ok(
      app.upload('POST', '/api/contract/batches', {
        token,
        fields: { folderId: String(folder.id), batchName: uniqueName('batch') },
        files: [['files', 'a.pdf', sampleFiles.pdf()]],
      }),
      'batch',
    );
    await ok(app.upload('POST', '/api/contract/upload', { token, fields: contractForm(), files: [pdfFile()] }), 'contract');
    const corpFolder = await ok(app.request('POST', '/api/corp-contract/folders', { token, body: { name: uniqueName('corp'), category: 'upstream' } }), 'corp folder');
    const corp = await ok(
      app.upload('POST', '/api/corp-contract/contracts', {
        token,
        fields: { folderId: String(corpFolder.id), contractNumber: uniqueName('HT') },
        files: [['file', '合同.pdf', sampleFiles.pdf()]],
      }),
      'corp contract',
    );
    await ok(app.request('POST', `/api/corp-contract/contracts/${corp.id}/details`, { token, body: { lineNo: 1, commodity: 'copper', quantity: 2 } }), 'detail');
    const companyFolder = await ok(app.request('POST', '/api/company/folders', { token, body: { name: uniqueName('company') } }), 'company folder');
    await ok(
      app.upload('POST', '/api/company/files/upload', {
        token,
        fields: { data: JSON.stringify({ folderId: companyFolder.id }) },
        files: [['files', '执照.pdf', sampleFiles.pdf()]],
      }),
      'company file',
    );
    for (const kind of KIND_SAMPLES) {
      const body = kind.numberField ? { ...kind.full, [kind.numberField]: uniqueName('N') } : kind.full;
      const record = await ok(app.request('POST', `/api/corp-finances/${kind.segment}`, { token, body }), kind.segment);
      if (kind.hasFiles)
        await ok(app.upload('POST', `/api/corp-finances/${kind.segment}/${record.id}/upload`, { token, files: [['files', 'inv.pdf', sampleFiles.pdf()]] }), 'finance file');
    }
    const w = await makeWarehouse(app, token);
    await makeInbound(app, token, { warehouse: w.code, inboundWeight: 100 });
    // the transfer below names B/L BL1: its lot must hold what it takes (issue 27)
    await makeInbound(app, token, { warehouse: w.code, blNumber: 'BL1', inboundWeight: 1 });
    await makeOutbound(app, token, { warehouse: w.code, quantity: 1 });
    await makePickup(app, token, { warehouse: w.code });
    await ok(
      app.upload('POST', '/api/ownership-transfer/with-files', {
        token,
        fields: { transferDate: '2026-11-22', blNumber: 'BL1', quantity: '1', commodity: 'copper', warehouse: w.code, transferor: 'A', transferee: 'B' },
        files: [['files', 'a.pdf', sampleFiles.pdf()]],
      }),
      'ownership transfer',
    );
  }
}

/** A small valid detail-line workbook for the import route. */
export const detailWorkbook = (lines: number) => workbook([['lineNo', 'commodity', 'quantity'], ...Array.from({ length: lines }, (_, i) => [i + 1, `commodity ${i + 1}`, i + 1])]);

export type Part = { name: string; value: string } | { name: string; filename: string; bytes: Uint8Array; type?: string } | { raw: string };

/** A multipart/form-data body built by hand, so that parts may be empty, repeated or broken. */
export function multipartBody(parts: Part[], boundary = `----fuzz${Math.random().toString(16).slice(2)}`): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('raw' in part) chunks.push(Buffer.from(part.raw));
    else if ('filename' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`),
      );
      chunks.push(Buffer.from(part.bytes));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Stocks whose balance row disagrees with its ledger (sums by kind, running balance, below zero). */
export async function ledgerMismatches(db: Db): Promise<unknown[]> {
  const { rows } = await sql<Record<string, number | string | null>>`
    select b."warehouseId", b.commodity, b."inboundMilli", b."outboundMilli", b."transferredMilli", b."currentMilli",
      coalesce(sum(l."quantityChangeMilli"), 0) as "ledgerCurrent",
      coalesce(sum(case when l.kind = 'inbound' then l."quantityChangeMilli" end), 0) as "ledgerInbound",
      coalesce(-sum(case when l.kind = 'outbound' then l."quantityChangeMilli" end), 0) as "ledgerOutbound",
      coalesce(-sum(case when l.kind = 'transfer' then l."quantityChangeMilli" end), 0) as "ledgerTransferred",
      (select "balanceMilli" from "stockLedger" x where x."warehouseId" = b."warehouseId" and x.commodity = b.commodity order by x.id desc limit 1) as "lastBalance"
    from "stockBalances" b left join "stockLedger" l on l."warehouseId" = b."warehouseId" and l.commodity = b.commodity
    group by b."warehouseId", b.commodity`.execute(db);
  const { rows: unbalanced } = await sql`select distinct l."warehouseId", l.commodity from "stockLedger" l
    left join "stockBalances" b on b."warehouseId" = l."warehouseId" and b.commodity = l.commodity where b."warehouseId" is null`.execute(db);
  return [
    ...rows.filter(
      (r) =>
        r.currentMilli !== r.ledgerCurrent ||
        r.inboundMilli !== r.ledgerInbound ||
        r.outboundMilli !== r.ledgerOutbound ||
        r.transferredMilli !== r.ledgerTransferred ||
        (r.lastBalance !== null && r.lastBalance !== r.currentMilli) ||
        Number(r.currentMilli) < 0,
    ),
    ...unbalanced.map((r) => ({ ledgerWithoutBalance: r })),
  ];
}
