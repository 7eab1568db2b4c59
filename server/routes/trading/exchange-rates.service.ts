// Monthly exchange rates into the base currency (CNY): read by anyone signed in, replaced whole by
// the admin with an audit entry. The profit and loss report converts every amount with them.
import type { z } from 'zod';
import { BASE_CURRENCY, type ExchangeRates, type exchangeRatesBody } from '../../../shared/trading.js';
import type { Db, Queryable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockNamed } from './lock.js';

export async function getExchangeRates(db: Queryable): Promise<ExchangeRates> {
  const rows = await db.selectFrom('exchangeRates').select(['currency', 'month', 'rate']).orderBy('currency').orderBy('month').execute();
  return { base: BASE_CURRENCY, rates: rows.map((r) => ({ currency: r.currency, month: r.month, rate: Number(r.rate) })) };
}

/** Replaces the whole list in one transaction: two admins saving at once leave one of the two lists, whole. */
export async function putExchangeRates(db: Db, actor: AuthUser, input: z.output<typeof exchangeRatesBody>): Promise<ExchangeRates> {
  return db.transaction().execute(async (trx) => {
    await lockNamed(trx, 'exchangeRates');
    const before = await getExchangeRates(trx);
    await trx.deleteFrom('exchangeRates').execute();
    if (input.rates.length) await trx.insertInto('exchangeRates').values(input.rates).execute();
    const after = await getExchangeRates(trx);
    await recordAudit(trx, { actor, action: 'update', entity: 'exchangeRates', entityId: null, before, after });
    return after;
  });
}

/** The rate of a currency in a month: 1 for the base currency; undefined when none was entered. */
export type RateOf = (currency: string, month: string) => number | undefined;

export async function rateTable(db: Queryable): Promise<RateOf> {
  const rows = await db.selectFrom('exchangeRates').select(['currency', 'month', 'rate']).execute();
  const rates = new Map(rows.map((r) => [`${r.currency} ${r.month}`, Number(r.rate)]));
  return (currency, month) => (currency === BASE_CURRENCY ? 1 : rates.get(`${currency} ${month}`));
}
