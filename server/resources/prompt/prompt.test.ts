import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { promptVersions } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { addUser, useTestApp } from '../../test/harness';

interface Template {
  id: number;
  version: number;
  title: string;
  content: string;
  isPublic: number;
  status: number;
  liveVersion: number;
  pendingVersion: number | null;
  reviewState: string;
  sceneCode: string | null;
  sceneName: string | null;
  variables: unknown;
  createdAt: string;
  updatedAt: string;
}
interface Version {
  number: number;
  state: string;
  content: string;
  note: string | null;
  authorName: string | null;
  reason: string | null;
}

const VARS = [
  { name: '产品', type: 'text', fieldName: 'product' },
  { name: '语气', type: 'select', fieldName: 'tone', options: ['正式', '活泼'] },
];

/**
 * Templates keep every change as a version; platform changes go live only when the admin
 * approves them.
 */
describeBackends('prompt versions and approval', (backend) => {
  const t = useTestApp(backend, { prepare: (db) => addUser(db, '2', 'other') });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body: unknown) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who] });
  const ok = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  const versions = async (who: string, id: number) =>
    (await ok<{ list: Version[] }>(who, 'prompt/versions', { id })).list;
  const create = (who: string, scope: string, extra: object = {}) =>
    ok<Template>(who, 'prompt/create', {
      scope,
      title: `${scope} 模板`,
      sceneCode: 'customer-service',
      content: '介绍{{product}}，语气{{tone}}。',
      variables: VARS,
      ...extra,
    });

  describe('personal templates', () => {
    it('create makes version 1 live and answers the scene name', async () => {
      const row = await create('user', 'personal', { note: '初版' });
      expect(row).toMatchObject({ liveVersion: 1, reviewState: 'none', isPublic: 0 });
      expect(row.sceneName).toBeTruthy();
      expect(await versions('user', row.id)).toMatchObject([
        { number: 1, state: 'live', note: '初版' },
      ]);
    });

    it('every update is a new live version; restore brings an old one back as a new one', async () => {
      const row = await create('user', 'personal');
      const v2 = await ok<Template>('user', 'prompt/update', {
        id: row.id,
        version: row.version,
        content: '第二版：{{product}} {{tone}}',
        note: '改写',
      });
      expect(v2).toMatchObject({ liveVersion: 2, content: '第二版：{{product}} {{tone}}' });
      const list = await versions('user', row.id);
      expect(list.map((v) => [v.number, v.state])).toEqual([
        [2, 'live'],
        [1, 'archived'],
      ]);
      // Each version keeps its own text and note: the history's comparison reads them.
      expect(list.map((v) => [v.content, v.note, v.authorName])).toEqual([
        ['第二版：{{product}} {{tone}}', '改写', expect.any(String)],
        [row.content, null, expect.any(String)],
      ]);
      const restored = await ok<Template>('user', 'prompt/restore', {
        id: row.id,
        version: v2.version,
        number: 1,
      });
      expect(restored).toMatchObject({ liveVersion: 3, content: row.content });
      expect((await versions('user', row.id))[0]).toMatchObject({ number: 3, state: 'live' });
    });

    it('a stale version answers 40900 and keeps no new version', async () => {
      const row = await create('user', 'personal');
      await ok('user', 'prompt/update', { id: row.id, version: row.version, title: '新标题' });
      const stale = await as('user', 'prompt/update', {
        id: row.id,
        version: row.version,
        title: '过期的修改',
      });
      expect(stale.body.code).toBe(Code.CONFLICT);
      expect((await versions('user', row.id)).length).toBe(2);
      expect((await ok<Template>('user', 'prompt/detail', { id: row.id })).title).toBe('新标题');
    });

    it('a placeholder without a variable, or an unused variable, answers 40000 on variables', async () => {
      const missing = await as('user', 'prompt/create', {
        scope: 'personal',
        title: 'x',
        content: '{{a}} {{b}}',
        variables: [{ name: 'A', type: 'text', fieldName: 'a' }],
      });
      expect(missing.body.code).toBe(Code.INVALID);
      expect(JSON.stringify(missing.body)).toContain('variables');
      expect(JSON.stringify(missing.body)).toContain('b');
      const unused = await as('user', 'prompt/create', {
        scope: 'personal',
        title: 'x',
        content: '没有占位符',
        variables: [{ name: 'A', type: 'text', fieldName: 'a' }],
      });
      expect(unused.body.code).toBe(Code.INVALID);
      const badUrl = await as('user', 'prompt/create', {
        scope: 'personal',
        title: 'x',
        content: '{{a}}',
        variables: [{ name: 'A', type: 'interface', fieldName: 'a', url: 'ftp://x' }],
      });
      expect(badUrl.body.code).toBe(Code.INVALID);
      expect(JSON.stringify(badUrl.body)).toContain('variables.0.url');
    });

    it('only the owner sees or changes it: list, detail, update, versions, restore, export', async () => {
      const row = await create('user', 'personal', { title: '只属于我' });
      for (const who of ['admin', 'other']) {
        for (const [path, body] of [
          ['prompt/detail', { id: row.id }],
          ['prompt/update', { id: row.id, version: row.version, title: '偷改' }],
          ['prompt/versions', { id: row.id }],
          ['prompt/restore', { id: row.id, version: row.version, number: 1 }],
          ['prompt/delete', { id: row.id }],
        ] as const) {
          expect((await as(who, path, body)).body.code, `${who} ${path}`).toBe(Code.NOT_FOUND);
        }
        const page = await ok<{ list: Template[] }>(who, 'prompt/page', {
          pageSize: 100,
          keyword: '只属于我',
        });
        expect(page.list).toEqual([]);
        const csv = await t.app.inject({
          method: 'POST',
          url: apiPath('prompt', 'export'),
          headers: { authorization: `Bearer ${tokens[who]}` },
          payload: { keyword: '只属于我' },
        });
        expect(csv.statusCode).toBe(200);
        expect(csv.body).not.toContain('只属于我');
        const disabled = await ok<{ count: number }>(who, 'prompt/disable', { ids: [row.id] });
        expect(disabled.count).toBe(0);
      }
      expect((await ok<Template>('user', 'prompt/detail', { id: row.id })).status).toBe(1);
    });
  });

  describe('platform templates', () => {
    it('an update is a draft: the live content stays until the admin approves', async () => {
      const row = await create('user', 'public');
      expect(row).toMatchObject({ isPublic: 1, liveVersion: 1, reviewState: 'none' });
      const draft = await ok<Template>('user', 'prompt/update', {
        id: row.id,
        version: row.version,
        content: '新版：{{product}}，{{tone}}',
        note: '更新话术',
      });
      expect(draft).toMatchObject({
        content: row.content,
        liveVersion: 1,
        pendingVersion: 2,
        reviewState: 'draft',
      });
      // Neither the draft nor the live version can be restored: nothing would change but the count.
      for (const number of [1, 2]) {
        const same = await as('user', 'prompt/restore', {
          id: row.id,
          version: draft.version,
          number,
        });
        expect(same.body).toMatchObject({
          code: Code.INVALID,
          data: { issues: [{ field: 'number', message: expect.stringContaining('无需恢复') }] },
        });
      }
      expect(await versions('user', row.id)).toHaveLength(2);
      // The admin cannot approve what was not submitted.
      const early = await as('admin', 'prompt/approve', { id: row.id, version: draft.version });
      expect(early.body.code).toBe(Code.INVALID);

      const pending = await ok<Template>('user', 'prompt/submit', {
        id: row.id,
        version: draft.version,
      });
      expect(pending.reviewState).toBe('pending');
      // Only the admin approves.
      const byUser = await as('user', 'prompt/approve', { id: row.id, version: pending.version });
      expect(byUser.body.code).toBe(Code.FORBIDDEN);
      expect((await ok<Template>('user', 'prompt/detail', { id: row.id })).content).toBe(
        row.content,
      );

      const live = await ok<Template>('admin', 'prompt/approve', {
        id: row.id,
        version: pending.version,
      });
      expect(live).toMatchObject({
        content: '新版：{{product}}，{{tone}}',
        liveVersion: 2,
        pendingVersion: null,
        reviewState: 'none',
      });
      expect((await versions('user', row.id)).map((v) => [v.number, v.state])).toEqual([
        [2, 'live'],
        [1, 'archived'],
      ]);
    });

    it('reject needs a reason, keeps the live content and shows the reason', async () => {
      const row = await create('admin', 'public');
      const draft = await ok<Template>('admin', 'prompt/update', {
        id: row.id,
        version: row.version,
        title: '改名',
      });
      const pending = await ok<Template>('admin', 'prompt/submit', {
        id: row.id,
        version: draft.version,
      });
      const noReason = await as('admin', 'prompt/reject', { id: row.id, version: pending.version });
      expect(noReason.body.code).toBe(Code.INVALID);
      expect(JSON.stringify(noReason.body)).toContain('reason');
      const rejected = await ok<Template>('admin', 'prompt/reject', {
        id: row.id,
        version: pending.version,
        reason: '标题不符合规范',
      });
      expect(rejected).toMatchObject({ reviewState: 'rejected', title: row.title });
      expect((await versions('user', row.id))[0]).toMatchObject({
        state: 'rejected',
        reason: '标题不符合规范',
      });
      // A rejected change can be submitted again.
      const again = await ok<Template>('admin', 'prompt/submit', {
        id: row.id,
        version: rejected.version,
      });
      expect(again.reviewState).toBe('pending');
    });

    it('a stale approve answers 40900 and changes nothing', async () => {
      const row = await create('user', 'public');
      const draft = await ok<Template>('user', 'prompt/update', {
        id: row.id,
        version: row.version,
        title: '待审',
      });
      const pending = await ok<Template>('user', 'prompt/submit', {
        id: row.id,
        version: draft.version,
      });
      const stale = await as('admin', 'prompt/approve', { id: row.id, version: draft.version });
      expect(stale.body.code).toBe(Code.CONFLICT);
      const after = await ok<Template>('user', 'prompt/detail', { id: row.id });
      expect(after).toMatchObject({ version: pending.version, title: row.title });
      const rows = await t.db
        .select()
        .from(promptVersions)
        .where(eq(promptVersions.promptId, row.id));
      expect(rows.find((v) => v.number === 2)?.state).toBe('pending');
    });

    it('enable and disable change status at once, by ids', async () => {
      const a = await create('user', 'public');
      const b = await create('user', 'public');
      expect(await ok('user', 'prompt/disable', { ids: [a.id, b.id] })).toEqual({ count: 2 });
      expect((await ok<Template>('user', 'prompt/detail', { id: a.id })).status).toBe(0);
      expect(await ok('user', 'prompt/enable', { ids: [a.id] })).toEqual({ count: 1 });
      expect((await ok<Template>('user', 'prompt/detail', { id: a.id })).status).toBe(1);
    });
  });

  describe('round-trip update', () => {
    it('accepts what detail answered; a changed create-only field answers 40000 immutable', async () => {
      const row = await create('user', 'personal');
      const detail = await ok<Template>('user', 'prompt/detail', { id: row.id });
      const same = await ok<Template>('user', 'prompt/update', { ...detail, title: '原样送回' });
      expect(same.title).toBe('原样送回');
      const changed = await as('user', 'prompt/update', { ...same, isPublic: 1 });
      expect(changed.body.code).toBe(Code.INVALID);
      expect(JSON.stringify(changed.body)).toContain('isPublic');
      expect((await ok<Template>('user', 'prompt/detail', { id: row.id })).version).toBe(
        same.version,
      );
    });
  });

  it('anonymous callers get 50008 from every new call', async () => {
    for (const path of ['versions', 'restore', 'submit', 'approve', 'reject', 'enable', 'export']) {
      const answer = await t.post(apiPath('prompt', path), {});
      expect(answer.body.code, path).toBe(Code.TOKEN_INVALID);
    }
  });
});
