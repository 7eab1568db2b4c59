// Importing the rows of a sheet as records: all rows or none. The kind gives its columns, its
// create schema, its business-rule check of all rows, and its create function.
import type { z } from 'zod';
import type { Said } from '../../shared/messages.js';
import { breather } from '../db/batches.js';
import type { Db, Queryable } from '../db/tables.js';
import { HttpError } from '../http/errors.js';
import { progress } from '../progress.js';
import type { Column, RowError } from './columns.js';
import { MAX_ROW_ERRORS, readSheet, rowErrorsToHttp } from './sheet.js';

/**
 * Most data rows one import takes (a month of a busy warehouse's inbound orders fits). The rows are
 * created in one transaction, all or none; it gives the event loop back every few milliseconds
 * (`breather`), so other users' reads are answered meanwhile, but other writes wait for it:
 * 0.2 to 1.4 ms a row on the 2-core machine (docs/performance.md).
 */
export const MAX_IMPORT_ROWS = 20_000;

export type RowCheck<T> = (db: Queryable, rows: T[], rowNumbers: number[]) => Promise<RowError[]>;

/**
 * Reads the sheet (refused with 400 beyond MAX_IMPORT_ROWS data rows, before anything is written),
 * checks every row against the create schema and then the business rules
 * (`check`), and only when no row is wrong creates them all, in sheet order, in one transaction
 * through the JSON route's create function.
 */
export async function importRows<S extends z.ZodObject, T extends z.output<S>>(
  db: Db,
  path: string,
  columns: readonly Column[],
  schema: S,
  check: RowCheck<T>,
  create: (trx: Queryable, row: T) => Promise<unknown>,
): Promise<{ imported: number }> {
  const result = await readSheet(path, columns, schema, { maxRows: MAX_IMPORT_ROWS });
  if ('errors' in result) throw rowErrorsToHttp(result.errors, result.errorCount);
  const rows = result.rows as T[];
  const { rowNumbers } = result;
  return db.transaction().execute(async (trx) => {
    // checked inside the transaction, so no other request changes stock between check and write
    const errors = await check(trx, rows, rowNumbers);
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw rowErrorsToHttp(errors.slice(0, MAX_ROW_ERRORS), errors.length);
    }
    const pause = breather();
    progress('writing', 0, rows.length);
    for (const [i, row] of rows.entries()) {
      if (await pause()) progress('writing', i, rows.length);
      try {
        await create(trx, row);
      } catch (err) {
        // a rule the checks above do not foresee still names its row; the transaction undoes the rest
        if (err instanceof HttpError && err.status === 400) throw rowErrorsToHttp([{ row: rowNumbers[i]!, column: '', message: err.said }]);
        throw err;
      }
    }
    progress('writing', rows.length, rows.length);
    return { imported: rows.length };
  });
}

/** The message of a 400 a rule throws, or null when the rule holds. */
export async function refusal(rule: () => Promise<unknown>): Promise<Said | null> {
  try {
    await rule();
    return null;
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return err.said;
    throw err;
  }
}
