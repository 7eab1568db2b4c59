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

const reasonBody = z.object({ reason: changeReason() });
const reasonFields: FieldDef[] = [reasonField];

interface PostedActions<T> {
  path: string;
  numberOf: (row: T) => string;
  /** "Cancel…" sets `field` to cancelled on the rows `when` allows */
  cancel?: { field: string; when: (row: T) => boolean };
}

/**
 * "Cancel…" and "Delete…" of a posted document (approve only; a user below approve sees neither,
 * as the service would refuse them): each asks for the reason first, kept in the audit entry.
 * Answers the row actions and the dialog to render.
 */
export function usePostedActions<T extends { id: number }>({ path, numberOf, cancel }: PostedActions<T>) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ row: T; kind: 'cancel' | 'delete' } | null>(null);
  const action = (r: T): RowAction<T>[] => [
    ...(cancel?.when(r)
      ? [{ key: 'cancel-posted', label: 'wh.posted.cancel' as const, needs: 'approve' as const, danger: true, open: (row: T) => setAsked({ row, kind: 'cancel' }) }]
      : []),
    { key: 'delete-posted', label: 'wh.posted.delete', needs: 'approve', danger: true, open: (row: T) => setAsked({ row, kind: 'delete' }) },
  ];
  const dialog = (
    <EditDrawer
      open={!!asked}
      title={asked ? t(asked.kind === 'cancel' ? 'wh.posted.cancelTitle' : 'wh.posted.deleteTitle', { number: numberOf(asked.row) }) : ''}
      fields={reasonFields}
      schema={reasonBody}
      onClose={() => setAsked(null)}
      onSubmit={async (values) => {
        if (!asked) return;
        const { row, kind } = asked;
        const reason = values.reason as string | undefined;
        if (kind === 'cancel' && cancel) await api.put(`${path}/${row.id}`, { [cancel.field]: 'cancelled', reason });
        else await api.delete(`${path}/${row.id}`, { reason });
        void message.success(t(kind === 'cancel' ? 'wh.posted.cancelled' : 'wh.posted.deleted', { number: numberOf(row) }));
        void queryClient.invalidateQueries({ queryKey: [path] });
        invalidateStock(queryClient);
      }}
    />
  );
  return { action, dialog };
}
