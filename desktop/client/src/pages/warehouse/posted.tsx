// Posted documents in the client (issue 27): an inbound order, outbound order or ownership transfer
// is posted when saved. A user without warehouse: approve sees its stock fields locked (a lock and
// the word "posted"); a manager "Correct…"s them with a reason, and "Cancel…"s with a reason. The
// service checks every change (docs/api/warehouse.md, "Posted documents"); the client only says it first.
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { changeReason } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { useCan } from '../../kit/access';
import { EditDrawer } from '../../kit/EditDrawer';
import type { FieldDef } from '../../kit/fields';
import type { RowAction } from '../../kit/ListPage';
import { invalidateStock } from './warehouseUi';

const reasonField: FieldDef = { name: 'reason', label: 'wh.posted.reason', kind: 'textarea', hint: 'wh.posted.reasonHint' };

/**
 * The edit form of a posted document: for a user with approve, the fields and a reason ("Correct…");
 * for the others, `stockFields` locked. Answers the fields, whether it is a correction, and its action's label.
 */
export function usePostedEdit(fields: readonly FieldDef[], stockFields: readonly string[]) {
  const approve = useCan('warehouse', 'approve');
  return useMemo(
    () => ({
      approve,
      fields: approve ? [...fields, reasonField] : fields.map((f) => (stockFields.includes(f.name) ? { ...f, locked: true } : f)),
      label: approve ? ('wh.posted.correct' as const) : ('list.edit' as const),
    }),
    [approve, fields, stockFields],
  );
}

const cancelBody = z.object({ reason: changeReason() });
const cancelFields: FieldDef[] = [reasonField];

/**
 * "Cancel…" of a posted document (approve only): asks for the reason, then sets `statusField` to
 * cancelled. Answers the row action and the dialog to render.
 */
export function usePostedCancel<T extends { id: number }>(path: string, statusField: string, numberOf: (row: T) => string, cancellable: (row: T) => boolean) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [row, setRow] = useState<T | null>(null);
  const action = (r: T): RowAction<T>[] => (cancellable(r) ? [{ key: 'cancel-posted', label: 'wh.posted.cancel', needs: 'approve', danger: true, open: setRow }] : []);
  const dialog = (
    <EditDrawer
      open={!!row}
      title={row ? t('wh.posted.cancelTitle', { number: numberOf(row) }) : ''}
      fields={cancelFields}
      schema={cancelBody}
      onClose={() => setRow(null)}
      onSubmit={async (values) => {
        if (!row) return;
        await api.put(`${path}/${row.id}`, { [statusField]: 'cancelled', reason: values.reason });
        void message.success(t('wh.posted.cancelled', { number: numberOf(row) }));
        void queryClient.invalidateQueries({ queryKey: [path] });
        invalidateStock(queryClient);
      }}
    />
  );
  return { action, dialog };
}
