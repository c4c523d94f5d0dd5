import { roleOfId } from '../../contract/identity';
import type { Role } from '../../contract/resource';

/** Browser storage keys of spec §3. */
export const STORAGE_KEYS = {
  token: 'token',
  breadcrumbRoutes: 'breadcrumb-routes',
  loginConfig: 'login-config',
  role: 'role',
  locale: 'locale',
  settings: 'app-settings',
  tabs: 'tab-bar',
} as const;

export const USER_ID_COOKIE = 'x-user-id';
/** Saved when a server answers a login without a token (spec §4, §9). */
export const PLACEHOLDER_TOKEN = '12345';
/** Sent in the user-id headers when the cookie exists but is empty (spec §7). */
export const FALLBACK_USER_ID = '-1';

export interface LoginConfig {
  id: string;
  userCode: string | null;
  userName: string;
  userKey: string | null;
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
}

export function getUserIdCookie(): string | undefined {
  return readCookie(USER_ID_COOKIE);
}

/** Logged in = a stored token and a user-id cookie (spec §4). */
export function isLoggedIn(): boolean {
  return Boolean(getToken()) && getUserIdCookie() !== undefined;
}

export function getRole(): Role | null {
  const r = localStorage.getItem(STORAGE_KEYS.role);
  return r === 'admin' || r === 'user' ? r : null;
}

export function setRole(role: Role): void {
  localStorage.setItem(STORAGE_KEYS.role, role);
}

/**
 * Saves what a successful login returned: token (or the placeholder) and cookie. Answers the
 * role the id implies; the role store keeps it (it is the one writer of the role key).
 */
export function saveLogin(id: string, token: string | null | undefined): Role {
  setToken(token || PLACEHOLDER_TOKEN);
  writeCookie(USER_ID_COOKIE, id);
  return roleOfId(id);
}

export function saveLoginConfig(config: LoginConfig): void {
  localStorage.setItem(STORAGE_KEYS.loginConfig, JSON.stringify(config));
}

export function getLoginConfig(): LoginConfig | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.loginConfig);
    return raw ? (JSON.parse(raw) as LoginConfig) : null;
  } catch {
    return null;
  }
}

/**
 * Forgets the stored token and cookie (the role store forgets the role; login-config stays:
 * it holds nothing secret).
 */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  deleteCookie(USER_ID_COOKIE);
}
