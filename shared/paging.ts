import { z } from 'zod';
import { isoDate, sortOrder } from './validation.js';

export const MAX_PAGE_SIZE = 100;

/** page (default 1) and pageSize (default 20, values above 100 are clamped to 100). */
export const pagingQuery = z.object({
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((v) => Math.min(v, MAX_PAGE_SIZE)),
  sortOrder: sortOrder.optional(),
});

/** Inclusive date range over a record's business date. */
export const dateRangeQuery = z.object({
  startDate: isoDate().optional(),
  endDate: isoDate().optional(),
});

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const pagedSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
