// Messages between the Electron main process and the service in its utility process.
import type { BackupInfo } from '../server/backups/backups.js';

export interface ServiceOptions {
  dataDir: string;
  port: number;
  /** the built client (inside the app bundle) */
  clientDir: string;
}

export type ToService = { type: 'backup' } | { type: 'restore'; file: string } | { type: 'stop' };

export type FromService =
  | { type: 'ready'; url: string; port: number; dataDir: string; version: string }
  | { type: 'port-taken'; port: number; message: string }
  | { type: 'failed'; message: string }
  | { type: 'backup-done'; backup: BackupInfo; path: string }
  | { type: 'backup-failed'; message: string }
  | { type: 'restored'; message: string }
  | { type: 'restore-failed'; message: string }
  | { type: 'stopped' };

/** The service's options travel in one environment variable of the utility process. */
export const SERVICE_ENV = 'CARGODESK_SERVICE';
