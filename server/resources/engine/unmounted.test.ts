import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { rolesAllowed, type Action } from '../../../contract/resource';
import { RESOURCES } from '../../../contract/resources';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

/** The platform's own writes, which no console role makes (docs/DECISIONS.md). */
const PLATFORM_WRITES = [
  'prompt/call/create',
  'prompt/call/delete',
  'record/create',
  'model-evaluate/result/create',
  'model-evaluate/result/delete',
];

const CALL_ACTION: Record<string, Action> = {
  page: 'list',
  detail: 'show',
  create: 'create',
  update: 'edit',
  delete: 'delete',
  export: 'list',
};

describeBackends('calls no role may make', (backend) => {
  const t = useTestApp(backend);
  const tokens: Record<'admin' | 'user', string> = { admin: '', user: '' };
  beforeAll(async () => {
    tokens.admin = await t.login('admin');
    tokens.user = await t.login('user');
  });

  it('are not served: every caller is told there is no such endpoint, in its language', async () => {
    const noSuch = { 'zh-CN': '接口不存在', 'en-US': 'No such endpoint' };
    for (const path of PLATFORM_WRITES) {
      for (const token of [tokens.admin, tokens.user, undefined]) {
        for (const lang of ['zh-CN', 'en-US'] as const) {
          const res = await t.post(apiPath(path), { id: 1 }, { lang, ...(token ? { token } : {}) });
          expect([res.status, res.body], `${path} ${lang}`).toEqual([
            404,
            { code: Code.NOT_FOUND, msg: noSuch[lang], data: null },
          ]);
        }
      }
    }
  });

  it('are not published, and every published resource call is one some role may make', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const published = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of PLATFORM_WRITES) expect(published).not.toContain(apiPath(path));
    // What operators do to those rows stays: rating a call, retitling a session, scoring a result.
    for (const path of ['prompt/call/update', 'record/update', 'model-evaluate/result/update']) {
      expect(published).toContain(apiPath(path));
    }
    for (const def of RESOURCES) {
      for (const [call, action] of Object.entries(CALL_ACTION)) {
        const path = apiPath(def.prefix, call);
        if (!published.includes(path)) continue;
        expect(rolesAllowed(def, action).length, path).toBeGreaterThan(0);
      }
    }
  });
});
