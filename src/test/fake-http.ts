import {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { vi, type Mock } from 'vitest';
import type { HttpEnvironment } from '../providers/http';

/** One request as the fake server saw it (after the request interceptors ran). */
export interface SeenRequest {
  url: string;
  method: string;
  body: unknown;
  headers: AxiosHeaders;
  timeout: number | undefined;
}

/** What a fake route answers: a body with a status, or a transport failure. */
export type FakeAnswer = { status?: number; body: unknown } | { networkError: string };

export type FakeHandler = (req: SeenRequest) => FakeAnswer | Promise<FakeAnswer>;

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * Replaces the instance's adapter with an in-memory server: no network. Statuses outside 2xx
 * reject with an AxiosError carrying the response, as axios' own adapters do.
 */
export function installFakeServer(http: AxiosInstance, handler: FakeHandler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const req: SeenRequest = {
      url: config.url ?? '',
      method: (config.method ?? 'get').toLowerCase(),
      body: parseBody(config.data),
      headers: AxiosHeaders.from(config.headers),
      timeout: config.timeout,
    };
    seen.push(req);
    const answer = await handler(req);
    if ('networkError' in answer) {
      throw new AxiosError(answer.networkError, AxiosError.ERR_NETWORK, config);
    }
    const status = answer.status ?? 200;
    const response: AxiosResponse = {
      data: answer.body,
      status,
      statusText: '',
      headers: {},
      config,
    };
    if (status < 200 || status >= 300) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    }
    return response;
  };
  return seen;
}

/** An envelope of the manage contract. */
export function envelope(code: number, data: unknown = null, msg = code === 0 ? 'ok' : 'failed') {
  return { code, msg, data };
}

export interface FakeEnv extends HttpEnvironment {
  toastError: Mock<(text: string, durationSeconds: number) => void>;
  dismissToasts: Mock<() => void>;
  confirmLogout: Mock<(onRelogin: () => void, onClose: () => void) => void>;
  logout: Mock<() => Promise<void>>;
  reload: Mock<() => void>;
}

/** An HttpEnvironment whose page-facing effects are spies. */
export function fakeEnv(overrides: Partial<FakeEnv> = {}): FakeEnv {
  return {
    baseURL: '',
    getToken: () => null,
    getUserId: () => undefined,
    fallbackUserId: '-1',
    getLocale: () => 'zh-CN',
    toastError: vi.fn<(text: string, durationSeconds: number) => void>(),
    dismissToasts: vi.fn<() => void>(),
    confirmLogout: vi.fn<(onRelogin: () => void, onClose: () => void) => void>(),
    logout: vi.fn<() => Promise<void>>(() => Promise.resolve()),
    reload: vi.fn<() => void>(),
    ...overrides,
  };
}
