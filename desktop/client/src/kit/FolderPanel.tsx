// A paged list of folders beside an area's records: choose a folder (kept in the URL as
// `folderId`), create, rename and delete one (the server refuses a folder that is not empty, and
// that refusal is shown), each with the number of records it holds. Serves routes answering
// `{ items, total, ... }` (paged and searched by the server) and routes answering a plain array
// (searched and paged here).
import { DeleteOutlined, EditOutlined, FolderOpenOutlined, FolderOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Input, Row, Space, Table, Typography } from 'antd';
import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Paged } from '../../../../shared/paging';
import { api } from '../api/client';
import { errorText } from '../api/errors';
import { useT, type MessageKey } from '../i18n';
import { Confirm } from './Confirm';
import { usePageCan } from './access';
import { usePhone } from './usePhone';
import { EditDrawer } from './EditDrawer';
import type { FieldDef } from './fields';

const PAGE_SIZE = 20;

/** The panel's width beside the records: narrow enough that a 1366 px laptop shows the records' key columns. */
export const FOLDER_PANEL_WIDTH = '240px';

/** An area's folders beside its records; on a phone above them, each as wide as the screen. */
export function WithFolders({ folders, width = FOLDER_PANEL_WIDTH, children }: { folders: ReactNode; width?: string; children: ReactNode }) {
  const phone = usePhone();
  if (phone)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {folders}
        {children}
      </Space>
    );
  return (
    <Row gutter={16} wrap={false}>
      <Col flex={width}>{folders}</Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {children}
      </Col>
    </Row>
  );
}

export interface FolderBase {
  id: number;
  name: string;
  description: string | null;
}

export interface FolderPanelProps<F extends FolderBase> {
  /** API path of the folders, e.g. '/company/folders' */
  path: string;
  title: MessageKey;
  /** the entry that shows the records of every folder; without it the first folder is the default */
  allLabel?: MessageKey;
  count: (folder: F) => number;
  /** how the count reads, e.g. '{n} batches' */
  countLabel: MessageKey;
  /** 'client': the route answers a plain array of every folder */
  paging?: 'server' | 'client';
  fields: readonly FieldDef[];
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  initial: (folder: F) => Record<string, unknown>;
  /** shown under the folder's name (e.g. its category) */
  describe?: (folder: F) => ReactNode;
  /** called after a change so the records' lists can follow */
  onChanged?: () => void;
}

/**
 * The selected folder, read from and written to the URL (`folderId`); other params are kept, the
 * page resets. `fallback`: the folder taken when the URL names none.
 */
export function useSelectedFolder(fallback?: number): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('folderId')) || fallback;
  const select = (next: number | undefined) => {
    const p = new URLSearchParams(params);
    p.delete('page');
    if (next) p.set('folderId', String(next));
    else p.delete('folderId');
    setParams(p);
  };
  return [id, select];
}

export function FolderPanel<F extends FolderBase>(props: FolderPanelProps<F>) {
  const { path, title, allLabel, count, countLabel, paging = 'server', fields, createSchema, updateSchema, initial, describe, onChanged } = props;
  const t = useT();
  const writable = usePageCan()('write');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ folder?: F } | null>(null);

  // client paging: one request for every folder, under the path alone (pages may share it)
  const query = paging === 'client' ? undefined : { page, pageSize: PAGE_SIZE, keyword };
  const folders = useQuery({
    queryKey: query ? [path, query] : [path],
    queryFn: ({ signal }) => api.get<Paged<F> | F[]>(path, query, signal),
    placeholderData: keepPreviousData,
  });
  const shown = useMemo((): { items: F[]; total: number } => {
    const data = folders.data;
    if (!data) return { items: [], total: 0 };
    if (!Array.isArray(data)) return data;
    const k = keyword.toLowerCase();
    const hits = k ? data.filter((f) => f.name.toLowerCase().includes(k) || f.description?.toLowerCase().includes(k)) : data;
    return { items: hits.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: hits.length };
  }, [folders.data, keyword, page]);
  const first = Array.isArray(folders.data) ? folders.data[0] : folders.data?.items[0];
  const [selected, select] = useSelectedFolder(allLabel ? undefined : first?.id);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: [path] });
    onChanged?.();
  };

  const remove = async (folder: F) => {
    try {
      await api.delete(`${path}/${folder.id}`);
      void message.success(t('list.deleted'));
      if (selected === folder.id) select(undefined);
      changed();
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  const editing = drawer?.folder;
  // a new object on each render would reset the drawer's form while typing
  const initialValues = useMemo(() => (editing ? initial(editing) : undefined), [editing, initial]);
  return (
    <Card
      size="small"
      title={t(title)}
      extra={
        writable && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({})}>
            {t('folders.new')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('folders.search')}
          enterButton={<Button icon={<SearchOutlined />} aria-label={t('folders.search')} />}
          onSearch={(v) => (setKeyword(v.trim()), setPage(1))}
        />
        {allLabel && (
          <Button block type={selected ? 'default' : 'primary'} ghost={!selected} icon={<FolderOpenOutlined />} onClick={() => select(undefined)} style={{ textAlign: 'left' }}>
            {t(allLabel)}
          </Button>
        )}
        <Table<F>
          rowKey="id"
          size="small"
          showHeader={false}
          loading={folders.isFetching}
          dataSource={shown.items}
          locale={{ emptyText: t('folders.none') }}
          rowClassName={(f) => (f.id === selected ? 'ant-table-row-selected' : '')}
          onRow={(f) => ({ onClick: () => select(f.id), style: { cursor: 'pointer' }, 'data-folder': f.name, 'data-testid': 'folder' }) as HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: shown.total, size: 'small', hideOnSinglePage: true, onChange: setPage }}
          columns={[
            {
              key: 'name',
              render: (_: unknown, f: F) => (
                <Space orientation="vertical" size={0}>
                  <Space size={6}>
                    {f.id === selected ? <FolderOpenOutlined /> : <FolderOutlined />}
                    <Typography.Text strong={f.id === selected}>{f.name}</Typography.Text>
                  </Space>
                  {describe?.(f)}
                  <Typography.Text type="secondary">{[t(countLabel, { n: count(f) }), f.description].filter(Boolean).join(' · ')}</Typography.Text>
                </Space>
              ),
            },
            {
              key: 'actions',
              width: 64,
              align: 'right',
              render: (_: unknown, f: F) =>
                writable && (
                  <Space size={0} onClick={(e) => e.stopPropagation()}>
                    <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('folders.edit')} onClick={() => setDrawer({ folder: f })} />
                    <Confirm title={t('folders.deleteConfirm', { name: f.name })} danger onConfirm={() => remove(f)}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('folders.delete')} />
                    </Confirm>
                  </Space>
                ),
            },
          ]}
        />
      </Space>
      <EditDrawer
        open={!!drawer}
        title={editing ? t('folders.editTitle', { name: editing.name }) : t('folders.new')}
        fields={fields}
        schema={editing ? updateSchema : createSchema}
        initialValues={initialValues}
        onClose={() => setDrawer(null)}
        onSubmit={async (values) => {
          const saved = editing ? await api.put<F>(`${path}/${editing.id}`, values) : await api.post<F>(path, values);
          void message.success(t('list.saved'));
          if (!editing) select(saved.id);
          changed();
        }}
      />
    </Card>
  );
}
