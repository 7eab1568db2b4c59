// Backups (admin): back up now, list, download.
export default {
  'backups.intro':
    'A backup is one zip holding the database and every stored file, taken while everyone keeps working. The service also makes one a day by itself and keeps those for 14 days. Download backups regularly and keep a copy on another disk.',
  'backups.postgresql':
    "This service keeps its data in PostgreSQL: the database administrator's own backups (pg_dump) stay the primary ones. The backups here are an extra copy of every table and every stored file, taken in one consistent snapshot.",
  'backups.restoreHint': 'To restore a backup, use "Restore from a backup…" in the desktop app\'s menu, or npm run restore on the server.',
  'backups.now': 'Back up now',
  'backups.written': 'Backup written: {name}',
  'backups.name': 'File',
  'backups.kind': 'Kind',
  'backups.kind.daily': 'Daily',
  'backups.kind.manual': 'By hand',
  'backups.createTime': 'Taken at',
  'backups.size': 'Size',
  'backups.download': 'Download',
  'backups.empty': 'No backups yet',
  'backups.openFolder': 'Open data folder',
} satisfies Record<string, string>;
