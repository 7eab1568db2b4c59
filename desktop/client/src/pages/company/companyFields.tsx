// The company files' field catalog (kit/fieldCatalog.tsx): the folder panel, the list's filters and
// columns and the upload and edit drawers pick their fields from it by id.
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useFormatDate, useT } from '../../i18n';
import { fieldCatalog, partyCell, type FieldEntry } from '../../kit/fieldCatalog';
import { FileLinks, formatSize } from '../../kit/FileList';
import { FILE_RULES, fileHref } from '../../kit/files';

export const FILES = '/company/files';
/** expiry dates this close are shown as a warning */
const SOON_DAYS = 30;

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

const catalog = {
  // folders
  folderName: { name: 'name', label: 'company.folder.name', required: true },
  folderDescription: { name: 'description', label: 'company.folder.description', kind: 'textarea' },
  // files (the folder's input and cell need the page's folder list)
  files: { label: 'files.files', kind: 'files', rule: FILE_RULES.documents, required: true },
  fileName: {
    label: 'company.fileName',
    cell: (value, row) => (
      <FileLinks showName name={value as string} href={fileHref('company-files', row.fileUrl as string)} downloadHref={`/api${FILES}/${row.id as number}/download`} />
    ),
  },
  companyName: { label: 'company.companyName', cell: partyCell },
  fileCategory: { label: 'company.fileCategory', placeholder: 'company.fileCategoryHint' },
  expireDate: { label: 'company.expireDate', kind: 'date', cell: (value) => <ExpiryDate date={value as string | null} /> },
  folderId: { label: 'company.folder' },
  description: { label: 'company.description', kind: 'textarea' },
  fileSize: { label: 'company.fileSize', cell: (value) => formatSize(value as number) },
  createTime: { label: 'company.uploaded', kind: 'dateTime', sortable: true },
  keyword: { label: 'company.keyword', placeholder: 'company.keywordHint' },
  expiringWithinDays: {
    label: 'company.expiringWithin',
    kind: 'select',
    options: [
      { value: 30, label: 'company.days30' },
      { value: 60, label: 'company.days60' },
      { value: 90, label: 'company.days90' },
    ],
  },
} satisfies Record<string, FieldEntry>;

export const { filterFields, formFields, tableColumns } = fieldCatalog(catalog);
