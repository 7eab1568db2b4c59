// Backups (admin): back up now, list, download.
import type en from '../en-US/backups';

export default {
  'backups.intro':
    '每个备份是一个 zip 文件，包含数据库和全部已存文件，备份时其他人可照常工作。系统每天还会自动备份一次，自动备份保留 14 天。请定期下载备份，并在另一块磁盘上保存一份。',
  'backups.postgresql': '本系统的数据保存在 PostgreSQL 中：数据库管理员自己的备份（pg_dump）仍是主要备份。此处的备份是全部数据表和全部已存文件的额外副本，取自同一个一致的快照。',
  'backups.restoreHint': '如需恢复备份，请使用桌面程序菜单中的“从备份恢复…”，或在服务器上运行 npm run restore。',
  'backups.now': '立即备份',
  'backups.written': '备份已完成：{name}',
  'backups.name': '文件',
  'backups.kind': '类型',
  'backups.kind.daily': '每日自动',
  'backups.kind.manual': '手动',
  'backups.createTime': '备份时间',
  'backups.size': '大小',
  'backups.download': '下载',
  'backups.empty': '暂无备份',
  'backups.openFolder': '打开数据文件夹',
} satisfies Record<keyof typeof en, string>;
