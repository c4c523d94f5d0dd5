import type { CrudFilter, HttpError } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { envelope, fakeEnv, installFakeServer, type FakeHandler } from '../test/fake-http';
import { createDataProvider, fromListAnswer, toHttpError, toListBody } from './data';
import { ApiError, createHttp } from './http';

describe('toListBody', () => {
  it('defaults to page 1 of 10 with nothing else', () => {
    expect(toListBody(undefined, undefined, undefined)).toEqual({ current: 1, pageSize: 10 });
    expect(toListBody({}, [], [])).toEqual({ current: 1, pageSize: 10 });
  });

  it('maps refine pagination to current/pageSize', () => {
    expect(toListBody({ currentPage: 3, pageSize: 25, mode: 'server' }, [], [])).toEqual({
      current: 3,
      pageSize: 25,
    });
  });

  it('keeps sorters in order', () => {
    expect(
      toListBody(
        undefined,
        [
          { field: 'createdAt', order: 'desc' },
          { field: 'sceneName', order: 'asc' },
        ],
        [],
      ).sorters,
    ).toEqual([
      { field: 'createdAt', order: 'desc' },
      { field: 'sceneName', order: 'asc' },
    ]);
  });

  it('keeps filters with known operators and a value', () => {
    const filters: CrudFilter[] = [
      { field: 'sceneName', operator: 'contains', value: 'chat' },
      { field: 'type', operator: 'eq', value: 0 },
      { field: 'type', operator: 'in', value: [0, 1] },
      { field: 'isDel', operator: 'ne', value: false },
      { field: 'createdAt', operator: 'gte', value: '2024-01-01' },
      { field: 'createdAt', operator: 'lte', value: '2024-12-31' },
    ];
    expect(toListBody(undefined, undefined, filters).filters).toEqual([
      { field: 'sceneName', operator: 'contains', value: 'chat' },
      { field: 'type', operator: 'eq', value: 0 },
      { field: 'type', operator: 'in', value: [0, 1] },
      { field: 'isDel', operator: 'ne', value: false },
      { field: 'createdAt', operator: 'gte', value: '2024-01-01' },
      { field: 'createdAt', operator: 'lte', value: '2024-12-31' },
    ]);
  });

  it('drops empty values (undefined, null, empty string, empty array) but keeps 0 and false', () => {
    const body = toListBody(undefined, undefined, [
      { field: 'a', operator: 'eq', value: undefined },
      { field: 'b', operator: 'eq', value: null },
      { field: 'c', operator: 'contains', value: '' },
      { field: 'd', operator: 'in', value: [] },
      { field: 'e', operator: 'eq', value: 0 },
      { field: 'f', operator: 'eq', value: false },
    ]);
    expect(body.filters?.map((f) => f.field)).toEqual(['e', 'f']);
  });

  it('leaves filters out entirely when none survive', () => {
    const body = toListBody(undefined, undefined, [{ field: 'a', operator: 'eq', value: '' }]);
    expect(body).not.toHaveProperty('filters');
  });

  it("sends the 'keyword' field as body.keyword, not as a filter", () => {
    const body = toListBody(undefined, undefined, [
      { field: 'keyword', operator: 'contains', value: 'weather' },
      { field: 'type', operator: 'eq', value: 1 },
    ]);
    expect(body.keyword).toBe('weather');
    expect(body.filters).toEqual([{ field: 'type', operator: 'eq', value: 1 }]);
  });

  it('leaves out an empty keyword', () => {
    const body = toListBody(undefined, undefined, [
      { field: 'keyword', operator: 'contains', value: '' },
    ]);
    expect(body).not.toHaveProperty('keyword');
  });

  it('drops unknown operators and logical (or/and) groups', () => {
    const body = toListBody(undefined, undefined, [
      { field: 'a', operator: 'startswith', value: 'x' },
      { field: 'b', operator: 'between', value: [1, 2] },
      { operator: 'or', value: [{ field: 'c', operator: 'eq', value: 1 }] },
      { field: 'd', operator: 'eq', value: 'kept' },
    ]);
    expect(body.filters).toEqual([{ field: 'd', operator: 'eq', value: 'kept' }]);
  });
});

