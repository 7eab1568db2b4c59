// What is available before the service is asked (issue 27): for a warehouse, commodity and B/L, the
// stock less what approved and in-progress pickup requests reserve; without a B/L, the lots an
// outbound order would take from, oldest first, as the service allocates them. The service decides;
// this says it first.
import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import type { Paged } from '../../../../../shared/paging';
import type { Lot } from '../../../../../shared/reports';
import type { summaryRow } from '../../../../../shared/warehouse';
import type { z } from 'zod';

type StockSummaryRow = z.infer<typeof summaryRow>;
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { QuantityInput } from '../../kit/fields';
import { formatQuantity, SUMMARY_PATH } from './warehouseUi';

const LOTS_PATH = '/inventory/lots';

/** The lots a quantity without a B/L takes from: oldest first (first inbound date, then B/L), each what it has unreserved. */
export function fifoPreview(lots: readonly Lot[], quantity: number): { blNumber: string | null; quantity: number }[] {
  const queue = lots
    .filter((l) => (l.availableQuantity ?? l.currentStock) > 0)
    .sort((a, b) => (a.firstInboundDate ?? '9999').localeCompare(b.firstInboundDate ?? '9999') || (a.blNumber ?? '').localeCompare(b.blNumber ?? ''));
  const taken: { blNumber: string | null; quantity: number }[] = [];
  let left = Math.round(quantity * 1000);
  for (const lot of queue) {
    if (left <= 0) break;
    const q = Math.min(left, Math.round((lot.availableQuantity ?? lot.currentStock) * 1000));
    taken.push({ blNumber: lot.blNumber, quantity: q / 1000 });
    left -= q;
  }
  return taken;
}

/** The available quantity of a warehouse and commodity, and of a B/L's lot when given; without one, what `quantity` would take. */
export function Availability({ warehouse, commodity, blNumber, quantity }: { warehouse?: string; commodity?: string; blNumber?: string | null; quantity?: number | null }) {
  const t = useT();
  const ready = !!warehouse && !!commodity;
  const summary = useQuery({
    queryKey: [SUMMARY_PATH, { warehouse, commodity, purpose: 'available' }],
    queryFn: ({ signal }) => api.get<StockSummaryRow[]>(SUMMARY_PATH, { warehouse, commodity }, signal),
    enabled: ready,
  });
  const lots = useQuery({
    queryKey: [LOTS_PATH, { warehouse, commodity, purpose: 'available' }],
    queryFn: ({ signal }) => api.get<Paged<Lot>>(LOTS_PATH, { warehouse, commodity, inStock: 'true', pageSize: 100 }, signal),
    enabled: ready,
  });
  if (!ready || !summary.data || !lots.data) return null;
  const row = summary.data[0];
  const lines: string[] = [t('wh.available.stock', { available: formatQuantity(row?.availableQuantity ?? 0), reserved: formatQuantity(row?.reservedQuantity ?? 0) })];
  const bl = blNumber?.trim();
  if (bl) {
    const lot = lots.data.items.find((l) => l.blNumber === bl);
    lines.push(t('wh.available.lot', { bl, available: formatQuantity(lot?.availableQuantity ?? 0), reserved: formatQuantity(lot?.reservedQuantity ?? 0) }));
  } else if (quantity && quantity > 0) {
    const takes = fifoPreview(lots.data.items, quantity);
    if (takes.length) lines.push(t('wh.available.takes', { lots: takes.map((a) => `${a.blNumber ?? t('wh.available.noBl')} ${formatQuantity(a.quantity)}`).join(', ') }));
  }
  return (
    <Typography.Text type="secondary" data-testid="availability" style={{ display: 'block', marginTop: 4 }}>
      {lines.map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </Typography.Text>
  );
}

/** The outbound form's quantity, with what is available under it for the warehouse, commodity and B/L chosen above. */
export function OutboundQuantity(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const form = Form.useFormInstance();
  const warehouse = Form.useWatch('warehouse', form) as string | undefined;
  const commodity = Form.useWatch('commodity', form) as string | undefined;
  const blNumber = Form.useWatch('blNumber', form) as string | undefined;
  return (
    <>
      <QuantityInput {...props} unit={{ field: 'unit' }} />
      <Availability warehouse={warehouse} commodity={commodity} blNumber={blNumber} quantity={props.value} />
    </>
  );
}
