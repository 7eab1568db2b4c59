// The document kinds of a B/L's document set: settings `documentKinds` (JSON in the settings table),
// the defaults of decisions.md until an admin changes them.
import type { z } from 'zod';
import { said } from '../../../shared/messages.js';
import { DEFAULT_DOCUMENT_KINDS, type DocumentKind, type documentKindsBody } from '../../../shared/trading.js';
import type { Queryable } from '../../db/tables.js';
import { refusedField } from '../../http/errors.js';

export const DOCUMENT_KINDS_KEY = 'documentKinds';

/** The kinds as stored (a value this service wrote); the defaults when never set. */
export function parseDocumentKinds(value: string | undefined): DocumentKind[] {
  if (value === undefined) return DEFAULT_DOCUMENT_KINDS.map((k) => ({ ...k }));
  return JSON.parse(value) as DocumentKind[];
}

export async function documentKindsOf(db: Queryable): Promise<DocumentKind[]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', DOCUMENT_KINDS_KEY).executeTakeFirst();
  return parseDocumentKinds(row?.value);
}

/** A kind that still has files cannot leave the list (its files would vanish from every set): 400 naming it. */
export async function refuseDroppingKindsInUse(db: Queryable, next: z.output<typeof documentKindsBody>): Promise<void> {
  if (next === undefined) return;
  const kept = new Set((next ?? DEFAULT_DOCUMENT_KINDS).map((k) => k.kind));
  const used = await db.selectFrom('blDocuments').select('kind').distinct().execute();
  const dropped = used.map((r) => r.kind).filter((k) => !kept.has(k));
  if (dropped.length)
    throw refusedField(
      'documentKinds',
      said(
        `documentKinds leaves out ${dropped.join(', ')}, which B/Ls still have files of; delete those files first or keep the kind`,
        `documentKinds 去掉了 ${dropped.join('、')}，但仍有提单附有该类文件；请先删除这些文件，或保留该类别`,
      ),
    );
}
