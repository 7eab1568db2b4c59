// How numbers show everywhere in the client: quantities with 3 decimals, money with 2 and its
// currency, both grouped by thousands.

/** Quantities: the API's exact number (3 decimals), grouped by thousands, always with 3 decimals. */
export const formatQuantity = (value: number | null | undefined): string =>
  value == null ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12345.6, "CNY" → "12,345.60 CNY" */
export const formatMoney = (value: unknown, currency: unknown) =>
  typeof value === 'number' ? `${MONEY.format(value)} ${typeof currency === 'string' ? currency : ''}`.trim() : '';

/** Decimals of a number as stored (its shortest round-trip form: 108.125 → 3, 1e-7 → 7). */
function storedDecimals(value: number): number {
  const [digits = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const decimals = (digits.split('.')[1] ?? '').length - Number(exponent);
  return Math.max(0, decimals);
}

/** A unit price, whose schema allows any decimals: at least 2 (as money), up to as many as stored
 *  (at most 20), grouped by thousands. 108.5 → "108.50", 1234.5678 → "1,234.5678" */
export const formatUnitPrice = (value: number | null | undefined): string =>
  value == null ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: Math.min(20, Math.max(2, storedDecimals(value))) });
