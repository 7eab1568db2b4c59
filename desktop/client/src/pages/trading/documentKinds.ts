// A document kind's name in the screen's language: the dictionary's for the default kinds whose
// label an admin left as it was, else the label as set.
import { DEFAULT_DOCUMENT_KINDS } from '../../../../../shared/trading';
import type { Translate } from '../../i18n';

export function kindLabel(t: Translate, kind: { kind: string; label: string }): string {
  const original = DEFAULT_DOCUMENT_KINDS.find((k) => k.kind === kind.kind);
  const key = `td.kind.${kind.kind}`;
  return original && original.label === kind.label && t.has(key) ? t(key) : kind.label;
}
