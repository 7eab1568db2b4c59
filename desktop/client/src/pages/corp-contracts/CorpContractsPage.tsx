// Corporate contracts: folders on the left; the chosen folder's contracts on the right, each with
// its file (preview, download) and, when expanded, its editable detail lines with import/export.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { contractCreateBody, contractUpdateBody, corpFolderBody, corpFolderUpdateBody, type CorpContract, type CorpFolder } from '../../../../../shared/corp-contracts';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { uploadForm, UploadProgress } from '../../kit/files';
import { FolderPanel, useSelectedFolder, WithFolders } from '../../kit/FolderPanel';
import { ListPage } from '../../kit/ListPage';
import { StatusBadge } from '../../kit/StatusBadge';
import { categoryMap, filterFields, formFields, tableColumns } from './corpFields';
import { DetailLines } from './DetailLines';

const FOLDERS = '/corp-contract/folders';
const CONTRACTS = '/corp-contract/contracts';

const folderFields = formFields(['folderName', ['category', { required: true }], 'folderDescription']);
const folderInitial = (f: CorpFolder) => ({ name: f.name, category: f.category, description: f.description ?? '' });

const filters = filterFields(['category', 'keyword']);

/** Text fields of a multipart request: absent values are left out. */
function textFields(values: Record<string, unknown>): Record<string, string | number> {
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

  const folderInput = () => <Select options={folderOptions} showSearch optionFilterProp="label" />;
  const contractFields = (creating: boolean) =>
    formFields([
      ['folderId', { input: folderInput }],
      'contractNumber',
      'name',
      ['category', { hint: creating ? 'corp.categoryHint' : undefined }],
      'partyA',
      'partyB',
      'signDate',
      'amount',
      'currency',
      'remark',
      ['file', creating ? { required: true } : { label: 'corp.replaceFile' }],
    ]);

  const upload = async (method: 'POST' | 'PUT', path: string, values: Record<string, unknown>) => {
    const { file, ...fields } = values as { file: File[] } & Record<string, unknown>;
    try {
      return await uploadForm({ method, path, fields: textFields(fields), files: [['file', file[0]!]], onProgress: setProgress });
    } finally {
      setProgress(0);
    }
  };

  // beside the folders at 1366 px the columns a clerk scans come first; the rest by scrolling sideways
  const columns = tableColumns<CorpContract>([
    'contractNumber',
    'category',
    'partyA',
    'partyB',
    'signDate',
    'amount',
    'name',
    ['folderId', { cell: (value) => folderName(value as number) }],
    'details',
    'file',
    'updateTime',
  ]);

  const refreshFolders = () => void queryClient.invalidateQueries({ queryKey: [FOLDERS] });

  return (
    <WithFolders
      folders={
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
      }
    >
      <ListPage<CorpContract>
        title="menu.corpContracts"
        path={CONTRACTS}
        exportPath={`${CONTRACTS}/export`}
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
    </WithFolders>
  );
}
