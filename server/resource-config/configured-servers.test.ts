import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { apiPath } from '../../contract/api';
import { RESOURCE_CONFIG_PATHS } from '../../contract/resource-config-api';
import { buildApp } from '../app';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { declaration } from './test-declarations';

describeBackends('a configured resource from RESOURCES_CONFIG', (backend) => {
  let dir = '';
  let path = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'resources-config-'));
    path = join(dir, 'resources.yaml');
    await writeFile(
      path,
      [
        'resources:',
        '  - name: glossary',
        '    labels: { zh-CN: 术语表, en-US: Glossary }',
        '    permissions: { user: [list, show, create, edit, delete] }',
        '    fields:',
        '      - { name: term, type: string, required: true, list: true, sortable: true,',
        '          labels: { zh-CN: 术语, en-US: Term } }',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const t = useTestApp(backend, {
    get resourcesConfig() {
      return path;
    },
    reloadOnSighup: true,
  });

  it('serves the file, read-only on the page, and reloads it on SIGHUP', async () => {
    const user = await t.login('user');
    const admin = await t.login('admin');
    const created = await t.post(apiPath('glossary', 'create'), { term: 'RAG' }, { token: user });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const edit = await t.post(
      RESOURCE_CONFIG_PATHS.enable,
      { name: 'glossary', version: 1, enabled: false },
      { token: admin },
    );
    expect([edit.status, edit.body.code]).toEqual([403, 40300]);

    await writeFile(path, 'resources: []\n');
    process.emit('SIGHUP', 'SIGHUP');
    await vi.waitFor(async () =>
      expect((await t.post(apiPath('glossary', 'page'), {}, { token: user })).body.code).toBe(
        40400,
      ),
    );
  });
});

describeBackends('configured resources across servers on one database', (backend) => {
  const t = useTestApp(backend);

  it('a server started while the database is down serves the declarations once it is back', async () => {
    const admin = await t.login('admin');
    const user = await t.login('user');
    const created = await t.post(
      RESOURCE_CONFIG_PATHS.create,
      { declaration: declaration('outage-notes') },
      { token: admin },
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    let down = true;
    // Every query fails as an unreachable server's would, until `down` is cleared.
    const flaky = new Proxy(t.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (!down || typeof value !== 'function') return value;
        return () => {
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        };
      },
    });
    const late = await buildApp({ db: flaky });
    try {
      await late.ready();
      down = false;
      await vi.waitFor(
        async () => {
          const res = await late.inject({
            method: 'POST',
            url: apiPath('outage-notes', 'page'),
            headers: { authorization: `Bearer ${user}` },
            payload: {},
          });
          expect((res.json() as { code: number }).code).toBe(0);
        },
        { timeout: 10_000, interval: 200 },
      );
    } finally {
      await late.close();
    }
  });

  it('a second server serves a declaration made through the first within its poll', async () => {
    const second = await buildApp({ db: t.db, declarationPollMs: 50 });
    try {
      await second.ready();
      const admin = await t.login('admin');
      const user = await t.login('user');
      const created = await t.post(
        RESOURCE_CONFIG_PATHS.create,
        { declaration: declaration('glossary') },
        { token: admin },
      );
      expect(created.body.code, JSON.stringify(created.body)).toBe(0);
      await vi.waitFor(async () => {
        const res = await second.inject({
          method: 'POST',
          url: apiPath('glossary', 'page'),
          headers: { authorization: `Bearer ${user}` },
          payload: {},
        });
        expect((res.json() as { code: number }).code).toBe(0);
      });
    } finally {
      await second.close();
    }
  });
});
