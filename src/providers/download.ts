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
  if (!type.includes('json') || (!isBytes(data) && typeof data !== 'string')) return data;
  const text =
    typeof data === 'string'
      ? data
      : new TextDecoder().decode(ArrayBuffer.isView(data) ? data : new Uint8Array(data));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return data;
  }
}

export type DownloadFormat = 'csv' | 'jsonl';

/**
 * Counts the records of an export as its text arrives: JSONL has one per line; a CSV row ends
 * at a line break outside quotes (a quoted cell may hold line breaks), its header not counted.
 */
export class RowCounter {
  private read = 0;
  private lines = 0;
  private quoted = false;

  constructor(private readonly format: DownloadFormat) {}

  /** Reads the text so far (it only grows from one call to the next); answers the records. */
  update(text: string): number {
    const csv = this.format === 'csv';
    for (let i = this.read; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // "" inside a quoted cell toggles twice: the state comes out right.
      if (c === 34 && csv) this.quoted = !this.quoted;
      else if (c === 10 && !this.quoted) this.lines++;
    }
    this.read = text.length;
    return csv ? Math.max(0, this.lines - 1) : this.lines;
  }
}

export interface DownloadOptions {
  /** Aborts the request: the download rejects (axios' CanceledError) and nothing is saved. */
  signal?: AbortSignal;
  /** Told the records received so far as the answer arrives (needs `format`). */
  onRows?(rows: number): void;
  format?: DownloadFormat;
}

/** The text an XHR has received so far, from a progress event of it. */
function receivedText(event: unknown): string | undefined {
  const target = (event as { target?: unknown } | undefined)?.target;
  if (!target || typeof target !== 'object' || !('responseText' in target)) return undefined;
  try {
    const text = (target as { responseText: unknown }).responseText;
    return typeof text === 'string' ? text : undefined;
  } catch {
    // responseText throws for a binary response type: there is nothing to count then.
    return undefined;
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
 * with the name used; rejects as the instance does for any other call. With `onRows` the
 * answer is read as text while it arrives, so its records can be counted on the way.
 */
export async function downloadPost(
  http: AxiosInstance,
  url: string,
  body: unknown,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<string> {
  const { onRows, format, signal } = options;
  const counter = onRows && format ? new RowCounter(format) : undefined;
  const res = await http.post<ArrayBuffer | Blob | string>(url, body, {
    // Bytes rather than a Blob: a JSON failure can then be decoded synchronously, above. Text
    // when counting: only a text answer can be read before it is complete.
    responseType: counter ? 'text' : 'arraybuffer',
    transformResponse: [decodeJsonAnswer],
    ...(signal ? { signal } : {}),
    ...(counter
      ? {
          onDownloadProgress: (progress) => {
            const text = receivedText(progress.event);
            if (text !== undefined) onRows?.(counter.update(text));
          },
        }
      : {}),
  });
  const { data } = res;
  // A success envelope instead of a file: nothing to save.
  if (!isBytes(data) && !(data instanceof Blob) && typeof data !== 'string') {
    throw new Error(`${url} answered no file`);
  }
  const filename = filenameFromDisposition(headerOf(res.headers, 'content-disposition'));
  const type = headerOf(res.headers, 'content-type') ?? 'application/octet-stream';
  if (counter && typeof data === 'string') onRows?.(counter.update(data));
  // Decoding text drops the byte order mark a CSV carries for spreadsheet programs: put back.
  const content =
    typeof data === 'string' && type.includes('csv') && !data.startsWith('\uFEFF')
      ? `\uFEFF${data}`
      : data;
  const blob = content instanceof Blob ? content : new Blob([content as BlobPart], { type });
  const name = filename ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
