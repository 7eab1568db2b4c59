// Corporate contracts: folders on the left; the chosen folder's contracts on the right, each with
// its file (preview, download) and, when expanded, its editable detail lines with import/export.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Row, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import {
  contractCreateBody,
  contractUpdateBody,
  CORP_CATEGORIES,
  corpFolderBody,
  corpFolderUpdateBody,
  type CorpContract,
  type CorpFolder,
} from '../../../../../shared/corp-contracts';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { useT, type MessageKey } from '../../i18n';
import type { FieldDef } from '../../kit/fields';
import { FileLinks } from '../../kit/FileList';
import { FILE_RULES, fileHref, uploadForm, UploadProgress } from '../../kit/files';
import { FolderPanel, useSelectedFolder } from '../../kit/FolderPanel';
import { ListPage, type ColumnDef } from '../../kit/ListPage';
import type { StatusMap } from '../../kit/StatusBadge';
import { StatusBadge } from '../../kit/StatusBadge';
import { DetailLines } from './DetailLines';

const FOLDERS = '/corp-contract/folders';
const CONTRACTS = '/corp-contract/contracts';

const categoryColors = { upstream: 'blue', downstream: 'green', foreign_purchase: 'purple', freight_forwarding: 'cyan', logistics: 'orange', other: 'default' } as const;
export const categoryMap: StatusMap = Object.fromEntries(CORP_CATEGORIES.map((c) => [c, { color: categoryColors[c], label: `corp.category.${c}` as MessageKey }]));
const categoryOptions = CORP_CATEGORIES.map((c) => ({ value: c, label: `corp.category.${c}` as MessageKey }));

const folderFields: FieldDef[] = [
  { name: 'name', label: 'corp.folder.name', required: true },
  { name: 'category', label: 'corp.category', kind: 'select', options: categoryOptions, required: true },
  { name: 'description', label: 'corp.folder.description', kind: 'textarea' },
];
const folderInitial = (f: CorpFolder) => ({ name: f.name, category: f.category, description: f.description ?? '' });

const filters: FieldDef[] = [
  { name: 'category', label: 'corp.category', kind: 'select', options: categoryOptions },
  { name: 'keyword', label: 'corp.keyword', placeholder: 'corp.keywordHint' },
];

const formatAmount = (n: number | null) => (n == null ? '' : n.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Text fields of a multipart request: absent values are left out. */
function formFields(values: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

export default function CorpContractsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [folderId] = useSelectedFolder();
  const [progress, setProgress] = useState(0);

  // every folder, for the contract form's folder choice
  const allFolders = useQuery({
    queryKey: [FOLDERS, 'all'],
    queryFn: ({ signal }) => api.get<Paged<CorpFolder>>(FOLDERS, { pageSize: 100 }, signal),
  });
  const folderOptions = useMemo(() => (allFolders.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })), [allFolders.data]);
  const folderName = (id: number) => allFolders.data?.items.find((f) => f.id === id)?.name ?? String(id);

  const contractFields = (creating: boolean): FieldDef[] => [
    { name: 'folderId', label: 'corp.folder', required: true, render: () => <Select options={folderOptions} showSearch optionFilterProp="label" /> },
    { name: 'contractNumber', label: 'corp.contractNumber', required: true },
    { name: 'name', label: 'corp.name' },
    { name: 'category', label: 'corp.category', kind: 'select', options: categoryOptions, hint: creating ? 'corp.categoryHint' : undefined },
    { name: 'partyA', label: 'corp.partyA' },
    { name: 'partyB', label: 'corp.partyB' },
    { name: 'signDate', label: 'corp.signDate', kind: 'date' },
    { name: 'amount', label: 'corp.amount', kind: 'number' },
    { name: 'currency', label: 'corp.currency', placeholder: 'corp.currencyHint' },
    { name: 'remark', label: 'corp.remark', kind: 'textarea' },
    { name: 'file', label: creating ? 'corp.file' : 'corp.replaceFile', kind: 'files', rule: FILE_RULES.documents, maxCount: 1, required: creating },
  ];

  const upload = async (method: 'POST' | 'PUT', path: string, values: Record<string, unknown>) => {
    const { file, ...fields } = values as { file: File[] } & Record<string, unknown>;
    try {
      return await uploadForm({ method, path, fields: formFields(fields), files: [['file', file[0]!]], onProgress: setProgress });
    } finally {
      setProgress(0);
    }
  };

  const columns: ColumnDef<CorpContract>[] = [
    { key: 'contractNumber', title: 'corp.contractNumber', sortable: true },
    { key: 'name', title: 'corp.name' },
    { key: 'category', title: 'corp.category', kind: 'status', status: categoryMap },
    { key: 'folderId', title: 'corp.folder', render: (r) => folderName(r.folderId) },
    { key: 'partyA', title: 'corp.partyA' },
    { key: 'partyB', title: 'corp.partyB' },
    { key: 'signDate', title: 'corp.signDate', kind: 'date' },
    { key: 'amount', title: 'corp.amount', render: (r) => (r.amount == null ? '' : `${formatAmount(r.amount)} ${r.currency}`) },
    { key: 'details', title: 'corp.lines', render: (r) => <Tag>{r.detailCount}</Tag> },
    {
      key: 'fileName',
      title: 'corp.file',
      render: (r) => <FileLinks showName name={r.fileName} href={fileHref('corp-contract-files', r.fileUrl)} />,
    },
    { key: 'updateTime', title: 'corp.updateTime', kind: 'dateTime' },
  ];

  const refreshFolders = () => void queryClient.invalidateQueries({ queryKey: [FOLDERS] });

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="300px">
        <FolderPanel<CorpFolder>
          path={FOLDERS}
          title="corp.folders"
          allLabel="corp.allContracts"
          count={(f) => f.contractCount}
          countLabel="folders.count"
          fields={folderFields}
          createSchema={corpFolderBody}
          updateSchema={corpFolderUpdateBody}
          initial={folderInitial}
          describe={(f) => <StatusBadge value={f.category} map={categoryMap} />}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: [CONTRACTS] })}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ListPage<CorpContract>
          title="menu.corpContracts"
          path={CONTRACTS}
          keepParams={['folderId']}
          filters={filters}
          columns={columns}
          canDelete
          createLabel="corp.newContract"
          onChanged={refreshFolders}
          expandedRow={(row) => <DetailLines contract={row} />}
          create={{
            fields: contractFields(true),
            schema: contractCreateBody,
            title: () => t('corp.newContract'),
            initial: () => ({ folderId }),
            extra: <UploadProgress percent={progress} />,
            submit: (values) => upload('POST', CONTRACTS, values),
          }}
          edit={{
            fields: contractFields(false),
            schema: contractUpdateBody,
            title: (row) => t('corp.editContract', { number: row?.contractNumber ?? '' }),
            extra: <UploadProgress percent={progress} />,
            initial: (row) => ({
              folderId: row.folderId,
              contractNumber: row.contractNumber,
              name: row.name ?? '',
              category: row.category,
              partyA: row.partyA ?? '',
              partyB: row.partyB ?? '',
              signDate: row.signDate,
              amount: row.amount,
              currency: row.currency,
              remark: row.remark ?? '',
            }),
            submit: (row, values) => {
              const files = values.file as File[];
              if (files.length) return upload('PUT', `${CONTRACTS}/${row.id}`, values);
              const { file: _file, ...fields } = values;
              return api.put(`${CONTRACTS}/${row.id}`, fields);
            },
          }}
        />
      </Col>
    </Row>
  );
}
