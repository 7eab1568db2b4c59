// How a user's roles and warehouse scope are kept in its row (migration 014): short comma-separated
// lists, read with the user in the one query that checks each request's token (server/http/auth.ts).
import { ROLES, type Role } from '../../../shared/permissions.js';

/** "trader,finance" → ['trader', 'finance']; a name no longer known is left out. */
export const rolesFromColumn = (text: string): Role[] => ROLES.filter((role) => text.split(',').includes(role));

/** The roles in the order of ROLES, comma-separated. */
export const rolesToColumn = (roles: readonly Role[]): string => ROLES.filter((role) => roles.includes(role)).join(',');

/** "3,7" → [3, 7]; '' → null: every warehouse. */
export const warehouseIdsFromColumn = (text: string): number[] | null => (text === '' ? null : text.split(',').map(Number));

/** [3, 7] → "3,7"; null or none → '' (every warehouse). */
export const warehouseIdsToColumn = (ids: readonly number[] | null): string => (ids ?? []).join(',');
