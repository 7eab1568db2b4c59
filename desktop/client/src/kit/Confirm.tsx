// The one way to ask before an action. `onConfirm` may return a promise: the popup stays open with
// a spinning Yes while it runs and closes when it settles, whether it succeeded or not. Showing a
// refusal is the caller's job (a message, an alert). The popup is controlled here: antd's own
// promise handling could leave the Yes button loading when the popup was reopened after an action
// (seen when the action disables the button that opened it).
import { Popconfirm } from 'antd';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // read synchronously by onOpenChange, which antd calls in the same tick as onConfirm
  const running = useRef(false);

  const confirm = () => {
    running.current = true;
    setBusy(true);
    void Promise.resolve()
      .then(onConfirm)
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        setBusy(false);
        setOpen(false);
      });
  };

  return (
    <Popconfirm
      title={title}
      open={open}
      onOpenChange={(next) => !running.current && setOpen(next)}
      okText={t('list.yes')}
      cancelText={t('list.no')}
      okButtonProps={{ danger, loading: busy }}
      disabled={disabled}
      onConfirm={confirm}
      // the popup is portaled, but its clicks still bubble to a clickable row around the button
      onPopupClick={(e) => e.stopPropagation()}
    >
      {children}
    </Popconfirm>
  );
}
