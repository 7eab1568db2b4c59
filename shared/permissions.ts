// Who may do what (decisions.md "Roles, areas and warehouses"): the roles, the areas of the service,
// the levels, the default grants, and the one rule that turns a user's roles into a level per area.
// No zod here, so a client menu can read it without loading the schemas (they are in users.ts and
// settings.ts); the words of every code are in labels.ts.
import { CODE_LABELS } from './labels.js';
import { said, type Said } from './messages.js';

export const ROLES = ['admin', 'manager', 'trader', 'warehouse', 'finance', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Every role but admin: their grants are the admin's to edit; admin has every area at approve, fixed. */
export const PRESET_ROLES = ['manager', 'trader', 'warehouse', 'finance', 'viewer'] as const satisfies readonly Role[];
export type PresetRole = (typeof PRESET_ROLES)[number];

export const AREAS = ['contracts', 'corpContracts', 'companyFiles', 'pickup', 'warehouse', 'stock', 'finance', 'profit', 'catalogs', 'audit'] as const;
export type Area = (typeof AREAS)[number];

/** In rising order: each level includes the ones before it. */
export const LEVELS = ['none', 'read', 'write', 'approve'] as const;
export type Level = (typeof LEVELS)[number];

/** A level for every area. */
export type Permissions = Record<Area, Level>;
/** A level for every area, for every preset role. */
export type Grants = Record<PresetRole, Permissions>;

// each list and its words (labels.ts) stay one set: a code without words, or words without a code, fails to compile
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _oneSet: [Same<Role, keyof typeof CODE_LABELS.role>, Same<Area, keyof typeof CODE_LABELS.area>, Same<Level, keyof typeof CODE_LABELS.level>] = [true, true, true];
void _oneSet;

/** The grants of a new database, and what "restore defaults" restores. */
export const DEFAULT_GRANTS: Grants = {
  manager: {
    contracts: 'write',
    corpContracts: 'write',
    companyFiles: 'write',
    pickup: 'approve',
    warehouse: 'approve',
    stock: 'read',
    finance: 'write',
    profit: 'write',
    catalogs: 'write',
    audit: 'read',
  },
  trader: {
    contracts: 'write',
    corpContracts: 'write',
    companyFiles: 'read',
    pickup: 'write',
    warehouse: 'read',
    stock: 'read',
    finance: 'read',
    profit: 'none',
    catalogs: 'write',
    audit: 'none',
  },
  warehouse: {
    contracts: 'none',
    corpContracts: 'none',
    companyFiles: 'none',
    pickup: 'read',
    warehouse: 'write',
    stock: 'read',
    finance: 'none',
    profit: 'none',
    catalogs: 'write',
    audit: 'none',
  },
  finance: {
    contracts: 'read',
    corpContracts: 'read',
    companyFiles: 'write',
    pickup: 'read',
    warehouse: 'read',
    stock: 'read',
    finance: 'write',
    profit: 'write',
    catalogs: 'write',
    audit: 'none',
  },
  viewer: {
    contracts: 'read',
    corpContracts: 'read',
    companyFiles: 'read',
    pickup: 'read',
    warehouse: 'read',
    stock: 'read',
    finance: 'none',
    profit: 'none',
    catalogs: 'read',
    audit: 'none',
  },
};

export const isPresetRole = (value: string): value is PresetRole => (PRESET_ROLES as readonly string[]).includes(value);
export const isArea = (value: string): value is Area => (AREAS as readonly string[]).includes(value);
export const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);

/** True when `has` is `needs` or above it. */
export const reaches = (has: Level, needs: Level): boolean => LEVELS.indexOf(has) >= LEVELS.indexOf(needs);

/** True when the levels let their holder read `area`: what a part of an answer from several areas needs to be sent. */
export const mayRead = (permissions: Permissions, area: Area): boolean => reaches(permissions[area], 'read');

/**
 * The level of each area for a user with `roles`: the highest any of its roles has there (a role
 * the grants leave out has none). Admin has every area at approve, whatever the grants say.
 */
export function effectiveLevels(roles: readonly Role[], grants: Partial<Record<PresetRole, Partial<Permissions>>>): Permissions {
  const admin = roles.includes('admin');
  const levels = {} as Permissions;
  for (const area of AREAS) {
    let level: Level = admin ? 'approve' : 'none';
    for (const role of roles) {
      const granted = role === 'admin' ? undefined : grants[role]?.[area];
      if (granted && !reaches(level, granted)) level = granted;
    }
    levels[area] = level;
  }
  return levels;
}

/** The user record's `role` for older clients: "admin" when the roles hold admin, else "staff". */
export const legacyRole = (roles: readonly Role[]): 'admin' | 'staff' => (roles.includes('admin') ? 'admin' : 'staff');

/** The refusal for want of a grant: "you need write access to finance" / "需要财务的写入权限". */
export function accessNeeded(area: Area, level: Level): Said {
  const a = CODE_LABELS.area[area];
  const l = CODE_LABELS.level[level];
  return said(`you need ${l.en.toLowerCase()} access to ${a.en.toLowerCase()}`, `需要${a.zh}的${l.zh}权限`);
}
