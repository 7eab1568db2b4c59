// A list's "starts with" filter (a number or B/L prefix), paged, against the answer worked out here.
// The records are laid out so that every way `paginate` may read a page is needed by some request:
// a prefix matching the newest records, one whose matches are old with newer records after them,
// one whose matches are far apart, one matching a few, both orders, later and last pages.
import { expect } from 'vitest';
import type { TestApp } from './app.js';

export interface Made {
  id: number;
  /** the value of the filtered column */
  value: string;
}

/**
 * Creates, oldest first: 12 records `${base}A-01…12`, 6 records `${base}C-01…06`, 30 records
 * `${base}B-01…30`, and one record `${base}C-99` (the newest).
 */
export async function prefixRecords(base: string, create: (value: string) => Promise<{ id: number }>): Promise<Made[]> {
  const values = [
    ...Array.from({ length: 12 }, (_, i) => `${base}A-${String(i + 1).padStart(2, '0')}`),
    ...Array.from({ length: 6 }, (_, i) => `${base}C-${String(i + 1).padStart(2, '0')}`),
    ...Array.from({ length: 30 }, (_, i) => `${base}B-${String(i + 1).padStart(2, '0')}`),
    `${base}C-99`,
  ];
  const made: Made[] = [];
  for (const value of values) made.push({ id: (await create(value)).id, value });
  return made;
}

/** The requests every prefix filter is checked with: [prefix, pageSize, page, sortOrder]. */
const REQUESTS: [suffix: string, pageSize: number, page: number, sortOrder: 'asc' | 'desc'][] = [
  // every record of the set: the newest records of the list
  ['', 10, 1, 'desc'],
  ['', 10, 3, 'desc'],
  ['', 10, 5, 'desc'], // the last page, 9 records
  ['', 10, 6, 'desc'], // past the last page
  ['', 10, 2, 'asc'],
  // old records with 31 newer ones after them
  ['A', 5, 1, 'desc'],
  ['A', 5, 3, 'desc'], // the last page, 2 records
  ['A', 5, 2, 'asc'],
  // one new record and six old ones, 30 records apart
  ['C', 3, 1, 'desc'],
  ['C', 3, 2, 'desc'],
  ['C', 3, 3, 'desc'],
  ['C', 4, 2, 'asc'],
  ['B', 7, 2, 'desc'],
  // a few records
  ['A-1', 5, 1, 'desc'],
  ['A-1', 2, 2, 'desc'],
  ['C-9', 20, 1, 'desc'],
  // none
  ['D', 10, 1, 'desc'],
];

/**
 * Asks `path?${param}=<prefix>` for each request above (with `extra` query parameters) and expects
 * the total, and the page's ids in order, worked out from `made` (plus `alsoMatching`, records
 * created elsewhere that the filter also matches; `keep` narrows both by the extra parameters).
 */
export async function expectPrefixPages(
  app: TestApp,
  token: string,
  path: string,
  param: string,
  base: string,
  made: Made[],
  { extra = {}, keep = () => true }: { extra?: Record<string, string>; keep?: (m: Made) => boolean } = {},
): Promise<void> {
  for (const [suffix, pageSize, page, sortOrder] of REQUESTS) {
    const prefix = base + suffix;
    const matches = made.filter((m) => m.value.startsWith(prefix) && keep(m)).sort((a, b) => (sortOrder === 'desc' ? b.id - a.id : a.id - b.id));
    const qs = new URLSearchParams({ ...extra, [param]: prefix, pageSize: String(pageSize), page: String(page), sortOrder });
    const res = await app.request('GET', `${path}?${qs}`, { token });
    expect(res.status, qs.toString()).toBe(200);
    const got = { total: res.body.data.total, ids: (res.body.data.items as { id: number }[]).map((r) => r.id) };
    const want = { total: matches.length, ids: matches.slice((page - 1) * pageSize, page * pageSize).map((m) => m.id) };
    expect(got, qs.toString()).toEqual(want);
  }
}
