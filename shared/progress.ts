import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { labelled, named } from './validation.js';

/**
 * What a long piece of work is doing: reading the uploaded sheet, checking its rows, writing rows
 * (an import's records or an export's lines), copying the database or packing the files of a backup.
 */
export const progressPhase = labelled(z.enum(['reading', 'checking', 'writing', 'copying', 'packing']), CODE_LABELS.progressPhase);
export type ProgressPhase = z.infer<typeof progressPhase>;

/** GET /progress/{progressId}: the state of the work a request sent with that X-Progress-Id. */
export const progressRecord = named('Progress', {
  phase: progressPhase,
  done: z.number().int().describe('rows (or database pages, or files) of the phase done so far'),
  total: z.number().int().nullable().describe('of how many; null when not known in advance (an export)'),
  finished: z.boolean().describe('the request has answered'),
  failed: z.boolean().describe('it answered with a refusal or an error (an import: its row errors are in that answer)'),
});
export type ProgressRecord = z.infer<typeof progressRecord>;

/** A progress id the client makes up: 16 to 64 letters, digits, `-` or `_` (a random UUID fits). */
export const PROGRESS_ID = /^[A-Za-z0-9_-]{16,64}$/;
