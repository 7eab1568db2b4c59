// The types every handler sees: what the app hands each request (AppDeps), what the middleware
// puts on it (AppState), and the Koa context of a route. Types only, so any module may import them.
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Backups } from './backups/backups.js';
import type { Config } from './config.js';
import type { Db } from './db/tables.js';
import type { FileStore, UploadedFile } from './files/file-store.js';
import type { AuthUser } from './http/auth.js';
import type { ChangeHub } from './live/changes.js';
import type { ProgressBoard } from './progress.js';
import type { LoginThrottle } from './routes/auth/auth.service.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** for reads that are not part of a write (GET routes, the signed-in user's check): see OpenDatabase.reader */
  reader: Db;
  files: FileStore;
  backups: Backups;
  logger: Logger;
  jwtSecret: string;
  throttle: LoginThrottle;
  /** progress of the long requests under way (server/progress.ts) */
  progress: ProgressBoard;
  /** the open live-refresh streams and the areas changed by writes (server/live/changes.ts) */
  changes: ChangeHub;
}

export interface AppState {
  user?: AuthUser;
  files?: UploadedFile[];
  /** on a route signed in by ticket: the user check again, for a stream that outlasts its ticket */
  recheck?: () => Promise<AuthUser>;
}

export type AppContext = ParameterizedContext<AppState, { deps: AppDeps; params: Record<string, string> }>;
