// The trading desk's part of the reports bench (`npm run bench reports`): beside the 1,000,000 ledger
// entries of reports.bench.ts (whose lot tables both reports read for receipts and deliveries), 50,000 business
// contracts (a purchase and a sale of each of 25,000 pairs, four B/Ls each: 100,000 B/Ls bought and
// sold), 100,000 finance records (freight, misc charges, service fees, cost breakdowns, profit
// records; a third in USD), three monthly rates and the complete document sets of 2,000 B/Ls. Then
// the profit and loss report and the missing-documents report, each next to the stock summary.
import type Database from 'better-sqlite3';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CONTRACTS = Math.round(50_000 / SCALE);
const FINANCE = Math.round(100_000 / SCALE);
const COMPLETE_SETS = Math.round(2_000 / SCALE);
const REQUIRED = ['billOfLading', 'commercialInvoice', 'packingList', 'weightCertificate', 'qualityCertificate'];
const FINANCE_KINDS = ['freight-charges', 'misc-charges', 'service-fees', 'cost-breakdowns', 'profit-records'];

const bl = (lot: number) => `BL${String(lot).padStart(8, '0')}`;

/** Seeds the trading desk's rows into the bench's database (after its ledger); returns what it wrote. */
export function seedTrading(sqlite: Database.Database, time: string): string {
  const tx = (work: () => void) => sqlite.transaction(work)();
  tx(() => {
    const add = sqlite.prepare(
      `insert into contracts (name, contractType, contractCode, buyParty, sellParty, commodity, count, unitPrice, blNumber, createTime, updateTime)
       values (?, ?, ?, 'Buyer', 'Seller', ?, 400, ?, ?, ?, ?)`,
    );
    for (let c = 0; c < CONTRACTS; c++) {
      const pair = Math.floor(c / 2);
      const sale = c % 2 === 1;
      const bls = [0, 1, 2, 3].map((k) => bl(pair * 4 + k)).join(';');
      add.run(`contract ${c}`, sale ? '3' : '1', `${sale ? 'SC' : 'PC'}${String(pair).padStart(6, '0')}`, `commodity-${pair % 200}`, sale ? 105.5 : 100, bls, time, time);
    }
  });
  tx(() => {
    const add = sqlite.prepare(
      `insert into financeRecords (kind, contractNumber, blNumber, recordDate, status, currency, amountCents, costCents, fields, searchText, createTime, updateTime)
       values (?, null, ?, ?, null, ?, ?, ?, '{}', '', ?, ?)`,
    );
    for (let f = 0; f < FINANCE; f++) {
      const kind = FINANCE_KINDS[f % FINANCE_KINDS.length]!;
      const profit = kind === 'profit-records';
      add.run(
        kind,
        bl(Math.floor(f / 5) % (CONTRACTS * 2)),
        `2026-${f % 2 ? '10' : '11'}-${String(1 + (f % 28)).padStart(2, '0')}`,
        f % 3 === 0 ? 'USD' : 'CNY',
        profit ? 900_000 : 12_345,
        profit ? 850_000 : null,
        time,
        time,
      );
    }
    const rate = sqlite.prepare('insert into exchangeRates (currency, month, rate) values (?, ?, ?)');
    for (const [month, r] of [
      ['2026-09', 7.08],
      ['2026-10', 7.1],
      ['2026-11', 7.18],
    ] as const)
      rate.run('USD', month, r);
    const doc = sqlite.prepare(`insert into blDocuments (blNumber, kind, name, url, size, mimeType, createTime) values (?, ?, 'scan.pdf', ?, 1000, 'application/pdf', ?)`);
    for (let s = 0; s < COMPLETE_SETS; s++) for (const kind of REQUIRED) doc.run(bl(s * 7), kind, `bl_documents/bench-${s}-${kind}`, time);
  });
  return `${CONTRACTS.toLocaleString('en-US')} contracts, ${FINANCE.toLocaleString('en-US')} finance records, ${COMPLETE_SETS.toLocaleString('en-US')} complete document sets`;
}
