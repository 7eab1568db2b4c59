// The B/L trace: everything Cargodesk holds about one bill of lading, each document presented as its
// own detail route presents it, the lots, and the ledger entries in order, each with the running stock
// of its own lot (warehouse and commodity): stock is kept per lot, never summed across commodities.
import { splitBlNumbers } from '../../../shared/contracts.js';
import type { BlTrace, TimelineEntry } from '../../../shared/reports.js';
import { fromMilli } from '../../../shared/warehouse.js';
import { CONTRACT_KEYWORD_COLUMNS, containsKeyword } from '../../db/search.js';
import type { Queryable } from '../../db/tables.js';
import { getContract } from '../contracts/contracts.service.js';
import { blFinance } from '../finance/finance.service.js';
import { getInbound } from '../warehouse/inbound-orders/inbound-orders.service.js';
import { getOutbound } from '../warehouse/outbound-orders/outbound-orders.service.js';
import { getTransfer } from '../warehouse/ownership-transfers/ownership-transfers.service.js';
import { getPickup } from '../warehouse/pickup-requests/pickup-requests.service.js';
import { lotsOfBl } from './lots.service.js';

type DocumentTable = 'inboundOrders' | 'pickupRequests' | 'outboundOrders' | 'ownershipTransfers';

/** Ids of one table's documents of the B/L, oldest first (each table has an index on blNumber). */
async function idsOf(db: Queryable, table: DocumentTable, blNumber: string): Promise<number[]> {
  const rows = await db.selectFrom(table).select('id').where('blNumber', '=', blNumber).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The business contracts whose B/L list holds the number (the keyword index narrows, the list decides). */
async function contractsOf(db: Queryable, blNumber: string) {
  const rows = await db
    .selectFrom('contracts')
    .select(['id', 'blNumber'])
    .where((eb) => containsKeyword(db, eb, 'contracts', 'contracts.id', CONTRACT_KEYWORD_COLUMNS, blNumber))
    .orderBy('id')
    .execute();
  const ids = rows.filter((r) => splitBlNumbers(r.blNumber).includes(blNumber)).map((r) => r.id);
  return Promise.all(ids.map((id) => getContract(db, id)));
}

/** The B/L's ledger entries in business-date order (entry order within a day), each with the running
 *  stock of its lot: the entry's warehouse and commodity on the B/L. */
async function timelineOf(db: Queryable, blNumber: string): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom('stockLedger as l')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouseId')
    .innerJoin('commodities as c', 'c.nameKey', 'l.commodityKey')
    .select([
      'l.businessDate',
      'l.entryTime',
      'l.kind',
      'l.documentType',
      'l.documentId',
      'l.documentNumber',
      'w.name as warehouse',
      'c.name as commodity',
      'l.warehouseId',
      'l.commodityKey',
      'l.quantityChangeMilli',
    ])
    .where('l.blNumber', '=', blNumber)
    .orderBy('l.businessDate')
    .orderBy('l.id')
    .execute();
  const balances = new Map<string, number>();
  return rows.map(({ warehouseId, commodityKey, quantityChangeMilli, ...r }) => {
    const lot = `${warehouseId}\u0000${commodityKey}`;
    const balance = (balances.get(lot) ?? 0) + quantityChangeMilli;
    balances.set(lot, balance);
    return { ...r, quantityChange: fromMilli(quantityChangeMilli), balance: fromMilli(balance) };
  });
}

export async function traceBl(db: Queryable, raw: string): Promise<BlTrace> {
  const blNumber = raw.trim();
  const contracts = await contractsOf(db, blNumber);
  const inbound = await idsOf(db, 'inboundOrders', blNumber);
  const pickups = await idsOf(db, 'pickupRequests', blNumber);
  const outbound = await idsOf(db, 'outboundOrders', blNumber);
  const transfers = await idsOf(db, 'ownershipTransfers', blNumber);
  return {
    blNumber,
    contracts,
    inboundOrders: await Promise.all(inbound.map((id) => getInbound(db, id))),
    pickupRequests: await Promise.all(pickups.map((id) => getPickup(db, id))),
    outboundOrders: await Promise.all(outbound.map((id) => getOutbound(db, id))),
    ownershipTransfers: await Promise.all(transfers.map((id) => getTransfer(db, id))),
    finance: await blFinance(db, blNumber, [...new Set(contracts.map((c) => c.contractCode))]),
    lots: blNumber === '' ? [] : await lotsOfBl(db, blNumber),
    timeline: await timelineOf(db, blNumber),
  };
}
