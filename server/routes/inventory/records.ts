// Small pieces the warehouse-area services share.
import { said } from '../../../shared/messages.js';
import { refusedField } from '../../http/errors.js';

/** The fields of `input` that were sent (not undefined), for an update where unsent fields stay. */
export function sentFields<T extends object, K extends keyof T>(input: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (input[key] !== undefined) out[key] = input[key];
  return out;
}

export function duplicateNumber(field: string, value: string): never {
  throw refusedField(field, said(`${field} "${value}" is already used by another record; leave it empty to have one generated`, `${field} “${value}” 已被另一条记录使用；留空即可自动生成`));
}
