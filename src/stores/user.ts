import type { User } from '../../contract/auth';
import { getLoginConfig } from '../providers/session';
import { createStore } from './create-store';

export type UserInfo = Partial<User>;

/** userCode, userKey and userName come back from a saved login-config (spec §3). */
function restored(): UserInfo {
  const c = getLoginConfig();
  return c ? { id: c.id, userCode: c.userCode, userKey: c.userKey, userName: c.userName } : {};
}

export const userStore = createStore<UserInfo>(restored());

/**
 * Whether the store holds the account's detail, not only the login-config part a reload
 * restores. `role` is in every /user/detail answer and never in login-config.
 */
export function hasUserDetail(user: UserInfo): boolean {
  return user.role !== undefined;
}

export function resetUserInfo(): void {
  userStore.set({});
}
