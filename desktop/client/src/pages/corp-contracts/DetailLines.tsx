// A contract's detail lines as an editable grid: one row at a time is edited in place (Enter
// saves), a new line is added at the bottom; plus the spreadsheet import and export.
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { detailBody, detailUpdateBody, type CorpContract, type Detail, type DetailTotals } from '../../../../../shared/corp-contracts';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { useFormatDate, useT } from '../../i18n';
import { usePageCan } from '../../kit/access';
import { toForm, toRequest } from '../../kit/EditDrawer';
import { fieldInput } from '../../kit/fields';
import { Confirm } from '../../kit/Confirm';
import { downloadFile } from '../../kit/files';
import { formatMoney, formatQuantity } from '../../kit/numbers';
import { WorkProgressBar, type WorkProgress } from '../../kit/progress';
import { applyServerErrors, zodRule } from '../../kit/zodForm';
import { ImportLines } from './ImportLines';
import { LINE_FIELDS } from './corpFields';

const CONTRACTS = '/corp-contract/contracts';
const NEW = -1;
const PAGE_SIZE = 50;

// on screen the columns a clerk scans come first (the spreadsheet keeps LINE_FIELDS' order), so
// beside the folder panel at 1366 px the line's quantity, amount and delivery date stay in view
const SCREEN_ORDER = ['lineNo', 'commodity', 'quantity', 'unit', 'amount', 'deliveryDate', 'unitPrice', 'specification', 'remark'] as const;

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
const formatNumber = (n: number | null) => (n == null ? '' : n.toLocaleString(undefined, { maximumFractionDigits: 6 }));
/** a line's cell: quantities with 3 decimals, amounts with 2, a unit price as given */
const formatCell: Partial<Record<keyof Detail, (n: number | null) => string>> = {
  quantity: formatQuantity,
  amount: (n) => formatMoney(n, ''),
};

/** The sums of all the contract's lines (the service adds them, not this page): quantity per unit, the amount beside the contract's. */
function LineTotals({ totals, contract }: { totals: DetailTotals; contract: CorpContract }) {
  const t = useT();
  const quantities = totals.quantities.map((q) => `${formatQuantity(q.quantity)} ${q.unit ?? t('corp.detail.noUnit')}`).join(' · ');
  return (
    <Space size="large" wrap data-testid="lines-totals">
      <Typography.Text strong>{t('corp.detail.totals')}</Typography.Text>
      <span data-testid="lines-total-quantity">
        {t('corp.detail.quantity')} <Typography.Text strong>{quantities || '—'}</Typography.Text>
      </span>
      <span data-testid="lines-total-amount">
        {t('corp.detail.amount')} <Typography.Text strong>{formatMoney(totals.amount, totals.currency) || '—'}</Typography.Text>
      </span>
      <span data-testid="contract-amount">
        {t('corp.detail.contractAmount')} <Typography.Text strong>{formatMoney(contract.amount, contract.currency) || '—'}</Typography.Text>
      </span>
    </Space>
  );
}

