// The list page every area reuses: a search form declared by config whose values live in the URL
// (so back/forward and reload keep them), a server-paged and server-sorted table (or, for routes
// answering a plain array, paged and sorted in the browser), optional tabs over one filter, status
// badges, row actions with optional confirmation, a create/edit drawer validated by a shared zod
// schema, and delete with confirmation. For a 1366 px laptop: the first column (the record's number)
// stays at the left, at most two row actions show and the others wait in a "More" menu, and each
// user may hide, order and pack the columns (ColumnSettings, kept per user and list). On a phone
// (kit/usePhone.ts) the rows are cards of the record's key fields with the same actions, and the
// search form waits in a full-screen drawer behind a "Filter" button.
import { DownOutlined, FilterOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Col, ConfigProvider, Drawer, Dropdown, Empty, Form, Row, Space, Spin } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Paged } from '../../../../shared/paging';
import { api } from '../api/client';
import { errorText } from '../api/errors';
import { useFormatDate, useT, type MessageKey } from '../i18n';
import { useAuth } from '../api/auth';
import type { Level } from '../../../../shared/permissions';
import { Forbidden, isForbidden, ReadOnlyLine, usePageCan } from './access';
import { ExportButton } from './ExportButton';
import { ColumnSettings, orderedKeys, useColumnSettings } from './ColumnSettings';
import { Confirm } from './Confirm';
import { EditDrawer } from './EditDrawer';
import { fieldInput, type FieldDef } from './fields';
import { StatusBadge, type StatusMap } from './StatusBadge';
import { usePhone } from './usePhone';
import { FieldCard } from './FieldCard';
import { LazyTable } from './lazyAntd';
import { listQuery } from './listQuery';

// a computer's filter card and a list's tabs: a phone's list shows neither (Card imports Tabs)
const Card = lazy(() => import('antd/es/card'));
const Tabs = lazy(() => import('antd/es/tabs'));
import { PageTitle } from './PageTitle';

export interface ColumnDef<T> {
  key: keyof T & string;
  title: MessageKey;
  kind?: 'text' | 'date' | 'dateTime' | 'status';
  status?: StatusMap;
  /** the column the server sorts by: its arrow drives `sortOrder` */
  sortable?: boolean;
  width?: number;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
}

export interface RowAction<T> {
  key: string;
  label: MessageKey;
  /** the request of the action; the list reloads after it */
  run?(row: T): Promise<unknown>;
  /** instead of run: opens something of the page (a dialog, a window), no request, no message */
  open?(row: T): void;
  /** ask first, with this text */
  confirm?: MessageKey;
  danger?: boolean;
  /** message after success */
  done?: (row: T) => string;
  /** the level it needs in the page's area (default write; 'read' for what only shows, as print): hidden below it */
  needs?: Level;
}

export interface FormDef<T> {
  fields: readonly FieldDef[];
  schema: z.ZodType;
  title: (row?: T) => string;
  /** shown under the fields, e.g. a FileDropzone whose files `submit` sends (given the row edited) */
  extra?: ReactNode | ((row?: T) => ReactNode);
}

/** Tabs over one filter; the tab with value '' shows all. */
export interface TabsDef {
  param: string;
  items: readonly { value: string; label: MessageKey }[];
}

