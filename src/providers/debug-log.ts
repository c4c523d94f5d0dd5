import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { createStore } from '../stores/create-store';

/** One API call as the debug-records page lists it. */
export interface DebugRecord {
  id: number;
  at: string;
  method: string;
  url: string;
  status: number | null;
  code: number | null;
  ms: number;
}

export const DEBUG_LIMIT = 200;
export const debugRecords = createStore<DebugRecord[]>([]);

let seq = 0;
const started = new WeakMap<InternalAxiosRequestConfig, number>();

function push(
  config: InternalAxiosRequestConfig | undefined,
  status: number | null,
  body: unknown,
) {
  if (!config) return;
  const t0 = started.get(config) ?? performance.now();
  const code =
    typeof body === 'object' && body !== null && 'code' in body
      ? Number((body as { code: unknown }).code)
      : null;
  const record: DebugRecord = {
    id: ++seq,
    at: new Date().toISOString(),
    method: (config.method ?? 'get').toUpperCase(),
    url: config.url ?? '',
    status,
    code: Number.isFinite(code) ? code : null,
    ms: Math.round(performance.now() - t0),
  };
  debugRecords.set((prev) => [record, ...prev].slice(0, DEBUG_LIMIT));
}

/** Records every call of the client (method, url, status, code, duration); never bodies. */
export function recordCalls(http: AxiosInstance): void {
  http.interceptors.request.use((config) => {
    started.set(config, performance.now());
    return config;
  });
  http.interceptors.response.use(
    (res) => {
      push(res.config, res.status, res.data);
      return res;
    },
    (err: {
      config?: InternalAxiosRequestConfig;
      response?: { status: number; data: unknown };
    }) => {
      push(err.config, err.response?.status ?? null, err.response?.data);
      return Promise.reject(err);
    },
  );
}
