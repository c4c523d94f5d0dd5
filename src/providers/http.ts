import { apiPath } from '../../contract/api';
import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { isSuccessCode, LOGOUT_CODES, type FieldIssue } from '../../contract/envelope';

/** What the interceptors need from the page; injected so tests can watch it. */
export interface HttpEnvironment {
  baseURL: string;
  getToken(): string | null;
  /** The x-user-id cookie; undefined when absent. */
  getUserId(): string | undefined;
  fallbackUserId: string;
  getLocale(): string;
  toastError(text: string, durationSeconds: number): void;
  /** Removes the error toasts on screen (the logout dialog must not have toasts behind it). */
  dismissToasts(): void;
  /**
   * Shows the "Confirm logout" dialog; calls onRelogin when the user chooses Re-Login and
   * onClose once the dialog has gone, whichever button closed it.
   */
  confirmLogout(onRelogin: () => void, onClose: () => void): void;
  logout(): Promise<void>;
  reload(): void;
}

export const TOAST_SECONDS = 5;
/** The user-info call is exempt from the logout dialog (spec §8). */
export const USER_INFO_PATHS = [apiPath('user', 'detail'), '/api/user/info'];

/** Rejection carried by every failed call: the server's code, message and field issues. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface EnvelopeLike {
  code: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

function envelopeOf(body: unknown): EnvelopeLike | null {
  return typeof body === 'object' && body !== null && 'code' in body
    ? (body as EnvelopeLike)
    : null;
}

function issuesOf(env: EnvelopeLike): FieldIssue[] {
  const data = env.data as { issues?: unknown } | null | undefined;
  return Array.isArray(data?.issues) ? (data.issues as FieldIssue[]) : [];
}

function isUserInfoCall(url: string | undefined): boolean {
  return USER_INFO_PATHS.some((p) => url?.endsWith(p));
}

/**
 * Whether a failed call is worth one more try: no answer arrived (the network) or the server
 * failed (5xx). A 4xx, or an error code answered with 200, will be the same the next time.
 * Reads our ApiError and refine's HttpError (`statusCode`), which the data provider makes of it.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status === undefined) return error.code === undefined;
    return error.status >= 500;
  }
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode } = error as { statusCode?: unknown };
  return typeof statusCode === 'number' && statusCode >= 500;
}

export function createHttp(env: HttpEnvironment): AxiosInstance {
  // No default timeout (spec §7): long-running evaluations must not be cut off by the console.
  const http = axios.create({ baseURL: env.baseURL, timeout: 0 });

  http.interceptors.request.use((config) => {
    const token = env.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    const userId = env.getUserId();
    if (userId !== undefined) {
      const id = userId || env.fallbackUserId;
      config.headers.set('x-user-id', id);
      config.headers.set('userId', id);
    }
    config.headers.set('Accept-Language', env.getLocale());
    return config;
  });

  // When each error was last toasted, by code and message: a failure repeated while its toast
  // is still up (parallel calls, a retry) shows once, not stacked.
  const toastedAt = new Map<string, number>();
  // While the logout dialog is up, every other failure comes from the same ended session.
  let logoutDialogOpen = false;

  const toast = (kind: string, text: string) => {
    if (logoutDialogOpen) return;
    const now = Date.now();
    const ttl = TOAST_SECONDS * 1000;
    for (const [key, at] of toastedAt) if (now - at >= ttl) toastedAt.delete(key);
    const key = `${kind}|${text}`;
    if (toastedAt.has(key)) return;
    toastedAt.set(key, now);
    env.toastError(text, TOAST_SECONDS);
  };

  const openLogoutDialog = () => {
    // One dialog at a time: parallel requests failing together must not stack dialogs.
    if (logoutDialogOpen) return;
    logoutDialogOpen = true;
    env.dismissToasts();
    toastedAt.clear();
    env.confirmLogout(
      () => {
        void env
          .logout()
          .catch(() => undefined)
          .finally(() => env.reload());
      },
      () => {
        logoutDialogOpen = false;
      },
    );
  };

  const rejectEnvelope = (env_: EnvelopeLike, url: string | undefined, status?: number) => {
    const code = typeof env_.code === 'number' ? env_.code : Number(env_.code);
    const text =
      (typeof env_.msg === 'string' && env_.msg) ||
      (typeof env_.message === 'string' && env_.message) ||
      'Error';
    // The dialog tells the user what happened; a toast behind it would say it twice.
    if (LOGOUT_CODES.includes(code) && !isUserInfoCall(url)) openLogoutDialog();
    else toast(String(code), text);
    return Promise.reject(new ApiError(text, code, status, issuesOf(env_)));
  };

  http.interceptors.response.use(
    (res: AxiosResponse) => {
      const body = envelopeOf(res.data);
      // Bodies without a code (files, plain JSON from elsewhere) pass untouched.
      if (!body || isSuccessCode(body.code)) return res;
      return rejectEnvelope(body, res.config.url, res.status);
    },
    (error: AxiosError) => {
      // The page stopped the call itself (a cancelled export): nothing went wrong to report.
      if (axios.isCancel(error)) return Promise.reject(error);
      const body = envelopeOf(error.response?.data);
      if (body) return rejectEnvelope(body, error.config?.url, error.response?.status);
      const text = error.message || 'Request Error';
      toast(`status ${error.response?.status ?? 'none'}`, text);
      return Promise.reject(new ApiError(text, undefined, error.response?.status));
    },
  );
  return http;
}
