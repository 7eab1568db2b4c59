import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { said } from './messages.js';
import { AREAS, LEVELS, ROLES } from './permissions.js';
import { bilingual, knownCode, labelled, named, optionalText, recordTime } from './validation.js';
import { pagingQuery } from './paging.js';

/** The user record's `role`, kept for older clients: "admin" when `roles` holds admin, else "staff". */
export const LEGACY_ROLES = ['admin', 'staff'] as const;
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;

const role = () => labelled(z.enum(LEGACY_ROLES), CODE_LABELS.legacyRole);
const roleName = () => labelled(z.enum(ROLES), CODE_LABELS.role);
const levelName = () => labelled(z.enum(LEVELS), CODE_LABELS.level);
const userStatus = () => labelled(z.enum(USER_STATUSES), CODE_LABELS.userStatus);

export const username = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,32}$/, { error: bilingual(said('must be 3 to 32 letters, digits, _ . or -', '必须是 3 到 32 个字母、数字、_ . 或 -')) });

export const password = () => z.string().min(8).max(200);

const email = () =>
  z
    .union([z.literal(''), z.email().max(200)])
    .nullish()
    .transform((v) => (v === '' ? null : v));

export const registerBody = z.object({
  username: username(),
  password: password(),
  displayName: optionalText(100),
  email: email(),
});

export const loginBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

export const refreshBody = z.object({
  refreshToken: z.string().min(1).max(200),
});

/** One or more roles, each named by its code; the same role twice counts once. */
const roles = () =>
  z
    .array(knownCode(ROLES, CODE_LABELS.role, said('a role', '角色')))
    .min(1)
    .max(ROLES.length * 2)
    .transform((list) => ROLES.filter((r) => list.includes(r)))
    .describe('one or more of: ' + ROLES.join(', '));

/** Warehouse codes the user is limited to in the pickup, warehouse and stock areas; [] (or left out on create): every warehouse. */
const warehouses = () =>
  z
    .array(z.string().trim().min(1).max(50))
    .max(200)
    .transform((codes) => [...new Set(codes)])
    .describe('warehouse codes the account is limited to in the pickup, warehouse and stock areas; [] means every warehouse');

/** An admin creates an account: active at once, with a temporary password the user must change at the first sign-in. */
export const createUserBody = z.object({
  username: username(),
  password: password(),
  displayName: optionalText(100),
  email: email(),
  roles: roles(),
  warehouses: warehouses().optional(),
});

export const updateUserBody = z.object({
  displayName: optionalText(100),
  email: email(),
  role: role().optional().describe('older clients: "admin" makes the roles [admin]; "staff" takes admin away (the roles become [manager]) and leaves other roles as they are'),
  roles: roles().optional(),
  warehouses: warehouses().optional(),
  status: userStatus().optional(),
  password: password().optional(),
  currentPassword: z.string().max(200).optional(),
});

/** An admin gives a user a temporary password; the user must choose a new one at the next sign-in. */
export const resetPasswordBody = z.object({ password: password() });

export const listUsersQuery = pagingQuery.extend({
  status: userStatus().optional(),
  role: role().optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const userRecord = named('User', {
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  role: role(),
  roles: z.array(roleName()),
  warehouses: z.array(z.string()).describe('warehouse codes; []: every warehouse'),
  status: userStatus(),
  createTime: recordTime(),
  updateTime: recordTime(),
  lastLoginTime: recordTime().nullable(),
  mustChangePassword: z.boolean().describe('an admin reset the password: the user must choose a new one before going on'),
});
export type User = z.infer<typeof userRecord>;

/** GET /auth/me: the user record and the effective level of every area after all its roles. */
export const meRecord = named('Me', {
  ...userRecord.shape,
  permissions: z.object(Object.fromEntries(AREAS.map((area) => [area, levelName()])) as Record<(typeof AREAS)[number], ReturnType<typeof levelName>>),
});
export type Me = z.infer<typeof meRecord>;

export const tokenPair = named('TokenPair', {
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('seconds until the token expires'),
});

export const loginResult = tokenPair.extend({ user: userRecord });
