import axios, {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv } from '../test/fake-http';
import { downloadPost, filenameFromDisposition, RowCounter } from './download';
import { ApiError, createHttp } from './http';

interface Answer {
  status?: number;
  headers: Record<string, string>;
  body: string;
}

/** An instance of the app's http client whose adapter answers bytes with the given headers. */
function httpAnswering(answer: Answer) {
  const env = fakeEnv({ getToken: () => 'tok-1' });
  const http = createHttp(env);
  const seen: { url?: string; body: unknown; headers: AxiosHeaders; responseType?: string }[] = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    seen.push({
      url: config.url,
      body: JSON.parse(String(config.data)) as unknown,
      headers: AxiosHeaders.from(config.headers),
      responseType: config.responseType,
    });
    const status = answer.status ?? 200;
    const response: AxiosResponse = {
      data: new TextEncoder().encode(answer.body).buffer,
      status,
      statusText: '',
      headers: answer.headers,
      config,
    };
    if (status >= 400) {
      throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    return response;
  };
  return { http, env, seen };
}

let clicked: { href: string; download: string }[];
let blobs: Blob[];

beforeEach(() => {
  clicked = [];
  blobs = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      blobs.push(b);
      return `blob:test/${blobs.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('filenameFromDisposition', () => {
  it('reads the extended UTF-8 name first, then a quoted or bare one', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="prompt.csv"; filename*=UTF-8''%E6%A8%A1%E6%9D%BF.csv`,
      ),
    ).toBe('模板.csv');
    expect(filenameFromDisposition('attachment; filename="scene 2024.csv"')).toBe('scene 2024.csv');
    expect(filenameFromDisposition('attachment; filename=calls.csv')).toBe('calls.csv');
  });

  it('has no name without a header, a filename, or with only a path', () => {
    expect(filenameFromDisposition(undefined)).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition('attachment; filename="../../etc/x.csv"')).toBe('x.csv');
  });
});

describe('downloadPost', () => {
  it('posts the body with the instance’s auth headers and saves the bytes under the given name', async () => {
    const { http, seen } = httpAnswering({
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="prompt-20240101.csv"',
      },
      body: '\uFEFFid,title\n1,A\n',
    });
    const name = await downloadPost(
      http,
      '/api/manage/v1/prompt/export',
      { keyword: 'a' },
      'x.csv',
    );
    expect(name).toBe('prompt-20240101.csv');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/api/manage/v1/prompt/export');
    expect(seen[0]!.body).toEqual({ keyword: 'a' });
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(seen[0]!.responseType).toBe('arraybuffer');
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'prompt-20240101.csv' }]);
    expect(await blobs[0]!.text()).toContain('id,title\n1,A');
    expect(blobs[0]!.type).toBe('text/csv; charset=utf-8');
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('falls back to the given name without Content-Disposition', async () => {
    const { http } = httpAnswering({ headers: { 'content-type': 'text/csv' }, body: 'a\n' });
    expect(await downloadPost(http, '/x/export', {}, 'scene.csv')).toBe('scene.csv');
    expect(clicked[0]!.download).toBe('scene.csv');
  });

  it('rejects with the server’s envelope, toasted once by the interceptor, and saves nothing', async () => {
    const { http, env } = httpAnswering({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 40000, msg: 'bad filter', data: null }),
    });
    const failure = downloadPost(http, '/x/export', {}, 'x.csv');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 40000, message: 'bad filter' });
    expect(env.toastError).toHaveBeenCalledTimes(1);
    expect(env.toastError.mock.calls[0]![0]).toBe('bad filter');
    expect(clicked).toEqual([]);
  });

  it('rejects an error code answered with 200 as JSON', async () => {
    const { http } = httpAnswering({
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ code: 40300, msg: 'forbidden', data: null }),
    });
    await expect(downloadPost(http, '/x/export', {}, 'x.csv')).rejects.toMatchObject({
      code: 40300,
    });
    expect(clicked).toEqual([]);
  });
});

describe('progress and cancel', () => {
  it('counts records as text arrives: CSV rows (quoted line breaks inside), JSONL lines', () => {
    const head = '\uFEFFid,question\r\n';
    const quoted = '1,"two\r\nlines ""quoted"""\r\n2,b\r\n';
    const csv = new RowCounter('csv');
    expect(csv.update(head)).toBe(0);
    expect(csv.update(head + quoted.slice(0, 12))).toBe(0);
    expect(csv.update(head + quoted)).toBe(2);
    const line = `${JSON.stringify({ a: 'x\ny "q"' })}\n`;
    const jsonl = new RowCounter('jsonl');
    expect(jsonl.update(`${line}{"a":`)).toBe(1);
    expect(jsonl.update(`${line}{"a":1}\n`)).toBe(2);
  });

  it('tells the records received so far, reads the answer as text and keeps the BOM', async () => {
    const env = fakeEnv();
    const http = createHttp(env);
    const body = 'id,title\r\n1,A\r\n2,"B\r\nb"\r\n';
    let responseType: string | undefined;
    http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      responseType = config.responseType;
      // As XHR's progress events carry it: the text so far, on the request itself.
      config.onDownloadProgress?.({
        loaded: 16,
        bytes: 16,
        lengthComputable: false,
        event: { target: { responseText: body.slice(0, 16) } },
      });
      return {
        data: body,
        status: 200,
        statusText: '',
        headers: { 'content-type': 'text/csv; charset=utf-8' },
        config,
      };
    };
    const seenRows: number[] = [];
    await downloadPost(http, '/x/export', {}, 'x.csv', {
      format: 'csv',
      onRows: (n) => seenRows.push(n),
    });
    expect(responseType).toBe('text');
    expect(seenRows).toEqual([1, 2]);
    // Decoding text dropped the byte order mark; the saved file has it again.
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
  });

  it('a cancelled download rejects as cancelled, says nothing and saves nothing', async () => {
    const env = fakeEnv();
    const http = createHttp(env);
    http.defaults.adapter = (config: InternalAxiosRequestConfig) =>
      new Promise<AxiosResponse>((_resolve, reject) => {
        const signal = config.signal as AbortSignal | undefined;
        signal?.addEventListener('abort', () =>
          reject(new CanceledError(undefined, undefined, config)),
        );
      });
    const controller = new AbortController();
    const download = downloadPost(http, '/x/export', {}, 'x.csv', {
      signal: controller.signal,
      format: 'csv',
      onRows: () => undefined,
    });
    controller.abort();
    const error: unknown = await download.catch((e: unknown) => e);
    expect(axios.isCancel(error)).toBe(true);
    expect(env.toastError).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });
});