export interface ListPageProps<T extends { id: number }> {
  title: MessageKey;
  /** API path of the list, e.g. '/users'; also the query cache key */
  path: string;
  filters?: readonly FieldDef[];
  columns: readonly ColumnDef<T>[];
  actions?: (row: T) => RowAction<T>[];
  /** POST path (default: path) */
  create?: FormDef<T> & { submit?: (values: Record<string, unknown>) => Promise<unknown>; initial?: () => Record<string, unknown> };
  /** PUT path/:id (default) */
  edit?: FormDef<T> & {
    initial: (row: T) => Record<string, unknown>;
    submit?: (row: T, values: Record<string, unknown>) => Promise<unknown>;
    /** the row action's label (default Edit) */ label?: MessageKey;
  };
  /** which rows offer Edit (default: all, when `edit` is given) */
  canEdit?: (row: T) => boolean;
  /** DELETE path/:id with confirmation */
  canDelete?: boolean | ((row: T) => boolean);
  expandedRow?: (row: T) => ReactNode;
  /** shown under the title (e.g. tabs that switch between lists) */
  header?: ReactNode;
  /** shown above the table from the whole list answer (e.g. its `summary`), following the filters */
  summary?: (data: Paged<T> & Record<string, unknown>) => ReactNode;
  /** called after any change so other caches can follow */
  onChanged?: (row?: T) => void;
  /** URL params set outside the search form (a selected folder, a tab) that Search and Reset keep; the API ignores those it does not know */
  keepParams?: readonly string[];
  /** the create button's label (default list.create) */
  createLabel?: MessageKey;
  /**
   * 'server' (default): the route answers `{ items, total, page, pageSize }` and pages and sorts.
   * 'client': the route answers a plain array, filtered by the query; the table pages it and sorts
   * it by the sortable column here.
   */
  paging?: 'server' | 'client';
  tabs?: TabsDef;
  /** more buttons beside "New" */
  toolbar?: ReactNode;
  /** the list's .xlsx export under /api (e.g. '/contract/export'): an Export button that sends the page's filters */
  exportPath?: string;
  /** the columns a phone's card shows, the record's number first (default: the first five columns) */
  cardFields?: readonly (keyof T & string)[];
}

/** How many of the cards' columns a card shows when the page names none. */
const CARD_FIELDS = 5;

const PAGE_SIZES = [20, 50, 100];

/** URL params → request query: every param as given, dateRange fields split into start/end. */
function readParams(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

function paramsToForm(filters: readonly FieldDef[], params: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of filters) {
    if (f.kind === 'dateRange') {
      if (params.startDate && params.endDate) values[f.name] = [dayjs(params.startDate), dayjs(params.endDate)];
    } else if (params[f.name] !== undefined) {
      values[f.name] = f.kind === 'number' ? Number(params[f.name]) : f.kind === 'select' && typeof f.options?.[0]?.value === 'number' ? Number(params[f.name]) : params[f.name];
    }
  }
  return values;
}

function formToParams(filters: readonly FieldDef[], values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters) {
    const v = values[f.name];
    if (f.kind === 'dateRange') {
      const range = v as [Dayjs, Dayjs] | null | undefined;
      if (range?.[0] && range[1]) {
        out.startDate = range[0].format('YYYY-MM-DD');
        out.endDate = range[1].format('YYYY-MM-DD');
      }
    } else if (v !== undefined && v !== null && v !== '') {
      out[f.name] = typeof v === 'string' ? v.trim() : String(v);
    }
  }
  return out;
}

