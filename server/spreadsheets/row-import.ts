// Importing the rows of a sheet as records: all rows or none. The kind gives its columns, its
// create schema, its business-rule check of all rows, and its create function.
import type { z } from 'zod';
import type { Said } from '../../shared/messages.js';
import { breather } from '../db/batches.js';
import { deferRecounts } from '../db/deferred.js';
import type { Db, Queryable } from '../db/tables.js';
import { BatchRefusal, HttpError } from '../http/errors.js';
import { progress } from '../progress.js';
import type { Column, RowError } from './columns.js';
import { MAX_ROW_ERRORS, readSheet, rowErrorsToHttp } from './sheet.js';

/**
 * Most data rows one import takes (a month of a busy warehouse's inbound orders fits). The rows are
 * created in one transaction, all or none, IMPORT_BATCH rows at a time through the kind's set-based
 * create; between batches the event loop is given back (`breather`), so other users' reads are
 * answered meanwhile, but other writes wait for it (docs/performance.md).
 */
export const MAX_IMPORT_ROWS = 20_000;

/** Rows one call of a kind's batch create takes: small enough that one batch holds the event loop well under 250 ms. */
export const IMPORT_BATCH = 500;

export type RowCheck<T> = (db: Queryable, rows: T[], rowNumbers: number[]) => Promise<RowError[]>;

/**
 * Reads the sheet (refused with 400 beyond MAX_IMPORT_ROWS data rows, before anything is written),
 * checks every row against the create schema and then the business rules (`check`), and only when
 * no row is wrong creates them all, in sheet order, in one transaction, through the JSON route's
 * create function for a batch of records (`createAll`, which the JSON create calls with one).
 */
export async function importRows<S extends z.ZodObject, T extends z.output<S>>(
  db: Db,
  path: string,
  columns: readonly Column[],
  schema: S,
  check: RowCheck<T>,
  createAll: (trx: Queryable, rows: T[]) => Promise<unknown>,
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
    // the kept rows counted once after the last batch, their locks taken last (docs/architecture.md, "Lock order")
    const recount = deferRecounts(trx);
    const pause = breather();
    progress('writing', 0, rows.length);
    for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
      if (await pause()) progress('writing', start, rows.length);
      try {
        await createAll(trx, rows.slice(start, start + IMPORT_BATCH));
      } catch (err) {
        // a rule the checks above do not foresee still names its row; the transaction undoes the rest
        if (err instanceof BatchRefusal && err.status === 400) throw rowErrorsToHttp([{ row: rowNumbers[start + err.index]!, column: fieldOf(err), message: err.said }]);
        throw err;
      }
    }
    await recount();
    progress('writing', rows.length, rows.length);
    return { imported: rows.length };
  });
}

/** The field a refusal names (`refusedField`), or '' when it names none. */
function fieldOf(err: HttpError): string {
  const errors = (err.data as { errors?: { field?: string }[] } | undefined)?.errors;
  return errors?.[0]?.field ?? '';
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
