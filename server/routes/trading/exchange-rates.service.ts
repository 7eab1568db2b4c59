// Monthly exchange rates into the base currency (CNY): read by anyone signed in, replaced whole by
// the admin with an audit entry. The profit and loss report converts every amount with them.
import type { z } from 'zod';
import { BASE_CURRENCY, type ExchangeRates, type exchangeRatesBody } from '../../../shared/trading.js';
import type { Db, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockNamed } from './lock.js';
import { lockContractSums } from '../../db/contract-sums.js';
import { recountRates } from './pnl-rows.js';

export async function getExchangeRates(db: Queryable): Promise<ExchangeRates> {
  const rows = await db.selectFrom('exchangeRates').select(['currency', 'month', 'rate']).orderBy('currency').orderBy('month').execute();
  return { base: BASE_CURRENCY, rates: rows.map((r) => ({ currency: r.currency, month: r.month, rate: Number(r.rate) })) };
}

/**
 * Replaces the whole list in one transaction: two admins saving at once leave one of the two lists,
 * whole. The profit and loss rows kept with a rate that changed (added, removed or another figure)
 * are counted again in the same transaction; the contract-sums lock, held exclusively, keeps every
 * write that counts such rows out until then (PostgreSQL).
 */
export async function putExchangeRates(db: Db, actor: AuthUser, input: z.output<typeof exchangeRatesBody>): Promise<ExchangeRates> {
  return db.transaction().execute(async (trx) => {
    await lockContractSums(trx);
    await lockNamed(trx, 'exchangeRates');
    const before = await getExchangeRates(trx);
    await trx.deleteFrom('exchangeRates').execute();
    if (input.rates.length) await trx.insertInto('exchangeRates').values(input.rates).execute();
    const after = await getExchangeRates(trx);
    const pair = (r: { currency: string; month: string; rate: number }) => `${r.currency} ${r.month} ${r.rate}`;
    const kept = new Set(after.rates.map(pair));
    const was = new Set(before.rates.map(pair));
    await recountRates(trx, [...before.rates.filter((r) => !kept.has(pair(r))), ...after.rates.filter((r) => !was.has(pair(r)))]);
    await recordAudit(trx, { actor, action: 'update', entity: 'exchangeRates', entityId: null, before, after });
    return after;
  });
}
