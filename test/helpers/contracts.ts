// Factories for contract tests: a valid upload form with overrides.
import { sampleFiles } from './app.js';

let serial = 0;

/** The text fields of a valid POST /contract/upload form; pass overrides (undefined drops a field). */
export function contractForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  serial++;
  const form: Record<string, string | undefined> = {
    name: `Iron ore purchase ${serial}`,
    contractType: '1',
    contractCode: `PC-2026-${String(serial).padStart(4, '0')}`,
    buyParty: 'Cargodesk Trading Ltd',
    sellParty: 'Pilbara Minerals Pty',
    commodity: 'iron ore fines 62%',
    count: '50000',
    unitPrice: '108.5',
    BLNumber: `COSU${serial}0;COSU${serial}1`,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined));
}

export const pdfFile = (name = 'contract.pdf'): [string, string, Uint8Array] => ['files', name, sampleFiles.pdf()];
