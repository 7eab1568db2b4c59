import type { SelectQueryBuilder } from 'kysely';
import type { Paged } from '../../shared/paging.js';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a filtered query plus the total count of the filter: two queries, whatever the size.
 * `query` carries the filters and the order; `present` turns a row into what the API sends.
 */
export async function paginate<DB, TB extends keyof DB, Row, Item>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: PageRequest,
  present: (row: Row) => Item,
): Promise<Paged<Item>> {
  const countRow = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const rows = await query.limit(pageSize).offset((page - 1) * pageSize).execute();
  return { items: rows.map(present), total: Number((countRow as { total?: number } | undefined)?.total ?? 0), page, pageSize };
}
