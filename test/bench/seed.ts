// Seeds a data folder for the benchmark at realistic volume, through the service's own data layer:
// the migrated schema, Kysely multi-row inserts in large transactions, the same invariants the
// create functions keep (running balance on every ledger entry, stockBalances equal to the ledger's
// totals, document numbers `IB20250101-0001` per prefix and day with documentSequences at the last
// value handed out, finance columns built by the finance service's own `toColumns`, contract files
// stored in the file area and named by their records). Audit entries are not written: nobody acted.
// With a database url the rows go to that (empty) PostgreSQL database instead; files stay in the folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import { openDatabase, openPostgresDatabase } from '../../server/db/database.js';
import { fillDayTables } from '../../server/db/migrations/009-lots.js';
import type { Database, Db } from '../../server/db/tables.js';
import { AREAS, FileStore } from '../../server/files/file-store.js';
import { FINANCE_KINDS } from '../../server/routes/finance/finance.kinds.js';
import { toColumns } from '../../server/routes/finance/finance.service.js';
import { plateKey } from '../../shared/names.js';

export interface SeedSizes {
  ledgerEntries: number;
  warehouses: number;
  commodities: number;
  pickups: number;
  outbound: number;
  contracts: number;
  finance: number;
}

export const DEFAULT_SIZES: SeedSizes = {
  ledgerEntries: 1_000_000,
  warehouses: 20,
  commodities: 200,
  pickups: 200_000,
  outbound: 200_000,
  contracts: 50_000,
  finance: 100_000,
};

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const dateOf = (day: number) => new Date(START + day * DAY).toISOString().slice(0, 10);
const compact = (date: string) => date.replaceAll('-', '');
export const warehouseCode = (i: number) => `W${i}`;
export const commodityName = (i: number) => `commodity-${i}`;
const bl = (i: number) => `BL${String(i).padStart(8, '0')}`;
/** 100,000 plates (each on two requests), written the ways clerks type them: "沪B 00012", "沪B-00013", "沪B·00014", "沪b00015" */
const plate = (j: number) => `沪${['B ', 'B-', 'B·', 'b'][j % 4]}${String(j % 100000).padStart(5, '0')}`;

/** Hands out document numbers the way nextNumber does: per prefix and day, remembered in documentSequences. */
class Numbers {
  private last = new Map<string, number>();
  next(letters: string, date: string): string {
    const prefix = `${letters}${compact(date)}-`;
    const value = (this.last.get(prefix) ?? 0) + 1;
    this.last.set(prefix, value);
    return `${prefix}${String(value).padStart(4, '0')}`;
  }
  rows() {
    return [...this.last].map(([prefix, lastValue]) => ({ prefix, lastValue }));
  }
}

async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[], perStatement: number) {
  for (let i = 0; i < rows.length; i += perStatement)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perStatement) as never)
      .execute();
}

