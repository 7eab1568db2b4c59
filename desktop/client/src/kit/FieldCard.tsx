// One record as a card on a phone (kit/usePhone.ts): a title, a status or figure beside it, the key
// fields as label and value two to a line, and the record's actions under them. The lists of
// kit/ListPage and the pages with a table of their own (stock summary, lots) show their rows so.
// Drawn as antd's small bordered Card is, from the same tokens, without the Card component (as the
// sign-in card, pages/auth/AuthCard.tsx): Card imports Tabs, which a phone's list would download
// before its rows.
import { theme } from 'antd';
import type { ReactNode } from 'react';

export interface CardField {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export function FieldCard({ title, extra, fields, actions, children }: { title?: ReactNode; extra?: ReactNode; fields: CardField[]; actions?: ReactNode; children?: ReactNode }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <div
      data-testid="list-card"
      style={{
        background: token.colorBgContainer,
        border: line,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {(title || extra) && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: token.fontSize * token.lineHeight + token.paddingXS * 2,
            padding: `0 ${token.paddingSM}px`,
            borderBottom: line,
            borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
          }}
        >
          <div style={{ flex: 1, fontWeight: token.fontWeightStrong, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{title}</div>
          {extra && <div style={{ marginInlineStart: 'auto' }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: token.paddingSM }}>
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
      </div>
    </div>
  );
}
