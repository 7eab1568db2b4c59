// One record as a card on a phone (kit/usePhone.ts): a title, a status or figure beside it, the key
// fields as label and value two to a line, and the record's actions under them. The lists of
// kit/ListPage and the pages with a table of their own (stock summary, lots) show their rows so.
import { Card } from 'antd';
import type { ReactNode } from 'react';

export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export function FieldCard({ title, extra, fields, actions, children }: { title?: ReactNode; extra?: ReactNode; fields: CardField[]; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Card size="small" data-testid="list-card" title={title} extra={extra}>
      <dl className="card-fields">
        {fields.map((f) => (
          <div key={f.key} data-field={f.key}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="card-actions">{actions}</div>}
      {children}
    </Card>
  );
}
