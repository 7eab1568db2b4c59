// Column settings of a list, as ProTable offers them: show or hide each column, move it up or
// down, and the table's density; kept in this browser per user and list.
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n';

const DENSITIES = ['large', 'middle', 'small'] as const;
export type Density = (typeof DENSITIES)[number];

export interface ColumnPrefs {
  /** column keys in the user's order (columns added later follow in their declared place) */
  order: string[];
  hidden: string[];
  density: Density;
}

const DEFAULTS: ColumnPrefs = { order: [], hidden: [], density: 'middle' };

function read(key: string): ColumnPrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ColumnPrefs> | null;
    if (!stored || typeof stored !== 'object') return DEFAULTS;
    return {
      order: Array.isArray(stored.order) ? stored.order.filter((k) => typeof k === 'string') : [],
      hidden: Array.isArray(stored.hidden) ? stored.hidden.filter((k) => typeof k === 'string') : [],
      density: DENSITIES.includes(stored.density as Density) ? (stored.density as Density) : 'middle',
    };
  } catch {
    return DEFAULTS;
  }
}

/** The columns' keys in the user's order: known keys as ordered, then the rest as declared. */
export function orderedKeys(declared: readonly string[], prefs: ColumnPrefs): string[] {
  const known = prefs.order.filter((k) => declared.includes(k));
  return [...known, ...declared.filter((k) => !known.includes(k))];
}

export function useColumnSettings(storageKey: string) {
  const [prefs, setPrefsState] = useState<ColumnPrefs>(() => read(storageKey));
  const setPrefs = (next: ColumnPrefs) => {
    setPrefsState(next);
    if (next === DEFAULTS) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(next));
  };
  return { prefs, setPrefs, reset: () => setPrefs(DEFAULTS) };
}

export function ColumnSettings({
  columns,
  prefs,
  onChange,
  onReset,
}: {
  columns: readonly { key: string; title: string }[];
  prefs: ColumnPrefs;
  onChange(prefs: ColumnPrefs): void;
  onReset(): void;
}) {
  const t = useT();
  const keys = orderedKeys(
    columns.map((c) => c.key),
    prefs,
  );
  const title = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
  const move = (index: number, by: number) => {
    const next = [...keys];
    const [key] = next.splice(index, 1);
    next.splice(index + by, 0, key!);
    onChange({ ...prefs, order: next });
  };
  const content = (
    <div data-testid="column-settings" style={{ minWidth: 240 }}>
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        {keys.map((key, i) => (
          <div key={key} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <Checkbox
              style={{ flex: 1 }}
              checked={!prefs.hidden.includes(key)}
              onChange={(e) => onChange({ ...prefs, hidden: e.target.checked ? prefs.hidden.filter((k) => k !== key) : [...prefs.hidden, key] })}
            >
              {title(key)}
            </Checkbox>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('list.moveUp')} disabled={i === 0} onClick={() => move(i, -1)} />
            <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('list.moveDown')} disabled={i === keys.length - 1} onClick={() => move(i, 1)} />
          </div>
        ))}
      </Space>
      <Divider style={{ margin: '8px 0' }} />
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <span>{t('list.density')}</span>
        <Segmented<Density>
          value={prefs.density}
          onChange={(density) => onChange({ ...prefs, density })}
          options={DENSITIES.map((d) => ({ value: d, label: t(`list.density.${d}`) }))}
        />
        <Button size="small" onClick={onReset}>
          {t('list.columnsReset')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} data-testid="column-settings-button">
        {t('list.columns')}
      </Button>
    </Popover>
  );
}
