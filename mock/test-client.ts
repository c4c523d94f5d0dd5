import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { TestBackend } from '../server/test/backends';
import { addUser, useTestApp } from '../server/test/harness';
import { MOCK_CODE } from './constants';

/** A fixed clock: the sample dates are relative to it. */
export const NOW = new Date('2025-03-15T08:00:00Z');

export interface Reply {
  status: number;
  body: { code: number; msg: string; data: unknown };
  ms: number;
}

/**
 * A server for the sample handlers' tests of the enclosing describe, with two accounts logged in
 * ('user' and 'other'), and the calls as the console makes them.
 */
export function useMockClient(backend: TestBackend) {
  const t = useTestApp(backend, {
    seed: false,
    // Many calls without a token; the per-address budget for strangers is not tested here.
    anonymousLimit: false,
    mock: { now: () => NOW },
    prepare: async (db) => {
      await addUser(db, '1', 'user');
      await addUser(db, '2', 'other');
    },
  });
  const tokens = { user: '', other: '' };
  beforeAll(async () => {
    tokens.user = await t.login('user');
    tokens.other = await t.login('other');
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; token?: string | null; lang?: string; app?: FastifyInstance } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? tokens.user : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const started = performance.now();
    const res = await (options.app ?? t.app).inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status: res.statusCode, body: res.json(), ms: performance.now() - started };
  }

  /** The data of a successful sample call (code 20000). */
  async function data<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const reply = await call(method, url, { body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.code).toBe(MOCK_CODE.OK);
    expect(reply.body.msg).toBe('成功');
    return reply.body.data as T;
  }

  const get = <T>(url: string) => data<T>('GET', url);
  const post = <T>(url: string, body?: unknown) => data<T>('POST', url, body);

  function expectRefused(reply: Reply, field: string, message: RegExp) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.code).toBe(MOCK_CODE.FAILURE);
    expect(reply.body.msg).toMatch(message);
    const issues = (reply.body.data as { issues: { field: string; message: string }[] }).issues;
    expect(issues.map((i) => i.field)).toContain(field);
  }

  return { t, tokens, call, data, get, post, expectRefused };
}