export function ListPage<T extends { id: number }>(props: ListPageProps<T>) {
  const {
    title,
    path,
    filters = [],
    columns,
    actions,
    canEdit,
    expandedRow,
    header,
    summary,
    onChanged,
    keepParams = [],
    createLabel = 'list.create',
    paging = 'server',
    tabs,
    toolbar,
    exportPath,
    cardFields,
  } = props;
  const pageCan = usePageCan();
  // the page's area decides its write actions (kit/access.tsx): below write, no New, Edit, Delete
  const writable = pageCan('write');
  const create = writable ? props.create : undefined;
  const edit = writable ? props.edit : undefined;
  const canDelete = writable && props.canDelete;
  const phone = usePhone();
  const [filtering, setFiltering] = useState(false);
  const t = useT();
  const formatDate = useFormatDate();
  const { message, modal } = App.useApp();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const page = Number(params.page ?? 1) || 1;
  const pageSize = Number(params.pageSize ?? PAGE_SIZES[0]) || PAGE_SIZES[0]!;
  const [searchForm] = Form.useForm();
  const [drawer, setDrawer] = useState<{ mode: 'create' } | { mode: 'edit'; row: T } | null>(null);

  // client paging: the server sees the filters only
  const query = paging === 'client' ? Object.fromEntries(Object.entries(params).filter(([k]) => !['page', 'pageSize', 'sortOrder'].includes(k))) : params;
  const list = useQuery({
    ...listQuery<(Paged<T> & Record<string, unknown>) | T[]>(path, query),
    placeholderData: keepPreviousData,
  });
  const sortKey = columns.find((c) => c.sortable)?.key;
  const shown = useMemo((): { items: T[]; total: number } => {
    const data = list.data;
    if (!data) return { items: [], total: 0 };
    if (!Array.isArray(data)) return data;
    let rows = data;
    if (sortKey && params.sortOrder) {
      const sign = params.sortOrder === 'asc' ? 1 : -1;
      rows = [...data].sort((a, b) => {
        const x = a[sortKey as keyof T] as unknown as string | number;
        const y = b[sortKey as keyof T] as unknown as string | number;
        return x === y ? 0 : x > y ? sign : -sign;
      });
    }
    return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
  }, [list.data, sortKey, params.sortOrder, page, pageSize]);

  const changed = (row?: T) => {
    void queryClient.invalidateQueries({ queryKey: [path] });
    onChanged?.(row);
  };

  const runAction = useMutation({
    mutationFn: ({ action, row }: { action: RowAction<T>; row: T }) => action.run?.(row) ?? Promise.resolve(),
    onSuccess: (_data, { action, row }) => {
      void message.success(action.done?.(row) ?? t('list.saved'));
      changed(row);
    },
    onError: (err) => void message.error(errorText(err, t)),
  });

  const remove = useMutation({
    mutationFn: (row: T) => api.delete(`${path}/${row.id}`),
    onSuccess: (_data, row) => {
      void message.success(t('list.deleted'));
      changed(row);
    },
    onError: (err) => void message.error(errorText(err, t)),
  });

  const { mutate: runMutate, mutateAsync: runMutateAsync } = runAction;
  const removeAsync = remove.mutateAsync;

  const setQuery = (next: Record<string, string | undefined>) => {
    const merged = { ...params, ...next };
    setSearchParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>);
  };

  const settings = useColumnSettings(`cargodesk.columns.${user?.username ?? ''}.${path}`);
  const { prefs } = settings;

  /** A column's value in a row: its own render, a status badge, a date, or its text cut to one line. */
  const cellOf = useCallback(
    (c: ColumnDef<T>, row: T): ReactNode => {
      if (c.render) return c.render(row);
      const value = row[c.key] as unknown;
      if (c.kind === 'status' && c.status) return <StatusBadge value={value as string} map={c.status} />;
      if (c.kind === 'date' || c.kind === 'dateTime') return formatDate(value as string | null, c.kind === 'dateTime');
      if (value == null) return '';
      // free text (an address, a remark) is cut to one line so the table keeps to the screen (CSS
      // only: a measuring ellipsis per cell slowed long lists down)
      return (
        <span className="cell-text" title={String(value)}>
          {String(value)}
        </span>
      );
    },
    [formatDate],
  );

  const hasActions = !!(actions || edit || canDelete);
  /** A row's actions: edit, the page's own, delete; two show, the others wait in "More". */
  const actionsOf = useCallback(
    (row: T): ReactNode => {
      const removable = typeof canDelete === 'function' ? canDelete(row) : !!canDelete;
      const all: RowAction<T>[] = [
        ...(edit && (canEdit?.(row) ?? true) ? [{ key: 'edit', label: edit.label ?? ('list.edit' as const), open: (r: T) => setDrawer({ mode: 'edit', row: r }) }] : []),
        ...(actions?.(row) ?? []).filter((a) => pageCan(a.needs ?? 'write')),
        ...(removable ? [{ key: 'delete', label: 'list.delete' as const, confirm: 'list.deleteConfirm' as const, danger: true }] : []),
      ];
      // two show; the others wait in "More"
      const shown = all.slice(0, 2);
      const more = all.slice(2);
      const start = (a: RowAction<T>) => (a.open ? a.open(row) : runMutate({ action: a, row }));
      // delete has its own request and message
      const confirmed = (a: RowAction<T>) => (a.key === 'delete' ? removeAsync(row) : runMutateAsync({ action: a, row }));
      const ask = (a: RowAction<T>) =>
        modal.confirm({
          title: t(a.confirm!),
          okText: t('list.yes'),
          cancelText: t('list.no'),
          okButtonProps: { danger: a.danger },
          onOk: () => confirmed(a).catch(() => undefined),
        });
      return (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          {shown.map((a) => {
            const button = (
              <Button key={a.key} type="link" size="small" danger={a.danger} data-action={a.key} onClick={a.confirm ? undefined : () => start(a)}>
                {t(a.label)}
              </Button>
            );
            return a.confirm ? (
              <Confirm key={a.key} title={t(a.confirm)} danger={a.danger} onConfirm={() => confirmed(a)}>
                {button}
              </Confirm>
            ) : (
              button
            );
          })}
          {more.length > 0 && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: more.map((a) => ({ key: a.key, label: t(a.label), danger: a.danger, 'data-action': a.key })),
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  const a = more.find((m) => m.key === key)!;
                  if (a.confirm) ask(a);
                  else start(a);
                },
              }}
            >
              <Button type="link" size="small" data-action="more">
                {t('list.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      );
    },
    [actions, edit, canEdit, canDelete, pageCan, t, runMutate, runMutateAsync, removeAsync, modal],
  );

  const tableColumns = useMemo<ColumnsType<T>>(() => {
    const keys = orderedKeys(
      columns.map((c) => c.key),
      prefs,
    ).filter((k) => !prefs.hidden.includes(k));
    const picked = keys.map((k) => columns.find((c) => c.key === k)!);
    const cols: ColumnsType<T> = picked.map((c, i) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(c.title),
      width: c.width,
      // the first column names the record: it stays in view while the table scrolls sideways
      fixed: i === 0 ? ('left' as const) : undefined,
      align: c.align,
      sorter: c.sortable ? true : undefined,
      sortOrder: c.sortable ? (params.sortOrder === 'asc' ? 'ascend' : params.sortOrder === 'desc' || paging === 'server' ? 'descend' : null) : undefined,
      sortDirections: c.sortable ? (['descend', 'ascend', 'descend'] as const).slice() : undefined,
      render: (_: unknown, row: T) => cellOf(c, row),
    }));
    if (hasActions) cols.push({ key: '_actions', title: t('list.actions'), fixed: 'right', render: (_: unknown, row: T) => actionsOf(row) });
    return cols;
  }, [columns, t, params.sortOrder, paging, prefs, cellOf, actionsOf, hasActions]);

  const onTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery({
      page: String(pagination.current ?? 1),
      pageSize: String(pagination.pageSize ?? pageSize),
      sortOrder: s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined,
    });
  };

  const search = (values: Record<string, unknown>) => {
    const next: Record<string, string> = formToParams(filters, values);
    if (tabs && params[tabs.param]) next[tabs.param] = params[tabs.param]!;
    if (params.pageSize) next.pageSize = params.pageSize;
    if (params.sortOrder) next.sortOrder = params.sortOrder;
    for (const k of keepParams) if (params[k]) next[k] = params[k];
    setSearchParams(next);
  };

  const editing = drawer?.mode === 'edit' ? drawer.row : undefined;
  const formDef = drawer?.mode === 'create' ? create : edit;
  const creating = drawer?.mode === 'create';
  // a new create form's defaults come from the page (the selected folder, today): read again when
  // they change, as when the page renders its new address only after the drawer opened
  const createDefaults = creating ? create?.initial?.() : undefined;
  const createKey = JSON.stringify(createDefaults ?? null);
  const initialValues = useMemo(
    () => (editing && edit ? edit.initial(editing) : createDefaults),
    // read when the drawer opens: a page re-rendering (an upload's progress, a refetch) must not reset the form
    [editing, creating, createKey],
  );

  const resetFilters = () => {
    searchForm.resetFields();
    searchForm.setFieldsValue(Object.fromEntries(filters.map((f) => [f.name, undefined])));
    search({});
  };
  const filterButtons = (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('list.search')}
      </Button>
      <Button onClick={resetFilters}>{t('list.reset')}</Button>
    </Space>
  );
  const filterItems = filters.map((f) => (
    <Form.Item key={f.name} name={f.name} label={t(f.label)}>
      {fieldInput(f, t, true)}
    </Form.Item>
  ));
  /** the filters the address holds (a date range counts once) */
  const activeFilters = filters.filter((f) => (f.kind === 'dateRange' ? params.startDate : params[f.name])).length;
  const pagination = {
    current: page,
    pageSize,
    total: shown.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total: number) => t('list.total', { total }),
  };

  // the service refused the list (an area, or warehouses the user is not given): say what is missing
  if (isForbidden(list.error)) return <Forbidden error={list.error} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{t(title)}</PageTitle>
      {header}
      {(props.create || props.edit || props.canDelete) && <ReadOnlyLine />}
      {filters.length > 0 && !phone && (
        <Suspense fallback={null}>
          <Card size="small">
            <Form form={searchForm} name="search" layout="inline" initialValues={paramsToForm(filters, params)} onFinish={search}>
              <Row gutter={[0, 8]} style={{ width: '100%' }}>
                {filterItems.map((item) => (
                  <Col key={item.key}>{item}</Col>
                ))}
                <Col>{filterButtons}</Col>
              </Row>
            </Form>
          </Card>
        </Suspense>
      )}
      {filters.length > 0 && phone && (
        <Drawer
          open={filtering}
          placement="right"
          size="100%"
          title={t('list.filterTitle')}
          onClose={() => setFiltering(false)}
          footer={
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button onClick={resetFilters}>{t('list.reset')}</Button>
              <Button type="primary" onClick={() => searchForm.submit()}>
                {t('list.search')}
              </Button>
            </Space>
          }
        >
          {/* one column, the buttons in the footer (always on screen); Search closes the drawer. Built
              at the first opening (it stays built after): its selects and date pickers cost a phone
              the list's first render although none shows */}
          <Form
            form={searchForm}
            name="search"
            layout="vertical"
            initialValues={paramsToForm(filters, params)}
            onFinish={(values: Record<string, unknown>) => {
              search(values);
              setFiltering(false);
            }}
          >
            {filterItems}
            <button type="submit" hidden />
          </Form>
        </Drawer>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <Space wrap style={{ flex: 1, minWidth: 0 }}>
          {filters.length > 0 && phone && (
            <Badge count={activeFilters} size="small">
              <Button icon={<FilterOutlined />} onClick={() => setFiltering(true)} data-testid="filter-button">
                {t('list.filter')}
              </Button>
            </Badge>
          )}
          {create && (
            <Button type="primary" onClick={() => setDrawer({ mode: 'create' })}>
              {t(createLabel)}
            </Button>
          )}
          {exportPath && <ExportButton path={exportPath} query={params} fileName={exportPath.split('/').filter(Boolean).join('-')} />}
          {toolbar}
        </Space>
        {!phone && <ColumnSettings columns={columns.map((c) => ({ key: c.key, title: t(c.title) }))} prefs={prefs} onChange={settings.setPrefs} onReset={settings.reset} />}
      </div>
      {tabs && (
        <Suspense fallback={null}>
          <Tabs
            activeKey={params[tabs.param] ?? ''}
            onChange={(key) => setQuery({ [tabs.param]: key || undefined, page: undefined })}
            items={tabs.items.map((i) => ({ key: i.value, label: t(i.label) }))}
            style={{ marginBottom: -16 }}
          />
        </Suspense>
      )}
      {list.isError && <Alert type="error" showIcon title={t('list.loadFailed')} description={errorText(list.error, t)} />}
      {summary && list.data && !Array.isArray(list.data) && summary(list.data)}
      {phone ? (
        <RecordCards<T>
          rows={shown.items}
          fields={(cardFields ?? columns.slice(0, CARD_FIELDS).map((c) => c.key)).map((k) => columns.find((c) => c.key === k)!)}
          cell={cellOf}
          actions={hasActions ? actionsOf : undefined}
          expandedRow={expandedRow}
          loading={list.isFetching}
          pagination={{ ...pagination, onChange: (p: number, size: number) => setQuery({ page: String(p), pageSize: String(size) }) }}
        />
      ) : (
        <LazyTable<T>
          rowKey="id"
          size={prefs.density}
          columns={tableColumns}
          dataSource={shown.items}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          expandable={expandedRow ? { expandedRowRender: expandedRow, columnTitle: <span className="visually-hidden">{t('list.details')}</span> } : undefined}
          pagination={pagination}
        />
      )}
      {formDef && (
        <EditDrawer
          open={!!drawer}
          title={formDef.title(editing)}
          fields={formDef.fields}
          schema={formDef.schema}
          initialValues={initialValues}
          extra={typeof formDef.extra === 'function' ? formDef.extra(editing) : formDef.extra}
          onClose={() => setDrawer(null)}
          onSubmit={async (values) => {
            if (editing && edit) await (edit.submit ? edit.submit(editing, values) : api.put(`${path}/${editing.id}`, values));
            else if (create) await (create.submit ? create.submit(values) : api.post(path, values));
            void message.success(t('list.saved'));
            changed(editing);
          }}
        />
      )}
    </Space>
  );
}

