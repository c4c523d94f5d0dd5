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
  /** Shows the "Confirm logout" dialog; calls onRelogin when the user chooses Re-Login. */
  confirmLogout(onRelogin: () => void): void;
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

  const rejectEnvelope = (env_: EnvelopeLike, url: string | undefined, status?: number) => {
    const code = typeof env_.code === 'number' ? env_.code : Number(env_.code);
    const text =
      (typeof env_.msg === 'string' && env_.msg) ||
      (typeof env_.message === 'string' && env_.message) ||
      'Error';
    env.toastError(text, TOAST_SECONDS);
    if (LOGOUT_CODES.includes(code) && !isUserInfoCall(url)) {
      env.confirmLogout(() => {
        void env
          .logout()
          .catch(() => undefined)
          .finally(() => env.reload());
      });
    }
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
      const body = envelopeOf(error.response?.data);
      if (body) return rejectEnvelope(body, error.config?.url, error.response?.status);
      const text = error.message || 'Request Error';
      env.toastError(text, TOAST_SECONDS);
      return Promise.reject(new ApiError(text, undefined, error.response?.status));
    },
  );
  return http;
}
