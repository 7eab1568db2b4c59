// The trading desk (issue 31 items 1–3): contract unit, currency and weight tolerance; the open
// position; B/L weights and claims. One seeded company, figures checked against hand calculations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInWithRoles, startTestApp, type TestApp } from '../helpers/app.js';
import { contractForm, pdfFile } from '../helpers/contracts.js';
import { readWorkbook } from '../helpers/xlsx.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const upload = (fields: Record<string, string>, token = admin) => app.upload('POST', '/api/contract/upload', { token, fields, files: [pdfFile()] });

async function contract(overrides: Record<string, string | undefined>) {
  const res = await upload(contractForm(overrides));
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { id: number; contractCode: string; unit: string | null; currency: string; weightTolerance: number | null };
}

/** The rows of an export (with headers=fields: the field names as the header row). */
async function sheetRows(path: string, token = admin): Promise<unknown[][]> {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await readWorkbook(new Uint8Array(await res.arrayBuffer()))).sheets[0]!.rows;
}

const contractCount = async () => (await app.request('GET', '/api/contract', { token: admin })).body.data.length as number;

describe('business contracts: unit, currency, weightTolerance', () => {
  it('defaults the unit from the commodity catalog and the currency to CNY; keeps what is sent', async () => {
    const made = await app.request('POST', '/api/commodities', { token: admin, body: { name: 'Soybeans', unit: 't' } });
    expect(made.status, made.body.message).toBe(200);
    const plain = await contract({ commodity: ' soybeans ' });
    expect(plain).toMatchObject({ unit: 't', currency: 'CNY', weightTolerance: null });
    const unknown = await contract({ commodity: 'Unlisted ore' });
    expect(unknown).toMatchObject({ unit: null, currency: 'CNY' });
    const given = await contract({ commodity: 'Soybeans', unit: 'bags', currency: 'USD', weightTolerance: '0.5' });
    expect(given).toMatchObject({ unit: 'bags', currency: 'USD', weightTolerance: 0.5 });
    // PUT as JSON changes them; null clears the tolerance
    const put = await app.request('PUT', `/api/contract/${given.id}`, { token: admin, body: { currency: 'EUR', weightTolerance: null } });
    expect(put.status, put.body.message).toBe(200);
    expect(put.body.data).toMatchObject({ unit: 'bags', currency: 'EUR', weightTolerance: null });
    // the export carries the three columns
    const [header, ...rows] = await sheetRows('/api/contract/export?headers=fields');
    const at = (row: unknown[], key: string) => row[header!.indexOf(key)];
    const row = rows.find((r) => at(r, 'contractCode') === given.contractCode)!;
    expect([at(row, 'unit'), at(row, 'currency'), at(row, 'weightTolerance')]).toEqual(['bags', 'EUR', undefined]);
    expect(at(rows.find((r) => at(r, 'contractCode') === plain.contractCode)!, 'unit')).toBe('t');
  });

  it('refuses a tolerance outside 0–100 and a currency that is not 3 capital letters, naming the field and keeping nothing', async () => {
    const before = await contractCount();
    for (const [fields, message] of [
      [{ weightTolerance: '100.5' }, 'weightTolerance must be a percent from 0 to 100, like 0.5'],
      [{ weightTolerance: '-1' }, 'weightTolerance must be a percent from 0 to 100, like 0.5'],
      [{ weightTolerance: 'five' }, 'weightTolerance must be a percent from 0 to 100, like 0.5'],
      [{ currency: 'usd' }, 'currency must be a currency code of 3 capital letters, like CNY or USD'],
      [{ currency: 'DOLLAR' }, 'currency must be a currency code of 3 capital letters, like CNY or USD'],
    ] as const) {
      const res = await upload(contractForm(fields));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const c = await contract({});
    const put = await app.request('PUT', `/api/contract/${c.id}`, { token: admin, body: { weightTolerance: 101 } });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe('weightTolerance must be a percent from 0 to 100, like 0.5');
    expect((await app.request('GET', `/api/contract/${c.id}`, { token: admin })).body.data.weightTolerance).toBeNull();
    expect(await contractCount()).toBe(before + 1);
  });
});
