// Table types of the whole database. Columns are camelCase, as the API speaks.
// Each area keeps its tables in server/db/tables-<area>.ts and `Database` extends them.
import type { Generated, Kysely, Transaction } from 'kysely';
import type { Area, Level, PresetRole } from '../../shared/permissions.js';
import type { CatalogTables } from './tables-catalogs.js';
import type { ContractTables } from './tables-contracts.js';
import type { FinanceTables } from './tables-finance.js';
import type { CorpTables } from './tables-corp.js';
import type { WarehouseTables } from './tables-warehouse.js';
import type { TradingTables } from './tables-trading.js';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** username in lower case: makes usernames unique regardless of case */
  usernameKey: string;
  displayName: string | null;
  email: string | null;
  /** "admin" when `roles` holds admin, else "staff": kept in step with `roles` for older clients */
  role: 'admin' | 'staff';
  /** the roles, comma-separated in the order of ROLES (shared/permissions.ts): "trader,finance" */
  roles: string;
  /** ids of the warehouses the user is limited to, comma-separated; '' means every warehouse */
  warehouseIds: Generated<string>;
  status: 'pending' | 'active' | 'disabled';
  passwordHash: string;
  createTime: string;
  updateTime: string;
  lastLoginTime: string | null;
  /** raised by a password change or a status change: access tokens carry it and older ones are refused */
  tokenVersion: Generated<number>;
  /** 1 after an admin reset the password, until the user chose a new one */
  mustChangePassword: Generated<number>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  /** the sign-in this token descends from: every rotation keeps it */
  familyId: string;
  /** set when the token was exchanged; presenting it again revokes the family */
  usedAt: string | null;
  expiresAt: string;
  createTime: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  time: string;
  userId: number | null;
  username: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  before: string | null;
  after: string | null;
  /** why, as the user said it (a change of a posted document; null: none given) */
  reason: string | null;
}

/** One counted event of the login throttle (server/routes/auth/auth.service.ts). */
export interface ThrottleEventsTable {
  id: Generated<number>;
  key: string;
  /** milliseconds since 1970 */
  at: number;
}

/** A long request's progress where every instance reads it (PostgreSQL; server/progress.ts). */
export interface ProgressEntriesTable {
  id: Generated<number>;
  userId: number;
  progressId: string;
  phase: string;
  done: number;
  total: number | null;
  /** 0 or 1 */
  finished: number;
  /** 0 or 1 */
  failed: number;
  /** milliseconds since 1970 of the last change */
  touchedAt: number;
}

/** One setting of the office (shared/settings.ts lists the keys). */
export interface SettingsTable {
  key: string;
  value: string;
  updateTime: string;
}

/** The level of one area for one preset role (admin's grants are fixed and never stored). */
export interface RoleGrantsTable {
  role: PresetRole;
  area: Area;
  level: Level;
}

export interface CoreTables {
  throttleEvents: ThrottleEventsTable;
  settings: SettingsTable;
  progressEntries: ProgressEntriesTable;
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  auditLog: AuditLogTable;
  roleGrants: RoleGrantsTable;
}

export interface Database extends CoreTables, ContractTables, CorpTables, WarehouseTables, FinanceTables, CatalogTables, TradingTables {}

export type Db = Kysely<Database>;
/** The database or an open transaction: query functions take either. */
export type Queryable = Kysely<Database> | Transaction<Database>;