describe('fromListAnswer', () => {
  const none = { totalExact: true, nextCursor: null, prevCursor: null };
  it('accepts { list, total }, an exact total without cursors', () => {
    expect(fromListAnswer({ list: [{ id: 1 }], total: 42 })).toEqual({
      data: [{ id: 1 }],
      total: 42,
      ...none,
    });
  });

  it('keeps an estimated total and the cursors', () => {
    expect(
      fromListAnswer({
        list: [{ id: 1 }],
        total: 1_200_000,
        totalExact: false,
        nextCursor: 'n',
        prevCursor: null,
      }),
    ).toEqual({
      data: [{ id: 1 }],
      total: 1_200_000,
      totalExact: false,
      nextCursor: 'n',
      prevCursor: null,
    });
  });

  it('accepts a bare array, total = its length', () => {
    expect(fromListAnswer([{ id: 1 }, { id: 2 }])).toEqual({
      data: [{ id: 1 }, { id: 2 }],
      total: 2,
      ...none,
    });
  });

  it('answers an empty page for null or undefined', () => {
    expect(fromListAnswer(null)).toEqual({ data: [], total: 0, ...none });
    expect(fromListAnswer(undefined)).toEqual({ data: [], total: 0, ...none });
  });
});

describe('toHttpError', () => {
  it('keys issues by field', () => {
    const err = new ApiError('invalid', 40000, 400, [
      { field: 'sceneName', message: 'required' },
      { field: 'sceneCode', message: 'duplicate' },
    ]);
    expect(toHttpError(err)).toEqual({
      message: 'invalid',
      statusCode: 400,
      code: 40000,
      errors: { sceneName: 'required', sceneCode: 'duplicate' },
    });
  });

  it('has no errors without issues, and 500 without a status', () => {
    const out = toHttpError(new ApiError('Network Error', undefined, undefined));
    expect(out.statusCode).toBe(500);
    expect(out.errors).toBeUndefined();
  });

  it('wraps other errors', () => {
    expect(toHttpError(new Error('x'))).toEqual({ message: 'x', statusCode: 500 });
    expect(toHttpError('y')).toEqual({ message: 'y', statusCode: 500 });
  });
});

