// The one finance page: which kind (or the invoices' three tabs) follows from the menu path (FINANCE_PAGES).
import { Tabs } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { CurrencyTotal } from '../../../../../shared/finance';
import { useT, type MessageKey } from '../../i18n';
import { api } from '../../api/client';
import { ListPage, type RowAction } from '../../kit/ListPage';
import { FinanceFiles } from './FinanceFiles';
import { FINANCE_PAGES } from '../../../../../shared/finance-kinds';
import { kindPath, KINDS, type FinanceRecord, type KindSpec } from './financeKinds';
import { columnsFor, filtersFor, formFields, Totals } from './kindDisplay';

/** charges and fees: one click to mark paid or unpaid (other statuses change in the drawer) */
const paymentActions =
  (kind: KindSpec) =>
  (row: FinanceRecord): RowAction<FinanceRecord>[] => {
    const next = row.paymentStatus === 'paid' ? 'unpaid' : 'paid';
    return [{ key: `mark-${next}`, label: `finance.mark.${next}`, run: (r) => api.put(`${kindPath(kind)}/${r.id}`, { paymentStatus: next }) }];
  };

function KindList({ kind, title, header }: { kind: KindSpec; title: MessageKey; header?: ReactNode }) {
  const t = useT();
  const columns = useMemo(() => columnsFor(kind), [kind]);
  const filters = useMemo(() => filtersFor(kind), [kind]);
  const forms = useMemo(() => {
    const number = (row?: FinanceRecord) => (row && kind.numberField ? String(row[kind.numberField] ?? '') : '');
    return {
      create: { fields: formFields(kind), schema: kind.schema, title: () => t('finance.createTitle', { kind: t(kind.one) }) },
      edit: {
        // the saved record's derived values (tax, profit, margin) follow read-only
        fields: formFields(kind, true),
        schema: kind.schema,
        title: (row?: FinanceRecord) => t('finance.editTitle', { kind: t(kind.one), number: number(row) || `#${row?.id ?? ''}` }),
        initial: (row: FinanceRecord) => row,
      },
    };
  }, [kind, t]);
  return (
    <ListPage<FinanceRecord>
      title={title}
      header={header}
      path={kindPath(kind)}
      exportPath={`${kindPath(kind)}/export`}
      filters={filters}
      columns={columns}
      summary={(data) => <Totals kind={kind} totals={(data.summary as { totals: CurrencyTotal[] } | undefined)?.totals ?? []} />}
      create={forms.create}
      edit={forms.edit}
      keepParams={['tab']}
      actions={kind.statusField === 'paymentStatus' ? paymentActions(kind) : undefined}
      canDelete
      expandedRow={kind.hasFiles ? (row) => <FinanceFiles kind={kind} record={row} /> : undefined}
    />
  );
}

export default function FinancePage() {
  const t = useT();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // the menu path names the page: one kind, or the kinds that share it as tabs
  const page = FINANCE_PAGES.find((p) => p.path === pathname);
  if (!page) return null;
  const title = `menu.${page.key}` as MessageKey;
  const kinds = page.kinds.map((k) => KINDS[k]);
  if (kinds.length === 1) return <KindList key={pathname} kind={kinds[0]!} title={title} />;
  // tabs: the tab is in the address too; changing it starts the other list afresh
  const active = kinds.find((k) => k.segment === searchParams.get('tab')) ?? kinds[0]!;
  const tabs = (
    <Tabs
      activeKey={active.segment}
      onChange={(segment) => setSearchParams({ tab: segment })}
      items={kinds.map((k) => ({ key: k.segment, label: t(k.title) }))}
      style={{ marginBottom: -16 }}
    />
  );
  return <KindList key={active.segment} kind={active} title={title} header={tabs} />;
}
