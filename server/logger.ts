// pino to stdout and to a size-rotated file in <data>/logs/ (10 MB a file, 10 files kept).
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import pinoRoll from 'pino-roll';
import { PRIVATE_FILE_MODE } from './private-data.js';

export interface AppLogger {
  logger: Logger;
  close(): Promise<void>;
}

export async function createLogger(dataDir: string, options: { level: string; stdout: boolean }): Promise<AppLogger> {
  const file = await pinoRoll({ file: join(dataDir, 'logs', 'cargodesk.log'), size: '10m', limit: { count: 10 }, mkdir: true, mode: PRIVATE_FILE_MODE });
  const streams: pino.StreamEntry[] = [{ stream: file, level: options.level as pino.Level }];
  if (options.stdout) streams.push({ stream: process.stdout, level: options.level as pino.Level });
  const logger = pino(
    {
      level: options.level,
      // never a password or token in the logs, whatever an error object carries
      redact: { paths: ['password', 'currentPassword', 'token', 'refreshToken', '*.password', '*.token', 'req.headers.authorization'], censor: '[hidden]' },
    },
    pino.multistream(streams),
  );
  return {
    logger,
    close: () =>
      new Promise((resolve) => {
        // end() writes what the stream holds, then closes; a stream still opening its file (a start
        // refused at once) waits for it, where flushSync threw "sonic boom is not ready yet"
        file.end();
        file.once('close', () => resolve());
        file.once('error', () => resolve());
      }),
  };
}