describe('createDataProvider', () => {
  function setup(handler: FakeHandler = () => ({ body: envelope(0, { id: 1 }) })) {
    const http = createHttp(fakeEnv({ baseURL: 'https://api.test' }));
    const seen = installFakeServer(http, handler);
    return { dp: createDataProvider(http), seen };
  }

  it('getApiUrl is the base URL plus the manage prefix', () => {
    expect(setup().dp.getApiUrl()).toBe('https://api.test/api/manage/v1');
  });

  it('getList posts the list body to <prefix>/page and reads { list, total }', async () => {
    const { dp, seen } = setup(() => ({
      body: envelope(0, { list: [{ id: 1 }, { id: 2 }], total: 12 }),
    }));
    const res = await dp.getList({
      resource: 'scene',
      pagination: { currentPage: 2, pageSize: 2 },
      sorters: [{ field: 'createdAt', order: 'desc' }],
      filters: [
        { field: 'keyword', operator: 'contains', value: 'hi' },
        { field: 'type', operator: 'eq', value: 1 },
      ],
    });
    expect(res).toMatchObject({ data: [{ id: 1 }, { id: 2 }], total: 12, totalExact: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: '/api/manage/v1/scene/page', method: 'post' });
    expect(seen[0]!.body).toEqual({
      current: 2,
      pageSize: 2,
      sorters: [{ field: 'createdAt', order: 'desc' }],
      filters: [{ field: 'type', operator: 'eq', value: 1 }],
      keyword: 'hi',
    });
  });

  it('getList sends a cursor and an exact-count request from meta, and reads the cursors', async () => {
    const { dp, seen } = setup(() => ({
      body: envelope(0, {
        list: [{ id: 3 }],
        total: 2_000_000,
        totalExact: false,
        nextCursor: 'n2',
        prevCursor: 'p2',
      }),
    }));
    const res = await dp.getList({
      resource: 'scene',
      pagination: { currentPage: 1000, pageSize: 10 },
      // refine copies the URL's query parameters into meta: only pageCursor is the cursor.
      meta: { pageCursor: 'c1', exactTotal: true, cursor: 'from the URL' },
    });
    expect(seen[0]!.body).toMatchObject({ cursor: 'c1', exactTotal: true });
    expect(res).toMatchObject({
      total: 2_000_000,
      totalExact: false,
      nextCursor: 'n2',
      prevCursor: 'p2',
    });
  });

  it('getList accepts a bare array answer', async () => {
    const { dp } = setup(() => ({ body: envelope(0, [{ id: 7 }]) }));
    expect(await dp.getList({ resource: 'scene' })).toMatchObject({ data: [{ id: 7 }], total: 1 });
  });

  it('getOne posts { id } to <prefix>/detail', async () => {
    const { dp, seen } = setup(() => ({ body: envelope(0, { id: 5, sceneName: 'x' }) }));
    expect(await dp.getOne({ resource: 'scene', id: 5 })).toEqual({
      data: { id: 5, sceneName: 'x' },
    });
    expect(seen[0]).toMatchObject({ url: '/api/manage/v1/scene/detail', body: { id: 5 } });
  });

  it('create posts the variables to <prefix>/create', async () => {
    const { dp, seen } = setup();
    await dp.create({ resource: 'scene', variables: { sceneName: 'a', sceneCode: 'b' } });
    expect(seen[0]).toMatchObject({
      url: '/api/manage/v1/scene/create',
      body: { sceneName: 'a', sceneCode: 'b' },
    });
  });

  it('update posts the variables plus id (and version) to <prefix>/update', async () => {
    const { dp, seen } = setup();
    await dp.update({ resource: 'scene', id: 3, variables: { sceneName: 'n', version: 2 } });
    expect(seen[0]).toMatchObject({
      url: '/api/manage/v1/scene/update',
      body: { sceneName: 'n', version: 2, id: 3 },
    });
  });

  it('deleteOne posts { id } to <prefix>/delete', async () => {
    const { dp, seen } = setup();
    await dp.deleteOne({ resource: 'scene', id: 4 });
    expect(seen[0]).toMatchObject({ url: '/api/manage/v1/scene/delete', body: { id: 4 } });
  });

  it('meta.prefix overrides the resource name in every call', async () => {
    const { dp, seen } = setup(() => ({ body: envelope(0, { list: [], total: 0 }) }));
    const meta = { prefix: 'prompt/template' };
    await dp.getList({ resource: 'prompt', meta });
    await dp.getOne({ resource: 'prompt', id: 1, meta });
    await dp.create({ resource: 'prompt', variables: {}, meta });
    await dp.update({ resource: 'prompt', id: 1, variables: {}, meta });
    await dp.deleteOne({ resource: 'prompt', id: 1, meta });
    expect(seen.map((r) => r.url)).toEqual([
      '/api/manage/v1/prompt/template/page',
      '/api/manage/v1/prompt/template/detail',
      '/api/manage/v1/prompt/template/create',
      '/api/manage/v1/prompt/template/update',
      '/api/manage/v1/prompt/template/delete',
    ]);
  });

  it('getMany fetches each id', async () => {
    const { dp, seen } = setup((req) => ({ body: envelope(0, req.body) }));
    const res = await dp.getMany?.({ resource: 'scene', ids: [1, 2] });
    expect(res?.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(seen.map((r) => r.url)).toEqual([
      '/api/manage/v1/scene/detail',
      '/api/manage/v1/scene/detail',
    ]);
  });

  it('turns an ApiError with issues into an HttpError with errors keyed by field', async () => {
    const { dp } = setup(() => ({
      status: 400,
      body: envelope(
        40000,
        { issues: [{ field: 'sceneCode', message: 'already used' }] },
        'invalid input',
      ),
    }));
    const err = (await dp
      .create({ resource: 'scene', variables: { sceneCode: 'dup' } })
      .catch((e: unknown) => e)) as HttpError;
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      message: 'invalid input',
      statusCode: 400,
      errors: { sceneCode: 'already used' },
    });
  });

  it('a version conflict keeps its status and code', async () => {
    const { dp } = setup(() => ({ status: 409, body: envelope(40900, null, 'stale') }));
    const err = (await dp
      .update({ resource: 'scene', id: 1, variables: { version: 1 } })
      .catch((e: unknown) => e)) as HttpError;
    expect(err).toMatchObject({ message: 'stale', statusCode: 409, code: 40900 });
    expect(err.errors).toBeUndefined();
  });
});
