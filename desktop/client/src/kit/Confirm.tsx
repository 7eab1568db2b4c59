// The one way to ask before an action. `onConfirm` may return a promise: the Yes button spins while
// it runs and the popup closes when it settles, whether it succeeded or not. Showing a refusal is
// the caller's job (a message, an alert); a rejection is swallowed here, since antd's Popconfirm
// otherwise stays open and loading after a failed action.
import { Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useT } from '../i18n';

export interface ConfirmProps {
  title: ReactNode;
  onConfirm(): unknown;
  /** a red Yes button, for deletions */
  danger?: boolean;
  disabled?: boolean;
  children: ReactElement;
}

export function Confirm({ title, onConfirm, danger, disabled, children }: ConfirmProps) {
  const t = useT();
  return (
    <Popconfirm
      title={title}
      okText={t('list.yes')}
      cancelText={t('list.no')}
      okButtonProps={{ danger }}
      disabled={disabled}
      onConfirm={() => Promise.resolve(onConfirm()).then(() => undefined, () => undefined)}
      // the popup is portaled, but its clicks still bubble to a clickable row around the button
      onPopupClick={(e) => e.stopPropagation()}
    >
      {children}
    </Popconfirm>
  );
}
