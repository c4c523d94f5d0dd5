import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPath } from '../../contract/api';
import { createSchema, idBody, pageSchema } from '../../contract/resource-schema';
import { loginBody } from '../../contract/auth';
import { scene } from '../../contract/resources/scene';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { budgetProblem, DEFAULT_BODY_LIMITS, keyCapacity } from './body-budget';

const limits = { maxDepth: 3, maxKeys: 2, maxValues: 7 };

describe('budgetProblem', () => {
  it('passes bodies within every limit', () => {
    expect(budgetProblem('{"a":[1,2],"b":{"c":"x"}}', limits)).toBeUndefined();
    expect(budgetProblem('"just text"', limits)).toBeUndefined();
  });

  it('reports the first limit broken', () => {
    expect(budgetProblem('[[[[1]]]]', limits)).toEqual({ kind: 'depth', max: 3 });
    expect(budgetProblem('{"a":1,"b":2,"c":3}', limits)).toEqual({ kind: 'keys', max: 2 });
    expect(budgetProblem('[1,2,3,4,5,6,7,8]', limits)).toEqual({ kind: 'values', max: 7 });
  });

  it('ignores structure inside strings, escaped quotes included', () => {
    expect(budgetProblem('{"a":"[[[[{:::,,,\\"]]]"}', limits)).toBeUndefined();
    expect(budgetProblem('{"a\\\\":"x","b":1}', limits)).toBeUndefined();
  });

  it('admits the largest bodies the contract defines', () => {
    const filters = Array.from({ length: 20 }, () => ({
      field: 'sceneName',
      operator: 'in',
      value: Array.from({ length: 100 }, (_, i) => `v${i}`),
    }));
    const text = JSON.stringify({ current: 1, pageSize: 100, filters, keyword: 'k' });
    expect(budgetProblem(text, DEFAULT_BODY_LIMITS)).toBeUndefined();
  });
});

describe('keyCapacity', () => {
  it('is the field count of a strict object and undefined for open ones', () => {
    expect(keyCapacity(loginBody)).toBe(2);
    expect(keyCapacity(idBody)).toBe(1);
    expect(keyCapacity(pageSchema(scene))).toBe(7);
    expect(keyCapacity(createSchema(scene))).toBe(Object.keys(createSchema(scene).shape).length);
    expect(keyCapacity(z.looseObject({ a: z.string() }))).toBeUndefined();
    expect(keyCapacity(z.string())).toBeUndefined();
  });
});

/** A body of tens of thousands of unknown keys must not answer one issue per key. */
describeBackends('body budget', (backend) => {
  const t = useTestApp(backend);
  const manyKeys = (n: number) =>
    JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
  const raw = (url: string, payload: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('refuses 60,000 keys with one issue, before parsing, on login and everywhere', async () => {
    const token = await t.login('user');
    for (const url of [apiPath('user', 'login'), apiPath('scene', 'create')]) {
      const res = await raw(url, manyKeys(60_000), token);
      expect(res.statusCode).toBe(400);
      expect(res.body.length).toBeLessThan(300);
      expect(res.json()).toEqual({
        code: 40000,
        msg: 'body: must have at most 200 fields',
        data: { issues: [{ field: 'body', message: 'must have at most 200 fields' }] },
      });
    }
  });

  it('refuses more keys than the route’s schema has, after authentication', async () => {
    const anonymous = await raw(apiPath('scene', 'create'), manyKeys(50));
    expect(anonymous.json().code).toBe(50008);
    const token = await t.login('user');
    const res = await raw(apiPath('scene', 'detail'), manyKeys(50), token);
    expect(res.json()).toEqual({
      code: 40000,
      msg: 'body: must have at most 1 fields',
      data: { issues: [{ field: 'body', message: 'must have at most 1 fields' }] },
    });
    const login = await raw(apiPath('user', 'login'), manyKeys(3));
    expect(login.json().data.issues).toHaveLength(1);
  });

  it('refuses deep nesting and huge arrays with one issue', async () => {
    const deep = raw(apiPath('user', 'login'), '['.repeat(100_000) + ']'.repeat(100_000));
    expect((await deep).json()).toMatchObject({
      code: 40000,
      data: { issues: [{ field: 'body' }] },
    });
    const wide = await raw(apiPath('user', 'login'), JSON.stringify(new Array(50_000).fill(0)));
    expect(wide.json()).toMatchObject({ code: 40000, data: { issues: [{ field: 'body' }] } });
  });

  it('caps issues at 20 plus a count when a body is within budget but wrong everywhere', async () => {
    const token = await t.login('user');
    const filters = Array.from({ length: 20 }, (_, i) => ({ field: `nope${i}`, operator: 'x' }));
    const res = await t.post(
      apiPath('scene', 'page'),
      { current: 0, pageSize: 0, filters, sorters: [{}, {}, {}] },
      { token },
    );
    expect(res.body.code).toBe(40000);
    const data = res.body.data as { issues: unknown[]; omittedIssues?: number };
    expect(data.issues).toHaveLength(20);
    expect(data.omittedIssues).toBeGreaterThan(0);
  });
});
