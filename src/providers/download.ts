import type { AxiosInstance, AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';

type Headers = RawAxiosResponseHeaders | AxiosResponseHeaders | undefined;

function headerOf(headers: Headers, name: string): string | undefined {
  if (!headers) return undefined;
  const get = (headers as { get?: unknown }).get;
  const value: unknown =
    typeof get === 'function'
      ? (get as (n: string) => unknown).call(headers, name)
      : (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The file name a Content-Disposition header gives: RFC 5987's `filename*=UTF-8''…` first (it
 * carries non-ASCII names), then `filename="…"` or a bare `filename=…`. Path parts are dropped.
 */
export function filenameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || undefined;
}

/** By tag, not instanceof: bytes may come from another realm (a test's, a worker's). */
function isBytes(data: unknown): data is ArrayBuffer | ArrayBufferView {
  return (
    Object.prototype.toString.call(data) === '[object ArrayBuffer]' || ArrayBuffer.isView(data)
  );
}

/**
 * Answers of a download call stay bytes, except JSON ones: those are the envelope of a failure
 * (or a success code answered instead of a file), decoded so the instance's interceptors treat
 * them as they treat every call's (toast, logout dialog, ApiError).
 */
function decodeJsonAnswer(data: unknown, headers: Headers): unknown {
  const type = headerOf(headers, 'content-type') ?? '';
  if (!type.includes('json') || !isBytes(data)) return data;
  const bytes = ArrayBuffer.isView(data) ? data : new Uint8Array(data);
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return data;
  }
}

/** Hands a blob to the browser as a file download (object URL + a temporary `<a download>`). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // The click has started the download; the URL can go once the event loop has moved on.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * POSTs `body` to `url` through the app's http instance (its auth headers and error handling)
 * and saves the answer as a file named by Content-Disposition, else `fallbackName`. Resolves
 * with the name used; rejects as the instance does for any other call.
 */
export async function downloadPost(
  http: AxiosInstance,
  url: string,
  body: unknown,
  fallbackName: string,
): Promise<string> {
  const res = await http.post<ArrayBuffer | Blob>(url, body, {
    // Bytes rather than a Blob: a JSON failure can then be decoded synchronously, above.
    responseType: 'arraybuffer',
    transformResponse: [decodeJsonAnswer],
  });
  const { data } = res;
  // A success envelope instead of a file: nothing to save.
  if (!isBytes(data) && !(data instanceof Blob)) throw new Error(`${url} answered no file`);
  const filename = filenameFromDisposition(headerOf(res.headers, 'content-disposition'));
  const type = headerOf(res.headers, 'content-type') ?? 'application/octet-stream';
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type });
  const name = filename ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
