// Progress of long work: uploads, imports, exports, backups (kit/progress.tsx).
export default {
  'work.uploading': 'Uploading: {percent}%',
  'work.reading': 'Reading the workbook…',
  'work.checking': 'Checking rows: {done} of {total}',
  'work.writing': 'Writing rows: {done} of {total}',
  'work.written': '{done} rows written',
  'work.copying': 'Copying the database: {done} of {total} pages',
  'work.packing': 'Packing files: {done} of {total}',
} satisfies Record<string, string>;
