// The desktop shell's own words (menus, tray, dialogs), in the client's two languages.
export type Language = 'zh-CN' | 'en-US';

const en = {
  'menu.app': 'Cargodesk',
  'menu.lan': 'Addresses for other PCs',
  'menu.lan.none': 'No network connection',
  'menu.lan.copy': 'Click an address to copy it',
  'menu.dataFolder': 'Open data folder',
  'menu.backup': 'Back up now',
  'menu.restore': 'Restore from a backup…',
  'menu.language': 'Language',
  'menu.about': 'About Cargodesk',
  'menu.print': 'Print…',
  'menu.show': 'Show window',
  'menu.quit': 'Quit',
  'menu.edit': 'Edit',
  'menu.view': 'View',
  'splash.starting': 'Cargodesk is starting…',
  'about.detail': 'Version {version}\nData folder: {dataDir}',
  copied: 'Copied {url}',
  'port.title': 'Port {port} is taken',
  'port.message': 'Another program already uses port {port}, so Cargodesk cannot serve other PCs there.',
  'port.detail': 'Close the other program and try again, or use port {suggested} instead (other PCs then open http://<this PC>:{suggested}).',
  'port.retry': 'Try again',
  'port.other': 'Use port {suggested}',
  'port.quit': 'Quit',
  'failed.title': 'Cargodesk could not start',
  'backup.done': 'Backup written',
  'backup.doneDetail': '{path}',
  'backup.failed': 'The backup failed',
  'backup.show': 'Show in folder',
  'restore.pick': 'Choose a Cargodesk backup',
  'restore.confirm': 'Restore {file}?',
  'restore.confirmDetail':
    'Everything in the data folder is replaced by the backup; changes made since it was taken are lost. Cargodesk restarts. The current backups and logs are kept.',
  'restore.ok': 'Restore and restart',
  'restore.cancel': 'Cancel',
  'restore.done': 'Restored; Cargodesk restarts now',
  'restore.failed': 'Nothing was restored; Cargodesk restarts with the data it had',
  'restart.notice': 'The Cargodesk service stopped unexpectedly (exit code {code}) and is starting again ({attempt} of at most {max} restarts in {minutes} minutes).',
  'restart.gaveUp.title': 'Cargodesk stopped',
  'restart.gaveUp':
    'The Cargodesk service stopped unexpectedly {crashes} times within {minutes} minutes (last exit code {code}), so it is not started again. Other PCs cannot use Cargodesk until it is started. Look in the log files in {logs} for the cause (a full disk, a folder that cannot be written), then start Cargodesk again.',
  ok: 'OK',
  zip: 'Backup (zip)',
} satisfies Record<string, string>;

const zh: Record<keyof typeof en, string> = {
  'menu.app': 'Cargodesk',
  'menu.lan': '其他电脑的访问地址',
  'menu.lan.none': '未连接网络',
  'menu.lan.copy': '点击地址即可复制',
  'menu.dataFolder': '打开数据文件夹',
  'menu.backup': '立即备份',
  'menu.restore': '从备份恢复…',
  'menu.language': '语言',
  'menu.about': '关于 Cargodesk',
  'menu.print': '打印…',
  'menu.show': '显示窗口',
  'menu.quit': '退出',
  'menu.edit': '编辑',
  'menu.view': '视图',
  'splash.starting': 'Cargodesk 正在启动…',
  'about.detail': '版本 {version}\n数据文件夹：{dataDir}',
  copied: '已复制 {url}',
  'port.title': '端口 {port} 已被占用',
  'port.message': '另一个程序正在使用端口 {port}，Cargodesk 无法在该端口为其他电脑提供服务。',
  'port.detail': '请关闭该程序后重试，或改用端口 {suggested}（其他电脑随后访问 http://<本机>:{suggested}）。',
  'port.retry': '重试',
  'port.other': '改用端口 {suggested}',
  'port.quit': '退出',
  'failed.title': 'Cargodesk 无法启动',
  'backup.done': '备份已完成',
  'backup.doneDetail': '{path}',
  'backup.failed': '备份失败',
  'backup.show': '在文件夹中显示',
  'restore.pick': '选择 Cargodesk 备份文件',
  'restore.confirm': '确定从 {file} 恢复？',
  'restore.confirmDetail': '数据文件夹中的全部内容将被该备份替换，备份之后的修改都会丢失。Cargodesk 将重新启动。现有的备份和日志会保留。',
  'restore.ok': '恢复并重启',
  'restore.cancel': '取消',
  'restore.done': '恢复完成，Cargodesk 即将重新启动',
  'restore.failed': '未做任何恢复，Cargodesk 将使用原有数据重新启动',
  'restart.notice': 'Cargodesk 服务意外停止（退出代码 {code}），正在重新启动（{minutes} 分钟内第 {attempt} 次，最多 {max} 次）。',
  'restart.gaveUp.title': 'Cargodesk 已停止',
  'restart.gaveUp':
    'Cargodesk 服务在 {minutes} 分钟内意外停止了 {crashes} 次（最后一次退出代码 {code}），因此不再自动启动。在重新启动之前，其他电脑无法使用 Cargodesk。请在 {logs} 中的日志文件里查找原因（磁盘已满、文件夹无法写入等），排除后重新启动 Cargodesk。',
  ok: '确定',
  zip: '备份文件（zip）',
};

export type TextKey = keyof typeof en;
export const texts: Record<Language, Record<TextKey, string>> = { 'en-US': en, 'zh-CN': zh };

export function translate(language: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  return texts[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** The system locale read as one of the two languages (Chinese locales: zh-CN; else en-US). */
export function languageOf(locale: string): Language {
  return locale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}
