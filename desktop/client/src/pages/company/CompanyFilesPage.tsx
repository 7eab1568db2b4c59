// Company files: licences, invoicing information and the like, in folders, with their expiry dates
// (expired and soon-expiring ones stand out) and the "expiring within N days" filter.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { companyFileFields, companyFolderBody, companyFolderUpdateBody, type CompanyFile, type CompanyFolder } from '../../../../../shared/company';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { uploadForm, UploadProgress } from '../../kit/files';
import { FolderPanel, useSelectedFolder, WithFolders } from '../../kit/FolderPanel';
import { ListPage } from '../../kit/ListPage';
import { FILES, filterFields, formFields, tableColumns } from './companyFields';

const FOLDERS = '/company/folders';

const folderFields = formFields(['folderName', 'folderDescription']);
const folderInitial = (f: CompanyFolder) => ({ name: f.name, description: f.description ?? '' });

const filters = filterFields(['companyName', 'fileCategory', 'keyword', 'expiringWithinDays']);

export default function CompanyFilesPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [folderId] = useSelectedFolder();
  const [progress, setProgress] = useState(0);

  const allFolders = useQuery({
    queryKey: [FOLDERS, 'all'],
    queryFn: ({ signal }) => api.get<Paged<CompanyFolder>>(FOLDERS, { pageSize: 100 }, signal),
  });
  const folderOptions = useMemo(() => (allFolders.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })), [allFolders.data]);
  const folderName = (id: number | null) => (id == null ? '' : (allFolders.data?.items.find((f) => f.id === id)?.name ?? String(id)));

  const folderInput = () => <Select options={folderOptions} allowClear showSearch optionFilterProp="label" />;
  const recordFields = formFields(['companyName', 'fileCategory', 'expireDate', ['folderId', { input: folderInput }], 'description']);
  const uploadFields = [...formFields(['files']), ...recordFields];

  const columns = tableColumns<CompanyFile>([
    'fileName',
    'companyName',
    // before the category: at 1366×768 the fixed actions column would cover it
    'expireDate',
    'fileCategory',
    ['folderId', { cell: (value) => folderName(value as number | null) }],
    'description',
    'fileSize',
    'createTime',
  ]);

  return (
    <WithFolders
      folders={
        <FolderPanel<CompanyFolder>
          path={FOLDERS}
          title="company.folders"
          allLabel="company.allFiles"
          count={(f) => f.fileCount}
          countLabel="folders.count"
          fields={folderFields}
          createSchema={companyFolderBody}
          updateSchema={companyFolderUpdateBody}
          initial={folderInitial}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: [FILES] })}
        />
      }
    >
      <ListPage<CompanyFile>
        title="menu.companyFiles"
        path={FILES}
        exportPath={`${FILES}/export`}
        keepParams={['folderId']}
        filters={filters}
        columns={columns}
        canDelete
        createLabel="company.upload"
        onChanged={() => void queryClient.invalidateQueries({ queryKey: [FOLDERS] })}
        create={{
          fields: uploadFields,
          schema: companyFileFields,
          title: () => t('company.upload'),
          initial: () => ({ folderId }),
          extra: <UploadProgress percent={progress} />,
          submit: async (values) => {
            const { files, ...data } = values as { files: File[] } & Record<string, unknown>;
            try {
              return await uploadForm({ path: `${FILES}/upload`, fields: { data: JSON.stringify(data) }, files: files.map((f) => ['files', f]), onProgress: setProgress });
            } finally {
              setProgress(0);
            }
          },
        }}
        edit={{
          fields: recordFields,
          schema: companyFileFields,
          title: (row) => t('company.editTitle', { name: row?.fileName ?? '' }),
          initial: (row) => ({
            companyName: row.companyName ?? '',
            fileCategory: row.fileCategory ?? '',
            expireDate: row.expireDate,
            folderId: row.folderId ?? undefined,
            description: row.description ?? '',
          }),
          // a cleared folder takes the file out of its folder
          submit: (row, values) => api.put(`${FILES}/${row.id}`, { ...values, folderId: values.folderId ?? null }),
        }}
      />
    </WithFolders>
  );
}
