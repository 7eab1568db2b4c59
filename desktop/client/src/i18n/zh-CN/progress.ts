// Progress of long work: uploads, imports, exports, backups (kit/progress.tsx).
import type en from '../en-US/progress';

export default {
  'work.uploading': '上传中：{percent}%',
  'work.reading': '正在读取工作簿…',
  'work.checking': '正在检查行：{done} / {total}',
  'work.writing': '正在写入行：{done} / {total}',
  'work.written': '已写入 {done} 行',
  'work.copying': '正在复制数据库：{done} / {total} 页',
  'work.packing': '正在打包文件：{done} / {total}',
} satisfies Record<keyof typeof en, string>;
