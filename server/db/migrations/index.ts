// Every migration, in order, in one explicit map (bundles into Electron without a folder scan).
import type { Migration } from 'kysely';
import * as m001 from './001-users.js';
import * as m004 from './004-warehouse.js';

export const migrations: Record<string, Migration> = {
  '001-users': m001,
  '004-warehouse': m004,
};
