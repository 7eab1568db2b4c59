// The page's one h1: its name (as the menu says it), at the size of the former h4 titles. Every
// page shows exactly one (test/e2e/a11y.spec.ts checks each route of the menu).
import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 20, lineHeight: 1.4 }}>
      {children}
    </Typography.Title>
  );
}
