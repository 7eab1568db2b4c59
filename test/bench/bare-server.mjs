// The baseline of `npm run bench`: a bare node:http server (plain JavaScript, no framework, no
// authentication, no validation, no presenters) answering the benchmark's queries with prepared
// better-sqlite3 statements on the same database file, in the service's JSON envelope.
//   node test/bench/bare-server.mjs <database file> <port>
import Database from 'better-sqlite3';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const [file, port] = process.argv.slice(2);
const db = new Database(file, { readonly: true });
db.pragma('busy_timeout = 5000');

const name = `(select w.name from warehouses as w where w.id = d.warehouseId) as warehouse`;
const warehouseId = db.prepare('select id from warehouses where code = ? or name = ?').pluck();
const paged = (table, where, order = 'desc', columns = `d.*, ${name}`) => ({
  count: db.prepare(`select count(*) as total from ${table} as d where ${where}`).pluck(),
  page: db.prepare(`select ${columns} from ${table} as d where ${where} order by d.id ${order} limit ? offset ?`),
});
const ledgerDates = paged('stockLedger', 'd.businessDate >= ? and d.businessDate <= ?', 'asc');
const ledgerStock = paged('stockLedger', 'd.warehouseId = ? and d.commodity = ?', 'asc');
const pickups = paged('pickupRequests', 'd.status = ?');
const outbound = paged('outboundOrders', 'd.outboundStatus = ?');
const outboundKeyword = paged('outboundOrders', 'd.id in (select rowid from outboundOrders_keyword where outboundOrders_keyword match ?)');
// the service's keyword filter (server/db/search.ts): the contracts' trigram index
const contractWhere = `id in (select rowid from contracts_keyword where contracts_keyword match @phrase)`;
const contracts = db.prepare(`select * from contracts where (${contractWhere}) order by id desc`);
const contractFiles = db.prepare(`select * from contractFiles where contractId in (select id from contracts where (${contractWhere})) order by id`);
const finance = paged('financeRecords', 'd.kind = ? and d.status = ?', 'desc', '*');
const financeFiles = db.prepare(`select * from financeFiles where recordId in (select value from json_each(?)) order by id`);
const financeSums = db.prepare(
  `select currency, count(*) as count, sum(amountCents) as amountCents, sum(costCents) as costCents, sum(taxCents) as taxCents from financeRecords where kind = ? and status = ? group by currency order by currency`,
);
const summary = db.prepare(
  `select b.warehouseId, w.name as warehouse, b.commodity, b.inboundMilli, b.outboundMilli, b.transferredMilli, b.currentMilli from stockBalances as b inner join warehouses as w on w.id = b.warehouseId where (b.inboundMilli != 0 or b.outboundMilli != 0 or b.transferredMilli != 0) order by w.name, b.commodity`,
);

const send = (res, data) => {
  const body = JSON.stringify({ success: true, message: 'ok', data });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const q = Object.fromEntries(url.searchParams);
  const page = Number(q.page ?? 1);
  const size = Math.min(Number(q.pageSize ?? 20), 100);
  const list = (p, ...args) => ({ items: p.page.all(...args, size, (page - 1) * size), total: p.count.get(...args), page, pageSize: size });
  switch (url.pathname) {
    case '/health':
      return send(res, { status: 'ok' });
    case '/ledger-dates':
      return send(res, list(ledgerDates, q.startDate, q.endDate));
    case '/ledger-stock':
      return send(res, list(ledgerStock, warehouseId.get(q.warehouse, q.warehouse), q.commodity));
    case '/pickups':
      return send(res, list(pickups, q.status));
    case '/outbound':
      return send(res, list(outbound, q.outboundStatus));
    case '/outbound-keyword':
      return send(res, list(outboundKeyword, `"${q.keyword.replaceAll('"', '""')}"`));
    case '/contracts': {
      const phrase = `"${q.keyword.replaceAll('"', '""')}"`;
      const rows = contracts.all({ phrase });
      const files = contractFiles.all({ phrase });
      const byContract = new Map();
      for (const f of files) (byContract.get(f.contractId) ?? byContract.set(f.contractId, []).get(f.contractId)).push(f);
      return send(
        res,
        rows.map((r) => ({ ...r, files: byContract.get(r.id) ?? [] })),
      );
    }
    case '/finance': {
      const items = finance.page.all(q.kind, q.status, size, (page - 1) * size);
      const files = financeFiles.all(JSON.stringify(items.map((r) => r.id)));
      return send(res, {
        items: items.map((r) => ({ ...r, files: files.filter((f) => f.recordId === r.id) })),
        total: finance.count.get(q.kind, q.status),
        page,
        pageSize: size,
        summary: { totals: financeSums.all(q.kind, q.status) },
      });
    }
    case '/summary':
      return send(res, summary.all());
    case '/upload': {
      const target = join(tmpdir(), `bare-upload-${process.pid}-${Date.now()}`);
      await pipeline(req, createWriteStream(target));
      await rm(target);
      return send(res, { received: true });
    }
    default:
      res.writeHead(404).end();
  }
}).listen(Number(port), '127.0.0.1', () => console.log(`bare serves ${port}`));