/**
 * The rows of a list on a phone: one card a record, its number as the title, its status (the first
 * status field) beside it, the other key fields as label and value, and the row's actions under them.
 */
function RecordCards<T extends { id: number }>({
  rows,
  fields,
  cell,
  actions,
  expandedRow,
  loading,
  pagination,
}: {
  rows: T[];
  fields: ColumnDef<T>[];
  cell: (c: ColumnDef<T>, row: T) => ReactNode;
  actions?: (row: T) => ReactNode;
  expandedRow?: (row: T) => ReactNode;
  loading: boolean;
  pagination: { current: number; pageSize: number; total: number; showTotal: (total: number) => string; onChange: (page: number, size: number) => void };
}) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const [first, ...rest] = fields;
  const status = rest.find((f) => f.kind === 'status');
  const shown = rest.filter((f) => f !== status);
  return (
    <Spin spinning={loading}>
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {rows.length === 0 && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {rows.map((row) => (
          <FieldCard
            key={row.id}
            title={first ? cell(first, row) : undefined}
            extra={status ? cell(status, row) : undefined}
            fields={shown.map((f) => ({ key: f.key, label: t(f.title), value: cell(f, row) }))}
            actions={
              (actions || expandedRow) && (
                <>
                  {actions?.(row)}
                  {expandedRow && (
                    <Button type="link" size="small" onClick={() => setOpen(open === row.id ? null : row.id)} aria-expanded={open === row.id}>
                      {t('list.details')}
                    </Button>
                  )}
                </>
              )
            }
          >
            {expandedRow && open === row.id && <div style={{ marginTop: 8 }}>{expandedRow(row)}</div>}
          </FieldCard>
        ))}
        <PhonePager {...pagination} />
      </Space>
    </Spin>
  );
}

/**
 * The pager under a phone's cards: previous, "page / pages", next, named in antd's own words for
 * its pager (its locale). Not antd's Pagination: its page-size select made a phone download the
 * whole Select before the list's rows.
 */
function PhonePager({
  current,
  pageSize,
  total,
  showTotal,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  showTotal: (total: number) => string;
  onChange: (page: number, size: number) => void;
}) {
  const words = useContext(ConfigProvider.ConfigContext).locale?.Pagination;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 8 }}>
      <span>{showTotal(total)}</span>
      <Button type="text" size="small" icon={<LeftOutlined />} aria-label={words?.prev_page} disabled={current <= 1} onClick={() => onChange(current - 1, pageSize)} />
      <span data-testid="pager-position">
        {Math.min(current, pages)} / {pages}
      </span>
      <Button type="text" size="small" icon={<RightOutlined />} aria-label={words?.next_page} disabled={current >= pages} onClick={() => onChange(current + 1, pageSize)} />
    </div>
  );
}
