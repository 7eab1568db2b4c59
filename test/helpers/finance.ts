// One full sample of every finance kind (every field set), the change a test makes with PUT, and
// what the record must show after it (derived fields recomputed). The kinds themselves come from
// the shared list (shared/finance-kinds.ts).
import { FINANCE_KINDS, type FinanceKindKey } from '../../shared/finance-kinds.js';

export interface KindSample {
  segment: string;
  entity: string;
  label: string;
  dateField: string | null;
  numberField: string | null;
  hasFiles: boolean;
  /** every field of a POST body */
  full: Record<string, unknown>;
  /** fields the service derives, as the POST answer must show them */
  derived: Record<string, unknown>;
  change: Record<string, unknown>;
  /** what the record shows after `change` */
  changed: Record<string, unknown>;
}

const SAMPLES: Record<FinanceKindKey, Pick<KindSample, 'full' | 'derived' | 'change' | 'changed'>> = {
  freightCharges: {
    full: {
      blNumber: 'BL-FC-001',
      contractNumber: 'C-FC-001',
      carrier: 'COSCO Shipping',
      origin: 'Qingdao',
      destination: 'Rotterdam',
      quantity: 2.5,
      unitPrice: 1200.4,
      amount: 3001,
      currency: 'USD',
      chargeDate: '2026-03-01',
      paymentStatus: 'paid',
      remark: 'two 40ft containers',
    },
    derived: {},
    change: { amount: 3100.99, paymentStatus: 'unpaid', remark: null },
    changed: { amount: 3100.99, paymentStatus: 'unpaid', remark: null, carrier: 'COSCO Shipping' },
  },
  miscCharges: {
    full: {
      blNumber: 'BL-MC-001',
      contractNumber: 'C-MC-001',
      chargeType: 'demurrage',
      payee: 'Port of Qingdao',
      amount: 880.5,
      currency: 'CNY',
      chargeDate: '2026-03-02',
      paymentStatus: 'unpaid',
      remark: 'three days',
    },
    derived: {},
    change: { payee: 'Qingdao Port Group', amount: 0 },
    changed: { payee: 'Qingdao Port Group', amount: 0, chargeType: 'demurrage' },
  },
  serviceFees: {
    full: {
      blNumber: 'BL-SF-001',
      contractNumber: 'C-SF-001',
      serviceProvider: 'SGS',
      feeType: 'inspection',
      amount: 1500,
      currency: 'EUR',
      feeDate: '2026-03-03',
      paymentStatus: 'paid',
      remark: 'weight and quality',
    },
    derived: {},
    change: { currency: 'usd', feeDate: '2026-04-01' },
    changed: { currency: 'USD', feeDate: '2026-04-01', feeType: 'inspection' },
  },
  costBreakdowns: {
    full: { contractNumber: 'C-CB-001', blNumber: 'BL-CB-001', costItem: 'cargo insurance', amount: 420.42, currency: 'CNY', remark: 'all risks' },
    derived: {},
    change: { costItem: 'insurance premium', blNumber: null },
    changed: { costItem: 'insurance premium', blNumber: null, amount: 420.42 },
  },
  profitRecords: {
    full: {
      contractNumber: 'C-PR-001',
      blNumber: 'BL-PR-001',
      commodity: 'copper cathode',
      revenue: 1000,
      cost: 750.5,
      currency: 'CNY',
      recordDate: '2026-03-05',
      remark: 'first lot',
    },
    derived: { profit: 249.5, margin: 0.2495 },
    change: { revenue: 3, cost: 1 },
    changed: { revenue: 3, cost: 1, profit: 2, margin: 0.6667 },
  },
  upstreamInvoices: {
    full: {
      invoiceNumber: 'UP-001',
      contractNumber: 'C-UI-001',
      counterparty: 'Jiangxi Copper Ltd',
      amount: 12345.67,
      taxRate: 0.13,
      currency: 'CNY',
      invoiceDate: '2026-03-06',
      status: 'received',
      remark: 'VAT special invoice',
    },
    derived: { taxAmount: 1604.94 },
    change: { amount: 100.05, taxRate: 0.06 },
    changed: { amount: 100.05, taxRate: 0.06, taxAmount: 6 },
  },
  downstreamInvoices: {
    full: {
      invoiceNumber: 'DN-001',
      contractNumber: 'C-DI-001',
      counterparty: 'Ningbo Metals Co',
      amount: 100.05,
      taxRate: 0.06,
      currency: 'CNY',
      invoiceDate: '2026-03-07',
      status: 'issued',
      remark: 'service part',
    },
    derived: { taxAmount: 6 },
    change: { status: 'void' },
    changed: { status: 'void', taxAmount: 6 },
  },
  freightMiscInvoices: {
    full: {
      invoiceNumber: 'FM-001',
      contractNumber: 'C-FM-001',
      counterparty: 'Maersk China',
      amount: 0.5,
      taxRate: 0.13,
      currency: 'CNY',
      invoiceDate: '2026-03-08',
      status: 'void',
      remark: 'half-up rounding',
    },
    derived: { taxAmount: 0.07 },
    change: { taxRate: 0 },
    changed: { taxRate: 0, taxAmount: 0 },
  },
  settlements: {
    full: {
      settlementNumber: 'ST-001',
      contractNumber: 'C-ST-001',
      counterparty: 'Jiangxi Copper Ltd',
      amount: 99999.99,
      currency: 'USD',
      settlementDate: '2026-03-09',
      status: 'confirmed',
      remark: 'final settlement',
    },
    derived: {},
    change: { settlementNumber: 'ST-001-A', status: 'draft' },
    changed: { settlementNumber: 'ST-001-A', status: 'draft' },
  },
  reconciliations: {
    full: {
      reconciliationNumber: 'RC-001',
      counterparty: 'COSCO Shipping',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      amount: 5000,
      currency: 'CNY',
      status: 'disputed',
      remark: 'March statement',
    },
    derived: {},
    change: { status: 'agreed', periodEnd: '2026-04-30' },
    changed: { status: 'agreed', periodEnd: '2026-04-30' },
  },
};

export const KIND_SAMPLES: KindSample[] = FINANCE_KINDS.map((k) => ({
  segment: k.segment,
  entity: k.entity,
  label: k.label.en,
  dateField: 'dateField' in k ? k.dateField : null,
  numberField: 'numberField' in k ? k.numberField : null,
  hasFiles: k.hasFiles,
  ...SAMPLES[k.key],
}));

export const sampleOf = (segment: string) => KIND_SAMPLES.find((k) => k.segment === segment)!;
