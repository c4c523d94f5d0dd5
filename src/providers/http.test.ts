import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeEnv, installFakeServer, type FakeAnswer } from '../test/fake-http';
import { ApiError, createHttp, isTransient, TOAST_SECONDS, USER_INFO_PATHS } from './http';

const URL_ = '/api/manage/v1/scene/page';

function setup(answer: FakeAnswer, envOverrides: Parameters<typeof fakeEnv>[0] = {}) {
  const env = fakeEnv(envOverrides);
  const http = createHttp(env);
  const seen = installFakeServer(http, () => answer);
  return { env, http, seen };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err: unknown = await p.then(
    () => {
      throw new Error('expected the call to be rejected');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('createHttp request interceptor (spec §7)', () => {
  it('sends Authorization: Bearer <token> when a token is stored', async () => {
    const { http, seen } = setup({ body: envelope(0) }, { getToken: () => 'tok-1' });
    await http.post(URL_, {});
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token (null or empty)', async () => {
    for (const token of [null, '']) {
      const { http, seen } = setup({ body: envelope(0) }, { getToken: () => token });
      await http.post(URL_, {});
      expect(seen[0]!.headers.has('Authorization')).toBe(false);
    }
  });

  it('sends x-user-id and userId from the cookie when it exists', async () => {
    const { http, seen } = setup({ body: envelope(0) }, { getUserId: () => '42' });
    await http.post(URL_, {});
    expect(seen[0]!.headers.get('x-user-id')).toBe('42');
    expect(seen[0]!.headers.get('userId')).toBe('42');
  });

  it('uses the fallback id when the cookie exists but is empty', async () => {
    const { http, seen } = setup(
      { body: envelope(0) },
      { getUserId: () => '', fallbackUserId: '-1' },
    );
    await http.post(URL_, {});
    expect(seen[0]!.headers.get('x-user-id')).toBe('-1');
    expect(seen[0]!.headers.get('userId')).toBe('-1');
  });

  it('sends no user-id headers without the cookie', async () => {
    const { http, seen } = setup({ body: envelope(0) }, { getUserId: () => undefined });
    await http.post(URL_, {});
    expect(seen[0]!.headers.has('x-user-id')).toBe(false);
    expect(seen[0]!.headers.has('userId')).toBe(false);
  });

  it('sends Accept-Language from getLocale, read on every request', async () => {
    let locale = 'zh-CN';
    const { http, seen } = setup({ body: envelope(0) }, { getLocale: () => locale });
    await http.post(URL_, {});
    locale = 'en-US';
    await http.post(URL_, {});
    expect(seen.map((r) => r.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en-US']);
  });

  it('uses the base URL and has no default timeout', async () => {
    const { http, seen } = setup({ body: envelope(0) }, { baseURL: 'https://api.example.test' });
    expect(http.defaults.baseURL).toBe('https://api.example.test');
    expect(http.defaults.timeout).toBe(0);
    await http.post(URL_, {});
    expect(seen[0]!.timeout).toBe(0);
  });
});

describe('createHttp response interceptor (spec §8)', () => {
  it.each([
    ['code 0', envelope(0, { a: 1 })],
    ['code 20000', { code: 20000, msg: 'ok', data: { a: 1 } }],
    ['a body without code', { a: 1 }],
    ['a non-object body', 'plain text'],
  ])('passes %s untouched', async (_, body) => {
    const { http, env } = setup({ body });
    const res = await http.post(URL_, {});
    expect(res.data).toEqual(body);
    expect(env.toastError).not.toHaveBeenCalled();
    expect(env.confirmLogout).not.toHaveBeenCalled();
  });

  it('toasts the server message for 5 s and rejects with ApiError(code) on any other code', async () => {
    const { http, env } = setup({ body: envelope(50000, null, 'boom') });
    const err = await rejection(http.post(URL_, {}));
    expect(TOAST_SECONDS).toBe(5);
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('boom', 5);
    expect(err.message).toBe('boom');
    expect(err.code).toBe(50000);
    expect(err.status).toBe(200);
    expect(err.issues).toEqual([]);
    expect(env.confirmLogout).not.toHaveBeenCalled();
  });

  it("toasts 'Error' when the message is missing or empty", async () => {
    for (const body of [{ code: 50000 }, { code: 50000, msg: '' }]) {
      const { http, env } = setup({ body });
      const err = await rejection(http.post(URL_, {}));
      expect(env.toastError).toHaveBeenCalledExactlyOnceWith('Error', 5);
      expect(err.message).toBe('Error');
    }
  });

  it('carries data.issues into the ApiError', async () => {
    const issues = [{ field: 'sceneName', message: 'required' }];
    const { http } = setup({ body: envelope(40000, { issues }, 'invalid') });
    const err = await rejection(http.post(URL_, {}));
    expect(err.code).toBe(40000);
    expect(err.issues).toEqual(issues);
  });

  it.each([50008, 50012, 50014])(
    'code %i opens the logout dialog; Re-Login logs out, then reloads',
    async (code) => {
      let finishLogout: () => void = () => undefined;
      const logout = vi.fn(
        () =>
          new Promise<void>((resolve) => {
            finishLogout = resolve;
          }),
      );
      const { http, env } = setup({ body: envelope(code, null, 'token gone') }, { logout });
      const err = await rejection(http.post(URL_, {}));
      expect(err.code).toBe(code);
      // The dialog says it all: no toast behind it.
      expect(env.toastError).not.toHaveBeenCalled();
      expect(env.confirmLogout).toHaveBeenCalledOnce();
      // Nothing happens until the user chooses Re-Login.
      expect(logout).not.toHaveBeenCalled();
      expect(env.reload).not.toHaveBeenCalled();

      const onRelogin = env.confirmLogout.mock.calls[0]![0];
      onRelogin();
      expect(logout).toHaveBeenCalledOnce();
      await Promise.resolve();
      expect(env.reload).not.toHaveBeenCalled(); // waits for the logout to finish
      finishLogout();
      await vi.waitFor(() => expect(env.reload).toHaveBeenCalledOnce());
    },
  );

  it('does not open the logout dialog for the user-info call', async () => {
    expect(USER_INFO_PATHS).toContain('/api/manage/v1/user/detail');
    const { http, env } = setup({ body: envelope(50008, null, 'token gone') });
    const err = await rejection(http.post('/api/manage/v1/user/detail', { id: '1' }));
    expect(err.code).toBe(50008);
    expect(env.toastError).toHaveBeenCalledWith('token gone', 5);
    expect(env.confirmLogout).not.toHaveBeenCalled();
  });

  it('treats an HTTP error status with an envelope body like an envelope error', async () => {
    const issues = [{ field: 'sceneCode', message: 'duplicate' }];
    const { http, env } = setup({
      status: 400,
      body: envelope(40000, { issues }, 'invalid input'),
    });
    const err = await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('invalid input', 5);
    expect(err.code).toBe(40000);
    expect(err.status).toBe(400);
    expect(err.issues).toEqual(issues);
  });

  it('opens the logout dialog for a 401 carrying a logout code', async () => {
    const { http, env } = setup({ status: 401, body: envelope(50014, null, 'expired') });
    const err = await rejection(http.post(URL_, {}));
    expect(err.status).toBe(401);
    expect(env.confirmLogout).toHaveBeenCalledOnce();
  });

  it('toasts the transport error message when there is no response', async () => {
    const { http, env } = setup({ networkError: 'Network Error' });
    const err = await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('Network Error', 5);
    expect(err.code).toBeUndefined();
    expect(err.status).toBeUndefined();
    expect(env.confirmLogout).not.toHaveBeenCalled();
  });

  it("toasts 'Request Error' when the transport error has no message", async () => {
    const { http, env } = setup({ networkError: '' });
    const err = await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('Request Error', 5);
    expect(err.message).toBe('Request Error');
  });

  it('toasts the axios message for an error status without an envelope body', async () => {
    const { http, env } = setup({ status: 502, body: '<html>bad gateway</html>' });
    const err = await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith(
      'Request failed with status code 502',
      5,
    );
    expect(err.status).toBe(502);
  });
});

describe('createHttp under faults: one toast per distinct error', () => {
  afterEach(() => vi.useRealTimers());

  it('shows one toast for the same code and message within the toast’s 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { http, env } = setup({ status: 500, body: envelope(50000, null, 'boom') });
    for (let i = 0; i < 4; i++) await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('boom', 5);

    vi.advanceTimersByTime(TOAST_SECONDS * 1000 - 1);
    await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledOnce();

    // Once the first toast has gone, the same error shows again.
    vi.advanceTimersByTime(1);
    await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledTimes(2);
  });

  it('toasts each distinct code or message', async () => {
    const answers: FakeAnswer[] = [
      { body: envelope(50000, null, 'boom') },
      { body: envelope(40000, null, 'boom') },
      { body: envelope(50000, null, 'bang') },
      { networkError: 'Network Error' },
      { networkError: 'Network Error' },
    ];
    const env = fakeEnv();
    const http = createHttp(env);
    installFakeServer(http, () => answers.shift() ?? { body: envelope(0) });
    for (let i = 0; i < 5; i++) await rejection(http.post(URL_, {}));
    expect(env.toastError.mock.calls.map((c) => c[0])).toEqual([
      'boom',
      'boom',
      'bang',
      'Network Error',
    ]);
  });

  it('the logout dialog opens once, clears the toasts on screen and has none behind it', async () => {
    const answers: FakeAnswer[] = [
      { body: envelope(50000, null, 'boom') },
      { status: 401, body: envelope(50008, null, 'no token') },
      { status: 401, body: envelope(50008, null, 'no token') },
      { body: envelope(40000, null, 'bad') },
      { networkError: 'Network Error' },
    ];
    const env = fakeEnv();
    const http = createHttp(env);
    installFakeServer(http, () => answers.shift() ?? { body: envelope(0) });
    await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledOnce();
    expect(env.dismissToasts).not.toHaveBeenCalled();

    for (let i = 0; i < 4; i++) await rejection(http.post(URL_, {}));
    expect(env.confirmLogout).toHaveBeenCalledOnce();
    expect(env.dismissToasts).toHaveBeenCalledOnce();
    // Failures while the dialog is up come from the same ended session: no toasts.
    expect(env.toastError).toHaveBeenCalledOnce();
  });

  it('after the dialog closes, a later logout code opens it again and toasts resume', async () => {
    const answers: FakeAnswer[] = [
      { status: 401, body: envelope(50014, null, 'expired') },
      { body: envelope(40000, null, 'bad') },
      { status: 401, body: envelope(50014, null, 'expired') },
    ];
    const env = fakeEnv();
    const http = createHttp(env);
    installFakeServer(http, () => answers.shift() ?? { body: envelope(0) });
    await rejection(http.post(URL_, {}));
    const onClose = env.confirmLogout.mock.calls[0]![1];
    onClose();
    await rejection(http.post(URL_, {}));
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('bad', 5);
    await rejection(http.post(URL_, {}));
    expect(env.confirmLogout).toHaveBeenCalledTimes(2);
  });
});

describe('isTransient: what is worth one more try', () => {
  it('network failures and 5xx answers are; 4xx and errors answered 200 are not', () => {
    expect(isTransient(new ApiError('Network Error', undefined, undefined))).toBe(true);
    expect(isTransient(new ApiError('boom', 50000, 500))).toBe(true);
    expect(isTransient(new ApiError('Bad gateway', undefined, 502))).toBe(true);
    expect(isTransient(new ApiError('down', 50300, 503))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(isTransient(new ApiError('no', 40000, status)), String(status)).toBe(false);
    }
    expect(isTransient(new ApiError('failed', 50000, 200))).toBe(false);
  });

  it('reads refine’s HttpError (statusCode) as the data provider hands it on', () => {
    expect(isTransient({ message: 'boom', statusCode: 500 })).toBe(true);
    expect(isTransient({ message: 'no', statusCode: 404 })).toBe(false);
    expect(isTransient(new Error('a bug'))).toBe(false);
    expect(isTransient(null)).toBe(false);
  });
});
