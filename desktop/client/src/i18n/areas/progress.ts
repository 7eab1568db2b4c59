// Progress of long work: uploads, imports, exports, backups (kit/progress.tsx).
export const en = {
  'work.uploading': 'Uploading: {percent}%',
  'work.reading': 'Reading the workbook…',
  'work.checking': 'Checking rows: {done} of {total}',
  'work.writing': 'Writing rows: {done} of {total}',
  'work.written': '{done} rows written',
  'work.copying': 'Copying the database: {done} of {total} pages',
  'work.packing': 'Packing files: {done} of {total}',
} satisfies Record<string, string>;

export const zh: Record<keyof typeof en, string> = {
  'work.uploading': '上传中：{percent}%',
  'work.reading': '正在读取工作簿…',
  'work.checking': '正在检查行：{done} / {total}',
  'work.writing': '正在写入行：{done} / {total}',
  'work.written': '已写入 {done} 行',
  'work.copying': '正在复制数据库：{done} / {total} 页',
  'work.packing': '正在打包文件：{done} / {total}',
};
