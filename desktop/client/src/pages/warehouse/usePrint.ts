// Opens a document's printable page (the service's HTML, bilingual, with the company name). The
// page is served with the token only: it is fetched, then shown from a blob url in a window opened
// at the click (a window opened after an await would be blocked as a pop-up).
import { App } from 'antd';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';
import type { RowAction } from '../../kit/ListPage';

/** The row action "Print" of a list whose records print at `/api<path>/print/:id`. */
export function usePrintAction<T extends { id: number }>(path: string): RowAction<T> {
  const t = useT();
  const { message } = App.useApp();
  const open = (row: T) => {
    const win = window.open('', '_blank');
    if (!win) return void message.error(t('wh.popupBlocked'));
    // the file helpers load at the first print (the window is already open: no pop-up block)
    import('../../kit/files')
      .then(({ fetchFile }) => fetchFile(`/api${path}/print/${row.id}`))
      .then((blob) => {
        const url = URL.createObjectURL(blob.type.startsWith('text/html') ? blob : new Blob([blob], { type: 'text/html' }));
        win.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      })
      .catch((err: unknown) => {
        win.close();
        void message.error(t('wh.printFailed', { reason: errorText(err, t) }));
      });
  };
  return { key: 'print', label: 'wh.print', open, needs: 'read' };
}
