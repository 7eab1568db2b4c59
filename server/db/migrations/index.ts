// Every migration, in order, in one explicit map (bundles into Electron without a folder scan).
import type { Migration } from 'kysely/migration';
import * as m001 from './001-users.js';
import * as m002 from './002-contracts.js';
import * as m003 from './003-corp-contracts-company.js';
import * as m004 from './004-warehouse.js';
import * as m005 from './005-finance.js';
import * as m006 from './006-list-indexes.js';
import * as m007 from './007-keyword-indexes.js';
import * as m008 from './008-token-families.js';
import * as m009 from './009-lots.js';
import * as m010 from './010-commodity-catalogs.js';
import * as m011 from './011-login-throttle.js';
import * as m012 from './012-must-change-password.js';
import * as m013 from './013-settings.js';
import * as m014 from './014-roles.js';
import * as m015 from './015-pickup-approval.js';
import * as m017 from './017-progress.js';
import * as m018 from './018-postgres-lists.js';
import * as m019 from './019-plate-keys.js';
import * as m020 from './020-audit-reasons.js';
import * as m023 from './023-contract-trading.js';
import * as m024 from './024-contract-execution.js';
import * as m026 from './026-exchange-rates.js';
import * as m027 from './027-bl-documents.js';
import * as m028 from './028-lot-weights.js';
import * as m029 from './029-pnl-rows.js';
import * as m030 from './030-write-counters.js';

export const migrations: Record<string, Migration> = {
  '001-users': m001,
  '002-contracts': m002,
  '003-corp-contracts-company': m003,
  '004-warehouse': m004,
  '005-finance': m005,
  '006-list-indexes': m006,
  '007-keyword-indexes': m007,
  '008-token-families': m008,
  '009-lots': m009,
  '010-commodity-catalogs': m010,
  '011-login-throttle': m011,
  '012-must-change-password': m012,
  '013-settings': m013,
  '014-roles': m014,
  '015-pickup-approval': m015,
  '017-progress': m017,
  '018-postgres-lists': m018,
  '019-plate-keys': m019,
  '020-audit-reasons': m020,
  '023-contract-trading': m023,
  '024-contract-execution': m024,
  '026-exchange-rates': m026,
  '027-bl-documents': m027,
  '028-lot-weights': m028,
  '029-pnl-rows': m029,
  '030-write-counters': m030,
};
