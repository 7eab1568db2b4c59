// Company files: licences, invoicing information and the like, in folders, with their expiry dates
// (expired and soon-expiring ones stand out) and the "expiring within N days" filter.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Row, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { companyFileFields, companyFolderBody, companyFolderUpdateBody, type CompanyFile, type CompanyFolder } from '../../../../../shared/company';
import type { Paged } from '../../../../../shared/paging';
import { api } from '../../api/client';
import { useFormatDate, useT } from '../../i18n';
import type { FieldDef } from '../../kit/fields';
import { FileLinks, formatSize } from '../../kit/FileList';
import { FILE_RULES, fileHref, uploadForm, UploadProgress } from '../../kit/files';
import { FolderPanel, useSelectedFolder } from '../../kit/FolderPanel';
import { ListPage, type ColumnDef } from '../../kit/ListPage';

const FOLDERS = '/company/folders';
const FILES = '/company/files';
/** expiry dates this close are shown as a warning */
const SOON_DAYS = 30;

const folderFields: FieldDef[] = [
  { name: 'name', label: 'company.folder.name', required: true },
  { name: 'description', label: 'company.folder.description', kind: 'textarea' },
];
const folderInitial = (f: CompanyFolder) => ({ name: f.name, description: f.description ?? '' });

const filters: FieldDef[] = [
  { name: 'companyName', label: 'company.companyName' },
  { name: 'fileCategory', label: 'company.fileCategory', placeholder: 'company.fileCategoryHint' },
  { name: 'keyword', label: 'company.keyword', placeholder: 'company.keywordHint' },
  {
    name: 'expiringWithinDays',
    label: 'company.expiringWithin',
    kind: 'select',
    options: [
      { value: 30, label: 'company.days30' },
      { value: 60, label: 'company.days60' },
      { value: 90, label: 'company.days90' },
    ],
  },
];

function ExpiryDate({ date }: { date: string | null }) {
  const t = useT();
  const formatDate = useFormatDate();
  if (!date) return null;
  const days = dayjs(date).startOf('day').diff(dayjs().startOf('day'), 'day');
  const text = formatDate(date, false);
  if (days < 0) return <Tag color="red">{t('company.expired', { date: text })}</Tag>;
  if (days <= SOON_DAYS) return <Tag color="orange">{t('company.expiresIn', { date: text, days })}</Tag>;
  return <span>{text}</span>;
}

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

  const recordFields: FieldDef[] = [
    { name: 'companyName', label: 'company.companyName' },
    { name: 'fileCategory', label: 'company.fileCategory', placeholder: 'company.fileCategoryHint' },
    { name: 'expireDate', label: 'company.expireDate', kind: 'date' },
    { name: 'folderId', label: 'company.folder', render: () => <Select options={folderOptions} allowClear showSearch optionFilterProp="label" /> },
    { name: 'description', label: 'company.description', kind: 'textarea' },
  ];
  const uploadFields: FieldDef[] = [{ name: 'files', label: 'files.files', kind: 'files', rule: FILE_RULES.documents, required: true }, ...recordFields];

  const columns: ColumnDef<CompanyFile>[] = [
    {
      key: 'fileName',
      title: 'company.fileName',
      render: (r) => <FileLinks showName name={r.fileName} href={fileHref('company-files', r.fileUrl)} downloadHref={`/api${FILES}/${r.id}/download`} />,
    },
    { key: 'companyName', title: 'company.companyName' },
    { key: 'fileCategory', title: 'company.fileCategory' },
    { key: 'expireDate', title: 'company.expireDate', render: (r) => <ExpiryDate date={r.expireDate} /> },
    { key: 'folderId', title: 'company.folder', render: (r) => folderName(r.folderId) },
    { key: 'description', title: 'company.description' },
    { key: 'fileSize', title: 'company.fileSize', render: (r) => formatSize(r.fileSize) },
    { key: 'createTime', title: 'company.uploaded', kind: 'dateTime', sortable: true },
  ];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="300px">
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
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ListPage<CompanyFile>
          title="menu.companyFiles"
          path={FILES}
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
      </Col>
    </Row>
  );
}
