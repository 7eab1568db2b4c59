import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { said } from './messages.js';
import { bilingual, labelled, named, optionalText, recordTime } from './validation.js';
import { pagingQuery } from './paging.js';

export const ROLES = ['admin', 'staff'] as const;
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;

const role = () => labelled(z.enum(ROLES), CODE_LABELS.role);
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

export const updateUserBody = z.object({
  displayName: optionalText(100),
  email: email(),
  role: role().optional(),
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
  status: userStatus(),
  createTime: recordTime(),
  updateTime: recordTime(),
  lastLoginTime: recordTime().nullable(),
  mustChangePassword: z.boolean().describe('an admin reset the password: the user must choose a new one before going on'),
});
export type User = z.infer<typeof userRecord>;

export const tokenPair = named('TokenPair', {
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('seconds until the token expires'),
});

export const loginResult = tokenPair.extend({ user: userRecord });
