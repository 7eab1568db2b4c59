// Ownership transfers: goods in a warehouse change owner (taken from the seller's stock figure),
// with attachments (contracts, release notes) uploaded with progress, previewed and downloaded.
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Space, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { transferBody, transferUpdateBody, type OwnershipTransfer } from '../../../../../shared/warehouse';
import { api } from '../../api/client';
import { useFormatDate, useT } from '../../i18n';
import { FileList } from '../../kit/FileList';
import { FileDropzone, FILE_RULES, uploadForm, UploadProgress } from '../../kit/files';
import { ListPage, type RowAction } from '../../kit/ListPage';
import { StatusBadge } from '../../kit/StatusBadge';
import { formatQuantity, invalidateStock, transferStatusMap } from './warehouseUi';
import { filterFields, formFields, tableColumns } from './warehouseFields';
import { BlLink } from '../reports/BlLink';
import { usePrintAction } from './usePrint';
import { useDrawerSize } from '../../kit/usePhone';
import { usePostedActions, usePostedEdit } from './posted';

export const TRANSFER_PATH = '/ownership-transfer';
type TransferFile = OwnershipTransfer['fileList'][number];
const FILES_AREA = 'ownership-files';

const filters = filterFields(['transferNumber', 'blNumber', 'transferStatus', 'transferor', 'transferee', 'warehouse', 'commodity', 'transferDate']);

const fields = formFields(['transferDate', 'warehouse', 'commodity', 'quantity', 'transferor', 'transferee', 'blNumber', 'transferStatus', 'remark'], transferBody);

/** The stock fields of a posted transfer (its status: a cancel or re-activation). */
const STOCK_FIELDS = ['transferDate', 'warehouse', 'commodity', 'quantity', 'blNumber', 'status'];

const columns = tableColumns<OwnershipTransfer>([
  'transferNumber',
  'transferStatus',
  'transferDate',
  'warehouse',
  'commodity',
  'quantity',
  'transferor',
  'transferee',
  'blNumber',
  'fileList',
]);

/** Form values as multipart text fields ('' clears an optional text, as null does in JSON). */
const multipartFields = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : (v as string | number | undefined)]));

/** The attachments part of the drawer: files kept or marked for removal, and files to add. */
function AttachmentsEditor(props: {
  existing: TransferFile[];
  removeIds: number[];
  setRemoveIds(ids: number[]): void;
  files: File[];
  setFiles(files: File[]): void;
  progress: number;
}) {
  const { existing, removeIds, setRemoveIds, files, setFiles, progress } = props;
  const t = useT();
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('wh.f.files')}>
        {existing.length > 0 && (
          <FileList
            area={FILES_AREA}
            files={existing}
            actions={(f) =>
              removeIds.includes(f.id) ? (
                <Button size="small" type="link" icon={<UndoOutlined />} onClick={() => setRemoveIds(removeIds.filter((id) => id !== f.id))}>
                  {t('wh.transfer.undoRemove')} ({t('wh.transfer.removed')})
                </Button>
              ) : (
                <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => setRemoveIds([...removeIds, f.id])}>
                  {t('wh.transfer.remove')}
                </Button>
              )
            }
          />
        )}
        <FileDropzone rule={FILE_RULES.documents} value={files} onChange={setFiles} />
        <UploadProgress percent={progress} />
      </Form.Item>
    </Form>
  );
}

