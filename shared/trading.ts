// The trading desk, part 2 (decisions.md "Trading desk"): monthly exchange rates into the base
// currency, profit and loss by B/L or downstream contract derived from the contracts and the finance
// records, and the document set of every B/L with the missing-documents report.
import { z } from 'zod';
import { CURRENCIES } from './finance.js';
import { pagingQuery } from './paging.js';
import { said } from './messages.js';
import { catalogName } from './names.js';
import { CODE_LABELS } from './labels.js';
import { bilingual, isoDate, labelled, named, recordTime, text } from './validation.js';

/** Every amount of the profit and loss report is in this currency. */
export const BASE_CURRENCY = 'CNY';

// ---- Exchange rates

/** At most this many rates are kept: 40 currencies over 50 months. */
export const MAX_EXCHANGE_RATES = 2000;
/** A rate is base units per unit of the currency: 7.1 means 1 USD = 7.1 CNY. */
export const MAX_RATE = 1_000_000;

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export const yearMonth = () =>
  z
    .string()
    .trim()
    .regex(MONTH_RE, { error: bilingual(said('must be a month written YYYY-MM, like 2026-11', '必须是 YYYY-MM 格式的月份，例如 2026-11')) });

const rateCurrency = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => CURRENCIES.has(v), { error: bilingual(said('must be an ISO 4217 currency code like USD or EUR', '应为 ISO 4217 货币代码，例如 USD 或 EUR')) })
    .refine((v) => v !== BASE_CURRENCY, {
      error: bilingual(said(`is the base currency ${BASE_CURRENCY}, whose rate is always 1; leave it out`, `是本位币 ${BASE_CURRENCY}，汇率恒为 1；请去掉这一行`)),
    });

const rate = () =>
  z
    .number({ error: bilingual(said('must be a positive number', '必须是正数')) })
    .positive({ error: bilingual(said('must be a positive number', '必须是正数')) })
    .max(MAX_RATE, { error: bilingual(said(`must be at most ${MAX_RATE}`, `不能超过 ${MAX_RATE}`)) })
    .describe(`units of ${BASE_CURRENCY} for one unit of the currency: 7.1 means 1 USD = 7.1 ${BASE_CURRENCY}`);

export const exchangeRate = named('ExchangeRate', {
  currency: z.string().regex(/^[A-Z]{3}$/),
  month: z.string().regex(MONTH_RE).describe('YYYY-MM: the rate converts the amounts dated in that month'),
  rate: z.number(),
});

export const exchangeRates = named('ExchangeRates', {
  base: z.literal(BASE_CURRENCY),
  rates: z.array(exchangeRate).describe('by currency, then month'),
});
export type ExchangeRates = z.infer<typeof exchangeRates>;

