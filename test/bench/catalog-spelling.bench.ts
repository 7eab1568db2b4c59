// `npm run bench catalog-spelling`: what answering with the catalogs' spelling costs (issue 29 item 6).
// A page of 100 inbound orders (each naming a commodity and an owner, 2,000 commodity and 2,000 party
// entries in the catalogs, 20,000 orders) is read as the list route reads it, and the same page then
// re-spelled (server/routes/catalogs/catalog-spelling.ts: one names query per catalog for the page);
// the plain read is the baseline, measured in the same run.
//   BENCH_SCALE=10  a tenth of the orders and entries, for development
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pagedSchema } from '../../shared/paging.js';
import { inboundRecord } from '../../shared/warehouse.js';
import { nameKey } from '../../shared/names.js';
import { openDatabase } from '../../server/db/database.js';
import { withCatalogSpelling } from '../../server/routes/catalogs/catalog-spelling.js';
import { listInbound } from '../../server/routes/warehouse/inbound-orders/inbound-orders.service.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ORDERS = Math.round(20_000 / SCALE);
const ENTRIES = Math.round(2_000 / SCALE);
const RUNS = 301;

const dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-bench-spelling-'));
try {
  const { db, sqlite } = await openDatabase(join(dataDir, 'cargodesk.sqlite'));
  const time = '2026-11-01T08:00:00.000Z';
  sqlite.transaction(() => {
    sqlite.prepare(`insert into warehouses (code, name, status, createTime, updateTime) values ('W1', 'Warehouse 1', 'active', ?, ?)`).run(time, time);
    const commodity = sqlite.prepare(`insert into commodities (name, nameKey, active, createTime, updateTime) values (?, ?, 1, ?, ?)`);
    const commodityName = sqlite.prepare(`insert into commodityNames (nameKey, commodityId) values (?, ?)`);
    const party = sqlite.prepare(`insert into parties (name, nameKey, active, createTime, updateTime) values (?, ?, 1, ?, ?)`);
    const partyName = sqlite.prepare(`insert into partyNames (nameKey, partyId) values (?, ?)`);
    for (let i = 0; i < ENTRIES; i++) {
      const c = commodity.run(`Commodity ${i}`, nameKey(`Commodity ${i}`), time, time);
      commodityName.run(nameKey(`Commodity ${i}`), c.lastInsertRowid);
      const p = party.run(`Party ${i} Ltd`, nameKey(`Party ${i} Ltd`), time, time);
      partyName.run(nameKey(`Party ${i} Ltd`), p.lastInsertRowid);
    }
    const order = sqlite.prepare(
      `insert into inboundOrders (inboundNumber, warehouseId, commodity, inboundWeightMilli, owner, inboundDate, createTime, updateTime) values (?, 1, ?, 1000, ?, '2026-11-01', ?, ?)`,
    );
    // typed as clerks type: other case and spacing than the catalog's
    for (let i = 0; i < ORDERS; i++) order.run(`IB${i}`, `  commodity   ${i % ENTRIES} `, `PARTY ${i % ENTRIES}  LTD`, time, time);
  })();

  const schema = pagedSchema(inboundRecord);
  const query = { page: 1, pageSize: 100 } as Parameters<typeof listInbound>[1];
  const timed = async (fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await fn();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(RUNS / 2)]!, p95: times[Math.floor(RUNS * 0.95)]! };
  };
  const plain = await timed(() => listInbound(db, query));
  const spelled = await timed(async () => withCatalogSpelling(db, schema, await listInbound(db, query)));
  const sample = (await withCatalogSpelling(db, schema, await listInbound(db, query))).items[0]!;
  const ms = (v: number) => v.toFixed(2);
  console.log(`${ORDERS} inbound orders, ${ENTRIES} commodities and ${ENTRIES} parties; a page of 100, ${RUNS} reads each`);
  console.log(`| read | p50 ms | p95 ms |`);
  console.log(`| --- | --- | --- |`);
  console.log(`| the page (baseline) | ${ms(plain.p50)} | ${ms(plain.p95)} |`);
  console.log(`| the page re-spelled | ${ms(spelled.p50)} | ${ms(spelled.p95)} |`);
  console.log(
    `re-spelling adds ${ms(spelled.p50 - plain.p50)} ms at p50 (${((spelled.p50 / plain.p50 - 1) * 100).toFixed(0)} %); a row reads ${sample.commodity} / ${sample.owner}`,
  );
  await db.destroy();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
