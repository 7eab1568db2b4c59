// Inputs that pick a commodity or a party from its catalog while typing (a new name stays allowed:
// the service adds it to the catalog with the record). Choosing a commodity fills the form's unit
// with the commodity's default unit when the unit is still empty. Units are picked from the default
// units of the commodity catalog (any other unit may still be typed).
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import type { Commodity, Party } from '../../../../../shared/catalogs';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { LazyAutoComplete } from '../../kit/lazyAntd';

export const COMMODITIES_PATH = '/commodities';
export const PARTIES_PATH = '/parties';

interface InputProps {
  value?: string | null;
  onChange?: (v: string) => void;
  id?: string;
  'aria-label'?: string;
}

/** The form field a chosen commodity fills with its unit: `unit`, or a row's (['contracts', 0, 'unit']). */
type UnitField = string | (string | number)[];

function useCatalog<T>(path: string, keyword: string, pageSize = 20) {
  return useQuery({
    queryKey: [path, { keyword, active: 'true', pageSize, purpose: 'autocomplete' }],
    queryFn: ({ signal }) => api.get<Paged<T>>(path, { keyword, active: 'true', pageSize }, signal),
  });
}

export function CommodityInput({ value, onChange, id, 'aria-label': label, unitField = 'unit' }: InputProps & { unitField?: UnitField }) {
  const form = Form.useFormInstance();
  const [keyword, setKeyword] = useState('');
  const { data } = useCatalog<Commodity>(COMMODITIES_PATH, keyword);
  const items = data?.items ?? [];
  return (
    <LazyAutoComplete
      id={id}
      aria-label={label}
      data-testid="commodity-input"
      value={value ?? ''}
      onChange={(v: string) => onChange?.(v)}
      onSearch={setKeyword}
      options={items.map((c) => ({ value: c.name, label: c.unit ? `${c.name} (${c.unit})` : c.name }))}
      onSelect={(name: string) => {
        const picked = items.find((c) => c.name === name);
        if (picked?.unit && !form.getFieldValue(unitField)) form.setFieldValue(unitField, picked.unit);
      }}
    />
  );
}

export function PartyInput({ value, onChange, id, 'aria-label': label }: InputProps) {
  const [keyword, setKeyword] = useState('');
  const { data } = useCatalog<Party>(PARTIES_PATH, keyword);
  return (
    <LazyAutoComplete
      id={id}
      aria-label={label}
      value={value ?? ''}
      onChange={(v: string) => onChange?.(v)}
      onSearch={setKeyword}
      options={(data?.items ?? []).map((p) => ({ value: p.name }))}
    />
  );
}

export function UnitInput({ value, onChange, id, 'aria-label': label }: InputProps) {
  const { data } = useCatalog<Commodity>(COMMODITIES_PATH, '', 100);
  const units = useMemo(() => [...new Set((data?.items ?? []).flatMap((c) => (c.unit ? [c.unit] : [])))], [data]);
  const typed = (value ?? '').trim().toLowerCase();
  const options = units.filter((u) => !typed || u.toLowerCase().includes(typed)).map((u) => ({ value: u }));
  return <LazyAutoComplete id={id} aria-label={label} value={value ?? ''} onChange={(v: string) => onChange?.(v)} options={options} />;
}
