import { Refine, useList } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeEnv, installFakeServer, type FakeAnswer } from '../test/fake-http';
import { createDataProvider } from './data';
import { ApiError, createHttp } from './http';
import { QUERY_RETRIES, reactQueryOptions, retryTransient } from './query-options';

const LIST_URL = '/api/manage/v1/scene/page';

function SceneList() {
  const { query } = useList({ resource: 'scene' });
  return <p>{query.isError ? 'failed' : query.isSuccess ? 'loaded' : 'loading'}</p>;
}

/** A list page under refine with the console's query options, over a fake server. */
function renderList(answer: () => FakeAnswer) {
  const env = fakeEnv();
  const http = createHttp(env);
  const seen = installFakeServer(http, answer);
  render(
    <Refine
      dataProvider={createDataProvider(http)}
      resources={[{ name: 'scene' }]}
      options={{ disableTelemetry: true, reactQuery: reactQueryOptions }}
    >
      <SceneList />
    </Refine>,
  );
  const lists = () => seen.filter((r) => r.url === LIST_URL).length;
  return { env, lists };
}

describe('retryTransient', () => {
  it('retries a network failure or a 5xx once, a 4xx never', () => {
    expect(QUERY_RETRIES).toBe(1);
    const network = new ApiError('Network Error', undefined, undefined);
    const internal = new ApiError('boom', 50000, 500);
    expect(retryTransient(0, network)).toBe(true);
    expect(retryTransient(0, internal)).toBe(true);
    expect(retryTransient(1, network)).toBe(false);
    expect(retryTransient(1, internal)).toBe(false);
    expect(retryTransient(0, new ApiError('gone', 50008, 401))).toBe(false);
    expect(retryTransient(0, new ApiError('bad', 40000, 400))).toBe(false);
  });
});

describe('a failed list under refine with the console’s query options', () => {
  it('a 500 is requested twice and toasted once', async () => {
    const { env, lists } = renderList(() => ({
      status: 500,
      body: envelope(50000, null, 'database down'),
    }));
    // isError only once every retry is spent (react-query waits 1 s before the retry).
    await screen.findByText('failed', undefined, { timeout: 5000 });
    expect(lists()).toBe(2);
    expect(env.toastError).toHaveBeenCalledExactlyOnceWith('database down', 5);
  });

  it('a network failure is requested twice and toasted once', async () => {
    const { env, lists } = renderList(() => ({ networkError: 'Network Error' }));
    await screen.findByText('failed', undefined, { timeout: 5000 });
    expect(lists()).toBe(2);
    expect(env.toastError).toHaveBeenCalledOnce();
  });

  it.each([
    [400, 40000],
    [403, 40300],
    [429, 42900],
  ])('a %i is requested once', async (status, code) => {
    const { env, lists } = renderList(() => ({ status, body: envelope(code, null, 'no') }));
    await screen.findByText('failed');
    expect(lists()).toBe(1);
    expect(env.toastError).toHaveBeenCalledOnce();
  });

  it('an ended session (401, 50008) is requested once, with the dialog and no toast', async () => {
    const { env, lists } = renderList(() => ({
      status: 401,
      body: envelope(50008, null, 'no token'),
    }));
    await screen.findByText('failed');
    expect(lists()).toBe(1);
    expect(env.confirmLogout).toHaveBeenCalledOnce();
    expect(env.toastError).not.toHaveBeenCalled();
  });

  it('a list that recovers on the retry shows its rows', async () => {
    let calls = 0;
    const { lists } = renderList(() =>
      ++calls === 1
        ? { status: 503, body: envelope(50300, null, 'busy') }
        : { body: envelope(0, { list: [{ id: 1 }], total: 1 }) },
    );
    await screen.findByText('loaded', undefined, { timeout: 5000 });
    await waitFor(() => expect(lists()).toBe(2));
  });
});