/** Seeds `dataDir` (which must hold no data yet), or the database at `databaseUrl`; returns the seconds taken per part. */
export async function seed(dataDir: string, s: SeedSizes, log: (line: string) => void = console.log, databaseUrl?: string): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    took[name] = Math.round(performance.now() - t) / 1000;
    log(`  seeded ${name} in ${took[name]} s`);
    t = performance.now();
  };
  mkdirSync(dataDir, { recursive: true });
  const { db, sqlite } = databaseUrl ? await openPostgresDatabase(databaseUrl) : await openDatabase(join(dataDir, 'cargodesk.sqlite'));
  const files = new FileStore(join(dataDir, 'files'));
  await files.init();
  const numbers = new Numbers();
  const time = (day: number, n: number) => new Date(START + day * DAY + 8 * 3_600_000 + (n % 36_000) * 1000).toISOString();
  try {
    await db
      .insertInto('warehouses')
      .values(
        Array.from({ length: s.warehouses }, (_, i) => ({
          code: warehouseCode(i),
          name: `仓库${i}`,
          address: null,
          contactPerson: null,
          contactPhone: null,
          status: 'active' as const,
          remark: null,
          createTime: time(0, i),
          updateTime: time(0, i),
        })),
      )
      .execute();
    const ids = (await db.selectFrom('warehouses').select('id').orderBy('id').execute()).map((w) => w.id);
    const keys = s.warehouses * s.commodities;

    // Ledger: in every run of five entries of one stock, four inbound orders of 100 then one outbound
    // order of 50, so no balance ever falls below zero; business dates rise over two years.
    const balances = new Map<number, { inbound: number; outbound: number; current: number }>();
    const BATCH = 20_000;
    let outboundSeq = 0;
    for (let start = 0; start < s.ledgerEntries; start += BATCH) {
      const end = Math.min(start + BATCH, s.ledgerEntries);
      await db.transaction().execute(async (trx) => {
        const inbound: Insertable<Database['inboundOrders']>[] = [];
        const outbound: Insertable<Database['outboundOrders']>[] = [];
        const moves: { key: number; kind: 'inbound' | 'outbound'; number: string; bl: string; date: string; milli: number; created: string }[] = [];
        for (let i = start; i < end; i++) {
          const key = Math.floor(i / 5) % keys;
          const day = Math.floor((i * 730) / s.ledgerEntries);
          const date = dateOf(day);
          const created = time(day, i);
          const warehouseId = ids[key % s.warehouses]!;
          const commodity = commodityName(Math.floor(key / s.warehouses));
          if (i % 5 !== 4) {
            const number = numbers.next('IB', date);
            inbound.push({
              inboundNumber: number,
              warehouseId,
              commodity,
              commodityCode: null,
              blNumber: bl(i),
              blWeightMilli: 100_000,
              inboundWeightMilli: 100_000,
              owner: `owner ${i % 37}`,
              contractNumber: `HT${i % 5000}`,
              inboundDate: date,
              operator: 'bench',
              remark: null,
              createTime: created,
              updateTime: created,
            });
            moves.push({ key, kind: 'inbound', number, bl: bl(i), date, milli: 100_000, created });
          } else {
            const number = numbers.next('OB', date);
            const seq = outboundSeq++;
            outbound.push({
              outboundNumber: number,
              deliveryOrderNumber: null,
              blNumber: bl(i),
              licensePlate: `沪A${String(seq % 100000).padStart(5, '0')}`,
              driverName: `driver ${seq % 300}`,
              driverPhone: null,
              commodity,
              commodityCode: null,
              quantityMilli: 50_000,
              unit: 't',
              outboundDate: date,
              warehouseId,
              operator: 'bench',
              outboundStatus: seq % 4 === 0 ? 'pending' : 'completed',
              receiptStatus: 'unconfirmed',
              remark: null,
              createTime: created,
              updateTime: created,
            });
            moves.push({ key, kind: 'outbound', number, bl: bl(i), date, milli: 50_000, created });
          }
        }
        // one writer, no deletes: the rows of a multi-row insert take consecutive ids after the last one
        const lastId = async (table: 'inboundOrders' | 'outboundOrders') =>
          Number(
            (
              await trx
                .selectFrom(table)
                .select((eb) => eb.fn.max('id').as('id'))
                .executeTakeFirst()
            )?.id ?? 0,
          );
        const docIds = new Map<string, number>();
        let next = (await lastId('inboundOrders')) + 1;
        for (const row of inbound) docIds.set(row.inboundNumber, next++);
        next = (await lastId('outboundOrders')) + 1;
        for (const row of outbound) docIds.set(row.outboundNumber, next++);
        await insertAll(trx as unknown as Db, 'inboundOrders', inbound, 1000);
        await insertAll(trx as unknown as Db, 'outboundOrders', outbound, 1000);
        const ledger: Insertable<Database['stockLedger']>[] = moves.map((m) => {
          const b = balances.get(m.key) ?? { inbound: 0, outbound: 0, current: 0 };
          const change = m.kind === 'inbound' ? m.milli : -m.milli;
          if (m.kind === 'inbound') b.inbound += m.milli;
          else b.outbound += m.milli;
          b.current += change;
          balances.set(m.key, b);
          return {
            entryTime: m.created,
            businessDate: m.date,
            warehouseId: ids[m.key % s.warehouses]!,
            commodity: commodityName(Math.floor(m.key / s.warehouses)),
            commodityKey: commodityName(Math.floor(m.key / s.warehouses)),
            kind: m.kind,
            documentType: m.kind === 'inbound' ? 'inboundOrder' : 'outboundOrder',
            documentId: docIds.get(m.number)!,
            documentNumber: m.number,
            blNumber: m.bl,
            quantityChangeMilli: change,
            balanceMilli: b.current,
          };
        });
        await insertAll(trx as unknown as Db, 'stockLedger', ledger, 2000);
      });
      if ((start / BATCH) % 10 === 9) log(`  ledger ${end}/${s.ledgerEntries}`);
    }
    await insertAll(
      db,
      'stockBalances',
      [...balances].map(([key, b]) => ({
        warehouseId: ids[key % s.warehouses]!,
        commodity: commodityName(Math.floor(key / s.warehouses)),
        inboundMilli: b.inbound,
        outboundMilli: b.outbound,
        transferredMilli: 0,
        currentMilli: b.current,
      })),
      2000,
    );
    // the commodity catalog: every name in use is in it (the names are their own keys)
    const catalogTime = new Date().toISOString();
    for (let i = 0; i < s.commodities; i++) {
      const { id } = await db
        .insertInto('commodities')
        .values({
          name: commodityName(i),
          nameKey: commodityName(i),
          code: null,
          unit: 't',
          category: null,
          remark: null,
          active: 1,
          createTime: catalogTime,
          updateTime: catalogTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('commodityNames')
        .values({ nameKey: commodityName(i), commodityId: id })
        .execute();
    }
    await fillDayTables(db as never);
    lap(`ledger (${s.ledgerEntries} entries)`);

    // Outbound orders beyond those of the ledger are cancelled ones (cancelled orders hold no stock).
    const extraOutbound = Math.max(0, s.outbound - outboundSeq);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['outboundOrders']>[] = [];
      for (let j = 0; j < extraOutbound; j++) {
        const day = Math.floor((j * 730) / Math.max(extraOutbound, 1));
        const date = dateOf(day);
        rows.push({
          outboundNumber: numbers.next('OB', date),
          deliveryOrderNumber: null,
          blNumber: bl(j),
          licensePlate: null,
          driverName: null,
          driverPhone: null,
          commodity: commodityName(j % s.commodities),
          commodityCode: null,
          quantityMilli: 10_000,
          unit: 't',
          outboundDate: date,
          warehouseId: ids[j % s.warehouses]!,
          operator: 'bench',
          outboundStatus: 'cancelled',
          receiptStatus: 'unconfirmed',
          remark: null,
          createTime: time(day, j),
          updateTime: time(day, j),
        });
      }
      await insertAll(trx as unknown as Db, 'outboundOrders', rows, 1000);
    });
    if (extraOutbound) lap(`cancelled outbound orders (${extraOutbound})`);

    const PICKUP = ['pending', 'approved', 'in_progress', 'completed', 'cancelled'] as const;
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['pickupRequests']>[] = [];
      for (let j = 0; j < s.pickups; j++) {
        const day = Math.floor((j * 730) / s.pickups);
        const date = dateOf(day);
        rows.push({
          orderNumber: numbers.next('PU', date),
          blNumber: bl(j * 3),
          licensePlate: plate(j),
          plateKey: plateKey(plate(j)),
          driverName: `driver ${j % 300}`,
          driverPhone: '13800000000',
          driverIdCard: null,
          commodity: commodityName(j % s.commodities),
          quantityMilli: 30_000,
          unit: 't',
          deliveryDate: date,
          deliveryAddress: `dock ${j % 12}`,
          warehouseId: ids[j % s.warehouses]!,
          status: PICKUP[j % PICKUP.length]!,
          remark: null,
          createTime: time(day, j),
          updateTime: time(day, j),
        });
      }
      await insertAll(trx as unknown as Db, 'pickupRequests', rows, 1000);
    });
    lap(`pickup requests (${s.pickups})`);
    await insertAll(db, 'documentSequences', numbers.rows(), 2000);

    // Contracts, each with one stored scan (a small PDF) in the contract upload area.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploads = join(files.root, AREAS.contractUploads.dir);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['contracts']>[] = [];
      for (let j = 0; j < s.contracts; j++) {
        const created = time(Math.floor((j * 730) / s.contracts), j);
        rows.push({
          name: `contract ${j}`,
          contractType: String((j % 3) + 1),
          contractCode: `HT${String(j).padStart(6, '0')}`,
          buyParty: `Buyer-${j % 2500}-Co`,
          sellParty: `Seller-${j % 700}-Ltd`,
          commodity: commodityName(j % s.commodities),
          count: 100 + (j % 900),
          unitPrice: 5000 + (j % 300),
          blNumber: bl(j),
          deliveryTime: null,
          pickUpTime: null,
          packaging: 'bulk',
          remarks: null,
          createTime: created,
          updateTime: created,
        });
      }
      await insertAll(trx as unknown as Db, 'contracts', rows, 1000);
      const first = (
        await trx
          .selectFrom('contracts')
          .select((eb) => eb.fn.min('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id as number;
      const fileRows: Insertable<Database['contractFiles']>[] = [];
      for (let j = 0; j < s.contracts; j++) {
        const stored = files.newStoredName('scan.pdf');
        writeFileSync(join(uploads, stored), pdf);
        fileRows.push({
          contractId: first + j,
          name: `scan ${j}.pdf`,
          url: `${AREAS.contractUploads.dir}/${stored}`,
          size: pdf.length,
          mimeType: 'application/pdf',
          createTime: rows[j]!.createTime,
        });
      }
      await insertAll(trx as unknown as Db, 'contractFiles', fileRows, 1000);
    });
    lap(`contracts with files (${s.contracts})`);

    // Finance records of every kind in turn; values as the create route would have validated them.
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['financeRecords']>[] = [];
      for (let j = 0; j < s.finance; j++) {
        const kind = FINANCE_KINDS[j % FINANCE_KINDS.length]!;
        const day = Math.floor((j * 730) / s.finance);
        const date = dateOf(day);
        const candidates: Record<string, unknown> = {
          blNumber: bl(j),
          contractNumber: `HT${String(j % 50000).padStart(6, '0')}`,
          carrier: `carrier ${j % 40}`,
          origin: 'Qingdao',
          destination: 'Shanghai',
          quantity: 100,
          unitPrice: 12.5,
          amount: 1250 + (j % 1000),
          revenue: 5000,
          cost: 4000,
          taxRate: 0.13,
          currency: 'CNY',
          remark: null,
          invoiceNumber: `INV${j}`,
          settlementNumber: `ST${j}`,
          reconciliationNumber: `RC${j}`,
          periodEnd: date,
        };
        const values: Record<string, unknown> = {};
        for (const field of Object.keys(kind.fields.shape)) values[field] = candidates[field] ?? null;
        if (kind.dateField) values[kind.dateField] = date;
        Object.assign(values, kind.defaults);
        if (kind.statusField === 'paymentStatus') values.paymentStatus = j % 20 < 10 ? 'unpaid' : 'paid';
        const created = time(day, j);
        rows.push({
          kind: kind.segment,
          ...(toColumns(kind, values as never) as object),
          ...(kind.dateField ? {} : { recordDate: date }),
          createTime: created,
          updateTime: created,
        } as Insertable<Database['financeRecords']>);
      }
      await insertAll(trx as unknown as Db, 'financeRecords', rows, 1000);
    });
    lap(`finance records (${s.finance})`);
    sqlite?.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
  return took;
}
