// A paged list of folders beside an area's records: choose a folder (kept in the URL as
// `folderId`), create, rename and delete one (the server refuses a folder that is not empty, and
// that refusal is shown), each with the number of records it holds.
import { DeleteOutlined, EditOutlined, FolderOpenOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Input, Space, Table, Typography } from 'antd';
import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Paged } from '../../../../shared/paging';
import { api } from '../api/client';
import { errorText } from '../api/errors';
import { useT, type MessageKey } from '../i18n';
import { Confirm } from './Confirm';
import { EditDrawer } from './EditDrawer';
import type { FieldDef } from './fields';

export interface FolderBase {
  id: number;
  name: string;
  description: string | null;
}

export interface FolderPanelProps<F extends FolderBase> {
  /** API path of the folders, e.g. '/company/folders' */
  path: string;
  title: MessageKey;
  /** the entry that shows the records of every folder */
  allLabel: MessageKey;
  count: (folder: F) => number;
  fields: readonly FieldDef[];
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  initial: (folder: F) => Record<string, unknown>;
  /** shown under the folder's name (e.g. its category) */
  describe?: (folder: F) => ReactNode;
  /** called after a change so the records' lists can follow */
  onChanged?: () => void;
}

/** The selected folder, read from and written to the URL (`folderId`); other params are kept, the page resets. */
export function useSelectedFolder(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('folderId')) || undefined;
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
  const { path, title, allLabel, count, fields, createSchema, updateSchema, initial, describe, onChanged } = props;
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, select] = useSelectedFolder();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ folder?: F } | null>(null);

  const query = { page, pageSize: 20, keyword };
  const folders = useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<Paged<F>>(path, query, signal),
    placeholderData: keepPreviousData,
  });

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
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({})}>
          {t('folders.new')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={t('folders.search')} onSearch={(v) => (setKeyword(v.trim()), setPage(1))} />
        <Button block type={selected ? 'default' : 'primary'} ghost={!selected} icon={<FolderOpenOutlined />} onClick={() => select(undefined)} style={{ textAlign: 'left' }}>
          {t(allLabel)}
        </Button>
        <Table<F>
          rowKey="id"
          size="small"
          showHeader={false}
          loading={folders.isFetching}
          dataSource={folders.data?.items ?? []}
          locale={{ emptyText: t('folders.none') }}
          rowClassName={(f) => (f.id === selected ? 'ant-table-row-selected' : '')}
          onRow={(f) => ({ onClick: () => select(f.id), style: { cursor: 'pointer' }, 'data-folder': f.name } as HTMLAttributes<HTMLElement>)}
          pagination={{ current: page, pageSize: 20, total: folders.data?.total ?? 0, size: 'small', hideOnSinglePage: true, onChange: setPage }}
          columns={[
            {
              key: 'name',
              render: (_: unknown, f: F) => (
                <Space orientation="vertical" size={0}>
                  <Space size={6}>
                    <FolderOutlined />
                    <Typography.Text strong={f.id === selected}>{f.name}</Typography.Text>
                    <Badge count={count(f)} showZero color={count(f) ? '#1f6fb2' : '#bfbfbf'} title={t('folders.count', { n: count(f) })} />
                  </Space>
                  {describe?.(f)}
                  {f.description && <Typography.Text type="secondary">{f.description}</Typography.Text>}
                </Space>
              ),
            },
            {
              key: 'actions',
              width: 64,
              align: 'right',
              render: (_: unknown, f: F) => (
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
