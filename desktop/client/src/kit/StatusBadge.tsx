import { Tag } from 'antd';
import { useT, type MessageKey } from '../i18n';

/** How each value of a status field is shown: the color of its tag and its label. */
export type StatusMap = Record<string, { color: string; label: MessageKey }>;

export function StatusBadge({ value, map }: { value: string | null | undefined; map: StatusMap }) {
  const t = useT();
  if (value == null) return null;
  const entry = map[value];
  return <Tag color={entry?.color ?? 'default'}>{entry ? t(entry.label) : value}</Tag>;
}