/** PUT /settings/exchange-rates: the whole list, replacing the one kept. */
export const exchangeRatesBody = z.object({
  base: z.literal(BASE_CURRENCY, { error: bilingual(said(`must be ${BASE_CURRENCY}, the base currency`, `必须是本位币 ${BASE_CURRENCY}`)) }).optional(),
  rates: z
    .array(z.object({ currency: rateCurrency(), month: yearMonth(), rate: rate() }))
    .max(MAX_EXCHANGE_RATES, { error: bilingual(said(`holds more than ${MAX_EXCHANGE_RATES} rates`, `超过 ${MAX_EXCHANGE_RATES} 条汇率`)) })
    .superRefine((rates, ctx) => {
      const seen = new Set<string>();
      rates.forEach((r, i) => {
        const key = `${r.currency} ${r.month}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'month'],
            message: `repeats ${key}: give one rate per currency and month`,
            params: { zh: `重复了 ${key}：每种货币每月一个汇率` },
          });
        seen.add(key);
      });
    }),
});

// ---- Profit and loss

export const PNL_GROUPS = ['bl', 'contract'] as const;

const filterText = () =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const pnlQuery = pagingQuery.extend({
  groupBy: labelled(z.enum(PNL_GROUPS), CODE_LABELS.pnlGroup).default('bl').describe('bl (default): one row per bill of lading; contract: one row per downstream contract'),
  commodity: filterText().describe('exact commodity (any spelling of its catalog entry)'),
  startDate: isoDate().optional().describe('deliveries and finance records dated on or after it'),
  endDate: isoDate().optional().describe('deliveries and finance records dated on or before it'),
});

const money = () => z.number().nullable().describe(`in ${BASE_CURRENCY}; null when an amount in it has no exchange rate (see missingRates)`);

export const pnlRow = named('PnlRow', {
  blNumber: z.string().optional().describe('groupBy bl'),
  contractCode: z.string().optional().describe('groupBy contract: the downstream contract'),
  commodity: catalogName('commodity').nullable(),
  deliveredQuantity: z.number().describe('outbound and transferred on the B/L(s), as the ledger keeps it per lot (cancelled documents net out)'),
  revenue: money(),
  purchaseCost: money(),
  freight: money(),
  miscCharges: money(),
  serviceFees: money(),
  otherCosts: money().describe('cost breakdowns'),
  profit: money(),
  margin: z.number().nullable().describe('profit / revenue to 4 decimals; null when revenue is 0 or unknown'),
  recordedProfit: z.number().nullable().describe('the profit records (revenue − cost) of the B/L or contract; null when there is none'),
  difference: z.number().nullable().describe('profit − recordedProfit'),
  currency: z.literal(BASE_CURRENCY),
  missingRates: z.array(z.string()).describe('the rates the figures lack, "USD 2026-11"'),
});
export type PnlRow = z.infer<typeof pnlRow>;

// ---- Document sets

/** At most this many document kinds. */
export const MAX_DOCUMENT_KINDS = 30;
/** At most this many files in one B/L's set. */
export const MAX_BL_DOCUMENTS = 200;

export const documentKind = named('DocumentKind', {
  kind: z.string().describe('code: letters, digits and dashes'),
  label: z.string(),
  required: z.boolean().describe('a B/L lacking a required kind is listed by GET /reports/missing-documents'),
});
export type DocumentKind = z.infer<typeof documentKind>;

export const DEFAULT_DOCUMENT_KINDS: readonly DocumentKind[] = [
  { kind: 'billOfLading', label: 'Bill of lading', required: true },
  { kind: 'commercialInvoice', label: 'Commercial invoice', required: true },
  { kind: 'packingList', label: 'Packing list', required: true },
  { kind: 'weightCertificate', label: 'Weight certificate', required: true },
  { kind: 'qualityCertificate', label: 'Quality certificate', required: true },
  { kind: 'certificateOfOrigin', label: 'Certificate of origin', required: false },
  { kind: 'insuranceCertificate', label: 'Insurance certificate', required: false },
];

/** The `documentKinds` of PUT /settings: the whole list; null restores the defaults. */
export const documentKindsBody = z
  .array(
    z.object({
      kind: z
        .string()
        .trim()
        .regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/, {
          error: bilingual(said('must be a code of letters, digits and dashes starting with a letter, at most 40', '应为以字母开头的字母、数字和短横线代码，最多 40 个字符')),
        }),
      label: text(100),
      required: z.boolean().default(false),
    }),
  )
  .min(1)
  .max(MAX_DOCUMENT_KINDS)
  .superRefine((kinds, ctx) => {
    const seen = new Set<string>();
    kinds.forEach((k, i) => {
      if (seen.has(k.kind)) ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: `repeats "${k.kind}"`, params: { zh: `重复了“${k.kind}”` } });
      seen.add(k.kind);
    });
  })
  .nullish();

export const blDocumentFile = named('BlDocumentFile', {
  id: z.number().int(),
  name: z.string(),
  url: z.string().describe('read it at GET /api/contract-files/{url}'),
  size: z.number().int(),
  createTime: recordTime(),
});

export const blDocumentSet = named('BlDocumentSet', {
  blNumber: z.string(),
  complete: z.boolean().describe('every required kind has a file'),
  kinds: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      required: z.boolean(),
      status: labelled(z.enum(['missing', 'received']), CODE_LABELS.documentStatus),
      files: z.array(blDocumentFile),
    }),
  ),
});
export type BlDocumentSet = z.infer<typeof blDocumentSet>;

export const blDocumentForm = z.object({
  kind: text(40).describe('one of the document kinds of GET /settings (documentKinds)'),
});

export const missingDocumentsQuery = pagingQuery.extend({
  blNumber: filterText().describe('B/L number, from the start'),
  warehouse: filterText().describe('warehouse code or name: the B/Ls with stock there'),
  commodity: filterText().describe('exact commodity'),
});

export const missingDocumentsRow = named('MissingDocumentsRow', {
  blNumber: z.string(),
  commodity: catalogName('commodity').nullable(),
  warehouses: z.array(z.string()).describe('the warehouses holding stock of the B/L (the reader’s only)'),
  missing: z.array(z.string()).describe('the required kinds without a file'),
});
export type MissingDocumentsRow = z.infer<typeof missingDocumentsRow>;
