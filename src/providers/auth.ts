import type { AuthProvider } from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import type { LoginAnswer, User } from '../../contract/auth';
import type { Envelope } from '../../contract/envelope';
import type { Role } from '../../contract/resource';
import { clearServerMenu } from '../settings/server-menu';
import { breadcrumbStore } from '../stores/breadcrumb';
import { roleStore } from '../stores/role';
import { tabsStore } from '../stores/tabs';
import { hasUserDetail, resetUserInfo, userStore } from '../stores/user';
import { apiPath } from '../../contract/api';
import {
  clearSession,
  getToken,
  getUserIdCookie,
  isLoggedIn,
  saveLogin,
  saveLoginConfig,
} from './session';

export interface Credentials {
  userName: string;
  password: string;
}

export interface AuthActions {
  /** Logs in (spec §4); on failure clears the session state and rethrows. */
  login(credentials: Credentials): Promise<{ id: string; role: Role }>;
  logout(): Promise<void>;
  /** The local half of logout: forgets user, menu, tabs, breadcrumb, role and token. */
  forget(): void;
  /** Fetches the user's detail and keeps it in the user store. */
  loadUser(id: string): Promise<User>;
  /**
   * After a reload the store holds only what login-config keeps (names and codes): fetches the
   * detail of the logged-in account (id from the x-user-id cookie) once. Failures are already
   * toasted by the interceptor; it never rejects.
   */
  restoreUser(): Promise<void>;
}

function forget(): void {
  resetUserInfo();
  clearServerMenu();
  tabsStore.reset();
  breadcrumbStore.reset();
  clearSession();
  roleStore.set(null);
}

export function createAuthActions(http: AxiosInstance): AuthActions {
  async function loadUser(id: string): Promise<User> {
    const res = await http.post<Envelope<User>>(apiPath('user', 'detail'), { id });
    const user = res.data.data;
    saveLoginConfig({
      id: user.id,
      userCode: user.userCode,
      userName: user.userName,
      userKey: user.userKey,
    });
    userStore.set(user);
    return user;
  }

  let restoring: Promise<void> | null = null;
  function restoreUser(): Promise<void> {
    const id = getUserIdCookie();
    if (!id || !isLoggedIn() || hasUserDetail(userStore.get())) return Promise.resolve();
    restoring ??= loadUser(id)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        restoring = null;
      });
    return restoring;
  }

  return {
    async login(credentials) {
      try {
        const res = await http.post<Envelope<LoginAnswer>>(apiPath('user', 'login'), credentials);
        const { id, token } = res.data.data;
        const role = saveLogin(String(id), token);
        roleStore.set(role);
        await loadUser(String(id));
        return { id: String(id), role };
      } catch (err) {
        forget();
        throw err;
      }
    },
    async logout() {
      try {
        // Revoke the token on the server whenever one is stored, cookie or not.
        if (getToken()) await http.post(apiPath('user', 'logout'), {});
      } catch {
        // The server may already consider the token dead; the local session ends regardless.
      }
      forget();
    },
    forget,
    loadUser,
    restoreUser,
  };
}

/**
 * refine's view of the same session: the methods its type requires. Permissions and identity
 * are not here: access is contract/access (mayOpen / mayDo) and the user is the user store.
 */
export function createAuthProvider(actions: AuthActions): AuthProvider {
  return {
    async login(params: Credentials & { redirectTo?: string }) {
      try {
        await actions.login(params);
        return { success: true, redirectTo: params.redirectTo ?? '/dashboard/workplace' };
      } catch (error) {
        return { success: false, error: error as Error };
      }
    },
    async logout() {
      await actions.logout();
      return { success: true, redirectTo: '/login' };
    },
    async check() {
      return isLoggedIn()
        ? { authenticated: true }
        : { authenticated: false, logout: true, redirectTo: '/login' };
    },
    async onError() {
      // Session-ending codes are handled by the http interceptor's dialog (spec §8).
      return {};
    },
  };
}
