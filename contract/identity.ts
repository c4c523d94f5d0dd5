import type { Role } from './resource';

/** The admin is the account whose id is '0' (spec §6, §9). */
export const ADMIN_ID = '0';

/** Role from a login id: '0' is the admin, anyone else a user (spec §4). */
export function roleOfId(id: string | number | null | undefined): Role {
  return String(id) === ADMIN_ID ? 'admin' : 'user';
}
