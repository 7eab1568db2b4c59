// What the warehouse pages share: status badges, the warehouse select (fed by the warehouses list)
// and quantities shown as the API keeps them (up to 3 decimals).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Warehouse } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import type { StatusMap } from '../../kit/StatusBadge';
import { LazySelect } from '../../kit/lazyAntd';

export { formatQuantity } from '../../kit/numbers';

import { WAREHOUSES_PATH } from './paths';

export { OUTBOUND_PATH, PICKUP_PATH, WAREHOUSES_PATH } from './paths';

export const warehouseStatusMap: StatusMap = {
  active: { color: 'green', label: 'wh.status.active' },
  inactive: { color: 'default', label: 'wh.status.inactive' },
};

export const pickupStatusMap: StatusMap = {
  pending: { color: 'gold', label: 'wh.pickup.pending' },
  approved: { color: 'blue', label: 'wh.pickup.approved' },
  in_progress: { color: 'processing', label: 'wh.pickup.in_progress' },
  completed: { color: 'green', label: 'wh.pickup.completed' },
  cancelled: { color: 'default', label: 'wh.pickup.cancelled' },
};

export const outboundStatusMap: StatusMap = {
  pending: { color: 'gold', label: 'wh.outbound.pending' },
  completed: { color: 'green', label: 'wh.outbound.completed' },
  cancelled: { color: 'default', label: 'wh.outbound.cancelled' },
};

export const receiptStatusMap: StatusMap = {
  unconfirmed: { color: 'orange', label: 'wh.receipt.unconfirmed' },
  confirmed: { color: 'green', label: 'wh.receipt.confirmed' },
};

export const transferStatusMap: StatusMap = {
  pending: { color: 'gold', label: 'wh.transfer.pending' },
  completed: { color: 'green', label: 'wh.transfer.completed' },
  cancelled: { color: 'default', label: 'wh.transfer.cancelled' },
};

export const ledgerKindMap: StatusMap = {
  inbound: { color: 'green', label: 'wh.kind.inbound' },
  outbound: { color: 'orange', label: 'wh.kind.outbound' },
  transfer: { color: 'purple', label: 'wh.kind.transfer' },
};

export function useWarehouses() {
  return useQuery({ queryKey: [WAREHOUSES_PATH, {}], queryFn: ({ signal }) => api.get<Warehouse[]>(WAREHOUSES_PATH, undefined, signal) });
}

/**
 * Chooses a warehouse by name (the API takes the code or the name; records answer the name).
 * In a form, inactive warehouses are shown but cannot be chosen, except the one already set.
 */
export function WarehouseSelect({ value, onChange, search = false, id }: { value?: string; onChange?: (v: string | undefined) => void; search?: boolean; id?: string }) {
  const t = useT();
  const { data = [], isLoading } = useWarehouses();
  return (
    <LazySelect
      id={id}
      value={value}
      onChange={onChange}
      loading={isLoading}
      allowClear={search}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={search ? t('list.any') : t('wh.chooseWarehouse')}
      style={{ minWidth: 180 }}
      options={data.map((w) => ({
        value: w.name,
        label: `${w.name} (${w.code})`,
        disabled: !search && w.status === 'inactive' && w.name !== value,
      }))}
    />
  );
}

export const SUMMARY_PATH = '/inventory/summary';
export const LEDGER_PATH = '/inventory/ledger';

/** After a stock movement: the summary, the ledger and the dashboard read again. */
export function invalidateStock(queryClient: QueryClient) {
  for (const key of [SUMMARY_PATH, LEDGER_PATH, 'dashboard']) void queryClient.invalidateQueries({ queryKey: [key] });
}
