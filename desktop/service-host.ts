// The service as the desktop app runs it, apart from Electron: start on all interfaces, report
// ready / port taken, back up, restore (stop, restore, report; the app then restarts), stop.
import { join } from 'node:path';
import { VERSION } from '../server/config.js';
import { restoreBackup } from '../server/backups/restore.js';
import { StartError, startServer, type RunningServer } from '../server/start.js';
import type { FromService, ServiceOptions, ToService } from './protocol.js';

export class ServiceHost {
  private server: RunningServer | null = null;
  private dataDir = '';

  constructor(private readonly send: (message: FromService) => void) {}

  get running(): RunningServer | null {
    return this.server;
  }

  async start({ dataDir, port, clientDir }: ServiceOptions): Promise<void> {
    this.dataDir = dataDir;
    try {
      this.server = await startServer({ dataDir, port, host: '0.0.0.0', clientDir, logToStdout: false });
      this.send({ type: 'ready', url: `http://127.0.0.1:${this.server.port}`, port: this.server.port, dataDir, version: VERSION });
    } catch (err) {
      if (err instanceof StartError && err.reason === 'port-taken') this.send({ type: 'port-taken', port, message: err.message });
      else this.send({ type: 'failed', message: err instanceof StartError ? err.message : String((err as Error).stack ?? err) });
    }
  }

  async handle(message: ToService): Promise<void> {
    switch (message.type) {
      case 'backup': {
        if (!this.server) return this.send({ type: 'backup-failed', message: 'the service is not running' });
        try {
          const backup = await this.server.backups.create('manual');
          this.send({ type: 'backup-done', backup, path: join(this.server.backups.dir, backup.name) });
        } catch (err) {
          this.send({ type: 'backup-failed', message: (err as Error).message });
        }
        return;
      }
      case 'restore': {
        await this.stop();
        try {
          const result = await restoreBackup(message.file, this.dataDir);
          this.send({ type: 'restored', message: `restored the backup of ${result.backupTime} (${result.files} files)` });
        } catch (err) {
          this.send({ type: 'restore-failed', message: (err as Error).message });
        }
        return;
      }
      case 'stop':
        await this.stop();
        this.send({ type: 'stopped' });
    }
  }

  private async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await server?.close();
  }
}