export function DetailLines({ contract }: { contract: CorpContract }) {
  const t = useT();
  const writable = usePageCan()('write');
  const formatDate = useFormatDate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Detail | typeof NEW | null>(null);
  const [saving, setSaving] = useState(false);
  const [topError, setTopError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<WorkProgress | null>(null);
  const quantity = Form.useWatch('quantity', form) as number | null | undefined;
  const unitPrice = Form.useWatch('unitPrice', form) as number | null | undefined;

  const path = `${CONTRACTS}/${contract.id}/details`;
  const query = { page, pageSize: PAGE_SIZE, sortOrder: 'asc' };
  const lines = useQuery({
    queryKey: [CONTRACTS, contract.id, 'details', query],
    queryFn: ({ signal }) => api.get<Paged<Detail> & { summary: DetailTotals }>(path, query, signal),
    placeholderData: keepPreviousData,
  });

  // the contract list shows each contract's line count: refresh both
  const changed = () => void queryClient.invalidateQueries({ queryKey: [CONTRACTS] });

  const schema = editing === NEW ? detailBody : detailUpdateBody;
  const rules = [zodRule(schema, t, toRequest)];

  const startEdit = (line: Detail | typeof NEW) => {
    form.resetFields();
    setTopError(null);
    if (line !== NEW) form.setFieldsValue(toForm(LINE_FIELDS, Object.fromEntries(LINE_FIELDS.map((f) => [f.name, line[f.name]]))));
    setEditing(line);
  };
  const cancel = () => {
    setEditing(null);
    setTopError(null);
  };

  const save = async () => {
    if (editing === null || saving) return;
    setTopError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = toRequest(form.getFieldsValue()) as Record<string, unknown>;
    // an amount left as it was is computed again from quantity × unit price
    if (editing !== NEW && values.amount === editing.amount) delete values.amount;
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    setSaving(true);
    try {
      if (editing === NEW) await api.post(path, parsed.data);
      else await api.put(`/corp-contract/details/${editing.id}`, parsed.data);
      void message.success(t('list.saved'));
      setEditing(null);
      changed();
    } catch (err) {
      setTopError(applyServerErrors(form, err, t));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (line: Detail) => {
    try {
      await api.delete(`/corp-contract/details/${line.id}`);
      void message.success(t('list.deleted'));
      changed();
    } catch (err) {
      void message.error(errorText(err, t));
    }
  };

  const exportLines = async () => {
    try {
      await downloadFile(`/api${path}/export`, `${contract.contractNumber}-details.xlsx`, setExporting);
    } catch (err) {
      void message.error(errorText(err, t));
    } finally {
      setExporting(null);
    }
  };

  const isEditing = (line: Detail) => (editing === NEW ? line.id === NEW : editing?.id === line.id);
  const computed = quantity != null && unitPrice != null ? round2(quantity * unitPrice) : null;

  const columns: ColumnsType<Detail> = [
    ...SCREEN_ORDER.map((name) => LINE_FIELDS.find((f) => f.name === name)!).map((f, i) => ({
      key: f.name,
      dataIndex: f.name,
      title: t(f.label),
      width: f.width,
      fixed: i === 0 ? ('left' as const) : undefined,
      render: (_: unknown, line: Detail) => {
        if (isEditing(line)) {
          return (
            <Form.Item name={f.name} rules={rules} style={{ margin: 0 }}>
              {f.name === 'amount' ? <InputNumber style={{ width: '100%' }} placeholder={computed != null ? formatNumber(computed) : t('corp.detail.auto')} /> : fieldInput(f, t)}
            </Form.Item>
          );
        }
        const value = line[f.name];
        if (f.kind === 'date') return formatDate(value as string | null, false);
        if (f.kind === 'number') return (formatCell[f.name] ?? formatNumber)(value as number | null);
        return value as string | null;
      },
    })),
    ...(writable
      ? ([
          {
            key: '_actions',
            title: t('list.actions'),
            width: 150,
            fixed: 'right',
            render: (_: unknown, line: Detail) =>
              isEditing(line) ? (
                <Space size={0}>
                  <Button type="link" size="small" loading={saving} onClick={() => void save()}>
                    {t('list.save')}
                  </Button>
                  <Button type="link" size="small" onClick={cancel}>
                    {t('list.cancel')}
                  </Button>
                </Space>
              ) : (
                <Space size={0}>
                  <Button type="link" size="small" disabled={editing !== null} onClick={() => startEdit(line)}>
                    {t('list.edit')}
                  </Button>
                  <Confirm title={t('corp.detail.deleteConfirm', { lineNo: line.lineNo })} danger onConfirm={() => remove(line)}>
                    <Button type="link" size="small" danger disabled={editing !== null}>
                      {t('list.delete')}
                    </Button>
                  </Confirm>
                </Space>
              ),
          },
        ] satisfies ColumnsType<Detail>)
      : []),
  ];

  const items = lines.data?.items ?? [];
  const rows = editing === NEW ? [...items, { id: NEW } as Detail] : items;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`lines-${contract.contractNumber}`}>
      <Space wrap>
        <Typography.Text strong>{t('corp.detail.title', { number: contract.contractNumber })}</Typography.Text>
        {writable && (
          <>
            <Button size="small" type="primary" icon={<PlusOutlined />} disabled={editing !== null} onClick={() => startEdit(NEW)}>
              {t('corp.detail.add')}
            </Button>
            <Button size="small" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('corp.import')}
            </Button>
          </>
        )}
        <Button size="small" icon={<DownloadOutlined />} onClick={() => void exportLines()}>
          {t('corp.export')}
        </Button>
        {exporting && (
          <span style={{ display: 'inline-block', width: 240 }}>
            <WorkProgressBar progress={exporting} />
          </span>
        )}
      </Space>
      {lines.data && <LineTotals totals={lines.data.summary} contract={contract} />}
      {topError && <Alert type="error" showIcon title={topError} />}
      <Form form={form} name="line" component={false}>
        <Table<Detail>
          rowKey="id"
          size="small"
          bordered
          columns={columns}
          dataSource={rows}
          loading={lines.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('corp.detail.none') }}
          onRow={(line) => ({
            onKeyDown: (e) => {
              if (!isEditing(line)) return;
              // Enter in a date picker, a select or an open autocomplete picks there; anywhere else in the line it saves
              const picking = '.ant-picker-dropdown, .ant-picker, .ant-select:not(.ant-select-auto-complete), .ant-select-open';
              if (e.key === 'Enter' && !(e.target as HTMLElement).closest(picking)) void save();
              if (e.key === 'Escape') cancel();
            },
          })}
          pagination={{
            current: page,
            // a new line below a full page: the table would cut it off at the page's size
            pageSize: Math.max(PAGE_SIZE, rows.length),
            total: lines.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
            showTotal: (total) => t('list.total', { total }),
          }}
        />
      </Form>
      <ImportLines contract={contract} open={importing} onClose={() => setImporting(false)} onImported={changed} />
    </Space>
  );
}
