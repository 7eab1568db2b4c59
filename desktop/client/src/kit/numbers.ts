// How numbers show everywhere in the client: quantities with 3 decimals, money with 2 and its
// currency, both grouped by thousands.

/** Quantities: the API's exact number (3 decimals), grouped by thousands, always with 3 decimals. */
export const formatQuantity = (value: number | null | undefined): string =>
  value == null ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12345.6, "CNY" → "12,345.60 CNY" */
export const formatMoney = (value: unknown, currency: unknown) =>
  typeof value === 'number' ? `${MONEY.format(value)} ${typeof currency === 'string' ? currency : ''}`.trim() : '';
