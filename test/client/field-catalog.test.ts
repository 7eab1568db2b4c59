// The client's field catalogs (desktop/client/src/kit/fieldCatalog.tsx): a form given its request
// schema shows every field of it, the page's picks first, so a field added to the schema and the
// catalog needs no edit of the page.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldCatalog } from '../../desktop/client/src/kit/fieldCatalog';

const { formFields } = fieldCatalog({
  number: { label: 'wh.f.inboundNumber' },
  warehouse: { label: 'wh.f.warehouse', required: true },
  weight: { label: 'wh.f.inboundWeight', kind: 'quantity' },
  difference: { label: 'wh.f.weightDifference' },
  state: { name: 'status', label: 'wh.f.status', kind: 'select', options: [] },
  vessel: { label: 'wh.f.remark' },
});

describe('a form from the field catalog', () => {
  it('shows the picks in their order, then the schema fields they do not name', () => {
    const schema = z.object({ number: z.string(), warehouse: z.string(), weight: z.number(), status: z.string(), vessel: z.string() });
    const names = formFields(['warehouse', 'weight', 'difference', 'state'], schema).map((f) => f.name);
    // `state` is the catalog id of the request's `status`: named by the pick, not added again
    expect(names).toEqual(['warehouse', 'weight', 'difference', 'status', 'number', 'vessel']);
  });

  it('shows only the picks without a schema', () => {
    expect(formFields(['weight', 'number']).map((f) => f.name)).toEqual(['weight', 'number']);
  });

  it('refuses a schema field the catalog has no entry for', () => {
    expect(() => formFields(['number'], z.object({ number: z.string(), draught: z.number() }))).toThrow('the field catalog has no entry for the form field draught');
  });
});
