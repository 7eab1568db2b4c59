// The B/L trace: everything Cargodesk holds about one bill of lading, each document presented as its
// own detail route presents it, the lots, and the ledger entries in order, each with the running stock
// of its own lot (warehouse and commodity): stock is kept per lot, never summed across commodities.
// A reader limited to some warehouses gets only theirs (documents, lots, ledger); a part from an area
// the reader may not read (contracts, warehouse documents, pickup requests, finance) is left out.
import { splitBlNumbers } from '../../../shared/contracts.js';
import type { BlTrace, TimelineEntry } from '../../../shared/reports.js';
import { fromMilli } from '../../../shared/warehouse.js';
import { CONTRACT_KEYWORD_COLUMNS, containsKeyword } from '../../db/search.js';
import type { Queryable } from '../../db/tables.js';
import { withinScope } from '../../db/scope.js';
import type { AuthUser } from '../../http/auth.js';
import { mayRead } from '../../../shared/permissions.js';
import { getContract } from '../contracts/contracts.service.js';
import { blFinance } from '../finance/finance.service.js';
import { getInbound } from '../warehouse/inbound-orders/inbound-orders.service.js';
import { getOutbound } from '../warehouse/outbound-orders/outbound-orders.service.js';
import { getTransfer } from '../warehouse/ownership-transfers/ownership-transfers.service.js';
import { getPickup } from '../warehouse/pickup-requests/pickup-requests.service.js';
import { lotsOfBl } from './lots.service.js';
import { weightsOfBl } from './weights.service.js';

type DocumentTable = 'inboundOrders' | 'pickupRequests' | 'outboundOrders' | 'ownershipTransfers';

type Reader = Pick<AuthUser, 'permissions' | 'warehouseIds'>;

/** Ids of one table's documents of the B/L in the reader's warehouses, oldest first (each table has an index on blNumber). */
async function idsOf(db: Queryable, table: DocumentTable, blNumber: string, reader: Reader): Promise<number[]> {
  const rows = await withinScope(
    db
      .selectFrom(table as 'inboundOrders')
      .select('id')
      .where('blNumber', '=', blNumber),
    'warehouseId',
    reader,
  )
    .orderBy('id')
    .execute();
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
async function timelineOf(db: Queryable, blNumber: string, reader: Reader): Promise<TimelineEntry[]> {
  const rows = await withinScope(db.selectFrom('stockLedger as l'), 'l.warehouseId', reader)
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

export async function traceBl(db: Queryable, raw: string, reader: Reader): Promise<BlTrace> {
  const blNumber = raw.trim();
  const may = (area: Parameters<typeof mayRead>[1]) => mayRead(reader.permissions, area);
  // the contracts also find the finance records that name them by contract number
  const contracts = may('contracts') || may('finance') ? await contractsOf(db, blNumber) : [];
  const documents = async <T>(table: DocumentTable, get: (db: Queryable, id: number, scope: null) => Promise<T>) =>
    Promise.all((await idsOf(db, table, blNumber, reader)).map((id) => get(db, id, null)));
  return {
    blNumber,
    ...(may('contracts') ? { contracts } : {}),
    ...(may('warehouse') ? { inboundOrders: await documents('inboundOrders', getInbound) } : {}),
    ...(may('pickup') ? { pickupRequests: await documents('pickupRequests', getPickup) } : {}),
    ...(may('warehouse') ? { outboundOrders: await documents('outboundOrders', getOutbound), ownershipTransfers: await documents('ownershipTransfers', getTransfer) } : {}),
    ...(may('finance') ? { finance: await blFinance(db, blNumber, [...new Set(contracts.map((c) => c.contractCode))], reader.permissions) } : {}),
    lots: blNumber === '' ? [] : await lotsOfBl(db, blNumber, reader),
    weights: blNumber === '' ? [] : await weightsOfBl(db, blNumber, reader),
    timeline: await timelineOf(db, blNumber, reader),
  };
}