function TransferDetail({ transfer, onClose }: { transfer: OwnershipTransfer | null; onClose(): void }) {
  const t = useT();
  const drawerSize = useDrawerSize(640);
  const formatDate = useFormatDate();
  return (
    <Drawer open={!!transfer} size={drawerSize} title={transfer ? t('wh.transfer.detailTitle', { number: transfer.transferNumber }) : ''} onClose={onClose} destroyOnHidden>
      {transfer && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              { key: 'n', label: t('wh.f.transferNumber'), children: transfer.transferNumber },
              { key: 's', label: t('wh.f.status'), children: <StatusBadge value={transfer.status} map={transferStatusMap} /> },
              { key: 'd', label: t('wh.f.transferDate'), children: formatDate(transfer.transferDate, false) },
              { key: 'b', label: t('wh.f.blNumber'), children: <BlLink value={transfer.blNumber} /> },
              { key: 'w', label: t('wh.f.warehouse'), children: transfer.warehouse },
              { key: 'c', label: t('wh.f.commodity'), children: transfer.commodity },
              { key: 'q', label: t('wh.f.quantity'), children: formatQuantity(transfer.quantity) },
              { key: 'from', label: t('wh.f.transferor'), children: transfer.transferor },
              { key: 'to', label: t('wh.f.transferee'), children: transfer.transferee },
              { key: 'u', label: t('wh.f.updateTime'), children: formatDate(transfer.updateTime) },
              { key: 'r', label: t('wh.f.remark'), children: transfer.remark, span: 2 },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('wh.f.files')}</Typography.Title>
            <FileList area={FILES_AREA} files={transfer.fileList} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}

export default function OwnershipTransfersPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [removeIds, setRemoveIds] = useState<number[]>([]);
  const [progress, setProgress] = useState(0);
  const [detail, setDetail] = useState<OwnershipTransfer | null>(null);

  const print = usePrintAction<OwnershipTransfer>(TRANSFER_PATH);
  const posted = usePostedEdit(fields, STOCK_FIELDS);
  const removal = usePostedActions<OwnershipTransfer>({
    path: TRANSFER_PATH,
    numberOf: (r) => r.transferNumber,
    cancel: { field: 'status', when: (r) => r.status !== 'cancelled' },
  });
  const actions = (row: OwnershipTransfer): RowAction<OwnershipTransfer>[] => [
    { key: 'details', label: 'wh.transfer.details', open: setDetail, needs: 'read' },
    print,
    ...removal.action(row),
  ];

  const attachments = (row?: OwnershipTransfer) => (
    <AttachmentsReset onOpen={() => (setFiles([]), setRemoveIds([]), setProgress(0))}>
      <AttachmentsEditor existing={row?.fileList ?? []} removeIds={removeIds} setRemoveIds={setRemoveIds} files={files} setFiles={setFiles} progress={progress} />
    </AttachmentsReset>
  );

  return (
    <>
      <ListPage<OwnershipTransfer>
        title="menu.ownershipTransfers"
        path={TRANSFER_PATH}
        exportPath={`${TRANSFER_PATH}/export`}
        filters={filters}
        columns={columns}
        actions={actions}
        create={{
          fields,
          schema: transferBody,
          title: () => t('wh.transfer.createTitle'),
          extra: attachments,
          submit: async (values) => {
            try {
              if (files.length === 0) await api.post(TRANSFER_PATH, values);
              else await uploadForm({ path: `${TRANSFER_PATH}/with-files`, fields: multipartFields(values), files: files.map((f) => ['files', f]), onProgress: setProgress });
            } finally {
              setProgress(0);
            }
          },
        }}
        edit={{
          fields: posted.fields,
          label: posted.label,
          schema: transferUpdateBody,
          title: (row) => t(posted.approve ? 'wh.posted.correctTitle' : 'wh.transfer.editTitle', { number: row?.transferNumber ?? '' }),
          initial: (row) => ({ ...row }),
          extra: attachments,
          submit: async (row, values) => {
            try {
              if (files.length === 0) await api.put(`${TRANSFER_PATH}/${row.id}`, { ...values, removeFileIds: removeIds.length ? removeIds : undefined });
              else
                await uploadForm({
                  method: 'PUT',
                  path: `${TRANSFER_PATH}/${row.id}`,
                  fields: { ...multipartFields(values), removeFileIds: removeIds.length ? removeIds.join(',') : undefined },
                  files: files.map((f) => ['files', f]),
                  onProgress: setProgress,
                });
            } finally {
              setProgress(0);
            }
          },
        }}
        onChanged={() => invalidateStock(queryClient)}
      />
      <TransferDetail transfer={detail} onClose={() => setDetail(null)} />
      {removal.dialog}
    </>
  );
}

/** Clears the page's attachment state each time the drawer opens (the drawer unmounts when closed). */
function AttachmentsReset({ onOpen, children }: { onOpen(): void; children: ReactNode }) {
  const reset = useRef(onOpen);
  useEffect(() => reset.current(), []);
  return children;
}
