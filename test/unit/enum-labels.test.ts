// Every enum of the shared schemas names its choices by words of shared/labels.ts, a word for each
// value in both languages (issue 21, point 3). The schemas are found by walking every export of
// every file of shared/, so an enum added later without its words fails here.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createContractBody } from '../../shared/contracts.js';
import { enumLabels, issueSaid } from '../../shared/validation.js';

type Schema = z.core.$ZodType;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

/** The enums inside a value: a schema (through its definition: shapes, options, wrapped schemas) or a record of them. */
function enumsIn(value: unknown, found: Set<z.ZodEnum>, seen: Set<unknown>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) return value.forEach((v) => enumsIn(v, found, seen));
  if (!isSchema(value)) return Object.values(value).forEach((v) => enumsIn(v, found, seen));
  const def = value._zod.def as unknown as Record<string, unknown>;
  if (def.type === 'enum') found.add(value as unknown as z.ZodEnum);
  for (const part of Object.values(def)) enumsIn(part, found, seen);
}

async function sharedEnums(): Promise<z.ZodEnum[]> {
  const found = new Set<z.ZodEnum>();
  const seen = new Set<unknown>();
  const files = readdirSync(new URL('../../shared/', import.meta.url)).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const module: Record<string, unknown> = await import(`../../shared/${file.replace(/\.ts$/, '.js')}`);
    for (const exported of Object.values(module)) enumsIn(exported, found, seen);
  }
  return [...found];
}

describe('the enums of the shared schemas', () => {
  it('are all labelled, with words in both languages for exactly their values', async () => {
    const enums = await sharedEnums();
    const values = enums.map((e) => e.options.join(','));
    // the walk reaches the enums of the requests and the records of each area
    for (const known of [
      'unpaid,paid',
      'open,agreed,disputed',
      'admin,staff',
      'pending,active,disabled',
      '1,2,3',
      'create,update,delete,status,merge',
      'append,replace',
      'asc,desc',
    ])
      expect(values).toContain(known);
    for (const e of enums) {
      const labels = enumLabels(e);
      expect(labels, `the enum ${e.options.join(', ')} has no words`).toBeDefined();
      expect(Object.keys(labels!).sort(), e.options.join(', ')).toEqual(e.options.map(String).sort());
      for (const code of e.options) {
        expect(labels![code]!.en.trim(), `${code} in English`).not.toBe('');
        expect(labels![code]!.zh.trim(), `${code} in Chinese`).not.toBe('');
      }
    }
  });

  it('keep "is required" for a missing contract type, in both languages', () => {
    const issue = createContractBody.safeParse({}).error!.issues.find((i) => i.path[0] === 'contractType');
    expect(issueSaid(issue!)).toEqual({ en: 'is required', zh: '为必填项' });
  });
});
