import type { Role } from '../../contract/resource';

/** The signed-in user a request acts for. */
export interface AuthUser {
  id: string;
  role: Role;
  userName: string;
}
